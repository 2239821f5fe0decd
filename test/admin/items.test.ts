// /api/v1/admin/items: create, read, partial update, delete, Laravel-style validation, and writes
// visible in the next public read.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';
import { adminCall, tokenFor } from './tokens.js';

for (const dialect of dialects) {
  describe(`admin dishes (${dialect})`, () => {
    let t: TestApp;
    let token: string;
    let betaToken: string;
    let sections: any[];
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 });
      const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
      token = await tokenFor(t.db.db, alpha, ['menu:read', 'menu:write']);
      betaToken = await tokenFor(t.db.db, beta, ['menu:read', 'menu:write']);
      sections = (await adminCall(t.app, token, { url: '/api/v1/admin/categories', host: 'alpha' })).json.data;
    });
    after(() => t.close());

    const admin = (c: Parameters<typeof adminCall>[2]) => adminCall(t.app, token, { host: 'alpha', ...c });
    const section = (name: string) => sections.find((s) => s.name === name);

    test('the spec example: missing fields and a negative price answer 422 keyed by field, in Italian', async () => {
      const res = await admin({ method: 'POST', url: '/api/v1/admin/items', body: { price: -1 } });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json, {
        success: false,
        message: 'Il campo category id è richiesto. (e 3 altri errori)',
        errors: {
          category_id: ['Il campo category id è richiesto.'],
          name: ['Il campo name è richiesto.'],
          'name.it': ['Il campo name.it è richiesto.'],
          price: ['Price deve essere almeno 0.'],
        },
      });
    });

    test('types are not coerced, unknown fields are refused, every failed rule is reported', async () => {
      const res = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: {
          category_id: '5',
          name: { it: 'X', xx: 'y' },
          price: 'cheap',
          is_active: 1,
          allergens: ['latte', 'gluten'],
          colour: 'red',
        },
      });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json.errors, {
        category_id: ['Category id deve essere un numero intero.'],
        'name.xx': ['Il campo name.xx non è consentito.'],
        price: ['Price deve essere un numero.'],
        'allergens.1': [
          'Il valore scelto per il campo allergens.1 non è valido. Valori ammessi: cereali_glutine, crostacei, uova, pesce, arachidi, soia, latte, frutta_guscio, sedano, senape, sesamo, solfiti, lupini, molluschi.',
        ],
        is_active: ['Il campo is active deve essere vero o falso.'],
        colour: ['Il campo colour non è consentito.'],
      });
      assert.equal(res.json.message, 'Category id deve essere un numero intero. (e 5 altri errori)');
      const one = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: section('Antipasti').id, name: { it: 'X' }, price: 1.005 },
      });
      assert.deepEqual(one.json, {
        success: false,
        message: 'Price deve avere 0-2 cifre decimali.',
        errors: { price: ['Price deve avere 0-2 cifre decimali.'] },
      });
    });

    test('messages follow Accept-Language', async () => {
      const res = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { price: -1 },
        headers: { 'accept-language': 'en' },
      });
      assert.equal(res.json.message, 'The category id field is required. (and 3 more errors)');
      assert.deepEqual(res.json.errors.price, ['The price field must be at least 0.']);
    });

    test('references must exist in the same tenant; a sub-category must be of the dish section', async () => {
      const betaSections = (await adminCall(t.app, betaToken, { url: '/api/v1/admin/categories', host: 'beta' })).json
        .data;
      const betaWinery = (await adminCall(t.app, betaToken, { url: '/api/v1/admin/wineries', host: 'beta' })).json
        .data[0];
      const pasta = section('Primi').types[0];
      const res = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: {
          category_id: betaSections[0].id,
          type_id: pasta.id,
          winery_id: betaWinery.id,
          name: { it: 'Intruso' },
          price: 1,
        },
      });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json.errors, {
        category_id: ['Il valore scelto per il campo category id non è valido.'],
        type_id: ['Il valore scelto per il campo type id non è valido.'],
        winery_id: ['Il valore scelto per il campo winery id non è valido.'],
      });
      const wrongType = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: section('Dolci').id, type_id: pasta.id, name: { it: 'Torta' }, price: 5 },
      });
      // A real sub-category of another section is named as such, not the generic "is invalid".
      assert.deepEqual(wrongType.json.errors, {
        type_id: [
          "La sottocategoria scelta nel campo type id appartiene a un'altra sezione: scegline una della sezione del piatto.",
        ],
      });
      const count = await t.db.db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('name_translations', 'like', '%Intruso%')
        .executeTakeFirstOrThrow();
      assert.equal(Number(count.n), 0, 'nothing was written');
    });

    test('create answers 201 with the dish; it is in the next public menu read', async () => {
      const before = await call(t.app, { url: '/api/v1/menu/en', host: 'alpha' });
      const primi = section('Primi');
      const res = await admin({
        method: 'POST',
        url: '/api/v1/admin/items?locale=en',
        body: {
          category_id: primi.id,
          type_id: primi.types[0].id,
          name: { it: 'Tagliatelle al ragù', en: 'Tagliatelle with ragù' },
          description: { it: 'Pasta fresca', en: 'Fresh pasta' },
          price: 13.9,
          allergens: ['cereali_glutine', 'uova', 'sedano'],
          is_recommended: true,
        },
      });
      assert.equal(res.statusCode, 201);
      assert.equal(res.json.success, true);
      assert.equal(res.json.meta.locale, 'en');
      const dish = res.json.data;
      assert.equal(dish.name, 'Tagliatelle with ragù');
      assert.equal(dish.price, 13.9);
      assert.equal(dish.is_active, true);
      assert.equal(dish.is_recommended, true);
      assert.deepEqual(dish.allergens, ['cereali_glutine', 'uova', 'sedano']);
      assert.ok(dish.display_order > primi.items.at(-1).display_order, 'a new dish goes last in its section');
      const after = await call(t.app, { url: '/api/v1/menu/en', host: 'alpha' });
      assert.notEqual(after.headers.etag, before.headers.etag);
      const names = after.json.data.sections.find((s: any) => s.id === primi.id).items.map((i: any) => i.name);
      assert.equal(names.at(-1), 'Tagliatelle with ragù');
      const search = await call(t.app, { url: '/api/v1/items?search=ragu', host: 'alpha' });
      assert.deepEqual(
        search.json.data.map((i: any) => i.id),
        [dish.id],
      );
    });

    test('PUT is partial, PATCH is its alias, GET reads back, DELETE answers 204 and the dish is gone', async () => {
      const created = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: section('Dolci').id, name: { it: 'Panna cotta' }, price: 5, allergens: ['latte'] },
      });
      const id = created.json.data.id;
      const put = await admin({ method: 'PUT', url: `/api/v1/admin/items/${id}`, body: { price: 5.5 } });
      assert.equal(put.statusCode, 200);
      assert.equal(put.json.data.price, 5.5);
      assert.equal(put.json.data.name, 'Panna cotta');
      assert.deepEqual(put.json.data.allergens, ['latte']);
      const patch = await admin({ method: 'PATCH', url: `/api/v1/admin/items/${id}`, body: { is_active: false } });
      assert.equal(patch.json.data.is_active, false);
      assert.equal(patch.json.data.price, 5.5);
      const got = await admin({ url: `/api/v1/admin/items/${id}` });
      assert.equal(got.json.data.is_active, false);
      assert.equal(
        (await call(t.app, { url: `/api/v1/items/${id}`, host: 'alpha' })).statusCode,
        404,
        'inactive: hidden',
      );
      const list = await admin({ url: '/api/v1/admin/items?is_active=0' });
      assert.ok(
        list.json.data.some((i: any) => i.id === id),
        'the owner still sees it',
      );
      const del = await admin({ method: 'DELETE', url: `/api/v1/admin/items/${id}` });
      assert.equal(del.statusCode, 204);
      assert.equal(del.body, '');
      const gone = await admin({ url: `/api/v1/admin/items/${id}` });
      assert.equal(gone.statusCode, 404);
      assert.deepEqual(gone.json, { success: false, message: 'Resource not found.' });
      assert.equal((await admin({ method: 'DELETE', url: `/api/v1/admin/items/${id}` })).statusCode, 404);
      assert.equal(
        (await admin({ method: 'PUT', url: `/api/v1/admin/items/${id}`, body: { price: 1 } })).statusCode,
        404,
      );
    });

    test('moving a dish to another section needs a sub-category of that section (or none)', async () => {
      const primi = section('Primi');
      const dish = primi.items[0];
      const res = await admin({
        method: 'PUT',
        url: `/api/v1/admin/items/${dish.id}`,
        body: { category_id: section('Dolci').id },
      });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(Object.keys(res.json.errors), ['type_id']);
      // Said as it is, not the generic "is invalid": the sub-category exists, but in another section.
      assert.match(res.json.errors.type_id[0], /appartiene a un'altra sezione/);
      const ok = await admin({
        method: 'PUT',
        url: `/api/v1/admin/items/${dish.id}`,
        body: { category_id: section('Dolci').id, type_id: null },
      });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json.data.type_id, null);
    });

    test('the admin list filters and paginates like /items, inactive dishes included', async () => {
      const all = await admin({ url: '/api/v1/admin/items?per_page=100' });
      assert.ok(
        all.json.data.some((i: any) => i.name === 'Fiori fritti'),
        'inactive dish listed',
      );
      assert.ok(
        all.json.data.some((i: any) => i.name === 'Spritz'),
        'out-of-window dish listed',
      );
      const page = await admin({ url: '/api/v1/admin/items?per_page=2&page=2' });
      assert.equal(page.json.meta.per_page, 2);
      assert.equal(page.json.meta.page, 2);
      assert.equal(page.json.data.length, 2);
      const bad = await admin({ url: '/api/v1/admin/items?per_page=0' });
      assert.equal(bad.statusCode, 422);
    });

    test('ids beyond 32 bits and control characters are refused cleanly (never a 500)', async () => {
      const dolci = section('Dolci').id;
      const cases: [unknown, string][] = [
        [{ category_id: 3000000000, name: { it: 'X' }, price: 1 }, 'category_id'],
        [{ category_id: 1e300, name: { it: 'X' }, price: 1 }, 'category_id'],
        [{ category_id: dolci, winery_id: 99999999999, name: { it: 'X' }, price: 1 }, 'winery_id'],
        [{ category_id: dolci, name: { it: 'x\u0000y' }, price: 1 }, 'name.it'],
        [{ category_id: dolci, name: { it: 'x' }, description: { en: 'bell\u0007' }, price: 1 }, 'description.en'],
      ];
      for (const [body, field] of cases) {
        const res = await admin({ method: 'POST', url: '/api/v1/admin/items', body });
        assert.equal(res.statusCode, 422, field);
        assert.ok(res.json.errors[field], `${field}: ${JSON.stringify(res.json)}`);
      }
      assert.equal(
        (await admin({ method: 'PUT', url: '/api/v1/admin/items/3000000000', body: { price: 1 } })).statusCode,
        404,
      );
      const tab = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: dolci, name: { it: 'Riga 1\nRiga 2\tfine' }, price: 1 },
      });
      assert.equal(tab.statusCode, 201, 'newlines and tabs are ordinary text');
      const bigToken = await call(t.app, {
        url: '/api/v1/admin/items',
        host: 'alpha',
        headers: { authorization: 'Bearer 3000000000|abcdef' },
      });
      assert.equal(bigToken.statusCode, 401);
    });

    test('malformed JSON answers 400 and an oversized body 413, both in the envelope', async () => {
      const malformed = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: '{"price": ',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(malformed.statusCode, 400);
      assert.deepEqual(malformed.json, { success: false, message: 'Il corpo della richiesta non è un JSON valido.' });
      const huge = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: JSON.stringify({ name: { it: 'x'.repeat(1024 * 1024) } }),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(huge.statusCode, 413);
      assert.equal(huge.json.success, false);
      const text = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: 'price=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(text.statusCode, 415);
      assert.equal(text.json.success, false);
    });
  });
}
