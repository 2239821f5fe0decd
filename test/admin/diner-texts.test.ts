// Issue 11 API additions: translated diner-facing texts (settings, theme footer, section notes),
// dietary labels, and the migration that moves existing strings into the default locale.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Migrator } from 'kysely';
import { createTenant } from '../../src/accounts/tenants/service.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrations } from '../../src/db/migrate.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';
import { restaurantMaker } from './tokens.js';

for (const dialect of dialects) {
  describe(`translated diner texts and dietary labels (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 });
    });
    after(() => t.close());
    const restaurant = restaurantMaker(() => t, 'dt');

    test('existing strings read as the default locale; other locales fall back to it', async () => {
      const r = await restaurant();
      const en = (await r.pub('/restaurant?locale=en')).json.data;
      assert.equal(en.cover_charge_text, 'Coperto 2 €');
      assert.deepEqual(en.cover_charge_text_translations, { it: 'Coperto 2 €' });
      assert.deepEqual(en.recommended_label_translations, { it: 'Consigliato' });
      assert.equal(en.currency, 'EUR');
    });

    test('settings: an object sets every translation, a plain string the default locale; GET, /restaurant and /menu serve the locale', async () => {
      const r = await restaurant();
      const put = await r.admin('PUT', '/settings', {
        cover_charge_text: { it: 'Coperto 3 €', en: 'Cover charge €3', de: 'Gedeck 3 €' },
        recommended_label: { it: 'Consigliato dallo chef', de: 'Empfehlung des Küchenchefs' },
        allergen_info: { it: 'Chiedete al personale.', en: 'Please ask our staff.' },
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json.data.cover_charge_text, 'Coperto 3 €');
      const de = (await r.pub('/menu/de')).json.data.settings;
      assert.equal(de.cover_charge_text, 'Gedeck 3 €');
      assert.equal(de.recommended_label, 'Empfehlung des Küchenchefs');
      assert.equal(de.allergen_info, 'Chiedete al personale.', 'no German: the default locale');
      assert.equal((await r.pub('/restaurant?locale=en')).json.data.allergen_info, 'Please ask our staff.');

      const plain = await r.admin('PUT', '/settings', { cover_charge_text: 'Coperto 4 €' });
      assert.deepEqual(plain.json.data.cover_charge_text_translations, {
        it: 'Coperto 4 €',
        en: 'Cover charge €3',
        de: 'Gedeck 3 €',
      });
      // The plain column keeps the default locale's text for code that reads it.
      const row = await t.db.db
        .selectFrom('settings')
        .select(['cover_charge_text'])
        .where('tenant_id', '=', r.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.cover_charge_text, 'Coperto 4 €');

      const bad = await r.admin('PUT', '/settings', { cover_charge_text: { xx: 'no' }, currency: 'EURO' });
      assert.equal(bad.statusCode, 422);
      assert.ok(bad.json.errors.currency);
      assert.equal((await r.admin('PUT', '/settings', { currency: 'CHF' })).json.data.currency, 'CHF');
      assert.equal((await r.admin('PUT', '/settings', { currency: 'ABC' })).statusCode, 422);
    });

    test('theme footer and section notes are translated the same way', async () => {
      const r = await restaurant();
      const put = await r.admin('PUT', '/theme', { footer_text: { it: 'Grazie!', fr: 'Merci !' } });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal((await r.pub('/theme?locale=fr')).json.data.footer_text, 'Merci !');
      assert.equal((await r.pub('/menu/fr')).json.data.theme.footer_text, 'Merci !');
      assert.equal((await r.pub('/menu/es')).json.data.theme.footer_text, 'Grazie!');

      const sections = (await r.admin('GET', '/categories')).json.data;
      const id = sections[0].id;
      const notes = await r.admin('PUT', `/categories/${id}`, { notes: { it: 'Pane di casa', en: 'Home-made bread' } });
      assert.equal(notes.statusCode, 200, notes.body);
      assert.deepEqual(notes.json.data.notes_translations, { it: 'Pane di casa', en: 'Home-made bread' });
      const enSection = (await r.pub('/menu/en')).json.data.sections.find((s: any) => s.id === id);
      assert.equal(enSection.notes, 'Home-made bread');
      assert.equal((await r.pub(`/categories/${id}?locale=de`)).json.data.notes, 'Pane di casa');
      const cleared = await r.admin('PUT', `/categories/${id}`, { notes: null });
      assert.equal(cleared.json.data.notes, null);
      assert.deepEqual(cleared.json.data.notes_translations, {});
    });

    test('dietary: the vocabulary in every locale, writable on dishes, unknown keys refused', async () => {
      const r = await restaurant();
      const de = (await r.pub('/dietary?locale=de')).json;
      assert.deepEqual(
        de.data.map((d: any) => d.key),
        ['vegetarian', 'vegan', 'gluten_free', 'lactose_free', 'spicy'],
      );
      assert.equal(de.data[0].name, 'Vegetarisch');
      assert.equal(de.meta.locale, 'de');
      const items = (await r.admin('GET', '/items')).json.data;
      const dish = items[0];
      assert.deepEqual(dish.dietary, []);
      assert.equal(dish.image_url, null);
      const put = await r.admin('PUT', `/items/${dish.id}`, { dietary: ['vegan', 'gluten_free'] });
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual(put.json.data.dietary, ['vegan', 'gluten_free']);
      assert.deepEqual((await r.pub(`/items/${dish.id}`)).json.data.dietary, ['vegan', 'gluten_free']);
      const bad = await r.admin('PUT', `/items/${dish.id}`, { dietary: ['carnivore'] });
      assert.equal(bad.statusCode, 422);
      assert.ok(Object.keys(bad.json.errors).some((k) => k.startsWith('dietary')));
    });

    test('a second restaurant keeps its own texts', async () => {
      const a = await restaurant();
      const b = await restaurant();
      await a.admin('PUT', '/settings', { cover_charge_text: { it: 'A', en: 'A-en' } });
      assert.equal((await b.pub('/restaurant?locale=en')).json.data.cover_charge_text, 'Coperto 2 €');
      const res = await call(t.app, { url: '/api/v1/restaurant?locale=en', host: a.slug });
      assert.equal(res.json.data.cover_charge_text, 'A-en');
    });
  });
}

describe('migration 2026112330: existing strings move into the default locale', () => {
  test('settings texts, theme footer and section notes of an English restaurant become `en` translations', async () => {
    const handle = openDatabase('sqlite::memory:');
    try {
      const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026112330'));
      const first = new Migrator({ db: handle.db, provider: { getMigrations: async () => earlier } });
      assert.equal((await first.migrateToLatest()).error, undefined);
      const id = await createTenant(handle.db, { slug: 'old', name: 'Old' }, 'localhost');
      const db = handle.db as any;
      await db
        .updateTable('settings')
        .set({ default_locale: 'en', cover_charge_text: 'Cover €2', allergen_info: '', recommended_label: 'Chef says' })
        .where('tenant_id', '=', id)
        .execute();
      await db.updateTable('themes').set({ footer_text: 'Thanks' }).where('tenant_id', '=', id).execute();
      const now = new Date().toISOString();
      await db
        .insertInto('categories')
        .values({
          tenant_id: id,
          parent_id: null,
          menu_type: 'standard',
          name_translations: '{"it":"A"}',
          notes: 'Bread included',
          display_order: 1,
          is_active: 1,
          show_subcategories: 0,
          time_visibility_enabled: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const all = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      assert.equal((await all.migrateToLatest()).error, undefined);
      const s = await db.selectFrom('settings').selectAll().where('tenant_id', '=', id).executeTakeFirstOrThrow();
      assert.equal(s.cover_charge_text_translations, '{"en":"Cover €2"}');
      assert.equal(s.allergen_info_translations, '{}');
      assert.equal(s.recommended_label_translations, '{"en":"Chef says"}');
      assert.equal(s.currency, 'EUR');
      const th = await db.selectFrom('themes').selectAll().where('tenant_id', '=', id).executeTakeFirstOrThrow();
      assert.equal(th.footer_text_translations, '{"en":"Thanks"}');
      const c = await db.selectFrom('categories').selectAll().where('tenant_id', '=', id).executeTakeFirstOrThrow();
      assert.equal(c.notes_translations, '{"en":"Bread included"}');
    } finally {
      await handle.close();
    }
  });
});
