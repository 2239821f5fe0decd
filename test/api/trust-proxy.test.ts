// TRUST_PROXY in each of its forms, proved with forged X-Forwarded-For headers: the client address
// (and so the rate-limit budget) is the one the trusted proxies saw, never what a client wrote.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { TRUST_ALL_WARNING, trustFunction } from '../../src/http/trust-proxy.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, dialects, openTestDb, type TestDb, testConfig } from '../helper.js';

const LIMIT = 100;

/** How many requests the budget of the client this request is counted for has seen (this one included). */
async function seen(app: FastifyInstance, socket: string, xff?: string, host = 'alpha'): Promise<number> {
  const res = await call(app, {
    url: '/api/v1/theme',
    host,
    remoteAddress: socket,
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  });
  assert.equal(res.statusCode, 200);
  return LIMIT - Number(res.headers['x-ratelimit-remaining']);
}

test('the trust function: hops counted from the socket, list entries matched in either spelling', () => {
  const hop = trustFunction(1);
  assert.ok(hop !== false);
  assert.deepEqual([hop('203.0.113.1', 0), hop('203.0.113.1', 1)], [true, false]);
  assert.equal(trustFunction(0), false);
  assert.equal(trustFunction(false), false);
  const list = trustFunction(['10.0.0.0/8', '2001:db8::/32', '192.0.2.7']);
  assert.ok(list !== false);
  assert.equal(list('10.200.3.4', 0), true);
  assert.equal(list('::ffff:10.200.3.4', 0), true, 'IPv4-mapped peer of a dual-stack listener');
  assert.equal(list('2001:db8:1::5', 3), true);
  assert.equal(list('192.0.2.7', 1), true);
  assert.equal(list('192.0.2.8', 1), false);
  assert.equal(list('11.0.0.1', 0), false);
  assert.equal(list('not an address', 0), false);
});

for (const dialect of dialects) {
  describe(`TRUST_PROXY against forged X-Forwarded-For (${dialect})`, () => {
    let db: TestDb;
    const apps: FastifyInstance[] = [];
    const start = async (overrides: Partial<Config>, logStream?: NodeJS.WritableStream) => {
      const app = await buildApp(testConfig({ publicRateLimit: LIMIT, ...overrides }), { database: db, logStream });
      apps.push(app);
      return app;
    };
    before(async () => {
      db = await openTestDb(dialect);
      await createFixtureTenant(db.db, 'alpha');
      await createFixtureTenant(db.db, 'beta');
    });
    after(async () => {
      for (const app of apps) await app.close();
      await db.dispose();
    });

    test('false (default): X-Forwarded-For is never read; every forged entry shares the socket budget', async () => {
      const app = await start({ trustProxy: false });
      for (let i = 1; i <= 5; i++) assert.equal(await seen(app, '198.51.100.1', `192.0.2.${i}`), i);
    });

    test('a hop count (TRUST_PROXY=1): the rightmost entry is the client; entries written further left are ignored', async () => {
      const app = await start({ trustProxy: 1 });
      // 40 requests through the proxy from one client that rotates forged leftmost entries: one budget.
      for (let i = 1; i <= 40; i++) {
        assert.equal(await seen(app, '10.0.0.2', `192.0.2.${i}, 203.0.113.9`), i, `request ${i}`);
      }
      // Another client behind the same proxy has its own budget (not the proxy's shared one).
      assert.equal(await seen(app, '10.0.0.2', '203.0.113.10'), 1);
      // The same client in another restaurant: another budget.
      assert.equal(await seen(app, '10.0.0.2', '203.0.113.9', 'beta'), 1);
    });

    test('a hop count of 2: the second entry from the right is the client', async () => {
      const app = await start({ trustProxy: 2 });
      assert.equal(await seen(app, '10.0.0.2', '192.0.2.1, 203.0.113.20, 10.0.0.1'), 1);
      assert.equal(await seen(app, '10.0.0.2', '192.0.2.2, 203.0.113.20, 10.0.0.1'), 2);
      assert.equal(await seen(app, '10.0.0.2', '203.0.113.21, 10.0.0.1'), 1);
    });

    test('an address/CIDR list: entries are believed only through listed proxies', async () => {
      const app = await start({ trustProxy: ['10.0.0.0/8', '2001:db8::1'] });
      // Through a listed proxy: the client is the first unlisted hop from the right, forged entries left of it ignored.
      for (let i = 1; i <= 5; i++) {
        assert.equal(await seen(app, '10.1.2.3', `192.0.2.${i}, 203.0.113.30, 10.9.9.9`), i);
      }
      assert.equal(await seen(app, '::ffff:10.1.2.3', '192.0.2.99, 203.0.113.30'), 6, 'IPv4-mapped peer');
      assert.equal(await seen(app, '2001:db8::1', '203.0.113.30'), 7);
      // A client connecting directly (not a listed proxy) cannot pick its address by writing the header.
      for (let i = 1; i <= 5; i++) assert.equal(await seen(app, '198.51.100.40', `203.0.113.${i}`), i);
    });

    test('true believes the leftmost entry, and says so at start', async () => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const app = await start({ trustProxy: true, logLevel: 'warn' }, sink);
      const warnings = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 40);
      assert.deepEqual(
        warnings.map((w) => w.msg),
        [TRUST_ALL_WARNING],
      );
      assert.equal(await seen(app, '10.0.0.2', '192.0.2.1, 203.0.113.9'), 1);
      assert.equal(await seen(app, '10.0.0.2', '192.0.2.2, 203.0.113.9'), 1, 'each forged entry a new budget');
      const quiet: string[] = [];
      await start(
        { trustProxy: 1, logLevel: 'warn' },
        new Writable({
          write(chunk, _enc, done) {
            quiet.push(String(chunk));
            done();
          },
        }),
      );
      assert.deepEqual(quiet, [], 'a hop count starts without the warning');
    });
  });
}
