// `menu backup` / `menu restore`: a whole-database backup taken during a write burst restores every
// write acknowledged before it started (photos included) and serves the same menu; restore refuses
// a database in use, migrates an older backup forward and refuses a newer one; one restaurant moves
// between instances and databases (SQLite → PostgreSQL) as a portable file.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import sharp from 'sharp';
import { buildApp } from '../../src/app.js';
import { type DbHandle, openDatabase } from '../../src/db/connect.js';
import { migrateToLatest, migrations, pendingMigrations } from '../../src/db/migrate.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, dialects, testConfig, testRunId } from '../helper.js';
import { type CliDatabase, cliDatabase, runCli, runCliProcess } from './run.js';

interface Served {
  app: FastifyInstance;
  handle: DbHandle;
  close(): Promise<void>;
}

async function serveOn(url: string, schema?: string): Promise<Served> {
  const handle = openDatabase(url, schema);
  const app = await buildApp(testConfig({ adminRateLimit: 1_000_000, publicRateLimit: 0 }), { database: handle });
  await app.ready();
  return {
    app,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** The served menu without its build time (the one thing that differs between two instances). */
async function menuOf(app: FastifyInstance, slug: string): Promise<string> {
  const res = await call(app, { url: '/api/v1/menu/it', host: slug });
  assert.equal(res.statusCode, 200, res.body);
  return res.body.replace(/"generated_at":"[^"]*"/, '');
}

/** The same, with every id blanked: a restaurant loaded elsewhere keeps its content, not its ids. */
async function contentOf(app: FastifyInstance, slug: string): Promise<unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, k === 'id' || /_ids?$/.test(k) ? typeof v : strip(v)]),
      );
    }
    return value;
  };
  const out: Record<string, unknown> = {};
  for (const path of ['/menu/it', '/menu/en', '/restaurant', '/theme', '/items?per_page=100']) {
    const res = await call(app, { url: `/api/v1${path}`, host: slug });
    assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
    const { generated_at: _, ...meta } = res.json.meta ?? {};
    out[path] = strip({ data: res.json.data, meta });
  }
  return out;
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
}

