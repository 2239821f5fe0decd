// Analytics you can trust: posts only from the restaurant's own addresses, per-session and per-IP
// ceilings, free text normalized and bounded, raw events pruned after the retention (rollups kept).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { IP_EVENTS_PER_MINUTE, normalizeQuery, SESSION_EVENTS_PER_MINUTE } from '../../src/features/analytics/guard.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';

for (const dialect of dialects) {
  describe(`analytics you can trust (${dialect})`, () => {
    let t: TestApp;
    let seq = 0;
    before(async () => {
      t = await createTestApp(dialect);
    });
    after(() => t.close());

    async function restaurant() {
      seq += 1;
      const slug = `trust${seq}`;
      const id = await createFixtureTenant(t.db.db, slug);
      return { slug, id };
    }

    const post = (slug: string, events: object[], headers: Record<string, string> = {}, remoteAddress?: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/analytics/events',
        host: slug,
        body: JSON.stringify({ events }),
        headers: { 'content-type': 'text/plain', ...headers },
        remoteAddress,
      });

    test("a browser post is accepted only from the restaurant's own addresses (any port)", async () => {
      const r = await restaurant();
      const other = await restaurant();
      const view = [{ type: 'menu_view', session_id: 's1' }];
      for (const origin of [
        `http://${r.slug}.localhost`,
        `http://${r.slug}.localhost:8080`,
        `https://${r.slug}.localhost`,
      ]) {
        assert.equal((await post(r.slug, view, { origin })).statusCode, 202, origin);
      }
      assert.equal((await post(r.slug, view, { referer: `http://${r.slug}.localhost:3000/?lang=en` })).statusCode, 202);
      assert.equal((await post(r.slug, view)).statusCode, 202, 'no Origin: not a cross-site browser post');
      for (const origin of [
        'https://evil.example',
        `http://${other.slug}.localhost`,
        'null',
        `http://${r.slug}.localhost.evil.example`,
      ]) {
        const res = await post(r.slug, view, { origin });
        assert.equal(res.statusCode, 403, origin);
        assert.equal(res.json.success, false);
        assert.equal(typeof res.json.message, 'string');
      }
      assert.equal((await post(r.slug, view, { referer: 'https://evil.example/page' })).statusCode, 403);
    });

    test('per-session and per-address ceilings: 429 + Retry-After beyond them, other sessions unaffected', async () => {
      assert.ok(SESSION_EVENTS_PER_MINUTE >= 100 && IP_EVENTS_PER_MINUTE >= 1200);
      const r = await restaurant();
      const batch = (session: string, n: number) =>
        Array.from({ length: n }, () => ({ type: 'menu_view', session_id: session }));
      assert.equal((await post(r.slug, batch('hog', 100), {}, '10.0.0.1')).statusCode, 202);
      const over = await post(r.slug, batch('hog', 1), {}, '10.0.0.1');
      assert.equal(over.statusCode, 429);
      assert.match(String(over.headers['retry-after']), /^\d+$/);
      assert.equal((await post(r.slug, batch('other', 1), {}, '10.0.0.1')).statusCode, 202);
      // One address: 1,200 events a minute whatever the sessions.
      let sent = 101;
      let session = 0;
      while (sent + 100 <= IP_EVENTS_PER_MINUTE) {
        assert.equal((await post(r.slug, batch(`s${session++}`, 100), {}, '10.0.0.1')).statusCode, 202);
        sent += 100;
      }
      const rest = IP_EVENTS_PER_MINUTE - sent;
      if (rest > 0) assert.equal((await post(r.slug, batch('last', rest), {}, '10.0.0.1')).statusCode, 202);
      assert.equal((await post(r.slug, batch('fresh', 1), {}, '10.0.0.1')).statusCode, 429);
      assert.equal((await post(r.slug, batch('fresh', 1), {}, '10.0.0.2')).statusCode, 202, 'another address');
    });

    test('search text is normalized and cut to 64 characters before it is stored', async () => {
      assert.equal(normalizeQuery('  Spaghetti   ALLA\tCarbonara  '), 'spaghetti alla carbonara');
      assert.equal(normalizeQuery('ｆｕｌｌ'), 'full');
      assert.equal([...normalizeQuery('x'.repeat(200))].length, 64);
      const r = await restaurant();
      const res = await post(r.slug, [{ type: 'search', session_id: 'q', query: `  Tiramisù ${'z'.repeat(150)}` }]);
      assert.equal(res.statusCode, 202);
      await t.app.analytics.flush();
      const row = await t.db.db
        .selectFrom('analytics_events')
        .select('query')
        .where('tenant_id', '=', r.id)
        .where('type', '=', 'search')
        .executeTakeFirstOrThrow();
      assert.equal(row.query, `tiramisù ${'z'.repeat(55)}`);
    });

    test('raw events older than the retention are pruned; the daily rollups stay', async () => {
      const r = await restaurant();
      assert.equal((await post(r.slug, [{ type: 'menu_view', session_id: 'old' }])).statusCode, 202);
      await t.app.analytics.flush();
      await t.db.db.updateTable('analytics_events').set({ day: '2020-01-01' }).where('tenant_id', '=', r.id).execute();
      const rollupsBefore = await t.db.db
        .selectFrom('analytics_daily')
        .selectAll()
        .where('tenant_id', '=', r.id)
        .execute();
      const pruned = await t.app.analytics.prune();
      assert.ok(pruned >= 1);
      const left = await t.db.db.selectFrom('analytics_events').select('id').where('tenant_id', '=', r.id).execute();
      assert.equal(left.length, 0);
      const rollupsAfter = await t.db.db
        .selectFrom('analytics_daily')
        .selectAll()
        .where('tenant_id', '=', r.id)
        .execute();
      assert.deepEqual(rollupsAfter, rollupsBefore);
      assert.equal(t.app.config.analyticsRetentionDays, 90);
    });
  });
}
