// The contract edges an integrator found by probing (issue 12): one 422 for schema and database
// rules, DELETE with an empty JSON body, array-style query fields, offered locales and the
// fallback, any /menu/{locale} segment, trailing slashes, inactive sub-categories, the default
// locale's name, bounded analytics, clearer messages, and CORS on public reads only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';

for (const dialect of dialects) {
  describe(`contract edges (${dialect})`, () => {
    let t: TestApp;
    let token: string;
    let betaToken: string;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 });
      const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
      token = await tokenFor(t.db.db, alpha, ['menu:read', 'menu:write', 'analytics:read']);
      betaToken = await tokenFor(t.db.db, beta, ['menu:read', 'menu:write']);
    });
    after(() => t.close());

    const admin = (c: Parameters<typeof adminCall>[2]) => adminCall(t.app, token, { host: 'alpha', ...c });
    const sections = async () => (await admin({ url: '/api/v1/admin/categories' })).json.data as any[];

    test('one 422 lists schema rules and database rules together, counted exactly; nothing is written', async () => {
      const before = (await admin({ url: '/api/v1/admin/items?per_page=100' })).json.meta.total;
      const res = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: 999999, winery_id: 888888, name: { it: 'Carbonara' }, price: -1, foo: 1 },
      });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json.errors, {
        category_id: ['Il valore scelto per il campo category id non è valido.'],
        winery_id: ['Il valore scelto per il campo winery id non è valido.'],
        price: ['Price deve essere almeno 0.'],
        foo: ['Il campo foo non è consentito.'],
      });
      assert.equal(res.json.message, 'Il valore scelto per il campo category id non è valido. (e 3 altri errori)');
      // A valid body with a database rule failing alone, and an update mixing both kinds.
      const only = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: 999999, name: { it: 'X' }, price: 1 },
      });
      assert.deepEqual(only.json.errors, { category_id: ['Il valore scelto per il campo category id non è valido.'] });
      const dish = (await admin({ url: '/api/v1/admin/items' })).json.data[0];
      const put = await admin({
        method: 'PUT',
        url: `/api/v1/admin/items/${dish.id}`,
        body: { winery_id: 777777, price: 'x' },
      });
      assert.equal(put.statusCode, 422);
      assert.deepEqual(Object.keys(put.json.errors).sort(), ['price', 'winery_id']);
      assert.equal(put.json.message, 'Il valore scelto per il campo winery id non è valido. (e 1 altro errore)');
      const unchanged = await admin({ url: `/api/v1/admin/items/${dish.id}` });
      assert.deepEqual(unchanged.json.data, dish);
      assert.equal((await admin({ url: '/api/v1/admin/items?per_page=100' })).json.meta.total, before);
      // Settings: schema and service rules in one answer too.
      const settings = await admin({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        body: { default_locale: 'de', supported_locales: ['it', 'en'], timezone: 'Mars/Base', email: 'nope' },
      });
      assert.equal(settings.statusCode, 422);
      assert.deepEqual(Object.keys(settings.json.errors).sort(), ['default_locale', 'email', 'timezone']);
    });

    test('the required translation is the default locale: name.de for a German restaurant, and only on writes', async () => {
      const section = (await sections())[0];
      // Written while Italian was the default: stays valid after the change.
      const italianOnly = await admin({
        method: 'POST',
        url: '/api/v1/admin/types',
        body: { category_id: section.id, name: { it: 'Solo italiano' } },
      });
      assert.equal(italianOnly.statusCode, 201);
      const put = await adminCall(t.app, betaToken, {
        host: 'beta',
        method: 'PUT',
        url: '/api/v1/admin/settings',
        body: { default_locale: 'de', supported_locales: ['de', 'en'] },
      });
      assert.equal(put.statusCode, 200);
      const betaSection = (await adminCall(t.app, betaToken, { host: 'beta', url: '/api/v1/admin/categories' })).json
        .data[0];
      const noGerman = await adminCall(t.app, betaToken, {
        host: 'beta',
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: betaSection.id, name: { it: 'Carbonara' }, price: 12 },
      });
      assert.equal(noGerman.statusCode, 422);
      assert.deepEqual(noGerman.json.errors, { 'name.de': ['Il campo name.de è richiesto.'] });
      const german = await adminCall(t.app, betaToken, {
        host: 'beta',
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: betaSection.id, name: { de: 'Carbonara' }, price: 12 },
      });
      assert.equal(german.statusCode, 201);
      // An update that does not send the name leaves older rows alone.
      const priced = await adminCall(t.app, betaToken, {
        host: 'beta',
        method: 'PATCH',
        url: `/api/v1/admin/categories/${betaSection.id}`,
        body: { display_order: 3 },
      });
      assert.equal(priced.statusCode, 200);
      // Alpha (Italian) still needs name.it.
      const alpha = await admin({
        method: 'POST',
        url: '/api/v1/admin/categories',
        body: { name: { de: 'Nur Deutsch' } },
      });
      assert.deepEqual(alpha.json.errors, { 'name.it': ['Il campo name.it è richiesto.'] });
    });

    test('DELETE ignores an empty body whatever its content type', async () => {
      const section = (await sections())[0];
      for (const contentType of ['application/json', 'text/plain']) {
        const created = await admin({
          method: 'POST',
          url: '/api/v1/admin/types',
          body: { category_id: section.id, name: { it: `Da cancellare ${contentType}` } },
        });
        const res = await admin({
          method: 'DELETE',
          url: `/api/v1/admin/types/${created.json.data.id}`,
          headers: { 'content-type': contentType },
        });
        assert.equal(res.statusCode, 204, contentType);
        assert.equal((await admin({ url: `/api/v1/admin/types/${created.json.data.id}` })).statusCode, 404);
      }
    });

    test('array-style and repeated scalar query fields answer 422', async () => {
      for (const url of ['/api/v1/items?category_id[]=2', '/api/v1/items?category_id=1&category_id=2']) {
        const res = await call(t.app, { url, host: 'alpha' });
        assert.equal(res.statusCode, 422, url);
        assert.deepEqual(Object.keys(res.json.errors), ['category_id'], url);
      }
    });

    test('locales: offered ones are served, others fall back to Italian (or the default), any segment is 200', async () => {
      await adminCall(t.app, betaToken, {
        host: 'beta',
        method: 'PUT',
        url: '/api/v1/admin/settings',
        body: { default_locale: 'en', supported_locales: ['it', 'en'] },
      });
      const locale = async (host: string, url: string) => {
        const res = await call(t.app, { url, host });
        assert.equal(res.statusCode, 200, url);
        return res.json.meta.locale;
      };
      assert.equal(await locale('beta', '/api/v1/menu/de'), 'it', 'not offered: Italian');
      assert.equal(await locale('beta', '/api/v1/menu/en'), 'en');
      assert.equal(await locale('beta', '/api/v1/menu'), 'en', 'no locale: the default');
      assert.equal(await locale('beta', `/api/v1/menu/${'x'.repeat(80)}`), 'it', 'a long segment');
      assert.equal(await locale('beta', '/api/v1/items?locale=fr'), 'it');
      assert.equal(await locale('beta', '/api/v1/menu/en/'), 'en', 'trailing slash');
      assert.equal(await locale('alpha', '/api/v1/categories/'), 'it');
      assert.equal(await locale('alpha', '/api/v1/menu/de'), 'de', 'alpha offers German');
      // A restaurant that does not offer Italian falls back to its default locale.
      await adminCall(t.app, betaToken, {
        host: 'beta',
        method: 'PUT',
        url: '/api/v1/admin/settings',
        body: { default_locale: 'de', supported_locales: ['de', 'en'] },
      });
      assert.equal(await locale('beta', '/api/v1/menu/fr'), 'de');
      assert.equal(await locale('beta', '/api/v1/menu/xx'), 'de');
    });

    test('an inactive sub-category hides its dishes from public reads, not from the owner', async () => {
      const items = (await admin({ url: '/api/v1/admin/items?per_page=100' })).json.data as any[];
      const dish = items.find((i) => i.type_id !== null && i.is_active);
      assert.ok(dish, `the fixture has a dish with a sub-category: ${JSON.stringify(items.map((i) => i.type_id))}`);
      const off = await admin({
        method: 'PATCH',
        url: `/api/v1/admin/types/${dish.type_id}`,
        body: { is_active: false },
      });
      assert.equal(off.statusCode, 200);
      const pub = (await call(t.app, { url: '/api/v1/items?per_page=100', host: 'alpha' })).json.data as any[];
      assert.equal(
        pub.find((i) => i.id === dish.id),
        undefined,
      );
      assert.equal(
        (await call(t.app, { url: `/api/v1/items?type_id=${dish.type_id}`, host: 'alpha' })).json.data.length,
        0,
      );
      assert.equal((await call(t.app, { url: `/api/v1/items/${dish.id}`, host: 'alpha' })).statusCode, 404);
      const menu = (await call(t.app, { url: '/api/v1/menu', host: 'alpha' })).json.data;
      const dishIds: number[] = [];
      const walk = (sections: any[]) => {
        for (const s of sections ?? []) {
          for (const i of s.items ?? []) dishIds.push(i.id);
          walk(s.children);
        }
      };
      walk(menu.sections);
      assert.ok(dishIds.length > 0 && !dishIds.includes(dish.id), 'not in /menu');
      assert.equal((await admin({ url: `/api/v1/admin/items/${dish.id}` })).statusCode, 200);
      await admin({ method: 'PATCH', url: `/api/v1/admin/types/${dish.type_id}`, body: { is_active: true } });
      const back = (await call(t.app, { url: '/api/v1/items?per_page=100', host: 'alpha' })).json.data as any[];
      assert.ok(
        back.find((i) => i.id === dish.id),
        'back once the sub-category is active',
      );
    });

    test('analytics: future periods and unknown event locales are refused', async () => {
      const future = await admin({ url: '/api/v1/admin/analytics/overview?from=2099-01-01&to=2099-01-31' });
      assert.equal(future.statusCode, 422);
      assert.deepEqual(Object.keys(future.json.errors), ['to']);
      assert.match(future.json.errors.to[0], /precedente o uguale/);
      const event = await call(t.app, {
        method: 'POST',
        url: '/api/v1/analytics/events',
        host: 'alpha',
        body: { events: [{ type: 'menu_view', session_id: 's1', locale: 'klingon' }] },
      });
      assert.equal(event.statusCode, 422);
      assert.deepEqual(Object.keys(event.json.errors), ['events.0.locale']);
    });

    test('messages list the valid allergen keys and say HH:MM', async () => {
      const section = (await sections())[0];
      const milk = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        headers: { 'accept-language': 'en' },
        body: { category_id: section.id, name: { it: 'Latte' }, price: 1, allergens: ['milk'] },
      });
      assert.equal(milk.statusCode, 422);
      assert.match(milk.json.errors['allergens.0'][0], /^The selected allergens\.0 is invalid\. Valid values: .*latte/);
      const time = await admin({
        method: 'PATCH',
        url: `/api/v1/admin/categories/${section.id}`,
        headers: { 'accept-language': 'en' },
        body: { time_start: '7pm' },
      });
      assert.deepEqual(time.json.errors, { time_start: ['The time start field must match the format HH:MM.'] });
    });

    test('CORS: public reads and their preflight are open to any origin; the admin API sends no CORS header', async () => {
      const read = await call(t.app, {
        url: '/api/v1/menu',
        host: 'alpha',
        headers: { origin: 'https://alpha.example' },
      });
      assert.equal(read.headers['access-control-allow-origin'], '*');
      const missing = await call(t.app, { url: '/api/v1/items/99999', host: 'alpha' });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.headers['access-control-allow-origin'], '*');
      const preflight = await call(t.app, {
        method: 'OPTIONS',
        url: '/api/v1/items?locale=en',
        host: 'alpha',
        headers: { origin: 'https://alpha.example', 'access-control-request-method': 'GET' },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.match(String(preflight.headers['access-control-allow-methods']), /GET/);
      const adminRead = await admin({ url: '/api/v1/admin/items', headers: { origin: 'https://alpha.example' } });
      assert.equal(adminRead.statusCode, 200);
      assert.equal(adminRead.headers['access-control-allow-origin'], undefined);
      const adminPreflight = await call(t.app, {
        method: 'OPTIONS',
        url: '/api/v1/admin/items',
        host: 'alpha',
        headers: { origin: 'https://alpha.example', 'access-control-request-method': 'GET' },
      });
      assert.notEqual(adminPreflight.statusCode, 204);
      assert.equal(adminPreflight.headers['access-control-allow-origin'], undefined);
      assert.equal(adminPreflight.headers['access-control-allow-methods'], undefined);
    });
  });
}
