// Seeds the demo restaurant (idempotent): settings, theme, wineries, sections, sub-categories, dishes.

import { slugExists } from '../accounts/tenants/repo.js';
import { createTenant } from '../accounts/tenants/service.js';
import { generatePassword } from '../accounts/users/password.js';
import { createUser } from '../accounts/users/service.js';
import type { Db } from '../db/connect.js';
import { nowIso } from '../http/schemas.js';
import type { Locale } from '../i18n/locales.js';
import { itemSearchText } from '../resources/items/repo.js';
import type { EncodedImage } from '../resources/media/encode.js';
import { saveMediaFiles } from '../resources/media/repo.js';
import { NO_HOURS } from '../resources/settings/hours.js';
import { seedDemoAnalytics } from './demo-analytics.js';
import { demoDishExtras, demoRestaurant } from './demo-data.js';
import { type DemoImages, demoImages } from './demo-images.js';
import type { DemoRestaurant, DemoSection, DemoText } from './demo-types.js';

export const DEMO_OWNER_EMAIL = 'owner@demo.localhost';

/** A demo text as the two columns store it: the default locale's copy and the translations. */
function texts(value: string | DemoText | null | undefined, locale: Locale): { plain: string; json: string } {
  if (!value) return { plain: '', json: '{}' };
  if (typeof value === 'string') return { plain: value, json: JSON.stringify({ [locale]: value }) };
  return { plain: value[locale] ?? '', json: JSON.stringify(value) };
}

/** What only the demo restaurant carries: dietary labels and photos by dish, its own logo and cover. */
export interface DemoExtras {
  dishes: Record<string, { dietary?: string[]; photo?: string }>;
  images: DemoImages;
}

async function stored(trx: Db, tenantId: number, image: EncodedImage, now: string): Promise<string> {
  await saveMediaFiles(trx, tenantId, image.files, now);
  return JSON.stringify(image.ref);
}

export interface SeedResult {
  created: boolean;
  tenantId?: number;
  /** The demo owner's sign-in, shown once when the demo is created. */
  owner?: { email: string; password: string };
}

