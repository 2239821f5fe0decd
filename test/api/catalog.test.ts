// Public GET /categories, /categories/{id}, /items, /items/{id}, /restaurant, /theme, /allergens.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFixtureTenant, EVENING_UTC, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';
import { THEME_KEYS, TYPE_KEYS } from '../wire-keys.js';

for (const dialect of dialects) {
  describe(`public catalog endpoints (${dialect})`, () => {
    let t: TestApp;
    let clock = NOON_UTC;
    before(async () => {
      t = await createTestApp(dialect, {}, { now: () => clock });
      await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createFixtureTenant(t.db.db, 'beta', 'Beta');
    });
    after(() => t.close());

    const get = (url: string, host = 'alpha') => call(t.app, { url, host });

    test('/categories lists visible top-level sections by display_order with items, types and children', async () => {
      const res = await get('/api/v1/categories?locale=en');
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.meta.locale, 'en');
      assert.deepEqual(
        res.json.data.map((s: any) => s.name),
        ['Starters', 'Wines', 'First courses', 'Desserts'],
      );
      const wines = res.json.data[1];
      assert.deepEqual(wines.items, []);
      assert.equal(wines.children.length, 1);
      assert.equal(wines.children[0].name, 'Reds');
      assert.deepEqual(wines.children[0].children, []);
      assert.equal(wines.children[0].items[0].winery.name, 'Cantina Alpha');
      assert.deepEqual(
        res.json.data[2].types.map((x: any) => x.name),
        ['Pasta', 'Risottos'],
      );
      assert.deepEqual(Object.keys(res.json.data[2].types[0]).sort(), TYPE_KEYS);
    });

    test('/categories/{id} returns one section with children; sub-sections too; unknown ids 404 JSON', async () => {
      const list = (await get('/api/v1/categories')).json.data;
      const wines = await get(`/api/v1/categories/${list[1].id}`);
      assert.equal(wines.statusCode, 200);
      assert.equal(wines.json.data.children.length, 1);
      const reds = await get(`/api/v1/categories/${list[1].children[0].id}`);
      assert.equal(reds.json.data.name, 'Rossi');
      assert.deepEqual(reds.json.data.children, []);
      for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
        const missing = await get(`/api/v1/categories/${id}`);
        assert.equal(missing.statusCode, 404, id);
        assert.deepEqual(missing.json, { success: false, message: 'Resource not found.' });
      }
    });

    test('a section of another tenant is not found', async () => {
      const betaSection = (await get('/api/v1/categories', 'beta')).json.data[0].id;
      const res = await get(`/api/v1/categories/${betaSection}`);
      assert.equal(res.statusCode, 404);
      const betaItem = (await get('/api/v1/items', 'beta')).json.data[0].id;
      assert.equal((await get(`/api/v1/items/${betaItem}`)).statusCode, 404);
      assert.equal((await get(`/api/v1/items/${betaItem}`, 'beta')).statusCode, 200);
    });

    test('an out-of-window section is hidden from /categories, /categories/{id}, /items and /items/{id}', async () => {
      clock = EVENING_UTC;
      const open = (await get('/api/v1/categories')).json.data;
      const aperitivo = open.find((s: any) => s.name === 'Aperitivo');
      assert.ok(aperitivo);
      const spritz = aperitivo.items[0].id;
      clock = NOON_UTC;
      assert.equal((await get(`/api/v1/categories/${aperitivo.id}`)).statusCode, 404);
      assert.equal((await get(`/api/v1/items/${spritz}`)).statusCode, 404);
      const items = (await get('/api/v1/items')).json.data.map((i: any) => i.name);
      assert.ok(!items.includes('Spritz'));
    });

    test('/items lists visible dishes in menu order with the page meta', async () => {
      const res = await get('/api/v1/items');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(
        res.json.data.map((i: any) => i.name),
        ['Bruschetta Alpha', 'Caprese', 'Cacio e pepe', 'Risotto ai funghi', 'Tiramisù', 'Caffè', 'Barolo'],
      );
      const { generated_at, ...meta } = res.json.meta;
      assert.ok(generated_at);
      assert.deepEqual(meta, { locale: 'it', total: 7, page: 1, per_page: 50, last_page: 1 });
    });

    test('/items paginates with page and per_page; past the end is an empty page with correct meta', async () => {
      const p2 = await get('/api/v1/items?per_page=3&page=2');
      assert.deepEqual(
        p2.json.data.map((i: any) => i.name),
        ['Risotto ai funghi', 'Tiramisù', 'Caffè'],
      );
      assert.equal(p2.json.meta.last_page, 3);
      assert.equal(p2.json.meta.total, 7);
      const past = await get('/api/v1/items?per_page=3&page=9');
      assert.deepEqual(past.json.data, []);
      assert.equal(past.json.meta.page, 9);
      assert.equal(past.json.meta.last_page, 3);
    });

    test('/items filters by category_id, type_id and is_recommended', async () => {
      const categories = (await get('/api/v1/categories')).json.data;
      const primi = categories.find((s: any) => s.name === 'Primi');
      const byCategory = await get(`/api/v1/items?category_id=${primi.id}`);
      assert.deepEqual(
        byCategory.json.data.map((i: any) => i.name),
        ['Cacio e pepe', 'Risotto ai funghi'],
      );
      const risotti = primi.types.find((x: any) => x.name === 'Risotti');
      const byType = await get(`/api/v1/items?type_id=${risotti.id}`);
      assert.deepEqual(
        byType.json.data.map((i: any) => i.name),
        ['Risotto ai funghi'],
      );
      const recommended = await get('/api/v1/items?is_recommended=1');
      assert.deepEqual(
        recommended.json.data.map((i: any) => i.name),
        ['Bruschetta Alpha', 'Risotto ai funghi'],
      );
      const notRecommended = await get('/api/v1/items?is_recommended=0');
      assert.equal(notRecommended.json.meta.total, 5);
    });

    test('/items search is case- and accent-insensitive, across translations, all words must match', async () => {
      const names = async (q: string) =>
        (await get(`/api/v1/items?search=${encodeURIComponent(q)}`)).json.data.map((i: any) => i.name);
      assert.deepEqual(await names('caffe'), ['Tiramisù', 'Caffè']);
      assert.deepEqual(await names('TIRAMISU'), ['Tiramisù']);
      assert.deepEqual(await names('mushroom'), ['Risotto ai funghi']);
      assert.deepEqual(await names('pecorino pepe'), ['Cacio e pepe']);
      assert.deepEqual(await names('pecorino porcini'), []);
      assert.deepEqual(await names('100%'), ['Caffè']);
      assert.deepEqual(await names('_'), []);
    });

    test('/items rejects bad query values with 422 keyed by field', async () => {
      for (const [query, field] of [
        ['per_page=0', 'per_page'],
        ['per_page=abc', 'per_page'],
        ['per_page=101', 'per_page'],
        ['page=-1', 'page'],
        ['page=0', 'page'],
        ['category_id=x', 'category_id'],
        ['type_id=1.5', 'type_id'],
        ['is_recommended=yes', 'is_recommended'],
      ]) {
        const res = await get(`/api/v1/items?${query}`);
        assert.equal(res.statusCode, 422, query);
        assert.equal(res.json.success, false);
        assert.ok(Array.isArray(res.json.errors[field]), `${query}: ${JSON.stringify(res.json)}`);
        assert.equal(res.json.message, res.json.errors[field][0]);
      }
      const two = await get('/api/v1/items?per_page=0&page=x');
      assert.equal(two.json.message, 'Page deve essere un numero intero. (e 1 altro errore)');
      assert.deepEqual(Object.keys(two.json.errors).sort(), ['page', 'per_page']);
      const en = await call(t.app, {
        url: '/api/v1/items?per_page=abc',
        host: 'alpha',
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
      assert.equal(en.json.message, 'The per page field must be an integer.');
    });

    test('/items/{id} returns a dish with its winery; inactive or unknown dishes are 404', async () => {
      const all = (await get('/api/v1/items?locale=en')).json.data;
      const barolo = all.find((i: any) => i.name === 'Barolo');
      const res = await get(`/api/v1/items/${barolo.id}?locale=en`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.meta.locale, 'en');
      assert.equal(res.json.data.winery.description, 'Historic winery');
      assert.equal(res.json.data.winery_id, res.json.data.winery.id);
      const inactiveId = Math.max(...all.map((i: any) => i.id)) + 1000;
      assert.equal((await get(`/api/v1/items/${inactiveId}`)).statusCode, 404);
    });

    test('/restaurant and /theme answer the settings and theme objects with spec types', async () => {
      const settings = await get('/api/v1/restaurant');
      assert.equal(settings.statusCode, 200);
      assert.equal(typeof settings.json.data.id, 'number');
      assert.equal(settings.json.data.is_active, true);
      assert.equal(settings.json.data.name, 'Alpha alpha');
      assert.ok(settings.json.meta.generated_at);
      const theme = await get('/api/v1/theme');
      assert.deepEqual(Object.keys(theme.json.data).sort(), THEME_KEYS);
      const beta = await get('/api/v1/restaurant', 'beta');
      assert.equal(beta.json.data.name, 'Beta beta');
      assert.notEqual(beta.json.data.id, settings.json.data.id);
    });

    test('/allergens lists the 14 keys in the spec order, Italian by default, other locales on request', async () => {
      const res = await get('/api/v1/allergens');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(
        res.json.data.map((a: any) => a.key),
        [
          'cereali_glutine',
          'crostacei',
          'uova',
          'pesce',
          'arachidi',
          'soia',
          'latte',
          'frutta_guscio',
          'sedano',
          'senape',
          'sesamo',
          'solfiti',
          'lupini',
          'molluschi',
        ],
      );
      assert.equal(res.json.data[2].name, 'Uova');
      assert.equal(res.json.meta.locale, 'it');
      const de = await get('/api/v1/allergens?locale=de');
      assert.equal(de.json.data[6].name, 'Milch');
      const xx = await get('/api/v1/allergens?locale=xx');
      assert.equal(xx.json.meta.locale, 'it');
    });
  });
}
