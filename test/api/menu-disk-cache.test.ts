// The disk tier under the document cache: with a memory budget too small to keep anything but the
// form just made, an evicted form comes back from its restaurant's pack with the same bytes, ETag
// and headers, counted as a disk hit and not a build; packs follow the menu version, stay per
// tenant, stay under their cap, and a damaged record is built again. Counts forms and bytes, never time.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { bumpMenuVersion } from '../../src/accounts/tenants/repo.js';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { DISK_KEEP_READS } from '../../src/features/menu/document.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, openTestDb, runScopedName, type TestApp, testConfig } from '../helper.js';

/** 1 kB: every form charged evicts all the others, so a document is gone once another one is asked for. */
const TINY = { publicRateLimit: 0, cacheMaxMb: 1 / 1024 };
const COMPARED = ['content-type', 'content-length', 'content-encoding', 'etag', 'vary', 'cache-control'];
const pick = (h: Record<string, unknown>) => Object.fromEntries(COMPARED.map((k) => [k, h[k]]));
const MENU_EN = 'menu|en|';

function open(dialect: Parameters<typeof createTestApp>[0], overrides: Partial<Config> = {}) {
  return createTestApp(dialect, { ...TINY, ...overrides }, { now: () => NOON_UTC });
}

function menu(t: TestApp, host: string, encoding: string, extra: Record<string, string> = {}) {
  const headers = encoding === 'identity' ? extra : { 'accept-encoding': encoding, ...extra };
  return call(t.app, { url: '/api/v1/menu/en', host, headers });
}

function versionOf(t: TestApp, slug: string): { id: number; version: number } {
  const state = t.app.tenants.peek(`${slug}.localhost`)!;
  return { id: state.id, version: state.menuVersion };
}

/** Asks for the other restaurant's menu until `slug`'s English menu has left memory (one request with a 1 kB budget). */
async function evict(t: TestApp, slug: string, other: string): Promise<void> {
  const { id, version } = versionOf(t, slug);
  await menu(t, other, 'br');
  // The other menu's file is in place before the next request (else it would be built again, not restored).
  await t.app.documents.disk?.settled();
  assert.equal(t.app.documents.peek(id, version, MENU_EN), undefined, `${slug}'s menu left memory`);
}