async function insertSection(
  trx: Db,
  tenantId: number,
  section: DemoSection,
  order: number,
  parentId: number | null,
  wineries: Map<string, number>,
  now: string,
  locale: Locale,
  extras?: DemoExtras,
): Promise<void> {
  const notes = texts(section.notes, locale);
  const row = await trx
    .insertInto('categories')
    .values({
      tenant_id: tenantId,
      parent_id: parentId,
      menu_type: section.menu_type,
      name_translations: JSON.stringify(section.name),
      notes: notes.plain || null,
      notes_translations: notes.json,
      display_order: order,
      is_active: 1,
      show_subcategories: section.show_subcategories ? 1 : 0,
      time_visibility_enabled: section.window ? 1 : 0,
      time_start: section.window?.start ?? null,
      time_end: section.window?.end ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sectionId = Number(row.id);
  const types = new Map<string, number>();
  for (const [i, type] of (section.types ?? []).entries()) {
    const t = await trx
      .insertInto('types')
      .values({
        tenant_id: tenantId,
        category_id: sectionId,
        name_translations: JSON.stringify(type.name),
        display_order: (i + 1) * 10,
        is_active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    types.set(type.key, Number(t.id));
  }
  for (const [i, dish] of section.dishes.entries()) {
    const extra = extras?.dishes[dish.name.it];
    const photo = extra?.photo ? extras?.images.photos.get(extra.photo) : undefined;
    await trx
      .insertInto('items')
      .values({
        tenant_id: tenantId,
        category_id: sectionId,
        type_id: dish.type ? (types.get(dish.type) ?? null) : null,
        winery_id: dish.winery ? (wineries.get(dish.winery) ?? null) : null,
        name_translations: JSON.stringify(dish.name),
        description_translations: JSON.stringify(dish.description),
        price_cents: Math.round((dish.variants?.[0]?.price ?? dish.price) * 100),
        allergens: JSON.stringify(dish.allergens),
        allergen_traces: JSON.stringify(dish.traces ?? []),
        variants: JSON.stringify(
          (dish.variants ?? []).map((v) => ({ label: v.label, price_cents: Math.round(v.price * 100) })),
        ),
        dietary: JSON.stringify(dish.dietary ?? extra?.dietary ?? []),
        image: photo ? await stored(trx, tenantId, photo, now) : null,
        is_active: dish.active === false ? 0 : 1,
        is_recommended: dish.recommended ? 1 : 0,
        display_order: (i + 1) * 10,
        search_text: itemSearchText(dish.name, dish.description),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  for (const [i, child] of (section.children ?? []).entries()) {
    await insertSection(
      trx,
      tenantId,
      { ...child, menu_type: section.menu_type },
      (i + 1) * 10,
      sectionId,
      wineries,
      now,
      locale,
      extras,
    );
  }
}

/** The restaurant's option groups with their options, attached to their dishes (found by Italian name). */
async function insertOptionGroups(trx: Db, tenantId: number, restaurant: DemoRestaurant, now: string): Promise<void> {
  const groups = new Map<string, number>();
  for (const [i, g] of (restaurant.option_groups ?? []).entries()) {
    const row = await trx
      .insertInto('option_groups')
      .values({
        tenant_id: tenantId,
        name_translations: JSON.stringify(g.name),
        min_choices: g.min,
        max_choices: g.max,
        display_order: (i + 1) * 10,
        is_active: 1,
        external_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    groups.set(g.key, Number(row.id));
    for (const [j, o] of g.options.entries()) {
      await trx
        .insertInto('options')
        .values({
          tenant_id: tenantId,
          group_id: Number(row.id),
          name_translations: JSON.stringify(o.name),
          price_change_cents: Math.round(o.price_change * 100),
          allergens: JSON.stringify(o.allergens ?? []),
          allergen_traces: '[]',
          dietary: JSON.stringify(o.dietary ?? []),
          display_order: (j + 1) * 10,
          is_active: 1,
          sold_out: 0,
          sold_out_until: null,
          external_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
  const wanted = Object.entries(restaurant.dish_groups ?? {});
  if (wanted.length === 0) return;
  const dishes = await trx
    .selectFrom('items')
    .select(['id', 'name_translations'])
    .where('tenant_id', '=', tenantId)
    .execute();
  for (const [name, keys] of wanted) {
    const dish = dishes.find((d) => (JSON.parse(d.name_translations) as { it?: string }).it === name);
    if (!dish) throw new Error(`demo option groups: no dish named ${name}`);
    const ids = keys.map((key) => groups.get(key)).filter((id): id is number => id !== undefined);
    await trx
      .insertInto('item_option_groups')
      .values(ids.map((group_id, position) => ({ tenant_id: tenantId, item_id: Number(dish.id), group_id, position })))
      .execute();
  }
}

/** Fills an existing, empty tenant with a restaurant's content, in the caller's transaction. */
export async function fillRestaurant(
  trx: Db,
  tenantId: number,
  restaurant: DemoRestaurant,
  extras?: DemoExtras,
): Promise<void> {
  const now = nowIso();
  const locale = restaurant.settings.default_locale;
  const cover = texts(restaurant.settings.cover_charge_text, locale);
  const info = texts(restaurant.settings.allergen_info, locale);
  const label = texts(restaurant.settings.recommended_label, locale);
  const footer = texts(restaurant.theme.footer_text, locale);
  const { opening_hours: hours, ...settings } = restaurant.settings;
  await trx
    .updateTable('settings')
    .set({
      ...settings,
      opening_hours: JSON.stringify(hours ?? NO_HOURS),
      cover_charge_text: cover.plain,
      cover_charge_text_translations: cover.json,
      allergen_info: info.plain,
      allergen_info_translations: info.json,
      recommended_label: label.plain,
      recommended_label_translations: label.json,
      supported_locales: JSON.stringify(restaurant.settings.supported_locales),
      ...(extras
        ? {
            logo_image: await stored(trx, tenantId, extras.images.logo, now),
            cover_image: await stored(trx, tenantId, extras.images.cover, now),
          }
        : {}),
      updated_at: now,
    })
    .where('tenant_id', '=', tenantId)
    .execute();
  await trx
    .updateTable('themes')
    .set({ ...restaurant.theme, footer_text: footer.plain, footer_text_translations: footer.json, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .execute();
  const wineries = new Map<string, number>();
  for (const w of restaurant.wineries) {
    const row = await trx
      .insertInto('wineries')
      .values({
        tenant_id: tenantId,
        name: w.name,
        region: w.region,
        country: w.country,
        description_translations: JSON.stringify(w.description),
        website_url: w.website_url,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    wineries.set(w.key, Number(row.id));
  }
  for (const [i, section] of restaurant.sections.entries()) {
    await insertSection(trx, tenantId, section, (i + 1) * 10, null, wineries, now, locale, extras);
  }
  await insertOptionGroups(trx, tenantId, restaurant, now);
}

export async function seedDemo(
  db: Db,
  baseDomain: string,
  restaurant: DemoRestaurant = demoRestaurant,
): Promise<SeedResult> {
  if (await slugExists(db, restaurant.slug)) return { created: false };
  const password = generatePassword();
  // Drawn before the transaction: encoding is CPU work, not database work.
  const extras: DemoExtras | undefined =
    restaurant === demoRestaurant ? { dishes: demoDishExtras, images: await demoImages() } : undefined;
  const tenantId = await createTenant(
    db,
    { slug: restaurant.slug, name: restaurant.settings.name },
    baseDomain,
    async (trx, id) => {
      await fillRestaurant(trx, id, restaurant, extras);
      await createUser(trx, id, { email: DEMO_OWNER_EMAIL, password, name: 'Demo owner' });
      await seedDemoAnalytics(trx, id, restaurant.settings.timezone, Date.now());
    },
  );
  return { created: true, tenantId, owner: { email: DEMO_OWNER_EMAIL, password } };
}
