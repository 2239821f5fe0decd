// Sold out: a dish stays on the menu marked sold out until `sold_out_until` (by default the next
// 05:00 in the restaurant's time zone) or until switched back. Set through the admin API (a write:
// audit, webhook outbox, version bump); it lapses by itself at the moment given, on every instance,
// and the cached menu (ETag) and the diner page change at that moment. The clock is injected.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Change } from '../../src/catalog/write.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, dialects, openTestDb, type TestDb, testConfig } from '../helper.js';

/** 21:00 in Rome (UTC+1 in November). */
const EVENING = Date.parse('2026-11-26T20:00:00Z');
const NEXT_FIVE = '2026-11-27T04:00:00+00:00';

for (const dialect of dialects) {
  describe(`sold out (${dialect})`, () => {
    let db: TestDb;
    let now = EVENING;
    let app: FastifyInstance;
    let other: FastifyInstance;
    let token: string;
    let betaToken: string;
    const changes: Change[] = [];
    before(async () => {
      db = await openTestDb(dialect);
      const clock = { now: () => now };
      app = await buildApp(testConfig(), { database: db, ...clock });
      other = await buildApp(testConfig(), { database: db, ...clock });
      app.menuWriter.listen({ inTransaction: async (_trx, _tenant, _actor, c) => void changes.push(...c) });
      const alpha = await createFixtureTenant(db.db, 'alpha');
      const beta = await createFixtureTenant(db.db, 'beta');
      token = await tokenFor(db.db, alpha, ['menu:read', 'menu:write']);
      betaToken = await tokenFor(db.db, beta, ['menu:read', 'menu:write']);
    });
    after(async () => {
      await app.close();
      await other.close();
      await db.dispose();
    });

    const menu = async (instance = app, host = 'alpha') => {
      const res = await call(instance, { url: '/api/v1/menu/it', host });
      assert.equal(res.statusCode, 200);
      const dishes = res.json.data.sections.flatMap((s: { items: unknown[] }) => s.items);
      return { etag: res.headers.etag as string, dishes };
    };
    const dish = async (id: number, instance = app, host = 'alpha') =>
      (await menu(instance, host)).dishes.find((d: { id: number }) => d.id === id);
    const firstDish = async (host = 'alpha') => (await menu(app, host)).dishes[0].id as number;
    const put = (id: number, body: object, t = token, host = 'alpha') =>
      adminCall(app, t, { method: 'PUT', url: `/api/v1/admin/items/${id}`, host, body });

    test('sold out until tonight 05:00 local by default: on the menu, the page and the admin JSON; a write with audit', async () => {
      const id = await firstDish();
      const before = await menu();
      changes.length = 0;
      const res = await put(id, { sold_out: true });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json.data.sold_out, true);
      assert.equal(res.json.data.sold_out_until, NEXT_FIVE);
      // The write went through writeMenu: the webhook outbox and the audit log saw it.
      assert.deepEqual(
        changes.map((c) => [c.resource, c.action]),
        [['items', 'updated']],
      );
      const log = await adminCall(app, token, { url: `/api/v1/admin/audit?resource=items&id=${id}`, host: 'alpha' });
      assert.deepEqual(log.json.data[0].changes.sold_out, { before: false, after: true });
      assert.deepEqual(log.json.data[0].changes.sold_out_until, { before: null, after: NEXT_FIVE });

      const after = await menu();
      assert.notEqual(after.etag, before.etag);
      const shown = after.dishes.find((d: { id: number }) => d.id === id);
      assert.equal(shown.sold_out, true, 'still on the menu, marked');
      assert.equal(shown.sold_out_until, NEXT_FIVE);
      assert.equal((await dish(id, other)).sold_out, true, 'the other instance too');
      const page = await call(app, { url: '/?lang=en', host: 'alpha', headers: { accept: 'text/html' } });
      assert.match(page.body, new RegExp(`<li class="dish sold-out" data-item-id="${id}"[^]*?Sold out</span>`));
      const admin = await adminCall(app, token, { url: `/api/v1/admin/items/${id}`, host: 'alpha' });
      assert.equal(admin.json.data.sold_out, true);
      assert.equal((await call(app, { url: `/api/v1/items/${id}`, host: 'alpha' })).json.data.sold_out, true);
      // Another restaurant's menu is untouched.
      assert.ok((await menu(app, 'beta')).dishes.every((d: { sold_out: boolean }) => !d.sold_out));
    });

    test('it lapses at the moment given on every instance, without a write; the cached menu changes then', async () => {
      const id = await firstDish();
      now = Date.parse('2026-11-27T03:59:00Z');
      const late = await menu();
      assert.equal((await dish(id)).sold_out, true);
      assert.equal((await dish(id, other)).sold_out, true);
      now = Date.parse('2026-11-27T04:00:00Z');
      const changed = await menu();
      assert.notEqual(changed.etag, late.etag, 'a new document at the moment, like a time window');
      for (const instance of [app, other]) {
        const d = await dish(id, instance);
        assert.equal(d.sold_out, false);
        assert.equal(d.sold_out_until, null);
      }
      const admin = await adminCall(app, token, { url: `/api/v1/admin/items/${id}`, host: 'alpha' });
      assert.equal(admin.json.data.sold_out, false);
      const page = await call(app, { url: '/?lang=en', host: 'alpha', headers: { accept: 'text/html' } });
      assert.doesNotMatch(page.body, /class="dish sold-out"/);
    });

    test('until switched back (sold_out_until null), a time of one’s own, switching back, and refusals', async () => {
      const id = await firstDish();
      now = EVENING;
      const held = await put(id, { sold_out: true, sold_out_until: null });
      assert.equal(held.statusCode, 200, held.body);
      assert.equal(held.json.data.sold_out_until, null);
      now = EVENING + 3 * 24 * 60 * 60_000;
      assert.equal((await dish(id)).sold_out, true, 'days later, still sold out');
      const back = await put(id, { sold_out: false });
      assert.equal(back.json.data.sold_out, false);
      assert.equal((await dish(id)).sold_out, false);

      const own = await put(id, { sold_out: true, sold_out_until: '2026-11-30T21:30:20+01:00' });
      assert.equal(own.statusCode, 200, own.body);
      assert.equal(own.json.data.sold_out_until, '2026-11-30T20:31:00+00:00', 'kept to the minute, rounded up');
      const past = await put(id, { sold_out: true, sold_out_until: '2026-11-01T10:00:00Z' });
      assert.equal(past.statusCode, 422);
      assert.ok(past.json.errors.sold_out_until);
      const malformed = await put(id, { sold_out: 'yes', sold_out_until: 'tonight' });
      assert.equal(malformed.statusCode, 422);
      assert.deepEqual(Object.keys(malformed.json.errors).sort(), ['sold_out', 'sold_out_until']);
      // A time already past is reported with the other rules' issues, not alone.
      const together = await put(id, { sold_out: true, sold_out_until: '2026-11-26T19:00:00Z', category_id: 999_999 });
      assert.equal(together.statusCode, 422);
      assert.deepEqual(Object.keys(together.json.errors).sort(), ['category_id', 'sold_out_until']);
      // A read written back unchanged changes nothing.
      const read = (await adminCall(app, token, { url: `/api/v1/admin/items/${id}`, host: 'alpha' })).json.data;
      const again = await put(id, { sold_out: read.sold_out, sold_out_until: read.sold_out_until });
      assert.equal(again.json.data.sold_out_until, '2026-11-30T20:31:00+00:00');
      // A menu:read token cannot set it.
      const reader = await tokenFor(db.db, (await app.tenants.lookup('alpha.localhost'))!.id, ['menu:read'], 'reader');
      assert.equal((await put(id, { sold_out: false }, reader)).statusCode, 403);
    });

    test('the default follows the restaurant’s time zone; another restaurant’s dish is not reachable', async () => {
      now = EVENING;
      const betaDish = await firstDish('beta');
      const settings = await adminCall(app, betaToken, {
        method: 'PUT',
        url: '/api/v1/admin/settings',
        host: 'beta',
        body: { timezone: 'America/New_York' },
      });
      assert.equal(settings.statusCode, 200, settings.body);
      const res = await put(betaDish, { sold_out: true }, betaToken, 'beta');
      assert.equal(res.json.data.sold_out_until, '2026-11-27T10:00:00+00:00', '05:00 in New York');
      assert.equal((await put(betaDish, { sold_out: true })).statusCode, 404, 'alpha’s token, beta’s dish');
    });
  });
}
