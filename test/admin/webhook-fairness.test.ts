// Webhooks fair between restaurants (issue 33 point 1): a restaurant whose endpoints accept
// connections and never answer does not hold up another restaurant's delivery; one restaurant
// registers at most WEBHOOKS_MAX_PER_RESTAURANT endpoints, also when 20 registrations arrive at
// once; an endpoint that keeps failing is paused (and its deliveries stop), resuming starts afresh.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { PAUSE_AFTER } from '../../src/features/webhooks/dispatcher.js';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, dialects, eventually, type TestApp } from '../helper.js';
import { adminCall, tokenFor } from './tokens.js';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
  );
}

for (const dialect of dialects) {
  describe(`webhooks fair between restaurants (${dialect})`, () => {
    let t: TestApp;
    let tokens: Record<string, string>;
    let ids: Record<string, number>;
    let working: Server;
    let silent: Server;
    let workingUrl: string;
    let silentUrl: string;
    const arrived: string[] = [];
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100_000, webhooksAllowPrivate: true });
      ids = {};
      tokens = {};
      for (const slug of ['alpha', 'beta', 'gamma', 'delta']) {
        ids[slug] = await createFixtureTenant(t.db.db, slug);
        tokens[slug] = await tokenFor(t.db.db, ids[slug]!, ['menu:read', 'menu:write']);
      }
      working = createServer((req, res) => {
        req.resume();
        arrived.push(String(req.headers['menu-delivery']));
        res.writeHead(204).end();
      });
      // Accepts the connection and never answers: each attempt runs to its deadline.
      silent = createServer(() => {});
      workingUrl = await listen(working);
      silentUrl = await listen(silent);
    });
    after(async () => {
      silent.closeAllConnections();
      await t.close();
      working.close();
      silent.close();
    });

    const admin = (slug: string, c: Parameters<typeof adminCall>[2]) =>
      adminCall(t.app, tokens[slug]!, { host: slug, ...c });
    const register = (slug: string, url: string) =>
      admin(slug, { method: 'POST', url: '/api/v1/admin/webhooks', body: { url, events: ['menu.updated'] } });
    let changes = 0;
    const touch = async (slug: string) => {
      const items = (await admin(slug, { url: '/api/v1/admin/items' })).json.data;
      const res = await admin(slug, {
        method: 'PATCH',
        url: `/api/v1/admin/items/${items[0].id}`,
        body: { price: 5 + (++changes % 40) * 0.25 },
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    const deliveries = (slug: string) =>
      t.db.db.selectFrom('webhook_deliveries').selectAll().where('tenant_id', '=', ids[slug]!).orderBy('id').execute();

    test('at most 10 endpoints per restaurant, also when 20 registrations arrive at once', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => register('gamma', workingUrl)));
      assert.equal(answers.filter((r) => r.statusCode === 201).length, 10);
      const refused = answers.filter((r) => r.statusCode === 422);
      assert.equal(refused.length, 10);
      assert.match(refused[0]!.json.errors.url[0], /già 10 webhook|already has 10 webhooks/);
      // Another restaurant has its own ten.
      assert.equal((await register('delta', workingUrl)).statusCode, 201);
    });

    test("a restaurant with ten silent endpoints does not hold up another's delivery", async () => {
      for (let i = 0; i < 10; i++) assert.equal((await register('alpha', silentUrl)).statusCode, 201);
      assert.equal((await register('beta', workingUrl)).statusCode, 201);
      // Alpha's thirty deliveries are older than beta's one: under one shared batch beta waited for them.
      for (let i = 0; i < 3; i++) await touch('alpha');
      await touch('beta');
      await eventually(async () => {
        const mine = await deliveries('beta');
        assert.equal(mine.at(-1)?.status, 'delivered');
      }, 4000);
      const alpha = await deliveries('alpha');
      assert.equal(alpha.length, 30);
      assert.ok(
        alpha.every((d) => d.status === 'pending' && d.attempts === 0),
        "alpha's deliveries are still waiting for their silent endpoints",
      );
      // Alpha removes its silent endpoints (their deliveries go with them) before the next test.
      for (const e of (await admin('alpha', { url: '/api/v1/admin/webhooks' })).json.data) {
        assert.equal(
          (await admin('alpha', { method: 'DELETE', url: `/api/v1/admin/webhooks/${e.id}` })).statusCode,
          204,
        );
      }
      silent.closeAllConnections();
    });

    test('an endpoint that keeps failing is paused, its deliveries stop; resumed, it starts afresh', async () => {
      const created = await register('delta', 'http://127.0.0.1:9/closed');
      const endpoint = created.json.data.id;
      await t.db.db
        .updateTable('webhook_endpoints')
        .set({ failures: PAUSE_AFTER - 1 })
        .where('id', '=', endpoint)
        .execute();
      await touch('delta');
      await t.app.webhooks.runOnce();
      const row = await t.db.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', endpoint)
        .executeTakeFirstOrThrow();
      assert.equal(row.is_active, 0);
      assert.ok(row.paused_at);
      const shown = await admin('delta', { url: `/api/v1/admin/webhooks/${endpoint}` });
      assert.equal(shown.json.data.is_active, false);
      // Resumed by the owner: failures forgotten.
      const resumed = await admin('delta', {
        method: 'PATCH',
        url: `/api/v1/admin/webhooks/${endpoint}`,
        body: { is_active: true },
      });
      assert.equal(resumed.statusCode, 200, resumed.body);
      const again = await t.db.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', endpoint)
        .executeTakeFirstOrThrow();
      assert.deepEqual([again.is_active, again.failures, again.paused_at], [1, 0, null]);
    });
  });
}
