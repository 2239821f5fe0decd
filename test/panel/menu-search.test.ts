// Finding a dish without script: the menu page and a section's list take ?q= (a dish's name in any
// language, accents and case ignored) and ?show= (on sale, sold out, hidden) as a plain GET form,
// list only what matches with a count, keep each found row's one-tap forms, and never list another
// restaurant's dishes; the jump list names every section.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { createItem, updateItem } from '../../src/resources/items/service.js';
import { dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

/** The dish rows shown: every row is sent, and those the search leaves out carry `hidden`. */
const dishRows = (body: string) =>
  [...body.matchAll(/<(?:li|tr) id="row-dishes-(\d+)"([^>]*)>/g)]
    .filter((m) => !/ hidden/.test(m[2]))
    .map((m) => Number(m[1]));

for (const dialect of dialects) {
  describe(`panel dish search (${dialect})`, () => {
    let bed: PanelBed;
    let owner: PanelClient;
    let tiramisu: number;
    let starters: number;
    let hiddenDish: number;
    let soldDish: number;
    before(async () => {
      bed = await panelBed(dialect);
      owner = await bed.owner();
      const items = await bed.db.db
        .selectFrom('items')
        .select(['id', 'tenant_id', 'category_id', 'name_translations', 'is_active'])
        .orderBy('id')
        .execute();
      const alphaItems = items.filter((i) => i.tenant_id === bed.alpha);
      tiramisu = alphaItems.find((i) => i.name_translations.includes('Tiramis'))!.id;
      hiddenDish = alphaItems.find((i) => !i.is_active)!.id;
      starters = alphaItems[0].category_id;
      // An English name, so the dish is found in either language.
      await writeMenu(bed.app, bed.alpha, CLI_ACTOR, (w) =>
        updateItem(w, tiramisu, { name: { it: 'Tiramisù', en: 'Coffee trifle' } }),
      );
      soldDish = await writeMenu(bed.app, bed.alpha, CLI_ACTOR, (w) =>
        createItem(w, { category_id: starters, name: { it: 'Crostini misti' }, price: 5 }),
      );
      await writeMenu(bed.app, bed.alpha, CLI_ACTOR, (w) => updateItem(w, soldDish, { sold_out: true }));
    });
    after(() => bed.close());

    test('the menu page has the GET form and a jump list of every section', async () => {
      const page = await owner.get('/admin/menu');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<form method="get" action="\/admin\/menu" class="dish-search" role="search"/);
      assert.match(page.body, /<input id="dish-q" type="search" name="q" value=""/);
      const jump = /<details class="jump-list">[\s\S]*?<\/details>/.exec(page.body)![0];
      const sections = await bed.db.db
        .selectFrom('categories')
        .select('id')
        .where('tenant_id', '=', bed.alpha)
        .execute();
      for (const s of sections) assert.match(jump, new RegExp(`href="#row-sections-${s.id}"`));
      assert.ok(dishRows(page.body).length > 5, 'without a search every dish is listed');
    });

    test('accents and case are ignored, and a name in another language finds the dish', async () => {
      for (const q of ['tiramisu', 'TIRAMISÙ', 'coffee TRIFLE', 'Tiramisu']) {
        const page = await owner.get(`/admin/menu?q=${encodeURIComponent(q)}`);
        assert.equal(page.statusCode, 200);
        assert.deepEqual(dishRows(page.body), [tiramisu], q);
        assert.match(page.body, /1 dish found\./);
        assert.match(
          page.body,
          new RegExp(`value="${q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`),
          'the box keeps what was typed',
        );
        // The found row keeps its one-tap sold-out switch.
        assert.match(page.body, new RegExp(`action="/admin/menu/dishes/${tiramisu}/sold-out"`));
        assert.match(page.body, /class="dish-finder searching"/);
      }
      const none = await owner.get('/admin/menu?q=zzzz');
      assert.doesNotMatch(none.body, /<li id="row-sections-\d+" data-id="\d+" tabindex="-1">/, 'no section is shown');
      assert.deepEqual(dishRows(none.body), []);
      assert.match(none.body, /No dish found\./);
    });

    test('sold-out, hidden and on-sale filters, alone and with words', async () => {
      assert.deepEqual(dishRows((await owner.get('/admin/menu?show=sold_out')).body), [soldDish]);
      assert.deepEqual(dishRows((await owner.get('/admin/menu?show=hidden')).body), [hiddenDish]);
      const onSale = dishRows((await owner.get('/admin/menu?show=on_sale')).body);
      assert.ok(onSale.includes(tiramisu));
      assert.ok(!onSale.includes(soldDish) && !onSale.includes(hiddenDish));
      assert.deepEqual(dishRows((await owner.get('/admin/menu?q=crostini&show=hidden')).body), []);
      // An unknown filter is "all dishes".
      assert.ok(dishRows((await owner.get('/admin/menu?show=everything')).body).length > 5);
    });

    test("a section's list filters its own rows and links to the other sections", async () => {
      const all = await owner.get(`/admin/menu/sections/${starters}`);
      assert.match(
        all.body,
        new RegExp(`<form method="get" action="/admin/menu/sections/${starters}" class="dish-search"`),
      );
      assert.match(all.body, new RegExp(`<tbody data-reorder="dishes" data-scope="${starters}">`));
      assert.match(all.body, new RegExp(`<a href="/admin/menu/sections/${starters}" aria-current="page">`));
      const found = await owner.get(`/admin/menu/sections/${starters}?q=crostini`);
      assert.deepEqual(dishRows(found.body), [soldDish]);
      // Every row is still sent (hidden), so the order a drag sends is the whole list's.
      assert.match(found.body, /data-reorder="dishes"/);
      assert.equal(
        [...found.body.matchAll(/<tr id="row-dishes-/g)].length,
        [...all.body.matchAll(/<tr id="row-dishes-/g)].length,
      );
      assert.match(found.body, new RegExp(`action="/admin/menu/dishes/${soldDish}/sold-out"`));
    });

    test("another restaurant's dishes are never found", async () => {
      const beta = bed.client('beta');
      await beta.signIn('owner@beta.test', 'beta-owner-pw');
      const betaPage = await beta.get('/admin/menu?q=coffee%20trifle');
      assert.equal(betaPage.statusCode, 200);
      assert.deepEqual(dishRows(betaPage.body), []);
      const betaTiramisu = await beta.get('/admin/menu?q=tiramisu');
      const ids = dishRows(betaTiramisu.body);
      assert.equal(ids.length, 1);
      assert.notEqual(ids[0], tiramisu);
      assert.deepEqual(dishRows((await owner.get('/admin/menu?q=bruschetta%20beta')).body), []);
    });
  });
}
