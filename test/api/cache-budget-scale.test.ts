// A thousand demo restaurants in five languages fit the default cache budget: every document asked
// for in brotli, gzip and identity, and nothing costly evicted (counting bytes, not seconds). And a
// restaurant's first requests, however many at once, build each document and each form once.
//
// A restaurant's bytes do not depend on the others, so by default the test holds 250 restaurants to
// a quarter of the budget (64 MB), which is the same claim at a quarter of the run time;
// CACHE_SCALE_RESTAURANTS=1000 runs it at full size against the default 256 MB.
//
// SQLite only: what is counted is the cache's bytes, which do not depend on the database (the
// loading queries run on PostgreSQL in every other HTTP test); seeding a thousand restaurants over
// a network connection would only make CI slower.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SNAPSHOT_SHARE } from '../../src/catalog/snapshot.js';
import { seedDemoCopies } from '../../src/seed/copies.js';
import { NOON_UTC } from '../fixtures.js';
import { call, createTestApp } from '../helper.js';

const LOCALES = ['it', 'en', 'fr', 'de', 'es'];
const RESTAURANTS = Number(process.env.CACHE_SCALE_RESTAURANTS ?? 250);
/** The default budget (CACHE_MAX_MB = 256) is for 1,000 restaurants; this run gets its share. */
const BUDGET_MB = (256 * RESTAURANTS) / 1000;

