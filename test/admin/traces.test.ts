// Allergen traces (issue 23 point 6): "may contain", apart from the allergens a dish contains, in
// the admin API, the public JSON, the page and its print form, the page's filter (traces hidden
// only when the diner asks), and the whole-menu document and CSV.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

for (const dialect of dialects) {
  describe(`allergen traces (${dialect})`, () => {
    const { suite, restaurant } = menuSuite(dialect, 'tr');

    test('written and read on the admin API, served in the public JSON; only dictionary keys; another restaurant untouched', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const dish = (await r.admin('GET', '/items?per_page=1')).json.data[0];
      assert.deepEqual(dish.allergen_traces, []);
      const put = await r.admin('PATCH', `/items/${dish.id}`, { allergen_traces: ['frutta_guscio', 'sesamo'] });
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual(put.json.data.allergen_traces, ['frutta_guscio', 'sesamo']);
      const pub = (await r.pub(`/items/${dish.id}`)).json.data;
      assert.deepEqual(pub.allergen_traces, ['frutta_guscio', 'sesamo']);
      const menuDish = (await r.pub('/menu/it')).json.data.sections
        .flatMap((s: any) => s.items)
        .find((i: any) => i.id === dish.id);
      assert.deepEqual(menuDish.allergen_traces, ['frutta_guscio', 'sesamo']);
      const bad = await r.admin('PATCH', `/items/${dish.id}`, { allergen_traces: ['nuts'] });
      assert.equal(bad.statusCode, 422);
      assert.ok(Object.keys(bad.json.errors)[0].startsWith('allergen_traces'));
      const otherDishes = (await other.pub('/items?per_page=100')).json.data;
      assert.ok(otherDishes.every((d: any) => d.allergen_traces.length === 0));
      // The whole-menu document and the CSV carry them too.
      const doc = (await r.admin('GET', '/menu/export')).json.data;
      const exported = doc.sections.flatMap((s: any) => [...s.items, ...s.sections.flatMap((c: any) => c.items)]);
      assert.deepEqual(exported.find((i: any) => i.id === dish.id).allergen_traces, ['frutta_guscio', 'sesamo']);
      const csv = (await r.admin('GET', '/menu/export.csv')).body;
      assert.ok(csv.split('\r\n')[0].includes('trace_frutta_guscio'));
    });

    test('the page says "may contain" apart, and its filter hides traces only when asked', async () => {
      const r = await restaurant();
      const dishes = (await r.admin('GET', '/items?per_page=100')).json.data;
      const plain = dishes.find((d: any) => !d.allergens.includes('sesamo'));
      await r.admin('PATCH', `/items/${plain.id}`, { allergen_traces: ['sesamo'] });
      const page = await call(suite().app, { url: '/?lang=en', host: r.slug });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /May contain traces of: Sesame/);
      const kept = await call(suite().app, { url: '/?lang=en&exclude=sesamo', host: r.slug });
      assert.match(kept.body, new RegExp(`data-item-id="${plain.id}"`), 'a trace alone does not hide the dish');
      const hidden = await call(suite().app, { url: '/?lang=en&exclude=sesamo&traces=1', host: r.slug });
      assert.doesNotMatch(hidden.body, new RegExp(`data-item-id="${plain.id}"`));
      const print = await call(suite().app, { url: '/print?lang=it', host: r.slug });
      assert.match(print.body, /Può contenere tracce di: Sesamo/);
    });
  });
}
