// Bearer tokens on /api/v1/admin/*: 401 for anything but a live token of this tenant, 403 without
// the scope, checked before the body is read; revocation holds on the next request.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { revokeToken } from '../../src/accounts/tokens/repo.js';
import { buildApp } from '../../src/app.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp, testConfig } from '../helper.js';
import { FORBIDDEN, UNAUTHENTICATED } from './menu-suite.js';
import { adminCall, tokenFor } from './tokens.js';

// With TEST_REDIS_URL the instances share their rate-limit store in Redis, as in production;
// revocation must hold there too (tokens are never cached, in memory or in Redis).
const shared = {
  adminRateLimit: 100000,
  redisUrl: process.env.TEST_REDIS_URL,
  redisPrefix: `test:${randomBytes(6).toString('hex')}:`,
};

for (const dialect of dialects) {
  describe(`admin authentication (${dialect})`, () => {
    let t: TestApp;
    let alpha: number;
    let beta: number;
    before(async () => {
      t = await createTestApp(dialect, shared);
      alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
    });
    after(() => t.close());

    test('a token has the documented form: <id>|<40 letters and digits><crc32b, 8 hex>', async () => {
      const token = await tokenFor(t.db.db, alpha, ['menu:read']);
      const match = /^(\d+)\|([A-Za-z0-9]{40})([0-9a-f]{8})$/.exec(token);
      assert.ok(match, token);
      const { crc32 } = await import('node:zlib');
      assert.equal(crc32(match[2]).toString(16).padStart(8, '0'), match[3]);
      const stored = await t.db.db
        .selectFrom('api_tokens')
        .select('token_hash')
        .where('id', '=', Number(match[1]))
        .executeTakeFirstOrThrow();
      assert.notEqual(stored.token_hash, match[2] + match[3], 'only the hash is stored');
      assert.match(stored.token_hash, /^[0-9a-f]{64}$/);
    });

    test('no header, a malformed header, or an unknown token answers 401 with the exact body', async () => {
      const valid = await tokenFor(t.db.db, alpha, ['menu:read']);
      const [id, secret] = valid.split('|');
      const headers = [
        undefined,
        'Bearer',
        `Bearer ${secret}`,
        `Bearer ${id}|`,
        `Bearer x${id}|${secret}`,
        `Bearer ${id}|${secret}x`,
        `Basic ${Buffer.from(`a:${valid}`).toString('base64')}`,
        `Token ${valid}`,
        `Bearer 999999|${secret}`,
        `Bearer ${id}|${'A'.repeat(48)}`,
      ];
      for (const header of headers) {
        const res = await call(t.app, {
          url: '/api/v1/admin/items',
          host: 'alpha',
          headers: header === undefined ? {} : { authorization: header },
        });
        assert.equal(res.statusCode, 401, String(header));
        assert.deepEqual(res.json, UNAUTHENTICATED);
      }
      const ok = await adminCall(t.app, valid, { url: '/api/v1/admin/items', host: 'alpha' });
      assert.equal(ok.statusCode, 200);
      const lower = await call(t.app, {
        url: '/api/v1/admin/items',
        host: 'alpha',
        headers: { authorization: `bearer ${valid}` },
      });
      assert.equal(lower.statusCode, 200, 'the scheme is case-insensitive');
    });

    test("a token of another tenant is rejected on this tenant's address", async () => {
      const betaToken = await tokenFor(t.db.db, beta, ['menu:read', 'menu:write']);
      const res = await adminCall(t.app, betaToken, { url: '/api/v1/admin/items', host: 'alpha' });
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json, UNAUTHENTICATED);
      assert.equal((await adminCall(t.app, betaToken, { url: '/api/v1/admin/items', host: 'beta' })).statusCode, 200);
    });

    test('scopes: reads need menu:read or menu:write, writes menu:write; 403 has the exact body', async () => {
      const read = await tokenFor(t.db.db, alpha, ['menu:read']);
      const write = await tokenFor(t.db.db, alpha, ['menu:write']);
      const analytics = await tokenFor(t.db.db, alpha, ['analytics:read']);
      const list = { url: '/api/v1/admin/categories', host: 'alpha' };
      assert.equal((await adminCall(t.app, read, list)).statusCode, 200);
      assert.equal((await adminCall(t.app, write, list)).statusCode, 200);
      const denied = await adminCall(t.app, analytics, list);
      assert.equal(denied.statusCode, 403);
      assert.deepEqual(denied.json, FORBIDDEN);
      const post = {
        method: 'POST' as const,
        url: '/api/v1/admin/wineries',
        host: 'alpha',
        body: { name: 'Cantina Nuova' },
      };
      const readWrite = await adminCall(t.app, read, post);
      assert.equal(readWrite.statusCode, 403);
      assert.deepEqual(readWrite.json, FORBIDDEN);
      assert.equal((await adminCall(t.app, write, post)).statusCode, 201);
      const settings = await adminCall(t.app, read, {
        method: 'PUT',
        url: '/api/v1/admin/settings',
        host: 'alpha',
        body: {},
      });
      assert.equal(settings.statusCode, 403);
    });

    test('authentication and scope are checked before the body is parsed or validated', async () => {
      const read = await tokenFor(t.db.db, alpha, ['menu:read']);
      const bad = { method: 'POST' as const, url: '/api/v1/admin/items', host: 'alpha', body: '{not json' };
      const noToken = await call(t.app, { ...bad, headers: { 'content-type': 'application/json' } });
      assert.equal(noToken.statusCode, 401);
      const noScope = await adminCall(t.app, read, { ...bad, headers: { 'content-type': 'application/json' } });
      assert.equal(noScope.statusCode, 403);
      const invalid = await call(t.app, {
        method: 'POST',
        url: '/api/v1/admin/items',
        host: 'alpha',
        body: { price: -1 },
      });
      assert.equal(invalid.statusCode, 401);
    });

    test('use is recorded in last_used_at', async () => {
      const token = await tokenFor(t.db.db, alpha, ['menu:read']);
      const id = Number(token.split('|')[0]);
      const before = await t.db.db
        .selectFrom('api_tokens')
        .select('last_used_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      assert.equal(before.last_used_at, null);
      await adminCall(t.app, token, { url: '/api/v1/admin/items', host: 'alpha' });
      const after = await t.db.db
        .selectFrom('api_tokens')
        .select('last_used_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      assert.match(after.last_used_at ?? '', /^\d{4}-\d\d-\d\dT/);
    });

    test('a revoked token is refused on the very next request, on every instance', async () => {
      const token = await tokenFor(t.db.db, alpha, ['menu:read']);
      const other = await buildApp(testConfig(shared), { database: t.db });
      try {
        const req = { url: '/api/v1/admin/items', host: 'alpha' };
        assert.equal((await adminCall(t.app, token, req)).statusCode, 200);
        assert.equal((await adminCall(other, token, req)).statusCode, 200);
        assert.equal(await revokeToken(t.db.db, alpha, Number(token.split('|')[0])), true);
        for (const app of [t.app, other]) {
          const res = await adminCall(app, token, req);
          assert.equal(res.statusCode, 401);
          assert.deepEqual(res.json, UNAUTHENTICATED);
        }
      } finally {
        await other.close();
      }
    });
  });
}
