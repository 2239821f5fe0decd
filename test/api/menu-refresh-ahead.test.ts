// Refresh-ahead (features/menu/cached.ts, MenuRefresher): after a write, the /menu documents a
// restaurant had in memory are built again with the compressed forms that were held, so the next
// diners get a hit; nothing else is built, and another restaurant's documents are untouched. The
// writer pays (issue 37 point 3): a write's answer is held until its restaurant's menus are built
// again (at most PUBLISH_WAIT_MS, not at all when the refresher is busy), so the request right after
// it is a hit, through Fastify and in the fast path; a live event goes then too. Counts builds,
// compressions and hits, never time.
import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { busyNow, busyWithOthers, menuKey, quietNow } from '../../src/features/menu/cached.js';
import type { CachedDocument } from '../../src/features/menu/document.js';
import { updateItem } from '../../src/resources/items/service.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, eventually, openTestDb, type TestApp, testConfig } from '../helper.js';
import { panelBed } from '../panel/setup.js';

function menu(t: TestApp, host: string, locale: string, encoding: 'br' | 'gzip' | 'identity') {
  return call(t.app, { url: `/api/v1/menu/${locale}`, host, headers: { 'accept-encoding': encoding } });
}

function decoded(body: Buffer, encoding: unknown): Buffer {
  return encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
}

function nameIn(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  return JSON.parse(decoded(res.rawPayload, res.headers['content-encoding']).toString()).data.settings.name;
}

async function rename(t: TestApp, tenantId: number, host: string, name: string) {
  const token = await tokenFor(t.db.db, tenantId);
  const put = await adminCall(t.app, token, { method: 'PUT', url: '/api/v1/admin/settings', host, body: { name } });
  assert.equal(put.statusCode, 200);
}

/** The restaurant's /menu document of a locale held now for its current version, if any. */
function heldDocument(t: { app: FastifyInstance }, slug: string, locale: string): CachedDocument | undefined {
  const tenant = t.app.tenants.peek(`${slug}.localhost`)!;
  const schedule = t.app.snapshots.schedule(tenant);
  if (!schedule) return undefined;
  return t.app.documents.peek(
    tenant.id,
    tenant.menuVersion,
    menuKey(locale as 'en', t.app.snapshots.scheduleKey(schedule)),
  );
}

/**
 * A test app with these restaurants (named after their slug), each one's English menu asked once in
 * brotli, and refresh-ahead settled: the start of most tests below.
 */
async function menusRead(dialect: (typeof dialects)[number], ...slugs: string[]) {
  const t = await createTestApp(dialect, { publicRateLimit: 0 }, { now: () => NOON_UTC });
  try {
    const ids: number[] = [];
    for (const slug of slugs) ids.push(await createFixtureTenant(t.db.db, slug, slug[0].toUpperCase() + slug.slice(1)));
    for (const slug of slugs) await menu(t, slug, 'en', 'br');
    await t.app.refresher.settled();
    return { t, ids };
  } catch (err) {
    await t.close();
    throw err;
  }
}

/** A promise and the function that resolves it (a refresh held until a test lets it go). */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * Holds every form refresh-ahead makes for one restaurant until the returned `open` is called
 * (its refresh cannot finish meanwhile); other restaurants' forms are made as usual.
 */
function holdForms(t: { app: FastifyInstance }, tenantId: number): () => void {
  const stuck = gate();
  const documents = t.app.documents;
  const prepare = documents.prepare.bind(documents);
  (documents as { prepare: unknown }).prepare = (doc: CachedDocument, encoding: 'br' | 'gzip') =>
    doc.tenantId === tenantId ? stuck.opened.then(() => prepare(doc, encoding)) : prepare(doc, encoding);
  return stuck.open;
}

