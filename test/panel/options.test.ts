// Option groups in the panel (issue 34, point 4): a dish picks its groups on its own form (ticked
// in order, unticked detached, an old form without the boxes changing nothing), a waiter marks an
// option sold out in one tap during service ("burrata finished") and back, a group on dishes says
// how many before it is deleted and takes itself off them — another restaurant's rows not found.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../src/accounts/users/service.js';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

for (const dialect of dialects) {
  describe(`panel option groups (${dialect})`, () => {
    let bed: PanelBed;
    let owner: PanelClient;
    let waiter: PanelClient;
    let dish: { id: number; category_id: number };
    const ids: Record<string, number> = {};
    before(async () => {
      bed = await panelBed(dialect);
      owner = await bed.owner();
      await createUser(bed.db.db, bed.alpha, {
        email: 'waiter@alpha.test',
        password: 'waiter-password',
        role: 'staff',
      });
      waiter = bed.client();
      assert.equal((await waiter.signIn('waiter@alpha.test', 'waiter-password')).statusCode, 303);
      dish = await bed.db.db
        .selectFrom('items')
        .select(['id', 'category_id'])
        .where('tenant_id', '=', bed.alpha)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      for (const [key, name, min, max] of [
        ['addOns', 'Aggiunte', '0', '3'],
        ['cooking', 'Cottura', '1', '1'],
      ] as const) {
        const res = await owner.post('/admin/menu/option-groups', {
          name_it: name,
          min_choices: min,
          max_choices: max,
          is_active: '1',
        });
        assert.equal(res.statusCode, 303, res.body);
        ids[key] = Number(/option-groups\/(\d+)/.exec(res.headers.location as string)![1]);
      }
      const burrata = await owner.post('/admin/menu/options', {
        group_id: String(ids.addOns),
        name_it: 'Burrata',
        price_change: '3,00',
        allergens: ['latte'],
        is_active: '1',
      });
      assert.equal(burrata.statusCode, 303, burrata.body);
      ids.burrata = Number(/options\/(\d+)/.exec(burrata.headers.location as string)![1]);
      await owner.post('/admin/menu/options', { group_id: String(ids.cooking), name_it: 'Al sangue', is_active: '1' });
    });
    after(() => bed.close());

    const storedGroups = async (itemId = dish.id) =>
      (
        await bed.db.db
          .selectFrom('item_option_groups')
          .select('group_id')
          .where('item_id', '=', itemId)
          .orderBy('position')
          .execute()
      ).map((r) => Number(r.group_id));
    const dishForm = (extra: Record<string, string | string[]>) => ({
      name_it: 'Bruschetta',
      category_id: String(dish.category_id),
      type_id: '',
      winery_id: '',
      price: '6,50',
      allergens: ['cereali_glutine'],
      is_active: '1',
      ...extra,
    });

    test('the dish form lists the groups; ticking attaches them (new ones in the groups’ order), unticking detaches, an old form keeps them', async () => {
      const page = await owner.get(`/admin/menu/dishes/${dish.id}`);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /name="option_group_ids" type="checkbox" value="\d+"/);
      assert.match(page.body, /Aggiunte/);
      const both = await owner.post(
        `/admin/menu/dishes/${dish.id}`,
        dishForm({ option_groups_shown: '1', option_group_ids: [String(ids.cooking), String(ids.addOns)] }),
      );
      assert.equal(both.statusCode, 303, both.body);
      assert.deepEqual(await storedGroups(), [ids.addOns, ids.cooking]);
      // A form from before the boxes existed says nothing about groups: they stay.
      const old = await owner.post(`/admin/menu/dishes/${dish.id}`, dishForm({}));
      assert.equal(old.statusCode, 303, old.body);
      assert.deepEqual(await storedGroups(), [ids.addOns, ids.cooking]);
      const one = await owner.post(
        `/admin/menu/dishes/${dish.id}`,
        dishForm({ option_groups_shown: '1', option_group_ids: [String(ids.cooking)] }),
      );
      assert.equal(one.statusCode, 303);
      assert.deepEqual(await storedGroups(), [ids.cooking]);
      const pub = await call(bed.app, { url: `/api/v1/items/${dish.id}`, host: 'alpha' });
      assert.deepEqual(pub.json.data.option_group_ids, [ids.cooking]);
      // Another restaurant's group is refused with the API's rule, next to the boxes.
      const theirs = await bed.db.db
        .insertInto('option_groups')
        .values({
          tenant_id: bed.beta,
          name_translations: '{"it":"Loro"}',
          min_choices: 0,
          max_choices: null,
          display_order: 10,
          is_active: 1,
          external_id: null,
          created_at: '2026-11-21T12:00:00+00:00',
          updated_at: '2026-11-21T12:00:00+00:00',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const refused = await owner.post(
        `/admin/menu/dishes/${dish.id}`,
        dishForm({ option_groups_shown: '1', option_group_ids: [String(theirs.id)] }),
      );
      assert.equal(refused.statusCode, 422);
      assert.deepEqual(await storedGroups(), [ids.cooking]);
      await owner.post(`/admin/menu/dishes/${dish.id}`, dishForm({ option_groups_shown: '1' }));
      assert.deepEqual(await storedGroups(), []);
    });

    test('burrata finished: a waiter marks the option sold out in one tap from its group page, and back', async () => {
      const page = await waiter.get(`/admin/menu/option-groups/${ids.addOns}`);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, new RegExp(`action="/admin/menu/options/${ids.burrata}/sold-out"`));
      const res = await waiter.post(`/admin/menu/options/${ids.burrata}/sold-out`, {
        sold_out: 'tonight',
        back: `/admin/menu/option-groups/${ids.addOns}`,
      });
      assert.equal(res.statusCode, 303, res.body);
      assert.equal(res.headers.location, `/admin/menu/option-groups/${ids.addOns}#row-options-${ids.burrata}`);
      const row = await bed.db.db
        .selectFrom('options')
        .selectAll()
        .where('id', '=', ids.burrata)
        .executeTakeFirstOrThrow();
      assert.equal(Number(row.sold_out), 1);
      assert.match(String(row.sold_out_until), /T04:00:00\+00:00$/, 'until the next 05:00 in Rome');
      assert.match((await waiter.get(`/admin/menu/option-groups/${ids.addOns}`)).body, /Back on sale/);
      await waiter.post(`/admin/menu/options/${ids.burrata}/sold-out`, { sold_out: 'off', back: '/admin/menu' });
      const back = await bed.db.db
        .selectFrom('options')
        .selectAll()
        .where('id', '=', ids.burrata)
        .executeTakeFirstOrThrow();
      assert.equal(Number(back.sold_out), 0);
      // Another restaurant's option is not found.
      const theirs = await bed.db.db
        .selectFrom('options')
        .select('id')
        .where('tenant_id', '=', bed.beta)
        .executeTakeFirst();
      const missing = await waiter.post(`/admin/menu/options/${theirs?.id ?? 999999}/sold-out`, {
        sold_out: 'tonight',
        back: '/admin/menu',
      });
      assert.equal(missing.statusCode, 404);
    });

    test('a group on dishes says how many before it is deleted, and takes itself off them', async () => {
      await owner.post(
        `/admin/menu/dishes/${dish.id}`,
        dishForm({ option_groups_shown: '1', option_group_ids: [String(ids.addOns)] }),
      );
      const page = await owner.get(`/admin/menu/option-groups/${ids.addOns}`);
      assert.match(page.body, /id="delete-warning">This group is on 1 dish: deleting it takes it off that dish too\./);
      const ask = await owner.post(`/admin/menu/option-groups/${ids.addOns}/delete`, {});
      assert.equal(ask.statusCode, 200);
      assert.match(ask.body, /This group is on 1 dish/);
      assert.deepEqual(await storedGroups(), [ids.addOns], 'nothing deleted before the confirmation');
      const done = await owner.post(`/admin/menu/option-groups/${ids.addOns}/delete`, { confirmed: 'yes' });
      assert.equal(done.statusCode, 303, done.body);
      assert.deepEqual(await storedGroups(), []);
      const gone = await bed.db.db.selectFrom('option_groups').select('id').where('id', '=', ids.addOns).execute();
      assert.equal(gone.length, 0);
    });

    test('a section becomes a set menu from its form: the price typed as people type it, empty for an ordinary section', async () => {
      const form = {
        name_it: 'Menu del giorno',
        notes_it: 'Un primo, un secondo, acqua e caffè',
        parent_id: '',
        menu_type: 'standard',
        is_active: '1',
        time_start: '',
        time_end: '',
        set_price: '15,00',
      };
      const created = await owner.post('/admin/menu/sections', form, { headers: { 'accept-language': 'it' } });
      assert.equal(created.statusCode, 303, created.body);
      const id = Number(/sections\/(\d+)/.exec(created.headers.location as string)![1]);
      const stored = async () =>
        (
          await bed.db.db
            .selectFrom('categories')
            .select('set_price_cents')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).set_price_cents;
      assert.equal(Number(await stored()), 1500);
      const page = await owner.get(`/admin/menu/sections/${id}`, { 'accept-language': 'it' });
      assert.match(page.body, /Prezzo del menu fisso \(€\)/);
      assert.match(page.body, /name="set_price"[^>]*value="15,00"/);
      const bad = await owner.post(`/admin/menu/sections/${id}`, { ...form, set_price: '15,001' });
      assert.equal(bad.statusCode, 422);
      assert.equal(Number(await stored()), 1500);
      const plain = await owner.post(`/admin/menu/sections/${id}`, { ...form, set_price: '' });
      assert.equal(plain.statusCode, 303);
      assert.equal(await stored(), null);
    });

    test('an option name changed in the default language: its page flags the other language "to check", ticking "still right" clears it', async () => {
      const form = {
        group_id: String(ids.cooking),
        name_it: 'Media',
        name_en: 'Medium',
        price_change: '',
        is_active: '1',
      };
      const created = await owner.post('/admin/menu/options', form);
      assert.equal(created.statusCode, 303, created.body);
      const id = Number(/options\/(\d+)/.exec(created.headers.location as string)![1]);
      const option = `/admin/menu/options/${id}`;
      assert.equal((await owner.post(option, { ...form, name_it: 'Cottura media' })).statusCode, 303);
      const page = await owner.get(option);
      assert.match(page.body, /id="f-name_en-check">to check</);
      const key = `options/${id}/name/en`;
      assert.match(page.body, new RegExp(`name="still_right"[^>]*value="${key}"`));
      const still = await owner.post(option, { ...form, name_it: 'Cottura media', still_right: key });
      assert.equal(still.statusCode, 303);
      assert.doesNotMatch((await owner.get(option)).body, /id="f-name_en-check"/);
      assert.equal((await owner.post(`${option}/delete`, { confirmed: 'yes' })).statusCode, 303);
    });

    test('the import and export page offers the options as a CSV: ";" and 12,50 for the Italian panel', async () => {
      const page = await owner.get('/admin/import', { 'accept-language': 'it' });
      assert.match(
        page.body,
        /href="\/admin\/import\/options.csv"[^>]*>Opzioni e aggiunte come foglio di calcolo \(CSV\)/,
      );
      const it = await owner.get('/admin/import/options.csv', { 'accept-language': 'it' });
      assert.equal(it.statusCode, 200);
      assert.match(String(it.headers['content-disposition']), /-options\.csv"/);
      const lines = it.body.replace(/^\uFEFF/, '').split('\r\n');
      assert.ok(lines[0].startsWith('group;group_external_id;group_id;min_choices;max_choices;'), lines[0]);
      assert.ok(
        lines.some((line) => line.startsWith('Cottura;')),
        'the group is there',
      );
      const en = await owner.get('/admin/import/options.csv', { 'accept-language': 'en' });
      assert.ok(en.body.replace(/^\uFEFF/, '').startsWith('group,group_external_id,'));
    });

    test('the pages in Italian: the list, a group with its rule, the dish form’s boxes', async () => {
      const it = { 'accept-language': 'it' };
      const list = await owner.get('/admin/menu/option-groups', it);
      assert.equal(list.statusCode, 200);
      assert.match(list.body, /<h1[^>]*>Opzioni e aggiunte<\/h1>/);
      assert.match(list.body, /Cottura<\/a>[\s\S]*?Al sangue \(esattamente 1\)/);
      assert.match(list.body, /Aggiungi un gruppo di opzioni/);
      const group = await owner.get(`/admin/menu/option-groups/${ids.cooking}`, it);
      assert.match(group.body, /Aggiungi un’opzione/);
      assert.match(group.body, /Almeno \(quante il cliente deve sceglierne\)/);
      const dishPage = await owner.get(`/admin/menu/dishes/${dish.id}`, it);
      assert.match(dishPage.body, /<legend>Opzioni e aggiunte<\/legend>/);
      const en = await owner.get('/admin/menu/option-groups', { 'accept-language': 'en' });
      assert.match(en.body, /<h1[^>]*>Options and add-ons<\/h1>/);
    });
  });
}
