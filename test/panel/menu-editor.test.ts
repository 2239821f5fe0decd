// The menu editor over HTTP: every form goes through the resources' services (the API's rules and
// messages, next to the field, in the panel's language; the panel user as the actor; the version
// bump), the change is on the public API at once, and another restaurant's rows are not reachable.
// What every editor does (create, all errors at once, edit, delete after a confirmation, CSRF,
// tenant isolation) is the panel editor contract (editor-contract.ts, run by editors.test.ts);
// this file keeps what is particular to the menu's editors.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Actor } from '../../src/catalog/write.js';
import { parsePrice } from '../../src/i18n/money.js';
import { typedTime } from '../../src/panel/menu/sections.js';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

async function apiItems(bed: PanelBed, host = 'alpha') {
  return (await call(bed.app, { url: '/api/v1/menu?locale=it', host })).json.data.sections as {
    id: number;
    name: string;
    parent_id: number | null;
    items: { id: number; name: string; price: number; allergens: string[] }[];
  }[];
}

async function firstDish(bed: PanelBed, host = 'alpha') {
  const row = await bed.db.db
    .selectFrom('items')
    .selectAll()
    .where('tenant_id', '=', host === 'alpha' ? bed.alpha : bed.beta)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row;
}

function dishForm(categoryId: number, overrides: Record<string, string | string[]> = {}) {
  return {
    name_it: 'Tagliatelle al ragù',
    name_en: 'Tagliatelle with meat sauce',
    description_it: 'Pasta fresca',
    description_en: '',
    category_id: String(categoryId),
    type_id: '',
    winery_id: '',
    price: '12,50',
    allergens: ['cereali_glutine', 'uova'],
    dietary: ['vegetarian'],
    is_active: '1',
    is_recommended: '',
    ...overrides,
  };
}

test('prices are read as people type them', () => {
  assert.equal(parsePrice('12,50'), 12.5);
  assert.equal(parsePrice('12.50'), 12.5);
  assert.equal(parsePrice(' € 9 '), 9);
  assert.equal(parsePrice('1.234,50'), 1234.5);
  assert.equal(parsePrice('1,234.50'), 1234.5);
  assert.equal(parsePrice(''), undefined);
  assert.equal(parsePrice('dodici'), 'dodici');
  assert.equal(parsePrice('1,2,3'), '1,2,3');
  assert.equal(typedTime('9:30'), '09:30');
  assert.equal(typedTime(' 22.30 '), '22:30');
  assert.equal(typedTime('2230'), '2230');
});

