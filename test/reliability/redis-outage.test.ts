// Redis outages: with the shared counters' Redis stopped, rate limits keep applying with each
// instance's own in-memory counters and requests do not wait for Redis; when Redis is started
// again the shared counters take over. /readyz says "degraded" (200) meanwhile. Uses its own redis-server on a free port (never the shared one).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { FallbackCounterStore } from '../../src/plugins/shared-counters.js';
import { restaurantMaker } from '../admin/tokens.js';
import { call, createTestApp, eventually, type TestApp } from '../helper.js';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 50 });
  await eventually(async () => {
    if (probe.status !== 'ready') await probe.connect().catch(() => {});
    assert.equal(await probe.ping(), 'PONG');
  }, 10_000);
  probe.disconnect();
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('rate limits through a Redis that goes away and comes back', {
  skip: hasRedis ? false : 'no redis-server',
}, () => {
  let port: number;
  let redis: ChildProcess;
  let t: TestApp;
  const LIMIT = 3;

  before(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await createTestApp('sqlite', {
      redisUrl: `redis://127.0.0.1:${port}`,
      redisPrefix: 'outage-test:',
      adminRateLimit: LIMIT,
    });
  });
  after(async () => {
    await t.close();
    await stopRedis(redis);
  });
  const restaurant = restaurantMaker(() => t, 'redis');

  function store(): FallbackCounterStore {
    const found = t.app.counterStore;
    assert.ok(found instanceof FallbackCounterStore);
    return found;
  }

  async function exhaust(r: Awaited<ReturnType<typeof restaurant>>) {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await r.admin('GET', '/categories')).statusCode);
    return statuses;
  }

  test('shared, then per instance while Redis is down (still limiting), then shared again', async () => {
    await eventually(async () => assert.equal(store().isShared, true), 5000);
    const a = await restaurant();
    assert.deepEqual(await exhaust(a), [200, 200, 200, 429]);
    const direct = new Redis({ port, host: '127.0.0.1' });
    const keys = await direct.keys('outage-test:admin:*');
    assert.ok(keys.length >= 1, 'the counter lives in Redis');
    direct.disconnect();

    await stopRedis(redis);
    await eventually(async () => assert.equal(store().isShared, false), 5000);
    const b = await restaurant();
    // Each answer comes without waiting for Redis, and the budget still holds.
    const down = await exhaust(b);
    assert.deepEqual(down, [200, 200, 200, 429]);
    const res = await b.admin('GET', '/categories');
    assert.equal(res.statusCode, 429);
    assert.equal(res.json.success, false);
    assert.match(String(res.headers['retry-after']), /^\d+$/);
    // Still serving, so still ready: "degraded" with the detail, never a 503 that would make a load
    // balancer pull every instance at once.
    const ready = await call(t.app, { url: '/readyz', host: 'anything.test' });
    assert.equal(ready.statusCode, 200, ready.body);
    assert.equal(ready.json.status, 'degraded');
    assert.deepEqual(ready.json.checks, { database: 'ok', migrations: 'ok', redis: 'degraded' });
    assert.match(ready.json.detail, /Redis is unreachable/);

    redis = await startRedis(port);
    await eventually(async () => assert.equal(store().isShared, true), 10_000);
    const c = await restaurant();
    assert.deepEqual(await exhaust(c), [200, 200, 200, 429]);
    const again = new Redis({ port, host: '127.0.0.1' });
    const fresh = await again.keys(`outage-test:admin:${c.id}:*`);
    again.disconnect();
    assert.equal(fresh.length, 1, 'back on the shared counters');
    await eventually(async () => {
      const back = await call(t.app, { url: '/readyz', host: 'anything.test' });
      assert.equal(back.statusCode, 200);
      assert.deepEqual(back.json, { status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
    }, 5000);
  });
});
