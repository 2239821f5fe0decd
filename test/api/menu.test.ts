// GET /api/v1/menu/{locale?}: content rules, locale fallback, time windows and the cached document.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bumpMenuVersion } from '../../src/accounts/tenants/repo.js';
import { createFixtureTenant, EVENING_UTC, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';
import { MENU_SECTION_KEYS } from '../wire-keys.js';

for (const dialect of dialects) {
  describe(`GET /menu (${dialect})`, () => {
    let t: TestApp;
    let clock = NOON_UTC;
    before(async () => {
      t = await createTestApp(dialect, {}, { now: () => clock });
      await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createFixtureTenant(t.db.db, 'beta', 'Beta');
    });
    after(() => t.close());

    test('answers the envelope with settings, theme and sections, meta with generated_at and locale', async () => {
      const res = await call(t.app, { url: '/api/v1/menu/en', host: 'alpha' });
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /^application\/json/);
      assert.equal(res.json.success, true);
      assert.equal(res.json.meta.locale, 'en');
      assert.match(res.json.meta.generated_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      assert.equal(res.json.data.settings.slug, 'alpha');
      assert.equal(res.json.data.settings.is_active, true);
      assert.deepEqual(res.json.data.settings.supported_locales, ['it', 'en', 'fr', 'de', 'es']);
      assert.equal(res.json.data.theme.primary_color, '#112233');
      const names = res.json.data.sections.map((s: any) => s.name);
      // Aperitivo is closed at 13:00 in Rome; wine and its sub-section come after every other section.
      assert.deepEqual(names, ['Starters', 'First courses', 'Desserts', 'Wines', 'Reds']);
    });

    test('has the spec fields and types on every section and dish', async () => {
      const res = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' });
      const section = res.json.data.sections[0];
      assert.deepEqual(Object.keys(section).sort(), MENU_SECTION_KEYS);
      assert.equal(section.parent_id, null);
      assert.equal(section.is_active, true);
      assert.equal(section.notes, 'Pane fatto in casa');
      const dish = section.items[0];
      assert.deepEqual(Object.keys(dish).sort(), [
        'allergen_traces',
        'allergens',
        'category_id',
        'description',
        'description_translations',
        'dietary',
        'display_order',
        'id',
        'image_url',
        'is_active',
        'is_recommended',
        'name',
        'name_translations',
        'option_group_ids',
        'option_groups',
        'price',
        'sold_out',
        'sold_out_until',
        'type_id',
        'variants',
        'winery',
        'winery_id',
      ]);
      assert.equal(dish.sold_out, false);
      assert.equal(dish.sold_out_until, null);
      assert.equal(typeof dish.id, 'number');
      assert.equal(dish.price, 6.5);
      assert.equal(dish.is_recommended, true);
      assert.deepEqual(dish.allergens, ['cereali_glutine']);
      assert.equal(dish.winery, null);
      const reds = res.json.data.sections.find((s: any) => s.name === 'Rossi');
      assert.equal(reds.menu_type, 'wine');
      assert.equal(typeof reds.parent_id, 'number');
      assert.equal(reds.items[0].winery.name, 'Cantina Alpha');
      assert.equal(reds.items[0].winery.region, 'Piemonte');
      const primi = res.json.data.sections.find((s: any) => s.name === 'Primi');
      assert.deepEqual(
        primi.types.map((ty: any) => ty.name),
        ['Pasta', 'Risotti'],
      );
      assert.equal(primi.show_subcategories, true);
      assert.equal(primi.items[1].price, 14.25);
    });

    test('returns only active dishes', async () => {
      const res = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' });
      const all = res.json.data.sections.flatMap((s: any) => s.items.map((i: any) => i.name));
      assert.ok(!all.includes('Fiori fritti'));
      assert.ok(all.includes('Caprese'));
    });

    test('an unsupported locale answers 200 in Italian; a missing translation falls back to Italian', async () => {
      const res = await call(t.app, { url: '/api/v1/menu/xx', host: 'alpha' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.meta.locale, 'it');
      assert.equal(res.json.data.sections[0].name, 'Antipasti');
      const fr = await call(t.app, { url: '/api/v1/menu/fr', host: 'alpha' });
      assert.equal(fr.json.meta.locale, 'fr');
      assert.equal(fr.json.data.sections[0].name, 'Antipasti');
      assert.deepEqual(fr.json.data.sections[0].name_translations, { it: 'Antipasti', en: 'Starters' });
    });

    test('without a locale uses the restaurant default; ?locale= works too', async () => {
      const res = await call(t.app, { url: '/api/v1/menu', host: 'alpha' });
      assert.equal(res.json.meta.locale, 'it');
      const q = await call(t.app, { url: '/api/v1/menu?locale=en', host: 'alpha' });
      assert.equal(q.json.meta.locale, 'en');
    });

    test('a time-windowed section appears inside its window, and the ETag changes at the boundary', async () => {
      const closed = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' });
      clock = EVENING_UTC;
      try {
        const open = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' });
        const names = open.json.data.sections.map((s: any) => s.name);
        assert.deepEqual(names, ['Antipasti', 'Primi', 'Aperitivo', 'Dolci', 'Vini', 'Rossi']);
        assert.notEqual(open.headers.etag, closed.headers.etag);
      } finally {
        clock = NOON_UTC;
      }
      // Back outside the window: the very same document (and ETag) as before, from the cache.
      const again = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' });
      assert.equal(again.headers.etag, closed.headers.etag);
      assert.equal(again.body, closed.body);
    });

    test('serves a cached document with a strong ETag and answers If-None-Match with 304', async () => {
      const first = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' });
      const etag = first.headers.etag as string;
      assert.match(etag, /^"[^"]+"$/);
      assert.equal(first.headers['cache-control'], 'public, no-cache');
      assert.equal(first.headers.vary, 'Accept-Encoding');
      const second = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' });
      assert.equal(second.body, first.body, 'a hit serves the very same bytes (same generated_at)');
      const revalidated = await call(t.app, {
        url: '/api/v1/menu/it',
        host: 'alpha',
        headers: { 'if-none-match': etag },
      });
      assert.equal(revalidated.statusCode, 304);
      assert.equal(revalidated.body, '');
      assert.equal(revalidated.headers.etag, etag);
    });

    test('serves gzip and brotli forms with their own ETags, decoding to the same document', async () => {
      const plain = await call(t.app, { url: '/api/v1/menu/de', host: 'alpha' });
      const gz = await call(t.app, { url: '/api/v1/menu/de', host: 'alpha', headers: { 'accept-encoding': 'gzip' } });
      const br = await call(t.app, {
        url: '/api/v1/menu/de',
        host: 'alpha',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body);
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
      const tags = new Set([plain.headers.etag, gz.headers.etag, br.headers.etag]);
      assert.equal(tags.size, 3);
      const notModified = await call(t.app, {
        url: '/api/v1/menu/de',
        host: 'alpha',
        headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
      });
      assert.equal(notModified.statusCode, 304);
    });

    test('a write that bumps the menu version is visible on the next request', async () => {
      const before = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' });
      const tenant = t.app.tenants.peek('alpha.localhost')!;
      await t.db.db
        .updateTable('items')
        .set({ price_cents: 700 })
        .where('tenant_id', '=', tenant.id)
        .where('price_cents', '=', 650)
        .execute();
      t.app.tenants.noteMenuVersion(tenant.id, await bumpMenuVersion(t.db.db, tenant.id));
      const afterWrite = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' });
      assert.notEqual(afterWrite.headers.etag, before.headers.etag);
      assert.equal(afterWrite.json.data.sections[0].items[0].price, 7);
    });

    test('a write made by another process is picked up by the periodic refresh', async () => {
      const tenant = t.app.tenants.peek('beta.localhost') ?? (await t.app.tenants.lookup('beta.localhost'))!;
      const before = await call(t.app, { url: '/api/v1/menu/it', host: 'beta' });
      await t.db.db.updateTable('settings').set({ name: 'Renamed Beta' }).where('tenant_id', '=', tenant.id).execute();
      await bumpMenuVersion(t.db.db, tenant.id); // no noteMenuVersion: as if another instance wrote it
      const deadline = Date.now() + 3000;
      let res = before;
      while (Date.now() < deadline) {
        res = await call(t.app, { url: '/api/v1/menu/it', host: 'beta' });
        if (res.json.data.settings.name === 'Renamed Beta') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.equal(res.json.data.settings.name, 'Renamed Beta');
    });

    test('each tenant sees only its own menu', async () => {
      const a = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' });
      const b = await call(t.app, { url: '/api/v1/menu/it', host: 'beta' });
      const aNames = a.json.data.sections.flatMap((s: any) => s.items.map((i: any) => i.name));
      const bNames = b.json.data.sections.flatMap((s: any) => s.items.map((i: any) => i.name));
      assert.ok(aNames.some((n: string) => n.includes('Alpha')));
      assert.ok(!aNames.some((n: string) => n.includes('Beta')));
      assert.ok(bNames.some((n: string) => n.includes('Beta')));
      const aIds = new Set(a.json.data.sections.flatMap((s: any) => s.items.map((i: any) => i.id)));
      assert.ok(!b.json.data.sections.some((s: any) => s.items.some((i: any) => aIds.has(i.id))));
    });
  });
}
