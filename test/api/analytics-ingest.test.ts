// POST /api/v1/analytics/events: 202 for a valid batch, 422 naming the bad event and field,
// ids checked against the tenant, no cookie, nothing lost when the app shuts down.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp, testConfig } from '../helper.js';

for (const dialect of dialects) {
  describe(`analytics ingestion (${dialect})`, () => {
    let t: TestApp;
    let alphaItems: any[];
    let betaItems: any[];
    before(async () => {
      t = await createTestApp(dialect, { publicRateLimit: 1000 }, { now: () => NOON_UTC });
      await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createFixtureTenant(t.db.db, 'beta', 'Beta');
      alphaItems = (await call(t.app, { url: '/api/v1/items', host: 'alpha' })).json.data;
      betaItems = (await call(t.app, { url: '/api/v1/items', host: 'beta' })).json.data;
    });
    after(() => t.close());

    const post = (host: string, body: unknown, headers: Record<string, string> = {}) =>
      call(t.app, { method: 'POST', url: '/api/v1/analytics/events', host, body, headers });
    const stored = async (tenantSlug: string) => {
      const tenant = (await t.app.tenants.lookup(`${tenantSlug}.localhost`))!;
      return t.db.db
        .selectFrom('analytics_events')
        .selectAll()
        .where('tenant_id', '=', tenant.id)
        .orderBy('id')
        .execute();
    };

    test('a valid batch answers 202 at once, sets no cookie, and is stored by the writer', async () => {
      const res = await post('alpha', {
        events: [
          { type: 'menu_view', session_id: 'visit-1', locale: 'en', occurred_at: '2026-11-21T11:58:00Z' },
          { type: 'item_view', session_id: 'visit-1', item_id: alphaItems[0].id },
          { type: 'allergen_filter', session_id: 'visit-1', allergens: ['latte'] },
          { type: 'search', session_id: 'visit-1', query: 'tiramisu' },
        ],
      });
      assert.equal(res.statusCode, 202);
      assert.deepEqual(res.json.data, { accepted: 4 });
      assert.equal(res.headers['set-cookie'], undefined);
      assert.ok(res.headers['x-ratelimit-limit'], 'the public rate limit applies');
      await t.app.analytics.flush();
      const rows = await stored('alpha');
      assert.equal(rows.length, 4);
      assert.deepEqual(
        rows.map((r) => [r.type, r.day, r.hour, r.locale]),
        [
          ['menu_view', '2026-11-21', 12, 'en'],
          ['item_view', '2026-11-21', 13, 'it'],
          ['allergen_filter', '2026-11-21', 13, 'it'],
          ['search', '2026-11-21', 13, 'it'],
        ],
      );
      assert.equal(rows[1].category_id, alphaItems[0].category_id, 'a dish view counts for its section');
      assert.ok(!Object.keys(rows[0]).some((k) => /ip|addr|agent/i.test(k)), 'no client address is stored');
    });

    test('events sent again after being offline (same event_id) are stored and counted once; beta apart', async () => {
      const batch = {
        events: [
          { type: 'menu_view', event_id: 'offline-aaaa-1', session_id: 'visit-9', occurred_at: '2026-11-21T11:00:00Z' },
          { type: 'menu_view', event_id: 'offline-aaaa-2', session_id: 'visit-9', occurred_at: '2026-11-21T11:01:00Z' },
          { type: 'menu_view', event_id: 'offline-aaaa-2', session_id: 'visit-9', occurred_at: '2026-11-21T11:01:00Z' },
        ],
      };
      const views = async (slug: string) => {
        const tenant = (await t.app.tenants.lookup(`${slug}.localhost`))!;
        const row = await t.db.db
          .selectFrom('analytics_daily')
          .select('menu_views')
          .where('tenant_id', '=', tenant.id)
          .where('day', '=', '2026-11-21')
          .executeTakeFirst();
        return Number(row?.menu_views ?? 0);
      };
      const before = await views('alpha');
      const beforeBeta = await views('beta');
      assert.equal((await post('alpha', batch)).statusCode, 202);
      await t.app.analytics.flush();
      assert.equal((await post('alpha', batch)).statusCode, 202);
      await t.app.analytics.flush();
      // The same ids at another restaurant are that restaurant's own events.
      assert.equal((await post('beta', batch)).statusCode, 202);
      await t.app.analytics.flush();
      const rows = (await stored('alpha')).filter((r) => r.session_id === 'visit-9');
      assert.deepEqual(rows.map((r) => r.event_id).sort(), ['offline-aaaa-1', 'offline-aaaa-2']);
      assert.equal((await views('alpha')) - before, 2, 'the daily count grew by two, not six');
      assert.equal((await views('beta')) - beforeBeta, 2);
    });

    test('navigator.sendBeacon bodies (text/plain JSON) are accepted', async () => {
      const res = await post('alpha', JSON.stringify({ events: [{ type: 'menu_view', session_id: 'beacon' }] }), {
        'content-type': 'text/plain;charset=UTF-8',
      });
      assert.equal(res.statusCode, 202);
    });

    test('an invalid batch answers 422 naming the event and field, and stores nothing of it', async () => {
      await t.app.analytics.flush();
      const before = (await stored('alpha')).length;
      const cases: [unknown, string][] = [
        [{ events: [] }, 'events'],
        [{ events: Array.from({ length: 101 }, () => ({ type: 'menu_view', session_id: 'x' })) }, 'events'],
        [
          {
            events: [
              { type: 'menu_view', session_id: 'ok' },
              { type: 'click', session_id: 'x' },
            ],
          },
          'events.1.type',
        ],
        [{ events: [{ type: 'menu_view', session_id: '' }] }, 'events.0.session_id'],
        [{ events: [{ type: 'menu_view', session_id: 'x'.repeat(65) }] }, 'events.0.session_id'],
        [{ events: [{ type: 'menu_view' }] }, 'events.0.session_id'],
        [{ events: [{ type: 'section_view', session_id: 'x' }] }, 'events.0.category_id'],
        [{ events: [{ type: 'item_view', session_id: 'x' }] }, 'events.0.item_id'],
        [{ events: [{ type: 'allergen_filter', session_id: 'x', allergens: ['gluten'] }] }, 'events.0.allergens.0'],
        [{ events: [{ type: 'search', session_id: 'x' }] }, 'events.0.query'],
        [{ events: [{ type: 'menu_view', session_id: 'x', occurred_at: 'yesterday' }] }, 'events.0.occurred_at'],
        [
          { events: [{ type: 'menu_view', session_id: 'x', occurred_at: '2026-10-01T10:00:00Z' }] },
          'events.0.occurred_at',
        ],
        [{ events: [{ type: 'menu_view', session_id: 'x', ip: '1.2.3.4' }] }, 'events.0.ip'],
        [{ events: [{ type: 'menu_view', session_id: 'x' }], extra: 1 }, 'extra'],
      ];
      for (const [body, field] of cases) {
        const res = await post('alpha', body);
        assert.equal(res.statusCode, 422, field);
        assert.ok(res.json.errors[field], `${field}: ${JSON.stringify(res.json)}`);
      }
      await t.app.analytics.flush();
      assert.equal((await stored('alpha')).length, before);
    });

    test("ids of another tenant's menu are rejected", async () => {
      const res = await post('alpha', {
        events: [
          { type: 'item_view', session_id: 'x', item_id: betaItems[0].id },
          { type: 'section_view', session_id: 'x', category_id: betaItems[0].category_id },
        ],
      });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(Object.keys(res.json.errors).sort(), ['events.0.item_id', 'events.1.category_id']);
      assert.equal(
        (await post('beta', { events: [{ type: 'item_view', session_id: 'x', item_id: betaItems[0].id }] })).statusCode,
        202,
      );
    });

    test('events accepted just before a graceful shutdown are stored, none lost', async () => {
      const app = await buildApp(testConfig({ publicRateLimit: 1000 }), { database: t.db, now: () => NOON_UTC });
      await app.ready();
      const events = Array.from({ length: 100 }, (_, i) => ({ type: 'menu_view', session_id: `shutdown-${i % 7}` }));
      for (let i = 0; i < 3; i++) {
        const res = await call(app, {
          method: 'POST',
          url: '/api/v1/analytics/events',
          host: 'beta',
          body: { events },
        });
        assert.equal(res.statusCode, 202);
      }
      await app.close();
      const beta = (await t.app.tenants.lookup('beta.localhost'))!;
      const rows = await t.db.db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', beta.id)
        .where('session_id', 'like', 'shutdown-%')
        .executeTakeFirstOrThrow();
      assert.equal(Number(rows.n), 300);
    });
  });
}

