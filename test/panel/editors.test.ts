// The panel editor contract (editor-contract.ts) over every editor built on src/panel/editor.ts:
// sections, dishes, sub-categories, wineries, option groups, options, settings and theme, on every dialect.
import { after, before, describe } from 'node:test';
import { dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type EditorCase, editorContract } from './editor-contract.js';
import { type PanelBed, panelBed } from './setup.js';

/** The alpha restaurant's first top-level section. */
async function firstSection(bed: PanelBed): Promise<number> {
  const row = await bed.db.db
    .selectFrom('categories')
    .select('id')
    .where('tenant_id', '=', bed.alpha)
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const nameIt = (row: { name_translations: string }) => JSON.parse(row.name_translations).it;

function sectionForm(name: string) {
  return {
    name_it: name,
    name_en: 'Sides',
    notes_it: '',
    parent_id: '',
    menu_type: 'standard',
    is_active: '1',
    time_start: '',
    time_end: '',
  };
}

async function dishForm(bed: PanelBed, name: string) {
  return {
    name_it: name,
    name_en: 'Tagliatelle with meat sauce',
    description_it: 'Pasta fresca',
    category_id: String(await firstSection(bed)),
    type_id: '',
    winery_id: '',
    price: '12,50',
    allergens: ['cereali_glutine', 'uova'],
    is_active: '1',
  };
}

async function typeForm(bed: PanelBed, name: string) {
  return { name_it: name, name_en: 'Soups', category_id: String(await firstSection(bed)), is_active: '1' };
}

const wineryForm = (name: string) => ({
  name,
  region: 'Langhe',
  country: 'Italia',
  website_url: '',
  description_it: '',
});

function settingsForm(overrides: Record<string, string | string[]> = {}) {
  return {
    name: 'Osteria Contratto',
    logo_url: '',
    cover_image_url: '',
    cover_charge_text_it: 'Coperto 3 €',
    allergen_info_it: '',
    review_url: '',
    recommended_label_it: '',
    business_name: '',
    vat_number: '',
    address: '',
    phone: '',
    email: 'info@contratto.test',
    supported_locales: ['it', 'en'],
    default_locale: 'it',
    timezone: 'Europe/Rome',
    currency: 'EUR',
    is_active: '1',
    ...overrides,
  };
}

const themeForm = {
  primary_color: '#aa0000',
  secondary_color: '#00aa00',
  accent_color: '#0000aa',
  background_color: '#ffffff',
  text_color: '#111111',
  font_family: 'Georgia, serif',
  font_url: '',
  border_radius: '12px',
  layout_variant: 'compact',
  header_style: 'logo',
  footer_text: 'Grazie',
};

/** An option group with one option in the restaurant, stored directly (the fixtures have none). */
async function seedGroup(bed: PanelBed, tenantId: number): Promise<number> {
  const now = '2026-11-21T12:00:00+00:00';
  const group = await bed.db.db
    .insertInto('option_groups')
    .values({
      tenant_id: tenantId,
      name_translations: JSON.stringify({ it: 'Cottura', en: 'Cooking' }),
      min_choices: 1,
      max_choices: 1,
      display_order: 10,
      is_active: 1,
      external_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bed.db.db
    .insertInto('options')
    .values({
      tenant_id: tenantId,
      group_id: Number(group.id),
      name_translations: JSON.stringify({ it: 'Al sangue', en: 'Rare' }),
      price_change_cents: 0,
      allergens: '[]',
      allergen_traces: '[]',
      dietary: '[]',
      display_order: 10,
      is_active: 1,
      sold_out: 0,
      sold_out_until: null,
      external_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return Number(group.id);
}

/** The alpha restaurant's first option group. */
async function firstGroup(bed: PanelBed): Promise<number> {
  const row = await bed.db.db
    .selectFrom('option_groups')
    .select('id')
    .where('tenant_id', '=', bed.alpha)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const seedBoth = async (bed: PanelBed) => {
  await seedGroup(bed, bed.alpha);
  await seedGroup(bed, bed.beta);
};

const groupForm = (name: string) => ({
  name_it: name,
  name_en: 'Add-ons',
  min_choices: '0',
  max_choices: '3',
  is_active: '1',
});

async function optionForm(bed: PanelBed, name: string) {
  return {
    group_id: String(await firstGroup(bed)),
    name_it: name,
    name_en: 'Burrata',
    price_change: '3,00',
    allergens: ['latte'],
    is_active: '1',
  };
}

const editors: Record<string, EditorCase> = {
  sections: {
    kind: 'collection',
    path: '/menu/sections',
    table: 'categories',
    list: async () => '/admin/menu',
    newPage: async () => '/admin/menu/sections/new',
    valid: async () => sectionForm('Contorni'),
    edit: async () => sectionForm('Contorni di stagione'),
    invalid: async () => ({
      form: { ...sectionForm(''), menu_type: 'pizza', time_visibility_enabled: '1', time_start: '25:00' },
      fields: ['name_it', 'menu_type', 'time_start'],
    }),
    label: nameIt,
    created: 'Contorni',
    edited: 'Contorni di stagione',
  },
  dishes: {
    kind: 'collection',
    path: '/menu/dishes',
    table: 'items',
    list: async (bed) => `/admin/menu/sections/${await firstSection(bed)}`,
    newPage: async (bed) => `/admin/menu/dishes/new?section=${await firstSection(bed)}`,
    valid: (bed) => dishForm(bed, 'Tagliatelle'),
    edit: (bed) => dishForm(bed, 'Tagliatelle al ragù'),
    invalid: async (bed) => ({
      form: { ...(await dishForm(bed, '')), price: '12,505', allergens: ['plutonio'] },
      fields: ['name_it', 'price', 'allergens'],
    }),
    label: nameIt,
    created: 'Tagliatelle',
    edited: 'Tagliatelle al ragù',
  },
  subcategories: {
    kind: 'collection',
    path: '/menu/subcategories',
    table: 'types',
    list: async (bed) => `/admin/menu/sections/${await firstSection(bed)}`,
    newPage: async (bed) => `/admin/menu/subcategories/new?section=${await firstSection(bed)}`,
    valid: (bed) => typeForm(bed, 'Zuppe'),
    edit: (bed) => typeForm(bed, 'Zuppe calde'),
    invalid: async () => ({
      form: { name_it: '', category_id: 'x', is_active: '1' },
      fields: ['name_it', 'category_id'],
    }),
    label: nameIt,
    created: 'Zuppe',
    edited: 'Zuppe calde',
  },
  wineries: {
    kind: 'collection',
    path: '/menu/wineries',
    table: 'wineries',
    list: async () => '/admin/menu/wineries',
    newPage: async () => '/admin/menu/wineries',
    valid: async () => wineryForm('Cantina Nuova'),
    edit: async () => wineryForm('Cantina Rinnovata'),
    invalid: async () => ({ form: { ...wineryForm(''), website_url: 'not a url' }, fields: ['name', 'website_url'] }),
    label: (row) => row.name,
    created: 'Cantina Nuova',
    edited: 'Cantina Rinnovata',
  },
  'option-groups': {
    kind: 'collection',
    path: '/menu/option-groups',
    table: 'option_groups',
    prepare: seedBoth,
    list: async () => '/admin/menu/option-groups',
    newPage: async () => '/admin/menu/option-groups',
    valid: async () => groupForm('Aggiunte'),
    edit: async () => groupForm('Aggiunte della casa'),
    invalid: async () => ({
      form: { ...groupForm(''), min_choices: '-1', max_choices: 'tanti' },
      fields: ['name_it', 'min_choices', 'max_choices'],
    }),
    label: nameIt,
    created: 'Aggiunte',
    edited: 'Aggiunte della casa',
  },
  options: {
    kind: 'collection',
    path: '/menu/options',
    table: 'options',
    prepare: seedBoth,
    list: async (bed) => `/admin/menu/option-groups/${await firstGroup(bed)}`,
    newPage: async (bed) => `/admin/menu/options/new?group=${await firstGroup(bed)}`,
    valid: (bed) => optionForm(bed, 'Burrata'),
    edit: (bed) => optionForm(bed, 'Burrata pugliese'),
    invalid: async (bed) => ({
      form: { ...(await optionForm(bed, '')), group_id: 'x', price_change: '3,001', allergens: ['plutonio'] },
      fields: ['group_id', 'name_it', 'price_change', 'allergens'],
    }),
    label: nameIt,
    created: 'Burrata',
    edited: 'Burrata pugliese',
  },
  settings: {
    kind: 'single',
    path: '/settings',
    table: 'settings',
    valid: async () => settingsForm(),
    invalid: async () => ({
      form: settingsForm({ name: '', email: 'not-an-email', currency: 'EURO' }),
      fields: ['name', 'email', 'currency'],
    }),
    label: (row) => row.name,
    edited: 'Osteria Contratto',
  },
  theme: {
    kind: 'single',
    path: '/theme',
    table: 'themes',
    valid: async () => themeForm,
    invalid: async () => ({
      form: { ...themeForm, primary_color: 'red', border_radius: 'huge', layout_variant: 'tiles' },
      fields: ['primary_color', 'border_radius', 'layout_variant'],
    }),
    label: (row) => row.primary_color.toLowerCase(),
    edited: '#aa0000',
  },
};

for (const dialect of dialects) {
  for (const [name, editor] of Object.entries(editors)) {
    describe(`panel editor contract: ${name} (${dialect})`, () => {
      let bed: PanelBed;
      let owner: PanelClient;
      before(async () => {
        bed = await panelBed(dialect);
        await editor.prepare?.(bed);
        owner = await bed.owner();
      });
      after(() => bed.close());
      editorContract(
        () => bed,
        () => owner,
        editor,
      );
    });
  }
}