describe('the cache budget at scale (sqlite)', () => {
  test(`${RESTAURANTS} demo restaurants × 5 locales in br, gzip and identity fit ${BUDGET_MB} MB (256 MB per 1,000) with no costly eviction`, async () => {
    const t = await createTestApp('sqlite', { publicRateLimit: 0, cacheMaxMb: BUDGET_MB }, { now: () => NOON_UTC });
    try {
      if (RESTAURANTS === 1000) assert.equal(t.app.budget.maxBytes, 256 * 1024 * 1024, 'the default budget');
      await seedDemoCopies(t.db.db, RESTAURANTS, 'r');
      for (let r = 0; r < RESTAURANTS; r++) {
        for (const locale of LOCALES) {
          // Phones and browsers ask in brotli; some proxies in gzip; curl and scripts in identity.
          for (const encoding of ['br', 'gzip', 'identity']) {
            const headers = encoding === 'identity' ? {} : { 'accept-encoding': encoding };
            const res = await t.app.inject({
              url: `/api/v1/menu/${locale}`,
              headers: { host: `r${r}.localhost`, ...headers },
            });
            assert.equal(res.statusCode, 200);
            if (r % 50 === 0) {
              // A sample decoded in full: the right restaurant and language whatever the form.
              const raw = res.rawPayload;
              const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
              const json = JSON.parse(body.toString());
              assert.equal(json.meta.locale, locale);
              assert.ok(json.data.settings.name.endsWith(` r${r}`));
            }
          }
        }
      }
      const stats = t.app.budget.stats();
      const kinds = t.app.budget.byKind();
      const report = [...kinds]
        .map(([k, s]) => `${k}: ${Math.round(s.bytes / 1024)} kB in ${s.restaurants}`)
        .join(', ');
      assert.ok(stats.bytes <= stats.maxBytes, `${stats.bytes} bytes within ${stats.maxBytes} (${report})`);
      assert.equal(stats.costlyEvictions, 0, `no document or compressed form evicted (${report})`);
      // Snapshots keep to their share of the budget: the rest is for what diners are served.
      const snapshotBytes = kinds.get('snapshot')?.bytes ?? 0;
      assert.ok(snapshotBytes <= stats.maxBytes * SNAPSHOT_SHARE, `snapshots ${snapshotBytes} bytes (${report})`);
      // What is left after every served form is theirs: since the demo menu carries option groups
      // (its documents ~7% larger) that is 18 of 250 here, against 26+ before; a snapshot dropped
      // only costs a database read when that restaurant's menu is built again.
      assert.ok(
        t.app.snapshots.size > RESTAURANTS / 20,
        `the most recent snapshots are held (${t.app.snapshots.size})`,
      );
      // Every document and every compressed form of every restaurant is still held.
      assert.equal(kinds.get('menu.br')?.entries, RESTAURANTS * LOCALES.length, report);
      assert.equal(kinds.get('menu.gzip')?.entries, RESTAURANTS * LOCALES.length, report);
      assert.equal(kinds.get('menu.br')?.restaurants, RESTAURANTS);
      // Identity asked once per document: derived from a compressed form, not kept.
      assert.equal(kinds.get('menu.identity')?.entries ?? 0, 0, report);
      assert.equal(t.app.documents.stats.builds, RESTAURANTS * LOCALES.length, 'each document built once');
      assert.equal(t.app.documents.stats.compressions, 2 * RESTAURANTS * LOCALES.length, 'each form compressed once');
      assert.equal(t.app.documents.stats.documents, RESTAURANTS * LOCALES.length);

      // Asked again in every form: all answered from what is held, nothing rebuilt.
      const builds = t.app.documents.stats.builds;
      for (const r of [0, Math.floor(RESTAURANTS / 3), RESTAURANTS - 1]) {
        for (const encoding of ['br', 'gzip']) {
          const res = await t.app.inject({
            url: '/api/v1/menu/de',
            headers: { host: `r${r}.localhost`, 'accept-encoding': encoding },
          });
          assert.equal(res.headers['content-encoding'], encoding);
        }
      }
      assert.equal(t.app.documents.stats.builds, builds);

      // The bytes per restaurant per kind, as /metrics reports them.
      const metrics = await call(t.app, { url: '/metrics', host: 'r0' });
      const perRestaurant = (kind: string) =>
        Number(
          new RegExp(`menu_cache_kind_bytes_per_restaurant\\{kind="${kind.replace('.', '\\.')}"\\} (\\d+)`).exec(
            metrics.body,
          )?.[1],
        );
      const br = perRestaurant('menu.br');
      assert.ok(br > 5 * 10_000 && br < 5 * 40_000, `brotli bytes per restaurant (5 locales): ${br}`);
      assert.ok(perRestaurant('menu.gzip') > 0);
    } finally {
      await t.close();
    }
  });

  test("a restaurant's first requests, thirty at once in three encodings, build each form once", async () => {
    const t = await createTestApp('sqlite', { publicRateLimit: 0 }, { now: () => NOON_UTC });
    try {
      await seedDemoCopies(t.db.db, 2, 'r');
      const requests = [];
      for (let i = 0; i < 30; i++) {
        const encoding = ['br', 'gzip', 'identity'][i % 3];
        const headers = encoding === 'identity' ? {} : { 'accept-encoding': encoding };
        requests.push(t.app.inject({ url: '/api/v1/menu/en', headers: { host: 'r1.localhost', ...headers } }));
      }
      const answers = await Promise.all(requests);
      const bodies = new Set<string>();
      for (const res of answers) {
        assert.equal(res.statusCode, 200);
        const encoding = res.headers['content-encoding'];
        const raw = res.rawPayload;
        bodies.add(
          (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString(),
        );
      }
      assert.equal(bodies.size, 1, 'the same document in every form');
      assert.equal(t.app.snapshots.builds, 1, 'one snapshot load');
      assert.equal(t.app.documents.stats.builds, 1, 'one build');
      assert.equal(t.app.documents.stats.compressions, 2, 'one brotli and one gzip compression');
      // The other restaurant was not touched.
      const r0 = await t.db.db
        .selectFrom('tenants')
        .select(['id', 'menu_version'])
        .where('slug', '=', 'r0')
        .executeTakeFirstOrThrow();
      assert.equal(t.app.documents.peek(r0.id, r0.menu_version, 'menu|en|'), undefined);
    } finally {
      await t.close();
    }
  });
});
