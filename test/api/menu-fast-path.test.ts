// The /menu hot path served before Fastify: same bytes and headers as Fastify's answer, and it
// steps aside whenever Fastify must decide (first build, writes, suspension, limits).
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { eraseTenantRows } from '../../src/accounts/tenants/erase.js';
import { bumpMenuVersion, setTenantStatus } from '../../src/accounts/tenants/repo.js';
import { buildApp } from '../../src/app.js';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { dialects, eventually, openTestDb, type TestDb, testConfig } from '../helper.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(port: number, host: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const COMPARED = ['content-type', 'content-length', 'content-encoding', 'etag', 'vary', 'cache-control'];
const pick = (h: Answer['headers']) => Object.fromEntries(COMPARED.map((k) => [k, h[k]]));

for (const dialect of dialects) {
  describe(`menu fast path (${dialect})`, () => {
    let db: TestDb;
    let app: FastifyInstance;
    let port: number;
    let reachedFastify = 0;
    let alpha: number;
    before(async () => {
      db = await openTestDb(dialect);
      alpha = await createFixtureTenant(db.db, 'alpha', 'Alpha');
      await createFixtureTenant(db.db, 'beta', 'Beta');
      app = await buildApp(testConfig({ publicRateLimit: 0 }), { database: db, now: () => NOON_UTC });
      app.addHook('onRequest', async () => {
        reachedFastify++;
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      port = (app.server.address() as AddressInfo).port;
    });
    after(async () => {
      await app.close();
      await db.dispose();
    });

    test('after the first build, the same bytes and headers come without reaching Fastify', async () => {
      for (const encoding of ['', 'br', 'gzip']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const before = reachedFastify;
        const first = await get(port, 'alpha.localhost', '/api/v1/menu/it', headers);
        assert.equal(first.status, 200);
        assert.equal(reachedFastify, before + 1, `${encoding || 'identity'}: the first one builds it in Fastify`);
        const second = await get(port, 'alpha.localhost', '/api/v1/menu/it', headers);
        assert.equal(reachedFastify, before + 1, `${encoding || 'identity'}: the second one is served in front`);
        assert.equal(second.status, 200);
        assert.deepEqual(second.body, first.body);
        assert.deepEqual(pick(second.headers), pick(first.headers));
      }
      // The locale in the query and the default locale use the same cached documents.
      const before = reachedFastify;
      const viaQuery = await get(port, 'alpha.localhost', '/api/v1/menu?locale=it');
      assert.equal(reachedFastify, before);
      assert.equal(JSON.parse(viaQuery.body.toString()).meta.locale, 'it');
    });

    test('two restaurants and their languages interleaved: each answer is its own, served in front once built', async () => {
      const asks = [] as { host: string; path: string }[];
      for (const host of ['alpha.localhost', 'beta.localhost']) {
        for (const path of [
          '/api/v1/menu/en',
          '/api/v1/menu/de',
          '/api/v1/menu',
          '/api/v1/menu/EN-gb',
          '/api/v1/menu/xx',
        ]) {
          asks.push({ host, path });
        }
      }
      const first = new Map<string, Buffer>();
      for (const { host, path } of asks) first.set(host + path, (await get(port, host, path)).body);
      const before = reachedFastify;
      for (let round = 0; round < 3; round++) {
        // Alternating restaurants, so the fast path's memory of the last answer never helps.
        for (let i = 0; i < asks.length / 2; i++) {
          for (const { host, path } of [asks[i], asks[i + asks.length / 2]]) {
            const res = await get(port, host, path);
            assert.deepEqual(res.body, first.get(host + path), `${host}${path}`);
            const json = JSON.parse(res.body.toString());
            assert.ok(json.data.settings.name.includes(host.startsWith('alpha') ? 'Alpha' : 'Beta'), host);
            const wanted = path.endsWith('/en') || path.endsWith('EN-gb') ? 'en' : path.endsWith('/de') ? 'de' : 'it';
            assert.equal(json.meta.locale, wanted, `${host}${path}`);
          }
        }
      }
      assert.equal(reachedFastify, before, 'all served in front');
    });

    test("keep-alive lasts Fastify's 72 s whether the answer came from the fast path or from Fastify", async () => {
      await get(port, 'alpha.localhost', '/api/v1/menu/it');
      const fast = await get(port, 'alpha.localhost', '/api/v1/menu/it');
      const framework = await get(port, 'alpha.localhost', '/api/v1/restaurant');
      assert.equal(framework.status, 200);
      for (const res of [fast, framework]) assert.equal(res.headers['keep-alive'], 'timeout=72');
    });

    test('revalidation answers 304 in front too', async () => {
      const full = await get(port, 'alpha.localhost', '/api/v1/menu/it', { 'accept-encoding': 'br' });
      const before = reachedFastify;
      const revalidated = await get(port, 'alpha.localhost', '/api/v1/menu/it', {
        'accept-encoding': 'br',
        'if-none-match': full.headers.etag as string,
      });
      assert.equal(revalidated.status, 304);
      assert.equal(revalidated.body.length, 0);
      assert.equal(revalidated.headers.etag, full.headers.etag);
      assert.equal(reachedFastify, before);
    });

    test('after a write the next request gets the new menu, never the old one; built ahead, it is then served in front', async () => {
      const old = await get(port, 'alpha.localhost', '/api/v1/menu/it');
      await db.db.updateTable('settings').set({ name: 'Alpha rinnovato' }).where('tenant_id', '=', alpha).execute();
      app.tenants.noteMenuVersion(alpha, await bumpMenuVersion(db.db, alpha));
      // Before refresh-ahead has rebuilt it (Fastify builds it) or after (the fast path serves the rebuilt one).
      const fresh = await get(port, 'alpha.localhost', '/api/v1/menu/it');
      assert.notEqual(fresh.headers.etag, old.headers.etag);
      assert.equal(JSON.parse(fresh.body.toString()).data.settings.name, 'Alpha rinnovato');
      await app.refresher.settled();
      const before = reachedFastify;
      const again = await get(port, 'alpha.localhost', '/api/v1/menu/it');
      assert.equal(reachedFastify, before, 'served in front of Fastify');
      assert.equal(again.headers.etag, fresh.headers.etag);
    });

    test('Host spellings of two restaurants interleaved: each is its own restaurant, remembered per spelling', async () => {
      const spellings = {
        alpha: ['alpha.localhost', 'ALPHA.localhost', 'alpha.localhost:8080', 'alpha.localhost.', '[alpha].localhost'],
        beta: ['beta.localhost', 'Beta.LocalHost:1', 'beta.localhost.'],
      };
      // Built once through Fastify per restaurant; every spelling is then the same document.
      const expected = new Map<string, string>();
      for (const slug of ['alpha', 'beta'] as const) {
        await get(port, `${slug}.localhost`, '/api/v1/menu/en');
        expected.set(slug, (await get(port, `${slug}.localhost`, '/api/v1/menu/en')).headers.etag as string);
      }
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 5; i++) {
          for (const slug of ['alpha', 'beta'] as const) {
            const host = spellings[slug][i % spellings[slug].length];
            const res = await get(port, host, '/api/v1/menu/en');
            if (host === '[alpha].localhost') {
              assert.equal(res.status, 404, 'a name that is no restaurant is never remembered as one');
              continue;
            }
            assert.equal(res.status, 200, host);
            assert.equal(res.headers.etag, expected.get(slug), host);
            assert.ok(JSON.parse(res.body.toString()).data.settings.name.includes(slug === 'alpha' ? 'Alpha' : 'Beta'));
          }
        }
      }
    });

    test("the directory's generation moves when a restaurant's state changes, not when the same state is read again", async () => {
      const before = app.tenants.generation;
      app.tenants.noteMenuVersion(alpha, await bumpMenuVersion(db.db, alpha));
      const moved = app.tenants.generation;
      assert.ok(moved > before);
      // A refresh reads the rows changed lately again (its look-back window): nothing new in them.
      await app.tenants.refresh();
      await app.tenants.refresh();
      assert.equal(app.tenants.generation, moved);
      await app.refresher.settled();
    });

    test('an erased restaurant is not answered from memory, and the others are still answered in front', async () => {
      const gamma = await createFixtureTenant(db.db, 'gamma', 'Gamma');
      await get(port, 'gamma.localhost', '/api/v1/menu/it');
      await get(port, 'alpha.localhost', '/api/v1/menu/it');
      let before = reachedFastify;
      assert.equal((await get(port, 'gamma.localhost', '/api/v1/menu/it')).status, 200);
      assert.equal(reachedFastify, before, 'served in front');
      await eraseTenantRows(db.db, gamma);
      await app.tenants.reload(gamma);
      const gone = await get(port, 'gamma.localhost', '/api/v1/menu/it');
      assert.equal(gone.status, 404);
      before = reachedFastify;
      const other = await get(port, 'alpha.localhost', '/api/v1/menu/it');
      assert.equal(other.status, 200);
      assert.ok(JSON.parse(other.body.toString()).data.settings.name.includes('Alpha'));
      assert.equal(reachedFastify, before, 'the other restaurant still in front');
    });

    test('a restaurant taken offline is not answered from memory', async () => {
      const delta = await createFixtureTenant(db.db, 'delta', 'Delta');
      await get(port, 'delta.localhost', '/api/v1/menu/it');
      assert.equal((await get(port, 'delta.localhost', '/api/v1/menu/it')).status, 200);
      await db.db.updateTable('settings').set({ is_active: 0 }).where('tenant_id', '=', delta).execute();
      await app.tenants.reload(delta);
      assert.equal((await get(port, 'delta.localhost', '/api/v1/menu/it')).status, 404);
    });

    test('a suspended tenant is not served from memory', async () => {
      await get(port, 'beta.localhost', '/api/v1/menu/it');
      assert.equal((await get(port, 'beta.localhost', '/api/v1/menu/it')).status, 200);
      await setTenantStatus(db.db, 'beta', 'suspended');
      await eventually(async () => {
        const res = await get(port, 'beta.localhost', '/api/v1/menu/it');
        assert.equal(res.status, 403);
        assert.match(res.headers['content-type'] as string, /^application\/json/);
      });
    });

    test('with a public limit the fast path counts against the same budget, and Fastify answers the 429', async () => {
      const limited = await buildApp(testConfig({ publicRateLimit: 3 }), { database: db, now: () => NOON_UTC });
      await limited.listen({ host: '127.0.0.1', port: 0 });
      try {
        const p = (limited.server.address() as AddressInfo).port;
        const remaining: string[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await get(p, 'alpha.localhost', '/api/v1/menu/it');
          assert.equal(res.status, 200);
          remaining.push(res.headers['x-ratelimit-remaining'] as string);
        }
        assert.deepEqual(remaining, ['2', '1', '0']);
        const over = await get(p, 'alpha.localhost', '/api/v1/menu/it');
        assert.equal(over.status, 429);
        assert.ok(Number(over.headers['retry-after']) >= 1);
        assert.equal(JSON.parse(over.body.toString()).success, false);
      } finally {
        await limited.close();
      }
    });
  });
}
