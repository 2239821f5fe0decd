// The report by table (issue 23 point 7): menu and dish views per table from the QR code's
// ?table=, the views without a table, shares of all menu views; another restaurant's scans never
// count.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';
import { adminCall, tokenFor } from './tokens.js';

for (const dialect of dialects) {
  describe(`analytics by table (${dialect})`, () => {
    let t: TestApp;
    let token = '';
    before(async () => {
      // "Now" is 2026-11-21 12:00Z = 13:00 in Rome.
      t = await createTestApp(dialect, { adminRateLimit: 100000, publicRateLimit: 0 }, { now: () => NOON_UTC });
      const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createFixtureTenant(t.db.db, 'beta', 'Beta');
      token = await tokenFor(t.db.db, alpha, ['analytics:read']);
      const dish = (await call(t.app, { url: '/api/v1/items', host: 'alpha' })).json.data[0].id;
      const at = '2026-11-20T19:10:00Z';
      const view = (session: string, table?: string) => ({
        type: 'menu_view',
        session_id: session,
        occurred_at: at,
        ...(table ? { table } : {}),
      });
      const events = [
        view('a', '7'),
        view('b', '7'),
        view('c', '7'),
        { type: 'item_view', session_id: 'a', item_id: dish, occurred_at: at, table: '7' },
        view('d', '12'),
        view('e'),
      ];
      assert.equal(
        (await call(t.app, { method: 'POST', url: '/api/v1/analytics/events', host: 'alpha', body: { events } }))
          .statusCode,
        202,
      );
      const betaEvents = Array.from({ length: 5 }, (_, i) => ({ type: 'menu_view', session_id: `b${i}`, table: '7' }));
      await call(t.app, {
        method: 'POST',
        url: '/api/v1/analytics/events',
        host: 'beta',
        body: { events: betaEvents },
      });
      await t.app.analytics.flush();
    });
    after(() => t.close());

    test('views per table, most viewed first, with the views that came without a table', async () => {
      const res = await adminCall(t.app, token, {
        url: '/api/v1/admin/analytics/tables?from=2026-11-14&to=2026-11-21',
        host: 'alpha',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json.data, {
        tables: [
          { table: '7', menu_views: 3, item_views: 1, share: 60 },
          { table: '12', menu_views: 1, item_views: 0, share: 20 },
        ],
        without_table: { menu_views: 1, share: 20 },
      });
      assert.equal(res.json.meta.from, '2026-11-14');
      const empty = await adminCall(t.app, token, {
        url: '/api/v1/admin/analytics/tables?from=2026-10-01&to=2026-10-31',
        host: 'alpha',
      });
      assert.deepEqual(empty.json.data, { tables: [], without_table: { menu_views: 0, share: 0 } });
    });
  });
}
