// No outdated text reaches a diner (issue 31 point 1): while a language's text is flagged "to
// check" (its default-language text changed and it was not), diners in that language read the
// default language's current text, on the page, the print view, the JSON API and the JSON-LD;
// owners (admin API, export) still see what is stored. Writes by the panel, the API, the import
// and the CLI flag alike; another restaurant is untouched; the translation shows again once saved.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { updateItem } from '../../src/resources/items/service.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';

for (const dialect of dialects) {
  describe(`diners never read a text to check (${dialect})`, () => {
    let t: TestApp;
    let alpha: number;
    let token: string;
    let dish: { id: number; names: Record<string, string> };
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100_000, publicRateLimit: 0 }, { now: () => NOON_UTC });
      alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createFixtureTenant(t.db.db, 'beta', 'Beta');
      token = await tokenFor(t.db.db, alpha, ['menu:read', 'menu:write']);
      const row = await t.db.db
        .selectFrom('items')
        .select(['id', 'name_translations'])
        .where('tenant_id', '=', alpha)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      dish = { id: row.id, names: JSON.parse(row.name_translations) };
      // The cover charge in three languages, as an owner types it.
      const set = await adminCall(t.app, token, {
        method: 'PUT',
        url: '/api/v1/admin/settings',
        host: 'alpha',
        body: {
          cover_charge_text_translations: { it: 'Coperto 2,50 €', en: 'Cover charge €2.50', de: 'Gedeck 2,50 €' },
        },
      });
      assert.equal(set.statusCode, 200, set.body);
    });
    after(() => t.close());

    const menu = async (locale: string, host = 'alpha') =>
      (await call(t.app, { url: `/api/v1/menu/${locale}`, host })).json.data;

    test('a price changed in Italian through the API: English and German diners read it, owners keep their texts', async () => {
      assert.equal((await menu('en')).settings.cover_charge_text, 'Cover charge €2.50');
      const res = await adminCall(t.app, token, {
        method: 'PUT',
        url: '/api/v1/admin/settings',
        host: 'alpha',
        body: {
          cover_charge_text_translations: { it: 'Coperto 3,00 €', en: 'Cover charge €2.50', de: 'Gedeck 2,50 €' },
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      for (const locale of ['en', 'de', 'it']) {
        const data = await menu(locale);
        assert.equal(data.settings.cover_charge_text, 'Coperto 3,00 €', locale);
        assert.deepEqual(data.settings.cover_charge_text_translations, { it: 'Coperto 3,00 €' }, locale);
      }
      // The page, its JSON-LD and the print view in English: the new price, never the old one.
      for (const url of ['/?lang=en', '/print?lang=en', '/?lang=de']) {
        const page = await call(t.app, { url, host: 'alpha' });
        assert.equal(page.statusCode, 200);
        assert.match(page.body, /Coperto 3,00 €/, url);
        assert.doesNotMatch(page.body, /2[.,]50/, url);
      }
      // Owners still see what they typed (to check, not lost).
      const owner = await adminCall(t.app, token, { url: '/api/v1/admin/settings', host: 'alpha' });
      assert.equal(owner.json.data.cover_charge_text_translations.en, 'Cover charge €2.50');
      // Beta is untouched.
      assert.doesNotMatch(JSON.stringify(await menu('en', 'beta')), /Coperto 3,00/);
    });

    test('corrected in English: English diners read it again; German still the Italian one', async () => {
      const res = await adminCall(t.app, token, {
        method: 'PUT',
        url: '/api/v1/admin/settings',
        host: 'alpha',
        body: {
          cover_charge_text_translations: { it: 'Coperto 3,00 €', en: 'Cover charge €3.00', de: 'Gedeck 2,50 €' },
        },
      });
      assert.equal(res.statusCode, 200);
      assert.equal((await menu('en')).settings.cover_charge_text, 'Cover charge €3.00');
      assert.equal((await menu('de')).settings.cover_charge_text, 'Coperto 3,00 €');
    });

    test("a dish renamed in Italian by the CLI's service: its English name is left out for diners, JSON-LD included", async () => {
      await writeMenu(t.app, alpha, CLI_ACTOR, (w) =>
        updateItem(w, dish.id, { name: { ...dish.names, it: 'Bruschetta al pomodoro nuovo' } }),
      );
      const en = await menu('en');
      const served = en.sections.flatMap((s: { items: { id: number; name: string; name_translations: object }[] }) =>
        s.items.filter((i) => i.id === dish.id),
      )[0];
      assert.equal(served.name, 'Bruschetta al pomodoro nuovo');
      assert.equal(Object.hasOwn(served.name_translations, 'en'), false);
      const page = await call(t.app, { url: '/?lang=en', host: 'alpha' });
      const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
      assert.match(ld, /Bruschetta al pomodoro nuovo/);
      assert.doesNotMatch(ld, new RegExp(dish.names.en!));
      const owner = await adminCall(t.app, token, { url: `/api/v1/admin/items/${dish.id}`, host: 'alpha' });
      assert.equal(owner.json.data.name_translations.en, dish.names.en);
    });

    test('a price label renamed in Italian by the import: the label is flagged and diners read the Italian one', async () => {
      const put = await adminCall(t.app, token, {
        method: 'PATCH',
        url: `/api/v1/admin/items/${dish.id}`,
        host: 'alpha',
        body: {
          variants: [
            { label: { it: 'Calice', en: 'Glass', fr: 'Verre' }, price: 6 },
            { label: { it: 'Bottiglia', en: 'Bottle', fr: 'Bouteille' }, price: 24 },
          ],
        },
      });
      assert.equal(put.statusCode, 200, put.body);
      const exported = await adminCall(t.app, token, { url: '/api/v1/admin/menu/export', host: 'alpha' });
      assert.equal(exported.statusCode, 200);
      const doc = exported.json.data;
      const text = JSON.stringify(doc).replace('"it":"Calice"', '"it":"Calice grande"');
      const imported = await adminCall(t.app, token, {
        method: 'PUT',
        url: '/api/v1/admin/menu',
        host: 'alpha',
        body: JSON.parse(text),
      });
      assert.equal(imported.statusCode, 200, imported.body.slice(0, 500));
      const flags = await t.db.db
        .selectFrom('translation_checks')
        .select(['field', 'locale'])
        .where('tenant_id', '=', alpha)
        .where('resource', '=', 'items')
        .where('resource_id', '=', dish.id)
        .where('field', 'like', 'variants.%')
        .orderBy('locale')
        .execute();
      assert.deepEqual(
        flags.map((f) => `${f.field}/${f.locale}`),
        ['variants.0.label/en', 'variants.0.label/fr'],
      );
      for (const locale of ['en', 'fr']) {
        const served = (await menu(locale)).sections
          .flatMap((s: { items: { id: number }[] }) => s.items)
          .find((i: { id: number }) => i.id === dish.id);
        assert.equal(served.variants[0].label, 'Calice grande', locale);
        assert.notEqual(served.variants[1].label, 'Bottiglia', `${locale}: the unchanged label keeps its translation`);
      }
    });
  });
}
