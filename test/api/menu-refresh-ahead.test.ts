// Refresh-ahead (features/menu/cached.ts, MenuRefresher): after a write, the /menu documents a
// restaurant had in memory are built again in the background with the compressed forms that were
// held, so the next diners get a hit; nothing else is built, and another restaurant's documents
// are untouched. Counts builds, never time.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { busyWithOthers, menuKey } from '../../src/features/menu/cached.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, eventually, type TestApp } from '../helper.js';

function menu(t: TestApp, host: string, locale: string, encoding: 'br' | 'gzip') {
  return call(t.app, { url: `/api/v1/menu/${locale}`, host, headers: { 'accept-encoding': encoding } });
}

function nameIn(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const body =
    res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
  return JSON.parse(body.toString()).data.settings.name;
}

async function rename(t: TestApp, tenantId: number, host: string, name: string) {
  const token = await tokenFor(t.db.db, tenantId);
  const put = await adminCall(t.app, token, { method: 'PUT', url: '/api/v1/admin/settings', host, body: { name } });
  assert.equal(put.statusCode, 200);
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
        await rename(t, alpha, 'alpha', 'Alpha 2');
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
});
