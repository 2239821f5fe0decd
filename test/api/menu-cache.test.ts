// The document cache under load and under a tight byte budget: one build per change however many
// requests wait, least recently used documents evicted, every answer still right.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { SNAPSHOT_SHARE } from '../../src/catalog/snapshot.js';
import { BROTLI_FAST, type Representation } from '../../src/features/menu/document.js';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, eventually } from '../helper.js';

const LOCALES = ['it', 'en', 'fr', 'de', 'es'];

for (const dialect of dialects) {
  describe(`document cache (${dialect})`, () => {
    test('many concurrent first requests: one snapshot load, one build per document, one compression per form', async () => {
      const t = await createTestApp(dialect, { publicRateLimit: 0 }, { now: () => NOON_UTC });
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const requests = [];
        for (const host of ['alpha', 'beta']) {
          for (let i = 0; i < 20; i++) {
            requests.push(
              call(t.app, { url: `/api/v1/menu/${LOCALES[i % 2]}`, host, headers: { 'accept-encoding': 'br' } }),
            );
            requests.push(call(t.app, { url: '/', host, headers: { 'accept-encoding': 'gzip' } }));
          }
        }
        const answers = await Promise.all(requests);
        for (const res of answers) assert.equal(res.statusCode, 200);
        assert.equal(t.app.snapshots.builds, 2, 'one snapshot per tenant');
        // Per tenant: /menu in it and en, the page in it.
        assert.equal(t.app.documents.stats.builds, 6);
        assert.equal(t.app.documents.stats.compressions, 6);
        const alphaIt = answers.filter((r) => r.headers['content-encoding'] === 'br').map((r) => r.headers.etag);
        assert.equal(new Set(alphaIt).size, 4, 'the same ETag for every answer of one document');
      } finally {
        await t.close();
      }
    });

    test('snapshots keep to their share of the budget; the documents built from them stay', async () => {
      // One fixture snapshot's size, measured, then a budget whose snapshot share holds one and a half.
      const probe = await createTestApp(dialect, { publicRateLimit: 0 }, { now: () => NOON_UTC });
      let snapshotBytes: number;
      try {
        await createFixtureTenant(probe.db.db, 'alpha', 'Alpha');
        assert.equal((await call(probe.app, { url: '/api/v1/menu/it', host: 'alpha' })).statusCode, 200);
        snapshotBytes = probe.app.budget.byKind().get('snapshot')?.bytes ?? 0;
        assert.ok(snapshotBytes > 0);
      } finally {
        await probe.close();
      }
      const cacheMaxMb = (1.5 * snapshotBytes) / SNAPSHOT_SHARE / 1024 / 1024;
      const t = await createTestApp(dialect, { publicRateLimit: 0, cacheMaxMb }, { now: () => NOON_UTC });
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const br = { 'accept-encoding': 'br' };
        const alpha = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha', headers: br });
        const beta = await call(t.app, { url: '/api/v1/menu/it', host: 'beta', headers: br });
        assert.equal(alpha.statusCode, 200);
        assert.equal(beta.statusCode, 200);
        assert.equal(t.app.snapshots.size, 1, "beta's snapshot took the place of alpha's");
        assert.ok((t.app.budget.byKind().get('snapshot')?.bytes ?? 0) <= t.app.budget.maxBytes * SNAPSHOT_SHARE);
        // Alpha's document is still served as it was, without its snapshot.
        const builds = t.app.documents.stats.builds;
        const again = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha', headers: br });
        assert.equal(again.headers.etag, alpha.headers.etag);
        assert.equal(t.app.documents.stats.builds, builds);
        assert.equal(t.app.snapshots.builds, 2);
        // Another of alpha's languages loads its snapshot again, and answers alpha's menu.
        const en = await call(t.app, { url: '/api/v1/menu/en', host: 'alpha' });
        assert.equal(en.json.meta.locale, 'en');
        assert.ok(en.json.data.settings.name.includes('Alpha'));
        assert.equal(t.app.snapshots.builds, 3);
        assert.equal(t.app.snapshots.size, 1);
      } finally {
        await t.close();
      }
    });

    test('a budget smaller than the documents evicts the least recently used and still answers right', async () => {
      // ~12 kB: a few of the fixtures' documents at a time; no disk tier, so what is evicted is built again
      // (menu-disk-cache.test.ts has the same budget with the disk tier).
      const t = await createTestApp(
        dialect,
        { publicRateLimit: 0, cacheMaxMb: 12 / 1024, cacheDiskMb: 0 },
        { now: () => NOON_UTC },
      );
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const first = new Map<string, string>();
        for (let round = 0; round < 2; round++) {
          for (const host of ['alpha', 'beta']) {
            for (const locale of LOCALES) {
              const res = await call(t.app, { url: `/api/v1/menu/${locale}`, host });
              assert.equal(res.statusCode, 200);
              assert.equal(res.json.meta.locale, locale);
              assert.ok(res.json.data.settings.name.includes(host === 'alpha' ? 'Alpha' : 'Beta'));
              const br = await call(t.app, {
                url: `/api/v1/menu/${locale}`,
                host,
                headers: { 'accept-encoding': 'br' },
              });
              assert.equal(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).meta.locale, locale);
              if (round === 0) first.set(`${host}${locale}`, res.body);
              const stats = t.app.budget.stats();
              assert.ok(stats.bytes <= stats.maxBytes, `${stats.bytes} within ${stats.maxBytes}`);
            }
          }
        }
        assert.ok(t.app.budget.stats().evictions > 0, 'something was evicted');
        assert.ok(t.app.documents.stats.builds > 10, 'evicted documents were built again');
      } finally {
        await t.close();
      }
    });

    test('the identity body goes once its brotli form is made and comes back from it: same bytes, same ETag, kept from its second request on', async () => {
      const t = await createTestApp(dialect, { publicRateLimit: 0 }, { now: () => NOON_UTC });
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        await createFixtureTenant(t.db.db, 'beta', 'Beta');
        const plain = await call(t.app, { url: '/api/v1/menu/en', host: 'alpha' });
        const tenant = t.app.tenants.peek('alpha.localhost')!;
        const doc = t.app.documents.peek(tenant.id, tenant.menuVersion, 'menu|en|')!;
        assert.ok(doc.forms.identity, 'built as its identity body');
        await call(t.app, { url: '/api/v1/menu/en', host: 'alpha', headers: { 'accept-encoding': 'br' } });
        assert.equal(doc.forms.identity, undefined, 'dropped once the brotli form is made');
        assert.equal(t.app.budget.byKind().get('menu.identity')?.entries, 0);
        const again = await call(t.app, { url: '/api/v1/menu/en', host: 'alpha' });
        assert.equal(again.body, plain.body);
        assert.equal(again.headers.etag, plain.headers.etag);
        // Widened again: the assertion above narrowed the field to undefined.
        const kept = doc.forms.identity as Representation | undefined;
        assert.ok(kept, 'asked for a second time: kept');
        assert.equal(kept.entry.cheap, true, 'and evicted first, since the brotli form brings it back');
        // Another restaurant's document is its own.
        const beta = await call(t.app, { url: '/api/v1/menu/en', host: 'beta' });
        assert.ok(beta.json.data.settings.name.includes('Beta'));
        assert.notEqual(beta.headers.etag, plain.headers.etag);
        assert.equal(t.app.documents.stats.builds, 2);
      } finally {
        await t.close();
      }
    });

    test('a menu asked for again in brotli is recompressed at the best level; the fast form’s ETag still revalidates', async () => {
      const t = await createTestApp(dialect, { publicRateLimit: 0 }, { now: () => NOON_UTC });
      try {
        await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
        const br = { 'accept-encoding': 'br' };
        const fast = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha', headers: br });
        assert.match(fast.headers.etag as string, new RegExp(`-br${BROTLI_FAST}"$`));
        await call(t.app, { url: '/api/v1/menu/it', host: 'alpha', headers: br });
        await eventually(async () => assert.equal(t.app.documents.stats.upgrades, 1));
        const best = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha', headers: br });
        assert.match(best.headers.etag as string, /-br"$/);
        assert.equal(
          brotliDecompressSync(best.rawPayload).toString(),
          brotliDecompressSync(fast.rawPayload).toString(),
        );
        const revalidated = await call(t.app, {
          url: '/api/v1/menu/it',
          host: 'alpha',
          headers: { ...br, 'if-none-match': fast.headers.etag as string },
        });
        assert.equal(revalidated.statusCode, 304);
        // A document asked for once is never upgraded.
        await call(t.app, { url: '/api/v1/menu/en', host: 'alpha', headers: br });
        assert.equal(t.app.documents.stats.upgrades, 1);
      } finally {
        await t.close();
      }
    });
  });
}
