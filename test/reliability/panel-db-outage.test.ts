// The panel when its database is away (issue 30 point 5): PostgreSQL terminating the app's
// connections while signed-in owners read and save pages, the database refused outright, and
// SQLite locked by another process. Every panel answer is a page: 200 (303 after a save) or a
// 503 page in the panel's language with Retry-After, never a 500; the panel recovers by itself;
// the other restaurant is untouched. The count of requests and of 503s is printed.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createUser } from '../../src/accounts/users/service.js';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createFixtureTenant } from '../fixtures.js';
import { eventually, openTestDb, type TestDb, testConfig } from '../helper.js';
import { PanelClient } from '../panel/client.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

const OWNER = { email: 'owner@alpha.test', password: 'alpha-owner-pw' };
const pgUrl = process.env.TEST_DATABASE_URL;

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/** A 503 panel page: HTML, Retry-After, the panel's words in its language, not the API's envelope. */
function assertPanel503(res: Answer, locale: 'en' | 'it', what: string) {
  assert.equal(res.statusCode, 503, `${what}: ${res.statusCode}`);
  assert.match(String(res.headers['content-type']), /text\/html/, what);
  assert.match(String(res.headers['retry-after']), /^\d+$/, what);
  const words = locale === 'en' ? /The panel is briefly unavailable/ : /Il pannello è momentaneamente non disponibile/;
  assert.match(res.body, words, what);
}

async function signedIn(app: Awaited<ReturnType<typeof buildApp>>, locale: 'en' | 'it') {
  const c = new PanelClient(app, 'alpha', { 'accept-language': locale });
  await c.get('/admin/login');
  const res = await c.post('/admin/login', { ...OWNER, next: '' });
  assert.equal(res.statusCode, 303, res.body.slice(0, 300));
  await c.get('/admin');
  return c;
}