for (const dialect of dialects) {
  describe(`panel menu editor (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    const actors: Actor[] = [];
    before(async () => {
      bed = await panelBed(dialect);
      bed.app.menuWriter.listen({ inTransaction: async (_trx, _tenant, actor) => void actors.push(actor) });
      c = await bed.owner();
    });
    after(() => bed.close());

    test('the menu page shows the section tree; a dish price typed "12,50" is on the API at once', async () => {
      const menu = await c.get('/admin/menu');
      assert.equal(menu.statusCode, 200);
      assert.match(menu.body, />Starters</);
      assert.match(menu.body, /data-reorder="sections"/);
      const dish = await firstDish(bed);
      const page = await c.get(`/admin/menu/dishes/${dish.id}`);
      assert.equal(page.statusCode, 200);
      // Every language of the menu side by side; the 14 allergens labelled in the panel's language.
      for (const l of ['it', 'en', 'fr', 'de', 'es']) assert.match(page.body, new RegExp(`name="name_${l}"`));
      assert.match(page.body, /<label for="f-allergens-\d+">Cereals containing gluten/);
      assert.equal((page.body.match(/name="allergens"/g) ?? []).length, 14);
      const version = (await bed.app.tenants.lookup('alpha.localhost'))!.menuVersion;
      const res = await c.post(
        `/admin/menu/dishes/${dish.id}`,
        dishForm(dish.category_id, { name_it: 'Bruschetta nuova', price: '12,50' }),
      );
      assert.equal(res.statusCode, 303, res.body.slice(0, 500));
      assert.equal(res.headers.location, `/admin/menu/dishes/${dish.id}?saved=1`);
      const api = await call(bed.app, { url: `/api/v1/items/${dish.id}?locale=it`, host: 'alpha' });
      assert.equal(api.json.data.price, 12.5);
      assert.equal(api.json.data.name, 'Bruschetta nuova');
      assert.deepEqual(api.json.data.allergens, ['cereali_glutine', 'uova']);
      assert.deepEqual(api.json.data.dietary, ['vegetarian']);
      // The public page too.
      const pageHtml = await call(bed.app, {
        url: '/',
        host: 'alpha',
        headers: { accept: 'text/html', 'accept-language': 'it' },
      });
      assert.match(pageHtml.body, /Bruschetta nuova/);
      assert.ok((await bed.app.tenants.lookup('alpha.localhost'))!.menuVersion > version);
      const owner = await bed.db.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'owner@alpha.test')
        .executeTakeFirstOrThrow();
      assert.deepEqual(actors.at(-1), { via: 'panel', userId: owner.id, tokenId: null, tokenName: null });
      // "12.50" works as well, and the page shows the price the way the panel's language writes it.
      assert.equal(
        (await c.post(`/admin/menu/dishes/${dish.id}`, dishForm(dish.category_id, { price: '13.00' }))).statusCode,
        303,
      );
      assert.equal((await call(bed.app, { url: `/api/v1/items/${dish.id}`, host: 'alpha' })).json.data.price, 13);
      assert.match((await c.get(`/admin/menu/dishes/${dish.id}?saved=1`)).body, /value="13.00"/);
    });

    test('refused values are reported next to their field in the panel’s language, and nothing is written', async () => {
      const dish = await firstDish(bed);
      const before = await call(bed.app, { url: `/api/v1/items/${dish.id}`, host: 'alpha' });
      const res = await c.post(
        `/admin/menu/dishes/${dish.id}`,
        dishForm(dish.category_id, { name_it: '', price: '12,505', allergens: ['cereali_glutine', 'plutonio'] }),
      );
      assert.equal(res.statusCode, 422);
      assert.match(res.body, /id="f-name_it-error">The Name \(Italian\) field is required\./);
      assert.match(res.body, /id="f-price-error">/);
      assert.match(res.body, /id="f-allergens-error">/);
      assert.match(res.body, /class="error-summary"/);
      // What was typed stays in the form.
      assert.match(res.body, /value="12,505"/);
      const after = await call(bed.app, { url: `/api/v1/items/${dish.id}`, host: 'alpha' });
      assert.deepEqual(after.json.data, before.json.data);
      // The same refusal in Italian when the panel speaks Italian.
      const it = await c.post(
        `/admin/menu/dishes/${dish.id}`,
        dishForm(dish.category_id, { name_it: '', price: 'dodici' }),
        {
          headers: {
            'accept-language': 'it',
            cookie: `${[...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ')}; menu_lang=it`,
          },
        },
      );
      assert.equal(it.statusCode, 422);
      assert.match(it.body, /id="f-name_it-error">Il campo Nome \(Italiano\) è richiesto\./);
      assert.match(it.body, /id="f-price-error">[^<]*numero/);
    });

    test('<script> in a dish name is shown as text everywhere in the panel', async () => {
      const section = (await apiItems(bed)).find((s) => s.name === 'Antipasti')!;
      const res = await c.post(
        '/admin/menu/dishes',
        dishForm(section.id, { name_it: '<script>alert(1)</script>', name_en: '<script>alert(1)</script>' }),
      );
      assert.equal(res.statusCode, 303);
      for (const url of [res.headers.location as string, `/admin/menu/sections/${section.id}`]) {
        const page = await c.get(url);
        assert.doesNotMatch(page.body, /<script>alert/);
        assert.match(page.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
      }
    });

    test('sections: create a sub-section with a time window across midnight, edit, reorder, refuse to delete a full one', async () => {
      const top = (await apiItems(bed)).filter((s) => s.parent_id === null);
      const created = await c.post('/admin/menu/sections', {
        name_it: 'Dopocena',
        name_en: 'After dinner',
        parent_id: String(top[0].id),
        menu_type: 'standard',
        notes_it: 'Solo la sera',
        notes_en: 'Evenings only',
        is_active: '1',
        time_visibility_enabled: '1',
        time_start: '22.00',
        time_end: '2:00',
      });
      assert.equal(created.statusCode, 303, created.body.slice(0, 500));
      const id = Number(/sections\/(\d+)\?created=1/.exec(created.headers.location as string)![1]);
      const page = await c.get(created.headers.location as string);
      assert.match(page.body, /crosses midnight: shown from 22:00 until 02:00 of the next day/);
      const admin = await bed.db.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(admin.parent_id, top[0].id);
      assert.equal(admin.time_start, '22:00');
      assert.deepEqual(JSON.parse(admin.notes_translations), { it: 'Solo la sera', en: 'Evenings only' });
      assert.match(page.body, /name="notes_en"[^>]*>Evenings only<\/textarea>/);
      // A window needs both ends: the API's rule, next to the field.
      const refused = await c.post(`/admin/menu/sections/${id}`, {
        name_it: 'Dopocena',
        parent_id: String(top[0].id),
        menu_type: 'standard',
        is_active: '1',
        time_visibility_enabled: '1',
        time_start: '22:00',
        time_end: '',
      });
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /id="f-time_end-error">The Until \(HH:MM\) field is required\./);

      // Reorder the top-level sections: move the second one up.
      const topOrder = () =>
        bed.db.db
          .selectFrom('categories')
          .select(['id', 'display_order'])
          .where('tenant_id', '=', bed.alpha)
          .where('parent_id', 'is', null)
          .orderBy('display_order')
          .orderBy('id')
          .execute();
      const order = await topOrder();
      await c.get('/admin/menu');
      const moved = await c.post('/admin/menu/order', {
        kind: 'sections',
        scope: '0',
        id: String(order[1].id),
        move: 'up',
        back: '/admin/menu',
      });
      assert.equal(moved.statusCode, 303);
      assert.equal(moved.headers.location, `/admin/menu?ordered=1#row-sections-${order[1].id}`);
      const tops = (await call(bed.app, { url: '/api/v1/admin/categories', host: 'alpha' })).statusCode;
      assert.equal(tops, 401);
      assert.deepEqual((await topOrder()).map((s) => s.id).slice(0, 2), [order[1].id, order[0].id]);
      // The same form sent by the page's script: a word instead of a page, the row moved back.
      const inPlace = await c.post(
        '/admin/menu/order',
        { kind: 'sections', scope: '0', id: String(order[1].id), move: 'down', back: '/admin/menu' },
        { headers: { 'x-panel-fetch': 'order' } },
      );
      assert.equal(inPlace.statusCode, 200);
      assert.equal(JSON.parse(inPlace.body).ok, true);
      assert.deepEqual((await topOrder()).map((s) => s.id).slice(0, 2), [order[0].id, order[1].id]);
      await c.post('/admin/menu/order', {
        kind: 'sections',
        scope: '0',
        id: String(order[1].id),
        move: 'up',
        back: '/admin/menu',
      });
      // The drag-and-drop form: the whole new order at once; a stale list moves nothing.
      const ids = [order[0].id, order[1].id, ...order.slice(2).map((o) => o.id)];
      assert.equal(
        (await c.post('/admin/menu/order', { kind: 'sections', scope: '0', ids: ids.join(','), back: '/admin/menu' }))
          .statusCode,
        303,
      );
      assert.deepEqual(
        (await topOrder()).map((s) => s.id),
        ids,
      );
      const stale = await c.post('/admin/menu/order', {
        kind: 'sections',
        scope: '0',
        ids: String(order[0].id),
        back: '/admin/menu',
      });
      assert.equal(stale.statusCode, 409);

      // A section holding dishes says so, with how many, on its page and before any confirmation; a
      // delete posted anyway is refused and nothing goes.
      const full = top.find((s) => s.name === 'Antipasti')!;
      const held = await bed.db.db
        .selectFrom('items')
        .select('id')
        .where('tenant_id', '=', bed.alpha)
        .where('category_id', '=', full.id)
        .execute();
      assert.ok(held.length > 0);
      const fullPage = await c.get(`/admin/menu/sections/${full.id}`);
      const zone = /<section aria-labelledby="delete-title"[\s\S]*?<\/section>/.exec(fullPage.body)![0];
      // It holds the sub-section made above too.
      const says = `This section still holds ${held.length} dish${held.length === 1 ? '' : 'es'} and 1 sub-section: move or delete them first`;
      assert.ok(zone.includes(says), zone);
      assert.doesNotMatch(zone, /<button/, 'no delete button while it holds dishes');
      const ask = await c.post(`/admin/menu/sections/${full.id}/delete`, {});
      assert.equal(ask.statusCode, 422, 'no confirmation page: it says why first');
      assert.ok(ask.body.includes(says));
      const no = await c.post(`/admin/menu/sections/${full.id}/delete`, { confirmed: 'yes' });
      assert.equal(no.statusCode, 422);
      assert.ok(no.body.includes(says));
      assert.ok(await bed.db.db.selectFrom('categories').select('id').where('id', '=', full.id).executeTakeFirst());
      // The empty sub-section is.
      assert.equal((await c.post(`/admin/menu/sections/${id}/delete`, { confirmed: 'yes' })).statusCode, 303);
      assert.equal(
        await bed.db.db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst(),
        undefined,
      );
    });

    test('sub-categories and wineries: create, rename, delete; one in use is refused with the API’s message', async () => {
      const section = (await apiItems(bed)).find((s) => s.name === 'Antipasti')!;
      const t = await c.post('/admin/menu/subcategories', {
        name_it: 'Freddi',
        name_en: 'Cold',
        category_id: String(section.id),
        is_active: '1',
      });
      assert.equal(t.statusCode, 303, t.body.slice(0, 300));
      const type = await bed.db.db
        .selectFrom('types')
        .selectAll()
        .where('tenant_id', '=', bed.alpha)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      assert.equal(JSON.parse(type.name_translations).en, 'Cold');
      const w = await c.post('/admin/menu/wineries', {
        name: 'Cantina Nuova',
        region: 'Toscana',
        country: 'Italia',
        website_url: 'https://nuova.test',
        description_it: 'Dal 1900',
      });
      assert.equal(w.statusCode, 303, w.body.slice(0, 300));
      const wineryId = Number(/wineries\/(\d+)/.exec(w.headers.location as string)![1]);
      const bad = await c.post(`/admin/menu/wineries/${wineryId}`, { name: '', website_url: 'not a url' });
      assert.equal(bad.statusCode, 422);
      assert.match(bad.body, /id="f-name-error">/);
      assert.match(bad.body, /id="f-website_url-error">/);
      // A dish uses both; neither can be deleted now.
      const made = await c.post(
        '/admin/menu/dishes',
        dishForm(section.id, { type_id: String(type.id), winery_id: String(wineryId) }),
      );
      assert.equal(made.statusCode, 303, made.body.slice(0, 500));
      const noType = await c.post(`/admin/menu/subcategories/${type.id}/delete`, { confirmed: 'yes' });
      assert.equal(noType.statusCode, 422);
      assert.match(noType.body, /1 dish uses it: choose another one on that dish first/);
      const noWinery = await c.post(`/admin/menu/wineries/${wineryId}/delete`, { confirmed: 'yes' });
      assert.equal(noWinery.statusCode, 422);
      // A sub-category of another section is refused for the dish (the API's rule).
      const other = (await apiItems(bed)).find((s) => s.id !== section.id)!;
      const wrong = await c.post('/admin/menu/dishes', dishForm(other.id, { type_id: String(type.id) }));
      assert.equal(wrong.statusCode, 422);
      assert.match(wrong.body, /id="f-type_id-error">/);
      assert.match(wrong.body, /belongs to another section|di un&#39;altra sezione|di un'altra sezione/);
    });

    test('the dish form: name, price and section first, other languages after; only the section’s sub-categories; traces', async () => {
      const sections = await apiItems(bed);
      const withTypes = await bed.db.db
        .selectFrom('types')
        .select(['id', 'category_id'])
        .where('tenant_id', '=', bed.alpha)
        .orderBy('id')
        .execute();
      const typed = withTypes[0]!;
      const bare = sections.find((x) => !withTypes.some((t) => t.category_id === x.id))!;
      const page = (await c.get(`/admin/menu/dishes/new?section=${typed.category_id}`)).body;
      const at = (needle: string) => {
        const i = page.indexOf(needle);
        assert.ok(i > 0, needle);
        return i;
      };
      const order = ['name="name_it"', 'name="price"', 'name="category_id"', 'name="type_id"', 'name="name_en"'].map(
        at,
      );
      assert.deepEqual(
        order,
        [...order].sort((a, b) => a - b),
        'default-language name, price, section, sub-category, then the other languages',
      );
      const select = /<select[^>]*name="type_id"[\s\S]*?<\/select>/.exec(page)![0];
      const offered = [...select.matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]));
      assert.deepEqual(
        offered,
        withTypes.filter((t) => t.category_id === typed.category_id).map((t) => t.id),
        'only the chosen section’s sub-categories',
      );
      const none = (await c.get(`/admin/menu/dishes/new?section=${bare.id}`)).body;
      assert.match(none, /id="f-type_id-hint">“[^”]+” has no sub-categories/);
      // Server side too: another section's sub-category is refused, with the other problems at once.
      const refused = await c.post(
        '/admin/menu/dishes',
        dishForm(bare.id, { type_id: String(typed.id), price: 'x', name_it: '' }),
      );
      assert.equal(refused.statusCode, 422);
      for (const field of ['type_id', 'price', 'name_it'])
        assert.match(refused.body, new RegExp(`id="f-${field}-error">`));
      // Traces are their own checkboxes, saved apart from the allergens.
      const made = await c.post(
        '/admin/menu/dishes',
        dishForm(bare.id, { allergen_traces: ['frutta_guscio', 'sesamo'], name_it: 'Torta della nonna' }),
      );
      assert.equal(made.statusCode, 303, made.body.slice(0, 400));
      const id = Number(/dishes\/(\d+)/.exec(made.headers.location as string)![1]);
      const item = (await call(bed.app, { url: `/api/v1/items/${id}`, host: 'alpha' })).json.data;
      assert.deepEqual(item.allergen_traces, ['frutta_guscio', 'sesamo']);
      assert.deepEqual(item.allergens, ['cereali_glutine', 'uova']);
      const edit = (await c.get(`/admin/menu/dishes/${id}`)).body;
      assert.match(edit, /name="allergen_traces" type="checkbox" value="sesamo" checked/);
    });

    test('several prices on the dish form: glass and bottle with labels in each language, every problem at once, back to one price', async () => {
      const section = (await apiItems(bed))[0]!;
      const wine = dishForm(section.id, {
        name_it: 'Chianti',
        price: '6',
        variant_0_label_it: 'Calice',
        variant_0_label_en: 'Glass',
        variant_1_label_it: 'Bottiglia',
        variant_1_label_en: 'Bottle',
        variant_1_price: '28,50',
      });
      const made = await c.post('/admin/menu/dishes', wine);
      assert.equal(made.statusCode, 303, made.body.slice(0, 400));
      const id = Number(/dishes\/(\d+)/.exec(made.headers.location as string)![1]);
      const read = async () => (await call(bed.app, { url: `/api/v1/items/${id}?locale=en`, host: 'alpha' })).json.data;
      const item = await read();
      assert.equal(item.price, 6);
      assert.deepEqual(
        item.variants.map((v: { label: string; price: number }) => [v.label, v.price]),
        [
          ['Glass', 6],
          ['Bottle', 28.5],
        ],
      );
      assert.deepEqual(item.variants[1].label_translations, { it: 'Bottiglia', en: 'Bottle' });
      const page = (await c.get(`/admin/menu/dishes/${id}`)).body;
      assert.match(page, /<details class="variants" open>/);
      assert.match(page, /name="variant_1_price" value="28.50"/);
      assert.match(page, /name="variant_2_price" value=""/, 'an empty row to add a price');
      // A price without a label and an unreadable dish price: both said at once, nothing written.
      const bad = await c.post(`/admin/menu/dishes/${id}`, { ...wine, price: 'sei', variant_2_price: '30' });
      assert.equal(bad.statusCode, 422);
      assert.match(bad.body, /id="f-price-error">/);
      assert.match(bad.body, /id="f-variants_2-error">/);
      assert.deepEqual((await read()).variants.length, 2);
      // Rows emptied: one price again.
      const one = await c.post(`/admin/menu/dishes/${id}`, {
        ...dishForm(section.id, { name_it: 'Chianti', price: '7' }),
      });
      assert.equal(one.statusCode, 303);
      const single = await read();
      assert.deepEqual([single.price, single.variants], [7, []]);
    });

    test('a section’s schedule: weekdays and a season on the form, said in words; bad dates all reported at once', async () => {
      const lunch = {
        name_it: 'Pranzo di lavoro',
        parent_id: '',
        menu_type: 'standard',
        is_active: '1',
        time_visibility_enabled: '1',
        time_start: '12:00',
        time_end: '15:00',
        weekdays: ['1', '2', '3', '4', '5'],
        date_from: '2026-06-01',
        date_to: '2026-09-30',
      };
      const made = await c.post('/admin/menu/sections', lunch);
      assert.equal(made.statusCode, 303, made.body.slice(0, 400));
      const id = Number(/sections\/(\d+)/.exec(made.headers.location as string)![1]);
      const admin = await bed.db.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.deepEqual(JSON.parse(admin.weekdays), [1, 2, 3, 4, 5]);
      assert.deepEqual([admin.date_from, admin.date_to], ['2026-06-01', '2026-09-30']);
      const words = 'Monday to Friday, 12:00–15:00, from 1 June 2026 to 30 September 2026';
      const page = (await c.get(`/admin/menu/sections/${id}`)).body;
      assert.ok(page.includes(`<strong>Shown:</strong> <span>${words}</span>`), 'said in words on its form');
      assert.match(page, /name="weekdays" type="checkbox" value="5" checked/);
      assert.doesNotMatch(page, /name="weekdays" type="checkbox" value="6" checked/);
      assert.ok(
        (await c.get('/admin/menu')).body.includes(`<span class="badge">${words}</span>`),
        'and on the overview',
      );
      const it = bed.client('alpha', { 'accept-language': 'it' });
      await it.signIn('owner@alpha.test', 'alpha-owner-pw');
      assert.ok(
        (await it.get(`/admin/menu/sections/${id}`)).body.includes(
          'Da lunedì a venerdì, 12:00–15:00, dal 1 giugno 2026',
        ),
      );
      // Every day again, no season: the rule is gone.
      const open = await c.post(`/admin/menu/sections/${id}`, {
        ...lunch,
        weekdays: ['1', '2', '3', '4', '5', '6', '7'],
        date_from: '',
        date_to: '',
        time_visibility_enabled: '',
      });
      assert.equal(open.statusCode, 303);
      const after = await bed.db.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.deepEqual([after.weekdays, after.date_from, after.date_to], ['[]', null, null]);
      // A season ending before it starts, a weekday 8 and a missing end time: all at once, nothing written.
      const bad = await c.post(`/admin/menu/sections/${id}`, {
        ...lunch,
        weekdays: ['1', '8'],
        date_from: '2026-09-30',
        date_to: '2026-06-01',
        time_end: '',
      });
      assert.equal(bad.statusCode, 422);
      for (const field of ['weekdays', 'date_to', 'time_end'])
        assert.match(bad.body, new RegExp(`id="f-${field}-error">`));
      // The other date is named by its label on the form, not by its API name.
      assert.doesNotMatch(bad.body, /equal to date_from/);
      const still = await bed.db.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(still.weekdays, '[]');
    });

    test('second tenant: beta’s rows are not found from alpha’s panel, and beta’s owner cannot edit alpha', async () => {
      const betaDish = await firstDish(bed, 'beta');
      const betaSection = await bed.db.db
        .selectFrom('categories')
        .select('id')
        .where('tenant_id', '=', bed.beta)
        .executeTakeFirstOrThrow();
      assert.equal((await c.get(`/admin/menu/dishes/${betaDish.id}`)).statusCode, 404);
      assert.equal((await c.get(`/admin/menu/sections/${betaSection.id}`)).statusCode, 404);
      const before = await call(bed.app, { url: `/api/v1/items/${betaDish.id}`, host: 'beta' });
      const res = await c.post(`/admin/menu/dishes/${betaDish.id}`, dishForm(betaSection.id, { price: '1' }));
      assert.equal(res.statusCode, 404);
      assert.equal((await c.post(`/admin/menu/dishes/${betaDish.id}/delete`, { confirmed: 'yes' })).statusCode, 404);
      // A dish of alpha cannot be filed into beta's section.
      const alphaDish = await firstDish(bed);
      const cross = await c.post(`/admin/menu/dishes/${alphaDish.id}`, dishForm(betaSection.id));
      assert.equal(cross.statusCode, 422);
      assert.match(cross.body, /id="f-category_id-error">/);
      const after = await call(bed.app, { url: `/api/v1/items/${betaDish.id}`, host: 'beta' });
      assert.deepEqual(after.json.data, before.json.data);
      // Beta's menu page lists beta's sections only.
      const beta = bed.client('beta');
      await beta.signIn('owner@beta.test', 'beta-owner-pw');
      const betaMenu = await beta.get('/admin/menu');
      assert.equal(betaMenu.statusCode, 200);
      assert.doesNotMatch(betaMenu.body, /Dopocena/);
      // Signed out: the sign-in page (keeping what was typed, panel/kept.ts); nothing changes.
      const anon = bed.client();
      const out = await anon.post(
        `/admin/menu/dishes/${alphaDish.id}`,
        dishForm(alphaDish.category_id, { price: '99' }),
        { csrf: null },
      );
      assert.equal(out.statusCode, 401);
      assert.match(out.body, /<form method="post" action="\/admin\/login"/);
      const unchanged = await call(bed.app, { url: `/api/v1/items/${alphaDish.id}`, host: 'alpha' });
      assert.notEqual(unchanged.json.data.price, 99);
    });
  });
}