for (const dialect of dialects) {
  describe(`refresh-ahead (${dialect})`, () => {
    test('a write rebuilds, in the background, exactly the menus held before it, in the encodings held; the next requests build nothing; another restaurant is untouched', async () => {
      const t = await createTestApp(dialect, { publicRateLimit: 0 }, { now: () => NOON_UTC });
      try {
        const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        await menu(t, 'alpha', 'en', 'br');
        await menu(t, 'alpha', 'it', 'gzip');
        await menu(t, 'beta', 'en', 'br');
        const betaEtag = (await menu(t, 'beta', 'en', 'br')).headers.etag;
        await t.app.refresher.settled();
        const builds = t.app.documents.stats.builds;
        const ahead = t.app.refresher.built;

        await rename(t, alpha, 'alpha', 'Alpha rinnovata');
        await t.app.refresher.settled();
        assert.equal(t.app.refresher.built - ahead, 2, 'alpha’s two menus, built ahead');
        const metrics = await call(t.app, { url: '/metrics', host: 'alpha' });
        assert.match(metrics.body, new RegExp(`^menu_documents_built_ahead_total ${t.app.refresher.built}$`, 'm'));
        assert.equal(t.app.documents.stats.builds - builds, 2, 'nothing else built');

        const en = await menu(t, 'alpha', 'en', 'br');
        const it = await menu(t, 'alpha', 'it', 'gzip');
        assert.equal(nameIn(en), 'Alpha rinnovata');
        assert.equal(nameIn(it), 'Alpha rinnovata');
        const beta = await menu(t, 'beta', 'en', 'br');
        // Same content (its brotli form may have been upgraded meanwhile: another suffix).
        assert.equal(
          String(beta.headers.etag).split('-br')[0],
          String(betaEtag).split('-br')[0],
          'beta’s menu still the one held',
        );
        assert.match(nameIn(beta), /^Beta/);
        assert.equal(t.app.documents.stats.builds - builds, 2, 'the requests after the write were hits');
        // The forms held were made ahead too: no compression on the request path.
        const compressions = t.app.documents.stats.compressions;
        await menu(t, 'alpha', 'en', 'br');
        await menu(t, 'alpha', 'it', 'gzip');
        assert.equal(t.app.documents.stats.compressions, compressions);
      } finally {
        await t.close();
      }
    });

    test('a menu built ahead is no brotli ask: one request after a write queues no upgrade, a second one does', async () => {
      const t = await createTestApp(dialect, { publicRateLimit: 0 }, { now: () => NOON_UTC });
      try {
        const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await menu(t, 'alpha', 'en', 'br');
        await rename(t, alpha, 'alpha', 'Alpha 2');
        await t.app.refresher.settled();
        const upgrades = t.app.documents.stats.upgrades;
        const compressions = t.app.documents.stats.compressions;
        assert.equal(nameIn(await menu(t, 'alpha', 'en', 'br')), 'Alpha 2');
        assert.equal(t.app.documents.stats.compressions, compressions, 'the brotli form was made ahead');
        const tenant = t.app.tenants.peek('alpha.localhost')!;
        const schedule = t.app.snapshots.schedule(tenant)!;
        const key = menuKey('en', t.app.snapshots.scheduleKey(schedule));
        const doc = t.app.documents.peek(alpha, tenant.menuVersion, key)!;
        assert.equal(doc.brHits, 1, 'one brotli ask: the request, not refresh-ahead');
        assert.equal(t.app.documents.stats.upgrades, upgrades);
        await menu(t, 'alpha', 'en', 'br');
        await eventually(async () => assert.equal(t.app.documents.stats.upgrades, upgrades + 1));
      } finally {
        await t.close();
      }
    });

    test('a form whose document went before its turn is not made ahead', async () => {
      const t = await createTestApp(dialect, { publicRateLimit: 0 }, { now: () => NOON_UTC });
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await menu(t, 'alpha', 'en', 'br');
        const tenant = t.app.tenants.peek('alpha.localhost')!;
        const key = menuKey('en', t.app.snapshots.scheduleKey(t.app.snapshots.schedule(tenant)!));
        const doc = t.app.documents.peek(tenant.id, tenant.menuVersion, key)!;
        t.app.documents.forget(tenant.id);
        const compressions = t.app.documents.stats.compressions;
        assert.equal(t.app.documents.prepare(doc, 'gzip'), undefined);
        assert.equal(t.app.documents.stats.compressions, compressions, 'nothing compressed');
      } finally {
        await t.close();
      }
    });

    test('a restaurant with nothing in memory is not built ahead', async () => {
      const t = await createTestApp(dialect, { publicRateLimit: 0 }, { now: () => NOON_UTC });
      try {
        const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const ahead = t.app.refresher.built;
        const waits = { ...t.app.refresher.waits };
        await rename(t, alpha, 'alpha', 'Alpha 2');
        assert.deepEqual(t.app.refresher.waits, waits, 'nothing to wait for: the write was not held');
        await t.app.refresher.settled();
        assert.equal(t.app.refresher.built, ahead, 'alpha was never read');

        await menu(t, 'beta', 'en', 'br');
        await rename(t, beta, 'beta', 'Beta 2');
        await t.app.refresher.settled();
        assert.equal(t.app.refresher.built, ahead + 1);
        assert.equal(nameIn(await menu(t, 'beta', 'en', 'br')), 'Beta 2');
      } finally {
        await t.close();
      }
    });

    test('a write answers once the menus held are built again: right after it every locale held is a hit in br, gzip and identity, nothing built or compressed; another restaurant is untouched', async () => {
      const t = await createTestApp(dialect, { publicRateLimit: 0 }, { now: () => NOON_UTC });
      try {
        const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const locales = ['it', 'en', 'de'];
        for (const locale of locales) {
          for (const encoding of ['br', 'gzip'] as const) await menu(t, 'alpha', locale, encoding);
        }
        await menu(t, 'beta', 'en', 'br');
        await t.app.refresher.settled();
        // This test's own setup may have kept the loop busy over the last second: judged free; and
        // a slow machine must not turn the refresh it counts into a cap.
        t.app.refresher.busyOverride = false;
        t.app.refresher.waitCapMs = 60_000;
        const betaDoc = heldDocument(t, 'beta', 'en');
        assert.ok(betaDoc);
        const { builds, compressions } = t.app.documents.stats;
        const waits = { ...t.app.refresher.waits };

        await rename(t, alpha, 'alpha', 'Alpha rinnovata');
        // No settled(): the answer came after the refresh.
        assert.deepEqual(t.app.refresher.waits, { ...waits, refreshed: waits.refreshed + 1 }, 'held for the refresh');
        for (const locale of locales) {
          const doc = heldDocument(t, 'alpha', locale);
          assert.ok(doc?.forms.br && doc.forms.gzip, `${locale}: built again with both forms before the answer`);
        }
        assert.equal(t.app.documents.stats.builds - builds, locales.length, 'the menus held, built ahead');
        assert.equal(t.app.documents.stats.compressions - compressions, 2 * locales.length, 'their forms, made ahead');

        const hits = t.app.documents.stats.hits;
        let asked = 0;
        for (const locale of locales) {
          for (const encoding of ['br', 'gzip', 'identity'] as const) {
            assert.equal(nameIn(await menu(t, 'alpha', locale, encoding)), 'Alpha rinnovata');
            asked++;
          }
        }
        assert.equal(t.app.documents.stats.hits - hits, asked, 'every request right after the write a hit');
        assert.equal(t.app.documents.stats.builds - builds, locales.length, 'nothing built on a request');
        assert.equal(t.app.documents.stats.compressions - compressions, 2 * locales.length, 'nothing compressed');
        assert.equal(heldDocument(t, 'beta', 'en'), betaDoc, 'beta’s document the same one, untouched');
      } finally {
        await t.close();
      }
    });

    test('a menu read uncompressed twice keeps its identity form across changes: after a write its identity request is served from memory, no decompression; another restaurant’s is not kept', async () => {
      const { t, ids } = await menusRead(dialect, 'alpha', 'beta');
      try {
        const [alpha, beta] = ids;
        // Alpha's menu asked uncompressed once before the write, once after: two asks over its versions.
        await menu(t, 'alpha', 'en', 'identity');
        await menu(t, 'beta', 'en', 'identity');
        await t.app.refresher.settled();
        t.app.refresher.busyOverride = false;
        t.app.refresher.waitCapMs = 60_000;
        await rename(t, alpha, 'alpha', 'Alpha, first change');
        await rename(t, beta, 'beta', 'Beta, first change');
        assert.equal(heldDocument(t, 'alpha', 'en')?.forms.identity, undefined, 'one ask so far: not kept');
        assert.equal(nameIn(await menu(t, 'alpha', 'en', 'identity')), 'Alpha, first change');
        assert.ok(heldDocument(t, 'alpha', 'en')?.forms.identity, 'kept from its second ask');

        await rename(t, alpha, 'alpha', 'Alpha, second change');
        await rename(t, beta, 'beta', 'Beta, second change');
        const doc = heldDocument(t, 'alpha', 'en');
        assert.ok(doc?.forms.identity && doc.forms.br, 'built again with its identity form and its brotli form');
        assert.equal(heldDocument(t, 'beta', 'en')?.forms.identity, undefined, 'beta, asked once, keeps none');
        const { hits } = t.app.documents.stats;
        const res = await menu(t, 'alpha', 'en', 'identity');
        assert.equal(res.headers['content-encoding'], undefined);
        assert.equal(nameIn(res), 'Alpha, second change');
        assert.equal(t.app.documents.stats.hits - hits, 1, 'a hit');
        assert.equal(
          heldDocument(t, 'alpha', 'en')?.forms.identity,
          doc.forms.identity,
          'the form built ahead, served as it is',
        );
      } finally {
        await t.close();
      }
    });

    test('a refresh that cannot finish holds its write only up to the cap and goes on in the background; another restaurant’s write is not held behind it', async () => {
      const { t, ids } = await menusRead(dialect, 'alpha', 'beta');
      try {
        const [alpha, beta] = ids;
        t.app.refresher.busyOverride = false;
        // Alpha's forms made ahead wait until the test lets them go: its refresh cannot finish.
        const release = holdForms(t, alpha);
        const waits = { ...t.app.refresher.waits };

        await rename(t, alpha, 'alpha', 'Alpha 2');
        assert.deepEqual(t.app.refresher.waits, { ...waits, capped: waits.capped + 1 }, 'answered at the cap');
        assert.equal(heldDocument(t, 'alpha', 'en')?.forms.br, undefined, 'alpha’s form not made yet');

        // Beta's refresh is counted done before its answer: a slow machine must not make it a cap.
        t.app.refresher.waitCapMs = 60_000;
        await rename(t, beta, 'beta', 'Beta 2');
        assert.deepEqual(
          t.app.refresher.waits,
          { ...waits, capped: waits.capped + 1, refreshed: waits.refreshed + 1 },
          'beta’s own refresh, done before its answer',
        );
        const { builds, compressions, hits } = t.app.documents.stats;
        assert.equal(nameIn(await menu(t, 'beta', 'en', 'br')), 'Beta 2');
        assert.equal(t.app.documents.stats.hits, hits + 1, 'beta’s menu right after its write: a hit');
        assert.equal(t.app.documents.stats.builds, builds);
        assert.equal(t.app.documents.stats.compressions, compressions);
        assert.equal(heldDocument(t, 'alpha', 'en')?.forms.br, undefined, 'alpha’s refresh still held back');

        release();
        await t.app.refresher.settled();
        assert.ok(heldDocument(t, 'alpha', 'en')?.forms.br, 'alpha’s form made in the background after its answer');
        assert.equal(nameIn(await menu(t, 'alpha', 'en', 'br')), 'Alpha 2');
        assert.equal(t.app.documents.stats.builds, builds, 'alpha’s request built nothing');
        assert.equal(
          t.app.documents.stats.compressions,
          compressions + 1,
          'the one form made ahead, none on the request',
        );
      } finally {
        await t.close();
      }
    });

    test('on a quiet server a write’s wait ends with one major collection before its answer; none under traffic, none after a cap', async () => {
      const { t, ids } = await menusRead(dialect, 'alpha', 'beta');
      try {
        const [alpha] = ids;
        const refresher = t.app.refresher;
        refresher.busyOverride = false;
        refresher.waitCapMs = 60_000;
        // What --expose-gc gives (npm start); counted, with whether the refresh was done by then.
        const collected: boolean[] = [];
        refresher.collect = () => collected.push(heldDocument(t, 'alpha', 'en')?.forms.br !== undefined);
        const before = refresher.collections;

        refresher.quietOverride = true;
        await rename(t, alpha, 'alpha', 'Alpha 2');
        assert.deepEqual(collected, [true], 'one collection, after the refresh, before the answer');
        assert.equal(refresher.collections, before + 1);

        refresher.quietOverride = false;
        await rename(t, alpha, 'alpha', 'Alpha 3');
        assert.deepEqual(collected, [true], 'under traffic: no collection');
        assert.equal(nameIn(await menu(t, 'alpha', 'en', 'br')), 'Alpha 3', 'the write was still held and published');

        // A refresh past the cap: the answer goes, and no collection follows it later.
        refresher.quietOverride = true;
        const release = holdForms(t, alpha);
        refresher.waitCapMs = 1;
        await rename(t, alpha, 'alpha', 'Alpha 4');
        release();
        await refresher.settled();
        assert.deepEqual(collected, [true], 'nothing collected after a capped answer');
        assert.equal(refresher.collections, before + 1);
      } finally {
        await t.close();
      }
    });

    test('a refresh that ended before the write’s answer asked for it (PostgreSQL’s commit leaves it time) is still followed by the writer’s collection, once', async () => {
      const { t, ids } = await menusRead(dialect, 'alpha', 'beta');
      try {
        const [alpha, beta] = ids;
        const refresher = t.app.refresher;
        refresher.busyOverride = false;
        refresher.quietOverride = true;
        let runs = 0;
        refresher.collect = () => {
          runs++;
        };
        // The background refresher does the whole refresh before the answer's hook runs.
        refresher.changing(alpha, t.app.documents);
        await refresher.settled();
        assert.equal(runs, 0, 'a background refresh collects nothing by itself');
        await refresher.publish(alpha);
        assert.equal(runs, 1, 'the write’s answer pays the collection');
        await refresher.publish(alpha);
        assert.equal(runs, 1, 'once');
        await refresher.publish(beta);
        assert.equal(runs, 1, 'another restaurant’s answer pays nothing for it');
      } finally {
        await t.close();
      }
    });

    test('writer’s collections stop for a while after two in a row took longer than 100 ms; one slow one alone does not stop them', async () => {
      const { t, ids } = await menusRead(dialect, 'alpha');
      try {
        const [alpha] = ids;
        const refresher = t.app.refresher;
        refresher.busyOverride = false;
        refresher.quietOverride = true;
        refresher.waitCapMs = 60_000;
        // How long each collection takes, in turn: one slow (the first after a load), a quick one, then
        // two slow (10,000 restaurants' heap took 97-160 ms).
        const takes = [110, 5, 110, 110, 5];
        let runs = 0;
        refresher.collect = () => {
          const until = performance.now() + takes[runs++];
          while (performance.now() < until);
        };
        let version = 1;
        const write = () => rename(t, alpha, 'alpha', `Alpha ${++version}`);
        await write();
        assert.equal(runs, 1, 'the first write collects (slow)');
        await write();
        assert.equal(runs, 2, 'one slow collection alone does not stop the next');
        await write();
        await write();
        assert.equal(runs, 4, 'two slow in a row');
        await write();
        assert.equal(runs, 4, 'then none for a while');
        assert.equal(nameIn(await menu(t, 'alpha', 'en', 'br')), `Alpha ${version}`, 'the write was still published');
      } finally {
        await t.close();
      }
    });

    test('a busy refresher holds no write: it answers at once, and the menus are built when the loop is free again', async () => {
      const { t, ids } = await menusRead(dialect, 'alpha');
      try {
        const [alpha] = ids;
        const waits = { ...t.app.refresher.waits };
        t.app.refresher.busyOverride = true;
        await rename(t, alpha, 'alpha', 'Alpha 2');
        assert.deepEqual(t.app.refresher.waits, { ...waits, busy: waits.busy + 1 }, 'not held');
        assert.equal(heldDocument(t, 'alpha', 'en'), undefined, 'nothing built before the answer');

        t.app.refresher.busyOverride = false;
        await t.app.refresher.settled();
        assert.ok(heldDocument(t, 'alpha', 'en')?.forms.br, 'built in the background');
        const builds = t.app.documents.stats.builds;
        assert.equal(nameIn(await menu(t, 'alpha', 'en', 'br')), 'Alpha 2');
        assert.equal(t.app.documents.stats.builds, builds);
      } finally {
        await t.close();
      }
    });

    test('a panel form that changes the menu is held the same way: the menu right after it is a hit', async () => {
      const bed = await panelBed(dialect);
      try {
        const owner = await bed.owner();
        const dish = await bed.db.db
          .selectFrom('items')
          .select('id')
          .where('tenant_id', '=', bed.alpha)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        await menu(bed, 'alpha', 'it', 'br');
        await menu(bed, 'alpha', 'it', 'gzip');
        await bed.app.refresher.settled();
        bed.app.refresher.busyOverride = false;
        bed.app.refresher.waitCapMs = 60_000;
        const waits = { ...bed.app.refresher.waits };
        const res = await owner.post(`/admin/menu/dishes/${dish.id}/sold-out`, {
          sold_out: 'held',
          back: '/admin/menu',
        });
        assert.equal(res.statusCode, 303);
        assert.deepEqual(bed.app.refresher.waits, { ...waits, refreshed: waits.refreshed + 1 }, 'held for the refresh');
        const { builds, compressions, hits } = bed.app.documents.stats;
        for (const encoding of ['br', 'gzip'] as const) {
          const shown = await menu(bed, 'alpha', 'it', encoding);
          const data = JSON.parse(decoded(shown.rawPayload, shown.headers['content-encoding']).toString()).data;
          const item = data.sections
            .flatMap((s: { items: { id: number }[] }) => s.items)
            .find((d: { id: number }) => d.id === dish.id);
          assert.equal(item.sold_out, true);
        }
        assert.equal(bed.app.documents.stats.hits, hits + 2);
        assert.equal(bed.app.documents.stats.builds, builds);
        assert.equal(bed.app.documents.stats.compressions, compressions);
      } finally {
        await bed.close();
      }
    });
  });

  describe(`the writer pays, over HTTP (${dialect})`, () => {
    test('right after a write’s answer the menu is served in front of Fastify in every encoding; a live event goes once the menus are built again', async () => {
      const db = await openTestDb(dialect);
      const alpha = await createFixtureTenant(db.db, 'alpha', 'Alpha');
      const app = await buildApp(testConfig({ publicRateLimit: 0 }), { database: db, now: () => NOON_UTC });
      let reachedFastify = 0;
      app.addHook('onRequest', async () => {
        reachedFastify++;
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const port = (app.server.address() as AddressInfo).port;
      const asks: [string, string][] = [];
      for (const locale of ['it', 'en'])
        for (const encoding of ['br', 'gzip', 'identity']) asks.push([locale, encoding]);
      app.refresher.busyOverride = false;
      app.refresher.waitCapMs = 60_000;
      const readAll = async (name: string) => {
        for (const [locale, encoding] of asks) {
          const res = await send(port, 'GET', `/api/v1/menu/${locale}`, { 'accept-encoding': encoding });
          assert.equal(res.status, 200);
          const body = JSON.parse(decoded(res.body, res.headers['content-encoding']).toString());
          assert.equal(body.data.settings.name, name, `${locale} ${encoding}`);
        }
      };
      let stream: { text: () => string; close: () => void } | undefined;
      try {
        await readAll('Alpha alpha');
        await app.refresher.settled();
        const token = await tokenFor(db.db, alpha);
        const put = await send(
          port,
          'PUT',
          '/api/v1/admin/settings',
          { authorization: `Bearer ${token}` },
          { name: 'Alpha 2' },
        );
        assert.equal(put.status, 200);
        let before = reachedFastify;
        await readAll('Alpha 2');
        assert.equal(reachedFastify, before, 'every request right after the write answered in front of Fastify');

        // A change no request waits for (the CLI's): the event alone waits for the menus.
        // Whether every menu held had its forms again when each event arrived.
        const readyWhenTold: boolean[] = [];
        stream = await openEvents(port, () => {
          readyWhenTold.push(
            ['it', 'en'].every((locale) => {
              const doc = heldDocument({ app }, 'alpha', locale);
              return doc?.forms.br !== undefined && doc.forms.gzip !== undefined;
            }),
          );
        });
        const events = () => stream!.text().split('event: menu').length - 1;
        await eventually(async () => assert.equal(events(), 1));
        const dish = await db.db
          .selectFrom('items')
          .select('id')
          .where('tenant_id', '=', alpha)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        await writeMenu(app, alpha, CLI_ACTOR, (w) => updateItem(w, dish.id, { sold_out: true }));
        await eventually(async () => assert.equal(events(), 2));
        assert.deepEqual(
          readyWhenTold,
          [true, true],
          'the event went once the menus were built again, with their forms',
        );
        before = reachedFastify;
        await readAll('Alpha 2');
        assert.equal(
          reachedFastify,
          before,
          'the pages fetching the menu on the event are answered in front of Fastify',
        );
      } finally {
        stream?.close();
        await app.close();
        await db.dispose();
      }
    });
  });
}

/** One HTTP request to alpha on the test server: status, headers, the raw body. */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  json?: unknown,
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: 'alpha.localhost',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Alpha's live stream (GET /api/v1/events): its text so far; `onEvent` is called with the count of
 * menu events the moment a chunk brings one (in the same process as the server: what the cache
 * holds then is what it held when the event was sent).
 */
function openEvents(
  port: number,
  onEvent: (count: number) => void,
): Promise<{ text: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/api/v1/events', headers: { host: 'alpha.localhost' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (chunk.includes('event: menu')) onEvent(text.split('event: menu').length - 1);
        });
        res.on('error', () => {});
        resolve({ text: () => text, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('refresh-ahead waits while the loop is busy with other work, not with its own builds', () => {
  // A second of which 900 ms were busy: all of it others' work, or 850 ms of it refresh-ahead's own.
  assert.equal(busyWithOthers(900, 100, 0), true);
  assert.equal(busyWithOthers(900, 100, 850), false);
  assert.equal(busyWithOthers(900, 100, 50), true);
  assert.equal(busyWithOthers(500, 500, 0), false);
  // Own time counted with its queries' waits (PostgreSQL) may pass the active time: never negative.
  assert.equal(busyWithOthers(100, 900, 400), false);
  // After a busy second: too little of this one gone by to tell, still busy; then this one decides.
  assert.equal(busyNow({ active: 40, idle: 10 }, 0), true);
  assert.equal(busyNow({ active: 20, idle: 280 }, 0), false, 'the load stopped a moment ago');
  assert.equal(busyNow({ active: 290, idle: 10 }, 0), true, 'still loaded');
  assert.equal(busyNow({ active: 290, idle: 10 }, 250), false, 'busy with its own builds only');
  // Quiet: at most 100 requests in the last second, and at that rate in the part of this one gone by.
  assert.equal(quietNow(true, 60, 50), true, 'too little of this second to tell: the last one decides');
  assert.equal(quietNow(false, 0, 50), false, 'a busy last second, too little of this one to tell');
  assert.equal(quietNow(false, 0, 500), true, 'the load stopped a moment ago');
  assert.equal(quietNow(true, 40, 500), true);
  assert.equal(quietNow(true, 60, 500), false, '120 a second');
});