async function uploadPhoto(app: FastifyInstance, token: string, slug: string): Promise<string> {
  const items = await call(app, {
    url: '/api/v1/admin/items',
    host: slug,
    headers: { authorization: `Bearer ${token}` },
  });
  const put = await app.inject({
    method: 'PUT',
    url: `/api/v1/admin/items/${items.json.data[0].id}/image`,
    headers: { host: `${slug}.localhost`, authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    payload: await photo(),
  });
  assert.equal(put.statusCode, 200, put.body);
  return JSON.parse(put.body).data.image_url;
}

describe('menu backup / restore, whole SQLite database', () => {
  let dir: string;
  let source: Served;
  const url = () => `sqlite:${join(dir, 'menu.db')}`;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), `menu-backup-${testRunId}-`));
    const handle = openDatabase(url());
    await migrateToLatest(handle);
    await handle.close();
    source = await serveOn(url());
  });
  after(async () => {
    await source.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a backup taken during a write burst restores every acknowledged write and serves the same menu', async () => {
    const db = source.handle.db;
    await createFixtureTenant(db, 'alpha');
    await createFixtureTenant(db, 'beta', 'Trattoria');
    const token = await tokenFor(
      db,
      (await db.selectFrom('tenants').select('id').where('slug', '=', 'alpha').executeTakeFirstOrThrow()).id,
    );
    const imageUrl = await uploadPhoto(source.app, token, 'alpha');
    const categoryId = (await call(source.app, { url: '/api/v1/categories', host: 'alpha' })).json.data[0].id;

    const acknowledged: number[] = [];
    let stop = false;
    let n = 0;
    const writer = async () => {
      while (!stop) {
        n += 1;
        const res = await call(source.app, {
          method: 'POST',
          url: '/api/v1/admin/items',
          host: 'alpha',
          headers: { authorization: `Bearer ${token}` },
          body: { category_id: categoryId, name: { it: `Piatto ${n}` }, price: n % 50 },
        });
        assert.equal(res.statusCode, 201, res.body);
        acknowledged.push(res.json.data.id);
      }
    };
    const writers = [writer(), writer(), writer()];
    while (acknowledged.length < 30) await new Promise((r) => setImmediate(r));
    const beforeBackup = [...acknowledged];
    const file = join(dir, 'during-burst.db');
    // A separate process, as an operator's cron job would run it, while this one keeps writing.
    const backup = await runCliProcess(['backup', file], { DATABASE_URL: url() });
    const afterBackup = acknowledged.length;
    while (acknowledged.length < afterBackup + 30) await new Promise((r) => setImmediate(r));
    stop = true;
    await Promise.all(writers);
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(backup.stdout, /2 restaurant\(s\)/);
    assert.ok(afterBackup > beforeBackup.length, 'writes went on while the backup ran');

    const targetUrl = `sqlite:${join(dir, 'restored.db')}`;
    const restored = await runCli(['restore', file], { DATABASE_URL: targetUrl });
    assert.equal(restored.code, 0, restored.stderr);
    const target = await serveOn(targetUrl);
    try {
      const ids = new Set((await target.handle.db.selectFrom('items').select('id').execute()).map((r) => Number(r.id)));
      const lost = beforeBackup.filter((id) => !ids.has(id));
      assert.deepEqual(lost, [], 'every write acknowledged before the backup started is in it');
      // Nothing but whole writes: every restored burst dish is one the burst was told was stored.
      const burst = await target.handle.db
        .selectFrom('items')
        .select('id')
        .where('name_translations', 'like', '%Piatto%')
        .execute();
      for (const row of burst) assert.ok(acknowledged.includes(Number(row.id)), `dish ${row.id} was acknowledged`);
      const original = await source.app.inject({ url: imageUrl, headers: { host: 'alpha.localhost' } });
      const copy = await target.app.inject({ url: imageUrl, headers: { host: 'alpha.localhost' } });
      assert.equal(copy.statusCode, 200);
      assert.ok(copy.rawPayload.equals(original.rawPayload), 'the photo is restored byte for byte');
    } finally {
      await target.close();
    }

    // Quiet now: a second backup restored over the first (--force) serves both menus byte for byte.
    const quiet = join(dir, 'quiet.db');
    assert.equal((await runCli(['backup', quiet], { DATABASE_URL: url() })).code, 0);
    const refused = await runCli(['restore', quiet], { DATABASE_URL: targetUrl });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /in use: it holds 2 restaurant\(s\).*--force/s);
    const forced = await runCli(['restore', quiet, '--force'], { DATABASE_URL: targetUrl });
    assert.equal(forced.code, 0, forced.stderr);
    const again = await serveOn(targetUrl);
    try {
      for (const slug of ['alpha', 'beta']) {
        assert.equal(await menuOf(again.app, slug), await menuOf(source.app, slug), `${slug}'s menu`);
      }
    } finally {
      await again.close();
    }
  });

  test('an older backup is migrated forward; a newer one, or a file that is not a backup, is refused', async () => {
    const names = Object.keys(migrations);
    const oldFile = join(dir, 'old.db');
    const old = openDatabase(`sqlite:${oldFile}`);
    const firstTwo = Object.fromEntries(names.slice(0, 2).map((name) => [name, migrations[name]]));
    const { error } = await new Migrator({
      db: old.db,
      provider: { getMigrations: async () => firstTwo },
    }).migrateToLatest();
    assert.equal(error, undefined);
    await old.close();

    const targetUrl = `sqlite:${join(dir, 'from-old.db')}`;
    const restored = await runCli(['restore', oldFile], { DATABASE_URL: targetUrl });
    assert.equal(restored.code, 0, restored.stderr);
    assert.match(restored.stdout, new RegExp(`Migrated forward: .*${names.at(-1)}`));
    const check = openDatabase(targetUrl);
    assert.deepEqual(await pendingMigrations(check), []);
    await check.close();

    const newer = join(dir, 'newer.db');
    assert.equal((await runCli(['backup', newer], { DATABASE_URL: url() })).code, 0);
    const raw = new SQLite(newer);
    raw.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('2099010100_future', '2099-01-01')").run();
    raw.close();
    const refused = await runCli(['restore', newer], { DATABASE_URL: `sqlite:${join(dir, 'never.db')}` });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /newer version.*2099010100_future/);

    const junk = join(dir, 'junk.txt');
    writeFileSync(junk, 'hello');
    const notBackup = await runCli(['restore', junk], { DATABASE_URL: `sqlite:${join(dir, 'never.db')}` });
    assert.equal(notBackup.code, 1);
    assert.match(notBackup.stderr, /not a backup/);
  });
});

