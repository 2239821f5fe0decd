// /admin/history over HTTP: the audit log with who, when (in the panel's language, not ISO), each
// field before and after (prices in the menu's currency, allergens by name); filters by dish,
// section (its dishes too), person and field; 25 entries a page; another restaurant's changes
// never shown.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../src/accounts/users/service.js';
import { writeMenu } from '../../src/catalog/write.js';
import { updateCategory } from '../../src/resources/categories/service.js';
import { updateItem } from '../../src/resources/items/service.js';
import { dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { BETA_OWNER, type PanelBed, panelBed } from './setup.js';

const entries = (body: string) => [...body.matchAll(/data-entry-id="(\d+)"/g)].map((m) => Number(m[1]));

for (const dialect of dialects) {
  describe(`panel history (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    let staffId: number;
    let ownerId: number;
    const ids: Record<string, number> = {};
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
      staffId = await createUser(bed.db.db, bed.alpha, {
        email: 'cook@alpha.test',
        password: 'cook-password',
        role: 'staff',
      });
      const owner = await bed.db.db
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', bed.alpha)
        .where('email', '=', 'owner@alpha.test')
        .executeTakeFirstOrThrow();
      ownerId = owner.id;
      for (const row of await bed.db.db
        .selectFrom('items')
        .select(['id', 'name_translations', 'category_id'])
        .where('tenant_id', '=', bed.alpha)
        .execute()) {
        ids[JSON.parse(row.name_translations).it] = row.id;
        ids[`section of ${JSON.parse(row.name_translations).it}`] = row.category_id;
      }
      const as = (userId: number) => ({ via: 'panel' as const, userId, tokenId: null, tokenName: null });
      // The owner adds egg to the Caprese; the cook changes the Bruschetta's price, then the section's notes.
      await writeMenu(bed.app, bed.alpha, as(ownerId), (w) =>
        updateItem(w, ids.Caprese, { allergens: ['latte', 'uova'] }),
      );
      await writeMenu(bed.app, bed.alpha, as(staffId), (w) => updateItem(w, ids['Bruschetta Alpha'], { price: 7.5 }));
      await writeMenu(bed.app, bed.alpha, as(staffId), (w) =>
        updateCategory(w, ids['section of Caprese'], { notes: 'Pane del giorno' }),
      );
      // Beta's owner changes a beta dish: never on alpha's page.
      const betaDish = await bed.db.db
        .selectFrom('items')
        .select('id')
        .where('tenant_id', '=', bed.beta)
        .executeTakeFirstOrThrow();
      const betaOwner = await bed.db.db
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', bed.beta)
        .executeTakeFirstOrThrow();
      ids.beta = betaDish.id;
      await writeMenu(bed.app, bed.beta, as(betaOwner.id), (w) => updateItem(w, betaDish.id, { price: 99 }));
    });
    after(() => bed.close());

    test('who changed an allergen, when (not ISO), before and after by name; a price in the menu’s currency', async () => {
      const page = await c.get('/admin/history');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<a href="\/admin\/history" aria-current="page">History<\/a>/);
      assert.equal(entries(page.body).length, 3);
      const caprese = page.body.slice(page.body.lastIndexOf('<li class="history-entry"'));
      assert.match(caprese, /owner@alpha\.test, in the panel/);
      assert.match(caprese, /Dish <strong><a href="\/admin\/history\?dish=\d+">Caprese<\/a><\/strong> changed/);
      // What was added and removed, not both whole lists.
      assert.match(
        caprese,
        /<th scope="row">allergens<\/th><td>.*nothing removed.*<\/td><td>.*<ins class="change-added"><span class="visually-hidden">added <\/span>\+ Eggs<\/ins><\/td>/,
      );
      assert.doesNotMatch(caprese, /Milk/, 'milk did not change');
      assert.match(caprese, /<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d<\/time>/);
      assert.match(page.body, /<th scope="row">price<\/th><td>.*€6\.50<\/td><td>.*€7\.50<\/td>/);
      assert.doesNotMatch(page.body, /€99/, 'another restaurant’s change');
      const it = await c.get('/admin/history', { 'accept-language': 'it' });
      assert.match(it.body, /6,50\s€/);
      assert.match(it.body, /\+ Uova<\/ins>/);
      assert.match(it.body, /nel pannello/);
    });

    test('filters: a dish, a section with its dishes, a person, a field', async () => {
      const dish = await c.get(`/admin/history?dish=${ids.Caprese}`);
      assert.equal(entries(dish.body).length, 1);
      assert.match(dish.body, /Caprese/);
      const section = await c.get(`/admin/history?section=${ids['section of Caprese']}`);
      assert.equal(entries(section.body).length, 3, 'the section and its two changed dishes');
      const cook = await c.get(`/admin/history?person=${staffId}`);
      assert.equal(entries(cook.body).length, 2);
      assert.doesNotMatch(cook.body, /owner@alpha\.test, in the panel/);
      assert.match(cook.body, /<option value="\d+" selected>cook@alpha\.test<\/option>/);
      const allergens = await c.get('/admin/history?field=allergens');
      assert.equal(entries(allergens.body).length, 1);
      assert.match(allergens.body, /<option value="allergens" selected>allergens \+ may contain \(traces\)<\/option>/);
      const both = await c.get(`/admin/history?person=${staffId}&field=allergens`);
      assert.match(both.body, /No change matches\./);
      const foreign = await c.get(`/admin/history?dish=${ids.beta}`);
      assert.match(foreign.body, /No change matches\./, 'a beta dish id shows nothing on alpha');
      const junk = await c.get('/admin/history?dish=abc&field=%27;drop&page=-3');
      assert.equal(junk.statusCode, 200);
      assert.equal(entries(junk.body).length, 3);
    });

    test('25 entries a page, newest first, with links that keep the filters', async () => {
      for (let i = 0; i < 30; i++) {
        await writeMenu(bed.app, bed.alpha, { via: 'panel', userId: ownerId, tokenId: null, tokenName: null }, (w) =>
          updateItem(w, ids.Caprese, { price: 10 + i }),
        );
      }
      const first = await c.get(`/admin/history?dish=${ids.Caprese}`);
      const firstIds = entries(first.body);
      assert.equal(firstIds.length, 25);
      assert.deepEqual(
        firstIds,
        [...firstIds].sort((a, b) => b - a),
      );
      assert.match(first.body, /Page 1 of 2 · 31 changes/);
      const next = /<a href="(\/admin\/history\?[^"]+)" rel="next">/.exec(first.body);
      assert.ok(next);
      assert.match(next[1], new RegExp(`dish=${ids.Caprese}`));
      const second = await c.get(next[1].replaceAll('&amp;', '&'));
      assert.equal(entries(second.body).length, 6);
      assert.ok(Math.max(...entries(second.body)) < Math.min(...firstIds));
    });

    test('prices with variants, traces and diets read as the owner wrote them, not as stored keys', async () => {
      await writeMenu(bed.app, bed.alpha, { via: 'panel', userId: ownerId, tokenId: null, tokenName: null }, (w) =>
        updateItem(w, ids['Bruschetta Alpha'], {
          variants: [
            { label: { it: 'Mezza', en: 'Half' }, price: 4 },
            { label: { it: 'Intera', en: 'Full' }, price: 7.5 },
          ],
          allergen_traces: ['sesamo'],
          dietary: ['vegan'],
        }),
      );
      const page = await c.get(`/admin/history?dish=${ids['Bruschetta Alpha']}`);
      const entry = page.body.slice(page.body.indexOf('<li class="history-entry"'));
      assert.match(
        entry,
        /<th scope="row">prices \(variants\)<\/th><td>.*\(empty\)<\/td><td>.*Half €4\.00, Full €7\.50<\/td>/,
      );
      assert.match(entry, /<th scope="row">may contain \(traces\)<\/th><td>.*<\/td><td>.*\+ Sesame seeds<\/ins><\/td>/);
      assert.match(entry, /<th scope="row">dietary labels<\/th><td>.*<\/td><td>.*\+ Vegan<\/ins><\/td>/);
      assert.doesNotMatch(entry, /object Object|price_cents|>sesamo/);
      const it = await c.get(`/admin/history?dish=${ids['Bruschetta Alpha']}&field=allergen_traces`, {
        'accept-language': 'it',
      });
      assert.equal(entries(it.body).length, 1);
      assert.match(it.body, /può contenere \(tracce\)<\/th><td>.*<\/td><td>.*\+ Semi di sesamo<\/ins><\/td>/);
      // "Who changed this allergen": the allergen filter finds the traces' change too.
      const allergenFilter = await c.get(`/admin/history?dish=${ids['Bruschetta Alpha']}&field=allergens`);
      assert.equal(entries(allergenFilter.body).length, 1);
      assert.match(it.body, /Mezza 4,00\s€, Intera 7,50\s€/);
    });

    test('an import or API change names fields and rows as the panel does; a translation shows only its changed language; one change is singular', async () => {
      const section = ids['section of Caprese'];
      const other = (await bed.db.db
        .selectFrom('categories')
        .select(['id', 'name_translations'])
        .where('tenant_id', '=', bed.alpha)
        .where('id', '!=', section)
        .where('parent_id', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()) as { id: number; name_translations: string };
      const importer = { via: 'import' as const, userId: ownerId, tokenId: null, tokenName: null };
      await writeMenu(bed.app, bed.alpha, importer, (w) =>
        updateItem(w, ids.Caprese, { category_id: other.id, name: { it: 'Caprese', en: 'Caprese salad' } }),
      );
      const page = await c.get(`/admin/history?dish=${ids.Caprese}`);
      const entry = /<li class="history-entry"[\s\S]*?<\/li>/.exec(page.body)![0];
      assert.match(entry, /by a file import/);
      const otherName = JSON.parse(other.name_translations).en ?? JSON.parse(other.name_translations).it;
      assert.match(entry, new RegExp(`<th scope="row">section</th><td>.*Starters</td><td>.*${otherName}</td>`));
      // Only English changed: the Italian name is not repeated on both sides.
      assert.match(
        entry,
        /<th scope="row">name<\/th><td>.*\(empty\)<\/td><td>.*EN<\/abbr> Caprese salad<\/span><\/td>/,
      );
      assert.doesNotMatch(entry, /category_id|type_id|IT<\/abbr>/);
      await writeMenu(bed.app, bed.alpha, importer, (w) => updateCategory(w, other.id, { notes: 'Solo oggi' }));
      const one = await c.get(`/admin/history?section=${other.id}&field=notes`, { 'accept-language': 'it' });
      assert.match(one.body, /Pagina 1 di 1 · 1 modifica</);
      const oneEn = await c.get(`/admin/history?section=${other.id}&field=notes`);
      assert.match(oneEn.body, /Page 1 of 1 · 1 change</);
    });

    test('beta’s owner sees beta’s change only', async () => {
      const beta = bed.client('beta');
      await beta.signIn(BETA_OWNER.email, BETA_OWNER.password);
      const page = await beta.get('/admin/history');
      assert.equal(entries(page.body).length, 1);
      assert.match(page.body, /€99\.00/);
      assert.doesNotMatch(page.body, /alpha/);
    });
  });
}
