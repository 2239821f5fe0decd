// Database outages: PostgreSQL terminating the app's connections (what a restart does to clients),
// the network to it cut (refused, then black-holed), SQLite locked by another process. The process
// never crashes, requests that need the database answer 503 + Retry-After in the envelope, cached
// public documents keep being served, and the service recovers by itself.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, eventually, openTestDb, type TestDb, testConfig } from '../helper.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

function assertUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json: any }, what: string) {
  assert.equal(res.statusCode, 503, `${what}: ${res.statusCode} ${JSON.stringify(res.json)}`);
  assert.match(String(res.headers['retry-after']), /^\d+$/, what);
  assert.equal(res.json.success, false, what);
  assert.equal(typeof res.json.message, 'string', what);
}

const pgUrl = process.env.TEST_DATABASE_URL;

describe('PostgreSQL outages (postgres)', { skip: pgUrl ? false : 'TEST_DATABASE_URL not set' }, () => {
  let direct: TestDb;
  let proxy: TcpProxy;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token: string;
  let closeViaProxy: () => Promise<void>;

  before(async () => {
    direct = await openTestDb('postgres');
    const id = await createFixtureTenant(direct.db, 'alpha');
    await createFixtureTenant(direct.db, 'beta');
    token = await tokenFor(direct.db, id);
    const target = new URL(pgUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${proxy.port}`;
    const handle = openDatabase(target.toString(), direct.schema);
    closeViaProxy = () => handle.close();
    app = await buildApp(testConfig(), { database: handle });
    await app.ready();
  });
  after(async () => {
    await app.close();
    await closeViaProxy();
    await proxy.close();
    await direct.dispose();
  });

  const admin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    adminCall(app, token, { method, url: `/api/v1/admin${url}`, host: 'alpha', body });

  test('terminated connections (a restart) crash nothing and are replaced on the next request', async () => {
    assert.equal((await admin('GET', '/categories')).statusCode, 200);
    const killer = new pg.Client({ connectionString: pgUrl });
    await killer.connect();
    const { rows } = await killer.query(
      'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = $1',
      [`menu:${direct.schema}`],
    );
    await killer.end();
    assert.ok(rows.length >= 1, 'the app had connections to terminate');
    // The idle connections' FATAL 57P01 reaches the pool's error listener, not the process.
    await eventually(async () => assert.equal((await admin('GET', '/categories')).statusCode, 200));
    const created = await admin('POST', '/categories', { name: { it: 'Dopo il riavvio' } });
    assert.equal(created.statusCode, 201);
  });

  test('database refused: 503 + Retry-After on what needs it, cached public documents still served', async () => {
    const menu = await call(app, { url: '/api/v1/menu/it', host: 'alpha' });
    assert.equal(menu.statusCode, 200);
    const page = await call(app, { url: '/', host: 'alpha', headers: { accept: 'text/html' } });
    assert.equal(page.statusCode, 200);

    await proxy.set('refuse');
    assertUnavailable(await admin('GET', '/categories'), 'admin read');
    assertUnavailable(await admin('POST', '/categories', { name: { it: 'Nuova' } }), 'admin write');
    // An address the directory has not seen yet needs the database too.
    assertUnavailable(await call(app, { url: '/api/v1/menu/it', host: 'beta' }), 'unknown host');

    const cached = await call(app, { url: '/api/v1/menu/it', host: 'alpha' });
    assert.equal(cached.statusCode, 200);
    assert.equal(cached.body, menu.body);
    const cachedPage = await call(app, { url: '/', host: 'alpha', headers: { accept: 'text/html' } });
    assert.equal(cachedPage.statusCode, 200);
    assert.equal(cachedPage.body, page.body);

    await proxy.set('pass');
    await eventually(async () => assert.equal((await admin('GET', '/categories')).statusCode, 200), 10_000);
    assert.equal((await call(app, { url: '/api/v1/menu/it', host: 'beta' })).statusCode, 200);
  });

  test('network cut (nothing answers): 503 after the connect timeout, not a hung request; then recovery', async () => {
    await proxy.set('blackhole');
    assertUnavailable(await admin('GET', '/categories'), 'admin read, network cut');
    assertUnavailable(await admin('POST', '/categories', { name: { it: 'Nuova' } }), 'admin write, network cut');
    assert.equal((await call(app, { url: '/api/v1/menu/it', host: 'alpha' })).statusCode, 200);
    await proxy.set('pass');
    await eventually(async () => {
      const res = await admin('POST', '/categories', { name: { it: 'Di nuovo in linea' } });
      assert.equal(res.statusCode, 201);
    }, 15_000);
    // Nothing was half-written while the network was cut.
    const list = await admin('GET', '/categories?per_page=100');
    const names = list.json.data.map((c: { name: string }) => c.name);
    assert.ok(names.includes('Di nuovo in linea'));
    assert.ok(!names.includes('Nuova'));
  });
});

describe('SQLite locked by another process (sqlite)', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let handle: ReturnType<typeof openDatabase>;
  let token: string;
  let other: SQLite.Database;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'menu-busy-'));
    const url = `sqlite:${join(dir, 'menu.db')}`;
    handle = openDatabase(url);
    await migrateToLatest(handle);
    const id = await createFixtureTenant(handle.db, 'alpha');
    token = await tokenFor(handle.db, id);
    app = await buildApp(testConfig(), { database: handle });
    await app.ready();
    other = new SQLite(join(dir, 'menu.db'));
  });
  after(async () => {
    other.close();
    await app.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('SQLITE_BUSY is retried, then answered 503 + Retry-After (never 500); the write succeeds once the lock is gone', async () => {
    other.exec('BEGIN IMMEDIATE');
    try {
      const res = await adminCall(app, token, {
        method: 'POST',
        url: '/api/v1/admin/categories',
        host: 'alpha',
        body: { name: { it: 'Bloccata' } },
      });
      assertUnavailable(res, 'write while locked');
      assert.equal((await call(app, { url: '/api/v1/menu/it', host: 'alpha' })).statusCode, 200);
    } finally {
      other.exec('ROLLBACK');
    }
    const res = await adminCall(app, token, {
      method: 'POST',
      url: '/api/v1/admin/categories',
      host: 'alpha',
      body: { name: { it: 'Sbloccata' } },
    });
    assert.equal(res.statusCode, 201);
  });

  test('a lock held briefly is waited out by the retries: the write succeeds', async () => {
    other.exec('BEGIN IMMEDIATE');
    const release = setTimeout(() => other.exec('ROLLBACK'), 1500);
    const res = await adminCall(app, token, {
      method: 'POST',
      url: '/api/v1/admin/categories',
      host: 'alpha',
      body: { name: { it: 'Dopo attesa' } },
    });
    clearTimeout(release);
    if (other.inTransaction) other.exec('ROLLBACK');
    assert.equal(res.statusCode, 201, JSON.stringify(res.json));
  });
});