{
  const skip = dialects.includes('postgres') ? false : 'TEST_DATABASE_URL not set';
  describe('menu backup / restore, whole PostgreSQL schema with pg_dump (postgres)', { skip }, () => {
    let database: CliDatabase;
    let dir: string;
    before(async () => {
      database = await cliDatabase('postgres');
      dir = mkdtempSync(join(tmpdir(), `menu-pgdump-${testRunId}-`));
    });
    after(async () => {
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    test('pg_dump backup, then restore --force brings the schema back; without --force it is refused', async () => {
      assert.equal((await runCli(['migrate'], database.env)).code, 0);
      let menuBefore = '';
      const served = await serveOn(database.env.DATABASE_URL, database.env.DATABASE_SCHEMA);
      try {
        await createFixtureTenant(served.handle.db, 'alpha');
        menuBefore = await menuOf(served.app, 'alpha');
        const file = join(dir, 'menu.dump');
        const backup = await runCli(['backup', file], database.env);
        assert.equal(backup.code, 0, backup.stderr);
        assert.equal(readFileSync(file).subarray(0, 5).toString(), 'PGDMP');
        await served.handle.db.deleteFrom('items').where('tenant_id', '>', 0).execute();

        const refused = await runCli(['restore', file], database.env);
        assert.equal(refused.code, 1);
        assert.match(refused.stderr, /in use/);
        await served.close();
        const restored = await runCli(['restore', file, '--force'], database.env);
        assert.equal(restored.code, 0, restored.stderr);
      } finally {
        await served.close().catch(() => undefined);
      }
      const again = await serveOn(database.env.DATABASE_URL, database.env.DATABASE_SCHEMA);
      try {
        const items = await again.handle.db.selectFrom('items').select('id').execute();
        assert.ok(items.length > 0, 'the deleted dishes are back');
        assert.equal(await menuOf(again.app, 'alpha'), menuBefore, 'the same menu is served');
      } finally {
        await again.close();
      }
    });
  });
}

for (const dialect of dialects) {
  describe(`menu backup --tenant: one restaurant from SQLite into another instance (${dialect})`, () => {
    let dir: string;
    let source: Served;
    let target: CliDatabase;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), `menu-export-${testRunId}-`));
      const url = `sqlite:${join(dir, 'source.db')}`;
      const handle = openDatabase(url);
      await migrateToLatest(handle);
      await handle.close();
      source = await serveOn(url);
      target = await cliDatabase(dialect);
      assert.equal((await runCli(['migrate'], target.env)).code, 0);
    });
    after(async () => {
      await source.close();
      await target.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    test('menu, settings, theme, photos and users move; passwords only when asked; the other restaurant is untouched', async () => {
      const db = source.handle.db;
      const alphaId = await createFixtureTenant(db, 'alpha');
      await createFixtureTenant(db, 'beta', 'Trattoria');
      const token = await tokenFor(db, alphaId);
      const imageUrl = await uploadPhoto(source.app, token, 'alpha');
      // An option group with an option, on a dish: the links follow the new ids.
      const api = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => {
        const res = await adminCall(source.app, token, { method, url: `/api/v1/admin${url}`, host: 'alpha', body });
        assert.ok(res.statusCode < 300, res.body);
        return res.json.data;
      };
      const group = await api('POST', '/option-groups', { name: { it: 'Aggiunte', en: 'Add-ons' } });
      await api('POST', '/options', {
        group_id: group.id,
        name: { it: 'Burrata' },
        price_change: 3,
        allergens: ['latte'],
      });
      const [firstDish] = await api('GET', '/items?per_page=1');
      await api('PUT', `/items/${firstDish.id}`, { option_group_ids: [group.id] });
      const sourceUrl = source.handle.url!;

      // The target already serves another restaurant, with the same content but its own ids.
      const targetApp = await serveOn(target.env.DATABASE_URL, target.env.DATABASE_SCHEMA);
      try {
        await createFixtureTenant(targetApp.handle.db, 'gamma', 'Trattoria');
        const gammaBefore = await menuOf(targetApp.app, 'gamma');

        const file = join(dir, 'alpha.json');
        const exported = await runCli(['backup', file, '--tenant', 'alpha'], { DATABASE_URL: sourceUrl });
        assert.equal(exported.code, 0, exported.stderr);
        assert.match(exported.stdout, /without password hashes/);
        const doc = JSON.parse(readFileSync(file, 'utf8'));
        assert.equal(doc.tenant.slug, 'alpha');
        assert.ok(doc.tables.users.length > 0);
        for (const user of doc.tables.users) assert.equal(user.password_hash, undefined);
        assert.ok(doc.tables.media.every((m: { body: { $base64: string } }) => typeof m.body.$base64 === 'string'));
        assert.ok(!JSON.stringify(doc).includes('"beta"'), 'nothing of the other restaurant');

        const loaded = await runCli(['restore', '--tenant', file], target.env);
        assert.equal(loaded.code, 0, loaded.stderr);
        assert.match(loaded.stdout, /Restaurant "alpha" loaded/);

        assert.deepEqual(await contentOf(targetApp.app, 'alpha'), await contentOf(source.app, 'alpha'));
        const restoredMenu = JSON.stringify(await contentOf(targetApp.app, 'alpha'));
        assert.match(restoredMenu, /"name":"Burrata"/, 'the option group came along, on its dish');
        const copy = await targetApp.app.inject({ url: imageUrl, headers: { host: 'alpha.localhost' } });
        const original = await source.app.inject({ url: imageUrl, headers: { host: 'alpha.localhost' } });
        assert.equal(copy.statusCode, 200);
        assert.ok(copy.rawPayload.equals(original.rawPayload), 'photo bytes identical');
        assert.equal(await menuOf(targetApp.app, 'gamma'), gammaBefore, "the other restaurant's menu is unchanged");
        const users = await targetApp.handle.db
          .selectFrom('users')
          .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
          .select(['users.password_hash'])
          .where('tenants.slug', '=', 'alpha')
          .execute();
        assert.ok(users.length > 0 && users.every((u) => !u.password_hash.startsWith('scrypt$')), 'no usable password');

        const twice = await runCli(['restore', '--tenant', file], target.env);
        assert.equal(twice.code, 1);
        assert.match(twice.stderr, /already exists/);
        const wrongFlag = await runCli(['restore', file], target.env);
        assert.equal(wrongFlag.code, 1);
        assert.match(wrongFlag.stderr, /--tenant/);

        const withPasswords = join(dir, 'alpha-pw.json');
        assert.equal(
          (
            await runCli(['backup', withPasswords, '--tenant', 'alpha', '--with-passwords'], {
              DATABASE_URL: sourceUrl,
            })
          ).code,
          0,
        );
        const renamed = await runCli(['restore', '--tenant', withPasswords, '--slug', 'alpha-two'], target.env);
        assert.equal(renamed.code, 0, renamed.stderr);
        const hashes = await targetApp.handle.db
          .selectFrom('users')
          .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
          .select(['users.password_hash'])
          .where('tenants.slug', '=', 'alpha-two')
          .execute();
        assert.ok(hashes.length > 0 && hashes.every((u) => u.password_hash.startsWith('scrypt$')));
        assert.equal(await menuOf(targetApp.app, 'gamma'), gammaBefore);
      } finally {
        await targetApp.close();
      }
    });
  });
}