describe('the panel during PostgreSQL outages (postgres)', {
  skip: pgUrl ? false : 'TEST_DATABASE_URL not set',
}, () => {
  let direct: TestDb;
  let proxy: TcpProxy;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let closeViaProxy: () => Promise<void>;
  let dishId = 0;
  let betaId = 0;

  before(async () => {
    direct = await openTestDb('postgres');
    const alpha = await createFixtureTenant(direct.db, 'alpha', 'Alpha');
    betaId = await createFixtureTenant(direct.db, 'beta', 'Beta');
    await createUser(direct.db, alpha, OWNER);
    dishId = (await direct.db.selectFrom('items').select('id').where('tenant_id', '=', alpha).executeTakeFirstOrThrow())
      .id;
    const target = new URL(pgUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${proxy.port}`;
    const handle = openDatabase(target.toString(), direct.schema);
    closeViaProxy = () => handle.close();
    app = await buildApp(testConfig({ adminRateLimit: 100_000 }), { database: handle });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await closeViaProxy();
    await proxy.close();
    await direct.dispose();
  });

  const betaRows = () =>
    direct.db
      .selectFrom('items')
      .select(['id', 'price_cents', 'name_translations'])
      .where('tenant_id', '=', betaId)
      .orderBy('id')
      .execute();

  test('backends terminated under load: every panel answer is a page, 200/303 or 503, never a 500', async (t) => {
    const c = await signedIn(app, 'en');
    const beta = await betaRows();
    const pages = [
      '/admin',
      '/admin/menu',
      '/admin/settings',
      `/admin/menu/dishes/${dishId}`,
      '/admin/import',
      '/admin/history',
    ];
    const killer = new pg.Client({ connectionString: pgUrl });
    await killer.connect();
    const statuses = new Map<number, number>();
    let stop = false;
    let terminated = 0;
    const load = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        const res =
          i % 4 === 3
            ? await c.post(`/admin/menu/dishes/${dishId}/price`, {
                price: `${worker + 1},${i % 100}`,
                back: '/admin/menu',
              })
            : await c.get(pages[(worker + i) % pages.length]);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        assert.ok([200, 303, 503].includes(res.statusCode), `${res.statusCode}: ${res.body.slice(0, 300)}`);
        if (res.statusCode === 503) assertPanel503(res, 'en', 'a page while backends were terminated');
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => load(w));
    try {
      for (let round = 0; round < 25; round++) {
        const { rows } = await killer.query(
          'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = $1',
          [`menu:${direct.schema}`],
        );
        terminated += rows.length;
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    } finally {
      stop = true;
      await killer.end();
    }
    await Promise.all(workers);
    const count = [...statuses.values()].reduce((a, b) => a + b, 0);
    t.diagnostic(
      `${count} panel requests, ${terminated} backends terminated: ${[...statuses].map(([s, n]) => `${s} x${n}`).join(', ')}`,
    );
    assert.ok(terminated > 0, 'backends were terminated');
    await eventually(async () => assert.equal((await c.get('/admin/menu')).statusCode, 200), 10_000);
    assert.deepEqual(await betaRows(), beta, 'the other restaurant untouched');
  });

  test('database refused: every panel page (signed in or not) is the 503 page in the panel’s language', async (t) => {
    const it = await signedIn(app, 'it');
    const en = await signedIn(app, 'en');
    await proxy.set('refuse');
    try {
      for (const path of [
        '/admin',
        '/admin/menu',
        '/admin/settings',
        '/admin/api-tokens',
        '/admin/qr',
        '/admin/nowhere',
      ]) {
        assertPanel503(await it.get(path), 'it', `${path} (it)`);
        assertPanel503(await en.get(path), 'en', `${path} (en)`);
      }
      assertPanel503(await en.post('/admin/settings', { name: 'x' }), 'en', 'a save');
      // Every panel page the route table lists (ids: the restaurant's first dish), signed in: the
      // 503 page, or the page itself when it needs no database (files, the sign-in page); never a 500.
      const gets = app.routeTable.filter((r) => r.method === 'GET' && r.url.startsWith('/admin'));
      const tally = new Map<number, number>();
      for (const r of gets) {
        const url = r.url.replace(/:[A-Za-z_]+/g, String(dishId));
        const res = await en.get(url);
        tally.set(res.statusCode, (tally.get(res.statusCode) ?? 0) + 1);
        assert.ok([200, 303, 404, 503].includes(res.statusCode), `${url}: ${res.statusCode}`);
        if (res.statusCode === 503) assertPanel503(res, 'en', url);
      }
      t.diagnostic(
        `${gets.length} panel GET routes with the database refused: ${[...tally].map(([k, n]) => `${k} x${n}`).join(', ')}`,
      );
      assert.ok((tally.get(503) ?? 0) > gets.length / 2, 'most pages need the database and say so');

      // The sign-in page needs no database (the restaurant's name is in memory); signing in does.
      const visitor = new PanelClient(app, 'alpha', { 'accept-language': 'it' });
      assert.equal((await visitor.get('/admin/login')).statusCode, 200);
      assertPanel503(await visitor.post('/admin/login', { ...OWNER, next: '' }), 'it', 'signing in');
    } finally {
      await proxy.set('pass');
    }
    await eventually(async () => assert.equal((await en.get('/admin/menu')).statusCode, 200), 10_000);
  });
});

describe('the panel with SQLite locked by another process (sqlite)', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let handle: ReturnType<typeof openDatabase>;
  let other: SQLite.Database;
  let dishId = 0;
  let betaId = 0;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'menu-panel-busy-'));
    handle = openDatabase(`sqlite:${join(dir, 'menu.db')}`);
    await migrateToLatest(handle);
    const alpha = await createFixtureTenant(handle.db, 'alpha', 'Alpha');
    betaId = await createFixtureTenant(handle.db, 'beta', 'Beta');
    await createUser(handle.db, alpha, OWNER);
    dishId = (await handle.db.selectFrom('items').select('id').where('tenant_id', '=', alpha).executeTakeFirstOrThrow())
      .id;
    app = await buildApp(testConfig({ adminRateLimit: 100_000 }), { database: handle });
    await app.ready();
    other = new SQLite(join(dir, 'menu.db'));
  });
  after(async () => {
    other.close();
    await app.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a save while the database is locked is the 503 page (never 500); it succeeds once the lock is gone', async () => {
    const c = await signedIn(app, 'it');
    const beta = await handle.db.selectFrom('items').selectAll().where('tenant_id', '=', betaId).execute();
    other.exec('BEGIN IMMEDIATE');
    try {
      const res = await c.post(`/admin/menu/dishes/${dishId}/price`, { price: '7,50', back: '/admin/menu' });
      assertPanel503(res, 'it', 'a save while locked');
    } finally {
      other.exec('ROLLBACK');
    }
    const saved = await c.post(`/admin/menu/dishes/${dishId}/price`, { price: '7,50', back: '/admin/menu' });
    assert.equal(saved.statusCode, 303);
    const row = await handle.db
      .selectFrom('items')
      .select('price_cents')
      .where('id', '=', dishId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.price_cents), 750);
    assert.deepEqual(await handle.db.selectFrom('items').selectAll().where('tenant_id', '=', betaId).execute(), beta);
  });
});