for (const dialect of dialects) {
  describe(`analytics writer resilience (${dialect})`, () => {
    test('a NUL character in an event is refused at the door', async () => {
      const t = await createTestApp(dialect, {}, { now: () => NOON_UTC });
      try {
        await createFixtureTenant(t.db.db, 'alpha');
        const res = await call(t.app, {
          method: 'POST',
          url: '/api/v1/analytics/events',
          host: 'alpha',
          body: { events: [{ type: 'search', session_id: 'evil', query: 'a\u0000b' }] },
        });
        assert.equal(res.statusCode, 422);
        assert.ok(res.json.errors['events.0.query']);
      } finally {
        await t.close();
      }
    });

    test("events that cannot be stored do not hold back other tenants' events, and are set aside", async () => {
      const t = await createTestApp(dialect, {}, { now: () => NOON_UTC });
      try {
        const alpha = await createFixtureTenant(t.db.db, 'alpha');
        const event = (session: string) => ({
          type: 'menu_view',
          occurred_at: new Date(NOON_UTC).toISOString(),
          day: '2026-11-21',
          hour: 13,
          session_id: session,
          locale: 'it',
          category_id: null,
          item_id: null,
          allergens: null,
          query: null,
        });
        // A tenant id with no tenant row: the foreign key refuses these on every database.
        assert.equal(t.app.analytics.enqueue(999_999, [event('orphan')]), true);
        assert.equal(t.app.analytics.enqueue(alpha, [event('good-1'), event('good-2')]), true);
        await t.app.analytics.flush();
        const stored = await t.db.db.selectFrom('analytics_events').select('session_id').orderBy('id').execute();
        assert.deepEqual(
          stored.map((r) => r.session_id),
          ['good-1', 'good-2'],
        );
        assert.equal(t.app.analytics.pending, 1, 'the failing event waits for a retry');
        await t.app.analytics.stop();
        assert.equal(t.app.analytics.pending, 0, 'after repeated failures it is set aside, so shutdown ends');
      } finally {
        await t.close();
      }
    });
  });
}
