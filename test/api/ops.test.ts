// /healthz, /readyz and /metrics: on any Host before tenant resolution; /readyz says 503 when the
// database or its migrations are not there (Redis down: test/reliability/redis-outage.test.ts); /metrics only for loopback callers or the token.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/connect.js';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, testConfig } from '../helper.js';

for (const dialect of dialects) {
  describe(`health, readiness and metrics (${dialect})`, () => {
    test('healthz and readyz answer on any Host, known or not, before tenant resolution', async () => {
      const t = await createTestApp(dialect);
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        for (const host of ['alpha', 'nowhere.example.test', '10.0.0.1']) {
          const health = await call(t.app, { url: '/healthz', host });
          assert.equal(health.statusCode, 200, host);
          assert.deepEqual(health.json, { status: 'ok', pid: process.pid });
          const ready = await call(t.app, { url: '/readyz', host });
          assert.equal(ready.statusCode, 200, host);
          assert.deepEqual(ready.json, {
            status: 'ready',
            checks: { database: 'ok', migrations: 'ok', redis: 'not configured' },
          });
          assert.equal(ready.headers['cache-control'], 'no-store');
        }
        // Not counted against a restaurant's rate limit, no tenant needed: no HTML 404.
        assert.equal(t.app.tenants.counts().lookups <= 2, true);
      } finally {
        await t.close();
      }
    });

    test('readyz answers 503 when the database has pending migrations, or is gone', async () => {
      const bare = openDatabase('sqlite::memory:');
      const app = await buildApp(testConfig(), { database: bare });
      try {
        await app.ready();
        const res = await call(app, { url: '/readyz', host: 'anything.test' });
        assert.equal(res.statusCode, 503);
        assert.equal(res.json.status, 'unavailable');
        assert.equal(res.json.checks.migrations, 'failed');
        assert.equal(res.json.checks.database, 'ok');
        await bare.close();
        const gone = await call(app, { url: '/readyz', host: 'anything.test' });
        assert.equal(gone.statusCode, 503);
        assert.equal(gone.json.checks.database, 'failed');
        // Alive all the same: healthz only says the process answers.
        assert.equal((await call(app, { url: '/healthz', host: 'anything.test' })).statusCode, 200);
      } finally {
        await app.close();
      }
    });

    test('an instance starts and serves while Redis is unreachable; readyz says "degraded" (200)', async () => {
      // Port 1 refuses at once: a Redis that is down when the instance starts.
      const t = await createTestApp(dialect, { redisUrl: 'redis://127.0.0.1:1' });
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        assert.equal((await call(t.app, { url: '/api/v1/menu/it', host: 'alpha' })).statusCode, 200);
        const ready = await call(t.app, { url: '/readyz', host: 'anything.test' });
        assert.equal(ready.statusCode, 200, ready.body);
        assert.equal(ready.json.status, 'degraded');
        assert.deepEqual(ready.json.checks, { database: 'ok', migrations: 'ok', redis: 'degraded' });
      } finally {
        await t.close();
      }
    });

    test('metrics: loopback only by default, counts requests by route and status and the caches', async () => {
      const t = await createTestApp(dialect, {}, { now: () => NOON_UTC });
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        for (const host of ['alpha', 'beta']) {
          assert.equal((await call(t.app, { url: '/api/v1/menu/it', host })).statusCode, 200);
        }
        await call(t.app, { url: '/api/v1/menu/it', host: 'alpha', headers: { 'accept-encoding': 'br' } });
        const remote = await call(t.app, { url: '/metrics', host: 'alpha', remoteAddress: '203.0.113.9' });
        assert.equal(remote.statusCode, 401);
        const res = await call(t.app, { url: '/metrics', host: 'metrics.internal' });
        assert.equal(res.statusCode, 200);
        assert.match(res.headers['content-type'] as string, /^text\/plain/);
        const text = res.body;
        assert.match(text, /menu_http_requests_total\{route="\/api\/v1\/menu\/:locale",method="GET",status="200"\} 3/);
        assert.match(
          text,
          /menu_http_request_duration_seconds_bucket\{le="0\.05",route="\/api\/v1\/menu\/:locale",method="GET"\} \d+/,
        );
        assert.match(text, /menu_snapshot_builds_total 2/);
        assert.match(text, /menu_document_builds_total 2/);
        assert.match(text, /menu_cache_misses_total 3/);
        assert.match(text, /menu_cache_hits_total 0/);
        assert.match(text, /menu_cache_bytes [1-9]\d*/);
        assert.match(text, /menu_cache_max_bytes 268435456/);
        assert.match(text, /menu_analytics_queue_depth 0/);
        assert.match(text, /menu_db_pool_connections \d+/);
        assert.match(text, /menu_tenants_known 2/);
      } finally {
        await t.close();
      }
    });

    test('metrics with METRICS_TOKEN: the bearer token from anywhere, nothing else', async () => {
      const t = await createTestApp(dialect, { metricsToken: 's3cret-token' });
      try {
        const url = '/metrics';
        assert.equal((await call(t.app, { url, host: 'x.test' })).statusCode, 401);
        const wrong = await call(t.app, { url, host: 'x.test', headers: { authorization: 'Bearer nope' } });
        assert.equal(wrong.statusCode, 401);
        assert.equal(wrong.json.message, 'Unauthenticated.');
        const right = await call(t.app, {
          url,
          host: 'x.test',
          remoteAddress: '203.0.113.9',
          headers: { authorization: 'Bearer s3cret-token' },
        });
        assert.equal(right.statusCode, 200);
      } finally {
        await t.close();
      }
    });

    test('every answer carries a request id: the caller’s when it looks like one, else a fresh one', async () => {
      const t = await createTestApp(dialect);
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        const given = await call(t.app, {
          url: '/api/v1/restaurant',
          host: 'alpha',
          headers: { 'x-request-id': 'lb-42.a' },
        });
        assert.equal(given.headers['x-request-id'], 'lb-42.a');
        const junk = await call(t.app, {
          url: '/api/v1/restaurant',
          host: 'alpha',
          headers: { 'x-request-id': 'a b<c>' },
        });
        assert.match(junk.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
        const unknown = await call(t.app, { url: '/api/v1/restaurant', host: 'nowhere.test' });
        assert.equal(unknown.statusCode, 404);
        assert.match(unknown.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
      } finally {
        await t.close();
      }
    });
  });
}
