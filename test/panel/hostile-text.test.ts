// Text an owner can type, hostile or just unusual (issue 30 point 6): it round-trips through the
// panel's export and import (JSON, CSV with either separator) and the API's, exactly; and the
// bidirectional controls in a name never reach a page (public menu, panel), while the API and the
// export keep what was typed. The other restaurant is untouched.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

/** Names that have broken an export, an import or a page before, one per section. */
const NAMES = [
  'A <b> tag',
  'Antipasti > caldi',
  'x>y<z',
  '"Quoted"; semi, comma',
  "L'osteria & co",
  'Tab\there',
  'Back\\slash',
  '&amp; literal',
  '</textarea><script>1</script>',
  'Caffè ☕ 🍕',
  'مطعم שלום',
];

for (const dialect of dialects) {
  describe(`hostile text round-trips and bidi controls never reach a page (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    let token: string;
    let sections: number[];
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
      token = await tokenFor(bed.db.db, bed.alpha);
      const existing = await bed.db.db
        .selectFrom('categories')
        .select('id')
        .where('tenant_id', '=', bed.alpha)
        .where('parent_id', 'is', null)
        .orderBy('id')
        .execute();
      sections = existing.map((s) => s.id);
      // One more section per name, each with one dish named after it, through the API.
      for (const [i, name] of NAMES.entries()) {
        const made = await adminCall(bed.app, token, {
          method: 'POST',
          url: '/api/v1/admin/categories',
          host: 'alpha',
          body: { name_translations: { it: name, en: name }, display_order: 100 + i },
        });
        assert.equal(made.statusCode, 201, made.body);
        const dish = await adminCall(bed.app, token, {
          method: 'POST',
          url: '/api/v1/admin/items',
          host: 'alpha',
          body: { category_id: made.json.data.id, name_translations: { it: `${name} (piatto)` }, price: 5 + i },
        });
        assert.equal(dish.statusCode, 201, dish.body);
        sections.push(made.json.data.id);
      }
    });
    after(() => bed.close());

    const names = async (tenantId: number) =>
      (
        await bed.db.db
          .selectFrom('categories')
          .select(['id', 'name_translations'])
          .where('tenant_id', '=', tenantId)
          .orderBy('id')
          .execute()
      ).map((r) => ({ id: r.id, name: JSON.parse(r.name_translations) }));
    const dishes = async (tenantId: number) =>
      (
        await bed.db.db
          .selectFrom('items')
          .select(['id', 'category_id', 'name_translations', 'price_cents'])
          .where('tenant_id', '=', tenantId)
          .orderBy('id')
          .execute()
      ).map((r) => ({ ...r, price_cents: Number(r.price_cents) }));

    /** Previews a file in the panel and applies it; the preview must change nothing. */
    async function panelImport(file: { filename: string; type: string; data: string }) {
      await c.get('/admin/import');
      const preview = await c.postMultipart('/admin/import/preview', {}, { field: 'file', ...file });
      assert.equal(preview.statusCode, 200, `${file.filename}: ${preview.body.slice(0, 2000)}`);
      assert.match(preview.body, /importing it would change nothing/, `${file.filename}: nothing to change`);
    }

    test('every name comes back unchanged through the panel’s JSON and CSV (both separators) and the API', async () => {
      const beforeNames = await names(bed.alpha);
      const beforeDishes = await dishes(bed.alpha);
      const beta = { names: await names(bed.beta), dishes: await dishes(bed.beta) };
      for (const name of NAMES)
        assert.ok(
          beforeNames.some((s) => s.name.it === name),
          name,
        );

      await panelImport({
        filename: 'menu.json',
        type: 'application/json',
        data: (await c.get('/admin/import/menu.json')).body,
      });
      for (const delimiter of ['comma', 'semicolon']) {
        const csv = (await c.get(`/admin/import/dishes.csv?delimiter=${delimiter}`)).body;
        await panelImport({ filename: 'dishes.csv', type: 'text/csv', data: csv });
      }
      const exported = await adminCall(bed.app, token, { url: '/api/v1/admin/menu/export', host: 'alpha' });
      assert.equal(exported.statusCode, 200);
      const put = await adminCall(bed.app, token, {
        method: 'PUT',
        url: '/api/v1/admin/menu',
        host: 'alpha',
        body: exported.json.data,
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json.data.changed, false, put.body);

      assert.deepEqual(await names(bed.alpha), beforeNames);
      assert.deepEqual(await dishes(bed.alpha), beforeDishes);
      assert.deepEqual({ names: await names(bed.beta), dishes: await dishes(bed.beta) }, beta, 'beta untouched');
    });

    test('a right-to-left override in a name is stored and exported as typed, and drawn on no page', async () => {
      const typed = 'Tiramis\u202Eu della casa\u202C \u2067x\u2069\u200F\u061C';
      const section = sections[0];
      const put = await adminCall(bed.app, token, {
        method: 'PUT',
        url: `/api/v1/admin/categories/${section}`,
        host: 'alpha',
        body: { name_translations: { it: typed, en: typed } },
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json.data.name_translations.it, typed, 'the API gives back what was typed');
      const dish = (await dishes(bed.alpha)).find((d) => d.category_id === section)!;
      const pages = [
        await call(bed.app, { url: '/', host: 'alpha', headers: { accept: 'text/html' } }),
        await call(bed.app, { url: '/?locale=en', host: 'alpha', headers: { accept: 'text/html' } }),
        await c.get('/admin/menu'),
        await c.get(`/admin/menu/sections/${section}`),
        await c.get(`/admin/menu/dishes/${dish.id}`),
        await c.get('/admin/menu/dishes/new'),
      ];
      for (const [i, page] of pages.entries()) {
        assert.equal(page.statusCode, 200, `page ${i}`);
        assert.match(page.body, /Tiramisu della casa/);
        const at = page.body.search(BIDI);
        assert.equal(
          at,
          -1,
          `page ${i}: a bidirectional control in ${JSON.stringify(page.body.slice(at - 200, at + 50))}`,
        );
      }
      const json = (await c.get('/admin/import/menu.json')).body;
      assert.ok(json.includes(typed), 'the export keeps it');
      assert.doesNotMatch(
        (await call(bed.app, { url: '/', host: 'beta', headers: { accept: 'text/html' } })).body,
        /Tiramisu/,
      );
    });
  });
}
