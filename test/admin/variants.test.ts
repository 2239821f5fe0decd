// Price variants (issue 23 point 1): glass and bottle on one dish, written on the admin API,
// served in the public JSON (`price` stays the first), shown on the page and in JSON-LD offers,
// carried by the whole-menu document; checked on write; another restaurant untouched.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

const GLASS_BOTTLE = [
  { label: { it: 'Calice', en: 'Glass' }, price: 6 },
  { label: { it: 'Bottiglia', en: 'Bottle' }, price: 28 },
];

for (const dialect of dialects) {
  describe(`price variants (${dialect})`, () => {
    const { suite, restaurant } = menuSuite(dialect, 'var');

    test('glass and bottle: price is the first; public JSON in the diner’s language; the page and JSON-LD show both', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const dish = (await r.admin('GET', '/items?per_page=1')).json.data[0];
      const put = await r.admin('PATCH', `/items/${dish.id}`, { variants: GLASS_BOTTLE });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json.data.price, 6);
      const pub = (await r.pub(`/items/${dish.id}?locale=en`)).json.data;
      assert.deepEqual(pub.variants, [
        { label: 'Glass', label_translations: { it: 'Calice', en: 'Glass' }, price: 6 },
        { label: 'Bottle', label_translations: { it: 'Bottiglia', en: 'Bottle' }, price: 28 },
      ]);
      const page = await call(suite().app, { url: '/?lang=en', host: r.slug });
      assert.match(
        page.body,
        /Glass <span class="price">€6\.00<\/span><\/span><span class="sep"> · <\/span><span class="variant">Bottle <span class="price">€28\.00<\/span>/,
      );
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)![1]);
      const offers = ld.hasMenu.hasMenuSection
        .flatMap((s: any) => s.hasMenuItem)
        .find((i: any) => i.name === pub.name).offers;
      assert.deepEqual(
        offers.map((o: any) => [o.name, o.price]),
        [
          ['Glass', '6.00'],
          ['Bottle', '28.00'],
        ],
      );
      const doc = (await r.admin('GET', '/menu/export')).json.data;
      const exported = doc.sections.flatMap((s: any) => [...s.items, ...s.sections.flatMap((c: any) => c.items)]);
      assert.deepEqual(exported.find((i: any) => i.id === dish.id).variants, GLASS_BOTTLE);
      assert.ok((await other.pub('/items?per_page=100')).json.data.every((d: any) => d.variants.length === 0));
      // `price` alone (the panel's price typed in place) changes the first of the prices.
      const glass = await r.admin('PATCH', `/items/${dish.id}`, { price: 6.5 });
      assert.deepEqual(
        glass.json.data.variants.map((v: any) => v.price),
        [6.5, 28],
      );
      assert.equal(glass.json.data.price, 6.5);
      // [] goes back to the one price.
      const cleared = await r.admin('PATCH', `/items/${dish.id}`, { variants: [], price: 7 });
      assert.deepEqual([cleared.json.data.variants, cleared.json.data.price], [[], 7]);
    });

    test('at most six, each with a label: every error at its path, nothing written', async () => {
      const r = await restaurant();
      const dish = (await r.admin('GET', '/items?per_page=1')).json.data[0];
      const seven = Array.from({ length: 7 }, (_, i) => ({ label: { it: `Formato ${i}` }, price: i + 1 }));
      const many = await r.admin('PATCH', `/items/${dish.id}`, { variants: seven });
      assert.equal(many.statusCode, 422);
      assert.deepEqual(Object.keys(many.json.errors), ['variants']);
      const unlabelled = await r.admin('PATCH', `/items/${dish.id}`, {
        variants: [
          { label: { it: 'Piccola' }, price: 5 },
          { label: { it: ' ' }, price: 9 },
        ],
      });
      assert.equal(unlabelled.statusCode, 422);
      assert.deepEqual(Object.keys(unlabelled.json.errors), ['variants.1.label']);
      assert.deepEqual((await r.admin('GET', `/items/${dish.id}`)).json.data.variants, []);
    });

    test('the CSV carries them: exported in variant columns, read back, a bad variant price named by its line', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const dish = (await r.admin('GET', '/items?per_page=1')).json.data[0];
      await r.admin('PATCH', `/items/${dish.id}`, { variants: GLASS_BOTTLE });
      const csv = (await r.admin('GET', '/menu/export.csv?delimiter=semicolon')).body as string;
      const [header, ...rest] = csv.trim().split('\r\n');
      const columns = header.split(';');
      for (const c of ['variant_1_price', 'variant_1_label_it', 'variant_2_price', 'variant_6_label_es']) {
        assert.ok(columns.includes(c), c);
      }
      const line = rest.find((l) => l.startsWith(`${dish.id};`))!;
      const cells = line.split(';');
      const at = (c: string) => columns.indexOf(c);
      assert.deepEqual(
        [
          cells[at('variant_1_price')],
          cells[at('variant_1_label_en')],
          cells[at('variant_2_price')],
          cells[at('variant_2_label_it')],
        ],
        ['6,00', 'Glass', '28,00', 'Bottiglia'],
      );
      // Edited in the spreadsheet: the bottle costs more, a magnum is added.
      cells[at('variant_2_price')] = '30,00';
      cells[at('variant_3_price')] = '55';
      cells[at('variant_3_label_it')] = 'Magnum';
      const put = await r.admin('PUT', '/menu', [header, cells.join(';')].join('\r\n'), { 'content-type': 'text/csv' });
      assert.equal(put.statusCode, 200, put.body);
      const read = (await r.admin('GET', `/items/${dish.id}`)).json.data;
      assert.deepEqual(
        read.variants.map((v: any) => [v.label_translations.it, v.price]),
        [
          ['Calice', 6],
          ['Bottiglia', 30],
          ['Magnum', 55],
        ],
      );
      assert.equal(read.price, 6);
      // A variant's price that is no number: 422 naming the CSV line, nothing changed.
      cells[at('variant_3_price')] = 'tanto';
      const bad = await r.admin('PUT', '/menu', [header, cells.join(';')].join('\r\n'), { 'content-type': 'text/csv' });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json.errors), ['rows[2].variants[2].price']);
      assert.equal((await r.admin('GET', `/items/${dish.id}`)).json.data.variants[2].price, 55);
      // Every variant cell emptied: one price again.
      for (const c of columns.filter((c) => c.startsWith('variant_'))) cells[at(c)] = '';
      const one = await r.admin('PUT', '/menu', [header, cells.join(';')].join('\r\n'), { 'content-type': 'text/csv' });
      assert.equal(one.statusCode, 200, one.body);
      assert.deepEqual((await r.admin('GET', `/items/${dish.id}`)).json.data.variants, []);
      assert.ok((await other.pub('/items?per_page=100')).json.data.every((d: any) => d.variants.length === 0));
    });
  });
}