/** Every file (pack) under the tier's directory, with its size (what is really on disk). */
function filesOnDisk(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.set(path.slice(dir.length + 1), statSync(path).size);
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

/** The restaurant's pack for its current menu version. */
function packPath(t: TestApp, slug: string): string {
  const { id, version } = versionOf(t, slug);
  return join(t.app.documents.disk!.dir, String(id), `${version}.pack`);
}

for (const dialect of dialects) {
  describe(`menu documents on the disk tier (${dialect})`, () => {
    test('evicted br, gzip and identity answers come back from disk: same bytes, ETag and headers, 304 on the old ETag, no build', async () => {
      const t = await open(dialect);
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const first = {
          identity: await menu(t, 'alpha', 'identity'),
          br: await menu(t, 'alpha', 'br'),
          gzip: await menu(t, 'alpha', 'gzip'),
        };
        assert.equal(first.br.headers['content-encoding'], 'br');
        assert.equal(first.gzip.headers['content-encoding'], 'gzip');
        assert.equal(brotliDecompressSync(first.br.rawPayload).toString(), first.identity.body);
        await t.app.documents.disk!.settled();
        assert.equal(t.app.documents.disk!.files, 2, 'the brotli and the gzip form are on disk; identity is not');
        assert.equal(t.app.documents.stats.builds, 1);
        await evict(t, 'alpha', 'beta');
        const builds = t.app.documents.stats.builds;
        const snapshots = t.app.snapshots.builds;
        const diskHits = t.app.documents.stats.diskHits;
        for (const encoding of ['br', 'gzip', 'identity'] as const) {
          const again = await menu(t, 'alpha', encoding);
          assert.equal(again.statusCode, 200);
          assert.deepEqual(again.rawPayload, first[encoding].rawPayload, `${encoding}: the same bytes`);
          assert.deepEqual(pick(again.headers), pick(first[encoding].headers), `${encoding}: the same headers`);
          await evict(t, 'alpha', 'beta');
          const revalidated = await menu(t, 'alpha', encoding, { 'if-none-match': first[encoding].headers.etag! });
          assert.equal(revalidated.statusCode, 304, `${encoding}: the ETag served before eviction still revalidates`);
          assert.equal(revalidated.headers.etag, first[encoding].headers.etag);
          await evict(t, 'alpha', 'beta');
        }
        assert.equal(t.app.documents.stats.builds - builds, 0, 'neither alpha nor beta was built again');
        assert.equal(t.app.snapshots.builds - snapshots, 0, 'nor its snapshot loaded');
        // Six answers of alpha, six disk hits (beta comes back from disk too, between them).
        assert.ok(t.app.documents.stats.diskHits - diskHits >= 6, `${t.app.documents.stats.diskHits - diskHits}`);

        // /metrics reports the tier next to the memory budget.
        const metrics = (await call(t.app, { url: '/metrics', host: 'alpha' })).body;
        const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(metrics)?.[1]);
        assert.equal(value('menu_cache_disk_hits_total'), t.app.documents.stats.diskHits);
        assert.equal(value('menu_cache_disk_files'), t.app.documents.disk!.files);
        assert.equal(value('menu_cache_disk_bytes'), t.app.documents.disk!.bytes);
        assert.ok(value('menu_cache_disk_writes_total') >= 3, 'alpha br, alpha gzip, beta br');
        assert.equal(value('menu_document_builds_total'), t.app.documents.stats.builds);
      } finally {
        await t.close();
      }
    });

    test('the menu page comes back from disk too', async () => {
      const t = await open(dialect);
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const page = () => call(t.app, { url: '/?lang=en', host: 'alpha', headers: { 'accept-encoding': 'br' } });
        const first = await page();
        assert.equal(first.statusCode, 200);
        await t.app.documents.disk!.settled();
        await menu(t, 'beta', 'br');
        const builds = t.app.documents.stats.builds;
        const again = await page();
        assert.deepEqual(again.rawPayload, first.rawPayload);
        assert.equal(again.headers.etag, first.headers.etag);
        assert.equal(t.app.documents.stats.builds, builds);
      } finally {
        await t.close();
      }
    });

    test('a menu write serves the new content and deletes the old version’s files', async () => {
      const t = await open(dialect);
      try {
        const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const old = await menu(t, 'alpha', 'br');
        await menu(t, 'beta', 'br');
        await t.app.documents.disk!.settled();
        const oldVersion = versionOf(t, 'alpha').version;
        const oldPack = packPath(t, 'alpha');
        assert.deepEqual(readdirSync(join(t.app.documents.disk!.dir, String(alpha))), [`${oldVersion}.pack`]);
        const token = await tokenFor(t.db.db, alpha);
        const put = await adminCall(t.app, token, {
          method: 'PUT',
          url: '/api/v1/admin/settings',
          host: 'alpha',
          body: { name: 'Alpha rinnovata' },
        });
        assert.equal(put.statusCode, 200);
        const fresh = await menu(t, 'alpha', 'br');
        assert.notEqual(fresh.headers.etag, old.headers.etag);
        assert.equal(
          JSON.parse(brotliDecompressSync(fresh.rawPayload).toString()).data.settings.name,
          'Alpha rinnovata',
        );
        await t.app.documents.disk!.settled();
        const newVersion = versionOf(t, 'alpha').version;
        assert.ok(newVersion > oldVersion);
        assert.equal(existsSync(oldPack), false, 'the old version’s pack is gone');
        assert.deepEqual(readdirSync(join(t.app.documents.disk!.dir, String(alpha))), [`${newVersion}.pack`]);
        // Evicted and asked again: the new version from disk, never the old one.
        await evict(t, 'alpha', 'beta');
        const builds = t.app.documents.stats.builds;
        const again = await menu(t, 'alpha', 'br');
        assert.deepEqual(again.rawPayload, fresh.rawPayload);
        assert.equal(t.app.documents.stats.builds, builds);
        // What the index counts is what is on disk: one pack per restaurant, every byte of it.
        const onDisk = filesOnDisk(t.app.documents.disk!.dir);
        assert.equal(onDisk.size, 2, 'alpha’s and beta’s packs');
        assert.equal(
          [...onDisk.values()].reduce((a, b) => a + b, 0),
          t.app.documents.disk!.bytes,
        );
      } finally {
        await t.close();
      }
    });

    test('a second restaurant with the same key and version never gets the first one’s document', async () => {
      const t = await open(dialect);
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const alpha = await menu(t, 'alpha', 'br');
        await t.app.documents.disk!.settled();
        // Beta's first request: alpha's file is there under the same key, but beta's document is built.
        const builds = t.app.documents.stats.builds;
        const beta = await menu(t, 'beta', 'br');
        assert.equal(versionOf(t, 'alpha').version, versionOf(t, 'beta').version, 'same version, same key');
        assert.equal(t.app.documents.stats.builds, builds + 1);
        assert.match(JSON.parse(brotliDecompressSync(beta.rawPayload).toString()).data.settings.name, /Beta/);
        await t.app.documents.disk!.settled();
        // Both evicted in turn and restored: each its own.
        const alphaAgain = await menu(t, 'alpha', 'br');
        const betaAgain = await menu(t, 'beta', 'br');
        assert.deepEqual(alphaAgain.rawPayload, alpha.rawPayload);
        assert.deepEqual(betaAgain.rawPayload, beta.rawPayload);
        assert.notEqual(betaAgain.headers.etag, alpha.headers.etag);
        assert.equal(t.app.documents.stats.builds, builds + 1);
      } finally {
        await t.close();
      }
    });

    test('over CACHE_DISK_MB the least recently used restaurant’s pack goes (counted in bytes)', async () => {
      // One restaurant's English brotli record, measured on a first app.
      let fileBytes: number;
      {
        const t = await open(dialect);
        try {
          await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
          await menu(t, 'alpha', 'br');
          await t.app.documents.disk!.settled();
          fileBytes = t.app.documents.disk!.bytes;
        } finally {
          await t.close();
        }
      }
      // Room for two such files, not three.
      const t = await open(dialect, { cacheDiskMb: (2.5 * fileBytes) / (1024 * 1024) });
      try {
        const ids = [];
        for (const slug of ['alpha', 'beta', 'gamma']) ids.push(await createFixtureTenant(t.db.db, slug, 'Osteria'));
        const disk = t.app.documents.disk!;
        await menu(t, 'alpha', 'br');
        await menu(t, 'beta', 'br');
        await disk.settled();
        assert.equal(disk.files, 2);
        await menu(t, 'alpha', 'br'); // alpha used again (from disk): beta is now the least recently used
        await menu(t, 'gamma', 'br');
        await disk.settled();
        assert.equal(disk.files, 2);
        assert.ok(disk.bytes <= disk.maxBytes, `${disk.bytes} within ${disk.maxBytes}`);
        assert.equal(disk.evictions, 1);
        const tenantsOnDisk = readdirSync(disk.dir).sort();
        assert.deepEqual(tenantsOnDisk, [String(ids[0]), String(ids[2])].sort(), 'beta’s pack went');
        const onDisk = filesOnDisk(disk.dir);
        assert.equal(
          [...onDisk.values()].reduce((a, b) => a + b, 0),
          disk.bytes,
        );
        // Beta is built again; alpha still comes from disk.
        const builds = t.app.documents.stats.builds;
        await menu(t, 'beta', 'br');
        assert.equal(t.app.documents.stats.builds, builds + 1);
      } finally {
        await t.close();
      }
    });

    test('a damaged or truncated record is dropped and the document built again: 200, the right menu', async () => {
      const t = await open(dialect);
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const betaFirst = await menu(t, 'beta', 'br');
        for (const damage of ['flip a body byte', 'truncate', 'garbage']) {
          await menu(t, 'alpha', 'br');
          await t.app.documents.disk!.settled();
          await evict(t, 'alpha', 'beta');
          // Alpha's brotli record is the last of its pack (written again after each damage).
          const path = packPath(t, 'alpha');
          const bytes = readFileSync(path);
          if (damage === 'flip a body byte') bytes[bytes.length - 10] ^= 0xff;
          writeFileSync(
            path,
            damage === 'truncate' ? bytes.subarray(0, bytes.length - 100) : damage === 'garbage' ? 'x' : bytes,
          );
          const builds = t.app.documents.stats.builds;
          // Identity is derived from the stored form: a damaged one would fail to decompress.
          const plain = await menu(t, 'alpha', 'identity');
          assert.equal(plain.statusCode, 200, damage);
          assert.match(plain.json.data.settings.name, /Alpha/);
          assert.equal(t.app.documents.stats.builds, builds + 1, `${damage}: built again`);
          const br = await menu(t, 'alpha', 'br');
          assert.equal(br.statusCode, 200);
          assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
          await t.app.documents.disk!.settled();
          // The new form's record is in a pack again.
          assert.equal(readFileSync(packPath(t, 'alpha')).length > 100, true);
          await evict(t, 'alpha', 'beta');
          assert.deepEqual((await menu(t, 'alpha', 'br')).rawPayload, br.rawPayload);
          // The other restaurant's pack, of the same key and version, is untouched.
          const betaAgain = await menu(t, 'beta', 'br');
          assert.deepEqual(betaAgain.rawPayload, betaFirst.rawPayload);
          assert.equal(t.app.documents.stats.builds, builds + 1, `${damage}: beta still from disk`);
        }
      } finally {
        await t.close();
      }
    });

    test('CACHE_DISK_MB=0 writes nothing: evicted documents are built again', async () => {
      const dir = join(tmpdir(), runScopedName('menu-disk-off'));
      const t = await open(dialect, { cacheDiskMb: 0, cacheDir: dir });
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        assert.equal(t.app.documents.disk, undefined);
        await menu(t, 'alpha', 'br');
        await evict(t, 'alpha', 'beta');
        const builds = t.app.documents.stats.builds;
        await menu(t, 'alpha', 'br');
        assert.equal(t.app.documents.stats.builds, builds + 1);
        assert.equal(t.app.documents.stats.diskHits, 0);
        assert.equal(existsSync(dir), false, 'no directory made');
        const metrics = (await call(t.app, { url: '/metrics', host: 'alpha' })).body;
        assert.match(metrics, /^menu_cache_disk_files 0$/m);
        assert.match(metrics, /^menu_cache_disk_writes_total 0$/m);
      } finally {
        await t.close();
      }
    });

    test('a configured CACHE_DIR is emptied of files no manifest vouches for at start (other files stay)', async () => {
      const dir = join(tmpdir(), runScopedName('menu-disk-dir'));
      const db = await openTestDb(dialect);
      const alpha = await createFixtureTenant(db.db, 'alpha', 'Alpha');
      // What an earlier process (or a restored backup's numbering) could have left, in either
      // layout (a file per form before packs, a pack): never trusted.
      const hash = createHash('sha1').update(MENU_EN).digest('hex');
      mkdirSync(join(dir, String(alpha), '1'), { recursive: true });
      writeFileSync(join(dir, String(alpha), '1', `${hash}.br`), 'stale');
      writeFileSync(join(dir, String(alpha), '1.pack'), 'stale');
      writeFileSync(join(dir, 'README'), 'not the cache’s');
      let app: FastifyInstance | undefined;
      try {
        app = await buildApp(testConfig({ ...TINY, cacheDir: dir }), { database: db, now: () => NOON_UTC });
        await app.ready();
        assert.deepEqual(readdirSync(dir), ['README']);
        const res = await app.inject({
          url: '/api/v1/menu/en',
          headers: { host: 'alpha.localhost', 'accept-encoding': 'br' },
        });
        assert.equal(res.statusCode, 200);
        assert.equal(app.documents.stats.builds, 1);
        await app.documents.disk!.settled();
        assert.deepEqual(readdirSync(dir).sort(), [String(alpha), 'README']);
      } finally {
        await app?.close();
        await db.dispose();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('a restart keeps the packs of menus still current (same version and stamp): served without a build; a changed or rewound menu’s pack goes', async () => {
      const dir = join(tmpdir(), runScopedName('menu-disk-keep'));
      const db = await openTestDb(dialect);
      const alpha = await createFixtureTenant(db.db, 'alpha', 'Alpha');
      const beta = await createFixtureTenant(db.db, 'beta', 'Beta');
      const gamma = await createFixtureTenant(db.db, 'gamma', 'Gamma');
      const start = async () => {
        const app = await buildApp(testConfig({ ...TINY, cacheDir: dir }), { database: db, now: () => NOON_UTC });
        await app.ready();
        return app;
      };
      const ask = (app: FastifyInstance, slug: string) =>
        app.inject({ url: '/api/v1/menu/en', headers: { host: `${slug}.localhost`, 'accept-encoding': 'br' } });
      let app: FastifyInstance | undefined;
      try {
        app = await start();
        const first = new Map<string, { etag: unknown; body: string }>();
        for (const slug of ['alpha', 'beta', 'gamma']) {
          const res = await ask(app, slug);
          first.set(slug, { etag: res.headers.etag, body: res.body });
        }
        await app.close();
        app = undefined;
        assert.ok(existsSync(join(dir, 'manifest.json')), 'the index written down at close');
        assert.equal(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).format, 2);
        assert.ok(existsSync(join(dir, String(alpha))), 'packs kept');

        // While stopped: beta's menu changes (a new version and stamp); gamma is rewound (a restored
        // backup edited again: the same version number, another stamp).
        await db.db.transaction().execute((trx) => bumpMenuVersion(trx, beta));
        await db.db.updateTable('tenants').set({ menu_stamp: 'another menu' }).where('id', '=', gamma).execute();

        app = await start();
        assert.equal(existsSync(join(dir, 'manifest.json')), false, 'read once, then gone');
        assert.deepEqual(readdirSync(dir).sort(), [String(alpha)], 'only the current menu’s pack stays');
        const again = await ask(app, 'alpha');
        assert.equal(again.statusCode, 200);
        assert.equal(again.headers.etag, first.get('alpha')!.etag);
        assert.equal(again.body, first.get('alpha')!.body);
        assert.equal(app.documents.stats.builds, 0, 'alpha came from disk');
        assert.equal(app.documents.stats.diskHits, 1);
        for (const slug of ['beta', 'gamma']) assert.equal((await ask(app, slug)).statusCode, 200);
        assert.equal(app.documents.stats.builds, 2, 'beta and gamma built again');

        // Killed (no close): no manifest, so the next start trusts nothing.
        await app.documents.disk!.settled();
        const orphan = readdirSync(dir).sort();
        assert.deepEqual(orphan, [String(alpha), String(beta), String(gamma)]);
      } finally {
        await app?.close();
        await db.dispose();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('a start without the last run’s manifest (a killed process), on other code or with a format-1 manifest keeps nothing', async () => {
      const dir = join(tmpdir(), runScopedName('menu-disk-killed'));
      const db = await openTestDb(dialect);
      const alpha = await createFixtureTenant(db.db, 'alpha', 'Alpha');
      let app: FastifyInstance | undefined;
      try {
        app = await buildApp(testConfig({ ...TINY, cacheDir: dir }), { database: db, now: () => NOON_UTC });
        await app.ready();
        await app.inject({ url: '/api/v1/menu/en', headers: { host: 'alpha.localhost', 'accept-encoding': 'br' } });
        await app.close();
        app = undefined;
        // Another release wrote this manifest: its documents may differ byte for byte.
        const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
        writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, code: 'another release' }));
        app = await buildApp(testConfig({ ...TINY, cacheDir: dir }), { database: db, now: () => NOON_UTC });
        await app.ready();
        assert.deepEqual(readdirSync(dir), [], 'other code: nothing kept');
        await app.inject({ url: '/api/v1/menu/en', headers: { host: 'alpha.localhost', 'accept-encoding': 'br' } });
        assert.equal(app.documents.stats.builds, 1);
        await app.documents.disk!.settled();
        await app.close();
        app = undefined;
        // The format before packs (one file per form): its listing means nothing for a pack.
        const current = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
        assert.equal(current.format, 2);
        writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...current, format: 1 }));
        app = await buildApp(testConfig({ ...TINY, cacheDir: dir }), { database: db, now: () => NOON_UTC });
        await app.ready();
        assert.deepEqual(readdirSync(dir), [], 'a format-1 manifest: nothing kept');
        await app.inject({ url: '/api/v1/menu/en', headers: { host: 'alpha.localhost', 'accept-encoding': 'br' } });
        assert.equal(app.documents.stats.builds, 1);
        await app.documents.disk!.settled();
        await app.close();
        app = undefined;
        rmSync(join(dir, 'manifest.json'));
        app = await buildApp(testConfig({ ...TINY, cacheDir: dir }), { database: db, now: () => NOON_UTC });
        await app.ready();
        assert.deepEqual(readdirSync(dir), [], `no manifest: tenant ${alpha}'s pack not trusted`);
      } finally {
        await app?.close();
        await db.dispose();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('the fast path brings an evicted menu back from disk without reaching Fastify', async () => {
      const db = await openTestDb(dialect);
      await createFixtureTenant(db.db, 'alpha', 'Alpha');
      await createFixtureTenant(db.db, 'beta', 'Beta');
      const app = await buildApp(testConfig(TINY), { database: db, now: () => NOON_UTC });
      let reachedFastify = 0;
      app.addHook('onRequest', async () => {
        reachedFastify++;
      });
      try {
        await app.listen({ host: '127.0.0.1', port: 0 });
        const port = (app.server.address() as AddressInfo).port;
        const get = (host: string, extra: Record<string, string> = {}) =>
          new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
            const req = request(
              {
                host: '127.0.0.1',
                port,
                path: '/api/v1/menu/en',
                headers: { host, 'accept-encoding': 'br', ...extra },
              },
              (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (c) => chunks.push(c));
                res.on('end', () =>
                  resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
                );
              },
            );
            req.on('error', reject);
            req.end();
          });
        const first = await get('alpha.localhost');
        await get('beta.localhost');
        await app.documents.disk!.settled();
        const alpha = app.tenants.peek('alpha.localhost')!;
        assert.equal(app.documents.peek(alpha.id, alpha.menuVersion, MENU_EN), undefined, 'evicted');
        const before = reachedFastify;
        const builds = app.documents.stats.builds;
        const again = await get('alpha.localhost');
        assert.equal(again.status, 200);
        assert.equal(reachedFastify, before, 'answered in front of Fastify');
        assert.deepEqual(again.body, first.body);
        assert.deepEqual(pick(again.headers), pick(first.headers));
        assert.equal(app.documents.stats.builds, builds);

        // Memory full: read from disk for one answer each (a pooled buffer, reused), kept from the file's
        // DISK_KEEP_READS-th read in its window.
        const hits = app.documents.stats.diskHits;
        // The read just above was the file's first: reads 2 to DISK_KEEP_READS - 1 are sent and dropped, the next one kept.
        for (let i = 1; i < DISK_KEEP_READS; i++) {
          await get('beta.localhost');
          await app.documents.disk!.settled();
          assert.equal(app.documents.peek(alpha.id, alpha.menuVersion, MENU_EN), undefined, `read ${i}: not in memory`);
          const sent = await get('alpha.localhost');
          assert.deepEqual(sent.body, first.body, `read ${i}: the same bytes`);
          assert.deepEqual(pick(sent.headers), pick(first.headers));
          const kept = app.documents.peek(alpha.id, alpha.menuVersion, MENU_EN) !== undefined;
          assert.equal(kept, i === DISK_KEEP_READS - 1, `read ${i + 1} of the file kept in memory: ${kept}`);
        }
        assert.ok(app.documents.stats.diskHits > hits);
        assert.equal(app.documents.stats.builds, builds, 'nothing built again');

        // Evicted again (beta comes back to memory within DISK_KEEP_READS reads), asked with the ETag it
        // was sent with: 304 from the file's own headers, in front of Fastify.
        for (let i = 0; i < DISK_KEEP_READS && app.documents.peek(alpha.id, alpha.menuVersion, MENU_EN); i++) {
          await get('beta.localhost');
          await app.documents.disk!.settled();
        }
        assert.equal(app.documents.peek(alpha.id, alpha.menuVersion, MENU_EN), undefined, 'evicted again');
        const reached = reachedFastify;
        const conditional = await get('alpha.localhost', { 'if-none-match': String(first.headers.etag) });
        assert.equal(conditional.status, 304);
        assert.equal(conditional.headers.etag, first.headers.etag);
        assert.equal(conditional.body.length, 0);
        assert.equal(reachedFastify, reached, '304 in front of Fastify');
        // Its file has been read DISK_KEEP_READS times and more in this window: a menu read that often
        // comes back to memory, the 304's read included.
        assert.ok(app.documents.peek(alpha.id, alpha.menuVersion, MENU_EN), 'kept: its file is read often');

        // 200 at once over three restaurants' menus: every answer its own restaurant's bytes (no buffer shared early).
        const gamma = await createFixtureTenant(db.db, 'gamma', 'Gamma');
        await db.db.updateTable('settings').set({ name: 'Gamma, renamed' }).where('tenant_id', '=', gamma).execute();
        await app.tenants.reload(gamma);
        const expected = new Map<string, Buffer>();
        for (const host of ['alpha.localhost', 'beta.localhost', 'gamma.localhost']) {
          expected.set(host, brotliDecompressSync((await get(host)).body));
        }
        await app.documents.disk!.settled();
        const hosts = Array.from(
          { length: 200 },
          (_, i) => ['alpha.localhost', 'beta.localhost', 'gamma.localhost'][i % 3],
        );
        const answers = await Promise.all(hosts.map((host) => get(host)));
        answers.forEach((answer, i) => {
          assert.equal(answer.status, 200);
          assert.deepEqual(brotliDecompressSync(answer.body), expected.get(hosts[i]), `answer ${i} (${hosts[i]})`);
        });
        assert.equal(app.documents.stats.builds, builds + 1, 'only gamma was built');
      } finally {
        await app.close();
        await db.dispose();
      }
    });
  });
}
