// Issue 37, point 5, by counting: under memory pressure (a budget that holds one form) the disk tier
// is never bypassed for a document already built for the current menu version (one build per
// restaurant, version and locale, however often and in whatever order they are asked, files being
// written or not), and a changed menu never serves its old document from disk, on the instance that
// wrote it or on another one (SQLite: two connections to one file; PostgreSQL: LISTEN/NOTIFY).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, dialects, eventually } from '../helper.js';
import { twoInstances } from './instances.js';

/** 1 kB: every form charged evicts the others, so nearly every answer comes from disk. */
const TINY = { cacheMaxMb: 1 / 1024 };
const LOCALES = ['it', 'en', 'fr', 'de', 'es'];
const MINUTE = 60_000;

async function price(app: FastifyInstance, host: string, locale: string, encoding: 'br' | 'gzip'): Promise<number> {
  const res = await call(app, { url: `/api/v1/menu/${locale}`, host, headers: { 'accept-encoding': encoding } });
  assert.equal(res.statusCode, 200, res.body);
  const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
  return JSON.parse(body.toString()).data.sections[0].items[0].price;
}

/** A fixed order over every (restaurant, locale, encoding), each asked `rounds` times (a small LCG: the same every run). */
function shuffled(hosts: string[], rounds: number): [string, string, 'br' | 'gzip'][] {
  const all: [string, string, 'br' | 'gzip'][] = [];
  for (let r = 0; r < rounds; r++)
    for (const host of hosts)
      for (const locale of LOCALES) for (const enc of ['br', 'gzip'] as const) all.push([host, locale, enc]);
  let seed = 37;
  for (let i = all.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
}

for (const dialect of dialects) {
  describe(`disk tier and menu versions (${dialect})`, () => {
    test('under memory pressure each document is built once per version, however it is asked; a changed menu never comes back old from disk, on either instance', async () => {
      const p = await twoInstances(dialect, TINY, dialect === 'sqlite' ? 200 : MINUTE);
      try {
        const ids = new Map<string, number>();
        for (const slug of ['alpha', 'beta', 'gamma']) ids.set(slug, await createFixtureTenant(p.db.db, slug, slug));
        const hosts = [...ids.keys()];
        for (const app of [p.writer, p.reader]) {
          const builds = app.documents.stats.builds;
          // 3 rounds × 3 restaurants × 5 locales × 2 encodings, one after another without waiting for files.
          for (const [host, locale, enc] of shuffled(hosts, 3)) await price(app, host, locale, enc);
          assert.equal(app.documents.stats.builds - builds, hosts.length * LOCALES.length, 'one build per document');
          assert.ok(app.documents.stats.diskHits > 0, 'answers came from disk');
        }

        // All at once (each restaurant's five locales, both encodings, twice): every answer a 200 of its own
        // restaurant. Five locales of one restaurant at once used to answer 500: the budget evicted each
        // just-built document before its request compressed it.
        const together = shuffled(hosts, 2);
        const answers = await Promise.all(
          together.map(([host, locale, enc]) =>
            call(p.reader, { url: `/api/v1/menu/${locale}`, host, headers: { 'accept-encoding': enc } }),
          ),
        );
        answers.forEach((res, i) => {
          assert.equal(res.statusCode, 200, `${together[i].join(' ')}: ${res.body}`);
          const body = together[i][2] === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
          assert.match(JSON.parse(body.toString()).data.settings.name, new RegExp(`^${together[i][0]} `));
        });

        // A price change on the writer: both instances serve the new price, then from disk too.
        const alphaPrices = await Promise.all(LOCALES.map((l) => price(p.reader, 'alpha', l, 'br')));
        await writeMenu(p.writer, ids.get('alpha')!, CLI_ACTOR, async (w) => {
          await w.trx
            .updateTable('items')
            .set({ price_cents: 4242 })
            .where('tenant_id', '=', ids.get('alpha')!)
            .execute();
        });
        assert.ok(alphaPrices.every((v) => v !== 42.42));
        await eventually(async () => assert.equal(await price(p.reader, 'alpha', 'it', 'br'), 42.42));
        for (const app of [p.writer, p.reader]) {
          await app.refresher.settled();
          await app.documents.disk!.settled();
          const builds = app.documents.stats.builds;
          for (const [host, locale, enc] of shuffled(hosts, 3)) {
            const got = await price(app, host, locale, enc);
            if (host === 'alpha') assert.equal(got, 42.42, `${host} ${locale} ${enc}: the new price`);
            else assert.notEqual(got, 42.42);
          }
          // Alpha's locales built for the new version at most once each (some ahead, by refresh-ahead); the others not at all.
          assert.ok(app.documents.stats.builds - builds <= LOCALES.length, 'alpha only, once per locale');
          await app.documents.disk!.settled();
          const alpha = app.tenants.peek('alpha.localhost')!;
          const folder = `${app.documents.disk!.dir}/${alpha.id}`;
          assert.deepEqual(readdirSync(folder), [`${alpha.menuVersion}.pack`], 'only the new version’s pack is left');
        }
      } finally {
        await p.close();
      }
    });
  });
}
