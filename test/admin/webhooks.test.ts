// Signed webhooks: registration, the signed POST after a commit, the delivery log, retries with
// backoff, redirects not followed, deliveries surviving a restart, one delivery however many
// instances run, and restaurants never seeing each other's endpoints or events.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { retryDelayMs } from '../../src/features/webhooks/dispatcher.js';
import { verifySignature } from '../../src/features/webhooks/signature.js';
import { isPrivateAddress, urlProblem } from '../../src/features/webhooks/targets.js';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, dialects, eventually, type TestApp, testConfig } from '../helper.js';
import { adminCall, tokenFor } from './tokens.js';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on 127.0.0.1 that records every POST and answers what `status` says. */
async function receiver() {
  const got: Received[] = [];
  const state = { status: 200, location: '' };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(state.status, state.location ? { location: state.location } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { got, state, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('targets: private and loopback addresses are refused unless allowed; only http(s)', () => {
  for (const ip of [
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '::1',
    'fd00::1',
    '::ffff:127.0.0.1',
  ]) {
    assert.equal(isPrivateAddress(ip), true, ip);
  }
  for (const ip of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])
    assert.equal(isPrivateAddress(ip), false, ip);
  assert.equal(urlProblem('https://127.0.0.1:9000/x', false), 'webhook_private_target');
  assert.equal(urlProblem('https://localhost/x', false), 'webhook_private_target');
  assert.equal(urlProblem('https://[::1]/x', false), 'webhook_private_target');
  assert.equal(urlProblem('http://pos.example.com/hook', false), 'webhook_https_required');
  assert.equal(urlProblem('http://127.0.0.1:9000/x', true), undefined);
  assert.equal(urlProblem('https://pos.example.com/hook', false), undefined);
  assert.equal(urlProblem('ftp://pos.example.com/hook', false), 'url');
  assert.equal(urlProblem('not a url', false), 'url');
  assert.deepEqual([1, 2, 3, 8, 20].map(retryDelayMs), [30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
});

for (const dialect of dialects) {
  describe(`webhooks (${dialect})`, () => {
    let t: TestApp;
    let token: string;
    let betaToken: string;
    let hook: Awaited<ReturnType<typeof receiver>>;
    const clock = { now: Date.now() };
    before(async () => {
      t = await createTestApp(
        dialect,
        { adminRateLimit: 100000, webhooksAllowPrivate: true },
        { now: () => clock.now },
      );
      const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
      token = await tokenFor(t.db.db, alpha, ['menu:read', 'menu:write']);
      betaToken = await tokenFor(t.db.db, beta, ['menu:read', 'menu:write']);
      hook = await receiver();
    });
    after(async () => {
      await t.close();
      await hook.close();
    });

    const admin = (c: Parameters<typeof adminCall>[2]) => adminCall(t.app, token, { host: 'alpha', ...c });
    const register = (events: string[], url = hook.url) =>
      admin({ method: 'POST', url: '/api/v1/admin/webhooks', body: { url, events } });
    const log = async (id: number) => (await admin({ url: `/api/v1/admin/webhooks/${id}/deliveries` })).json.data;

    test('registration: 201 with the secret once; bad URLs and events are 422; menu:write needed', async () => {
      const res = await register(['menu.updated']);
      assert.equal(res.statusCode, 201);
      assert.match(res.json.data.secret, /^whsec_[0-9a-f]{48}$/);
      assert.deepEqual(res.json.data.events, ['menu.updated']);
      const one = await admin({ url: `/api/v1/admin/webhooks/${res.json.data.id}` });
      assert.equal(one.json.data.secret, undefined, 'the secret is shown only at creation');
      const bad = await register(['menu.created'], 'ftp://x.example/hook');
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json.errors).sort(), ['events.0']);
      const badUrl = await register(['menu.updated'], 'ftp://x.example/hook');
      assert.deepEqual(Object.keys(badUrl.json.errors), ['url']);
      const reader = await tokenFor(
        t.db.db,
        (await t.db.db.selectFrom('tenants').select('id').where('slug', '=', 'alpha').executeTakeFirstOrThrow()).id,
        ['menu:read'],
        'reader',
      );
      const forbidden = await adminCall(t.app, reader, {
        host: 'alpha',
        method: 'POST',
        url: '/api/v1/admin/webhooks',
        body: { url: hook.url, events: ['menu.updated'] },
      });
      assert.equal(forbidden.statusCode, 403);
      assert.equal(
        (await admin({ method: 'DELETE', url: `/api/v1/admin/webhooks/${res.json.data.id}` })).statusCode,
        204,
      );
    });

    test('a change is POSTed right after the commit, signed; the log says delivered; unsubscribed events are not sent', async () => {
      hook.got.length = 0;
      const created = (await register(['menu.updated', 'theme.updated'])).json.data;
      const section = (await admin({ url: '/api/v1/admin/categories' })).json.data[0];
      await t.db.db.updateTable('categories').set({ external_id: 'POS-SEC-1' }).where('id', '=', section.id).execute();
      const res = await admin({
        method: 'PATCH',
        url: `/api/v1/admin/categories/${section.id}`,
        body: { display_order: 7 },
      });
      assert.equal(res.statusCode, 200);
      await eventually(async () => assert.equal(hook.got.length, 1));
      const [delivery] = hook.got;
      const body = JSON.parse(delivery.body);
      assert.equal(body.type, 'menu.updated');
      assert.match(body.id, /^evt_/);
      // The API's resource name and the point-of-sale system's own id, so it can match without a lookup.
      assert.deepEqual(body.data.changes, [
        { resource: 'categories', id: section.id, external_id: 'POS-SEC-1', action: 'updated' },
      ]);
      assert.equal(delivery.headers['menu-event'], 'menu.updated');
      const header = String(delivery.headers['menu-signature']);
      assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
      assert.equal(verifySignature(created.secret, delivery.body, header, Math.floor(clock.now / 1000)), true);
      assert.equal(verifySignature('whsec_other', delivery.body, header, Math.floor(clock.now / 1000)), false);
      assert.equal(verifySignature(created.secret, `${delivery.body} `, header, Math.floor(clock.now / 1000)), false);
      await eventually(async () => {
        const [entry] = await log(created.id);
        assert.equal(entry.status, 'delivered');
        assert.equal(entry.attempts, 1);
        assert.equal(entry.last_status_code, 200);
      });
      // settings.updated is not among this endpoint's events.
      await admin({ method: 'PUT', url: '/api/v1/admin/settings', body: { phone: '+39 000' } });
      await t.app.webhooks.runOnce();
      assert.equal(hook.got.length, 1);
      assert.equal((await log(created.id)).length, 1);
      await admin({ method: 'DELETE', url: `/api/v1/admin/webhooks/${created.id}` });
    });

    test('a failed attempt is retried with backoff, same event id; redirects are not followed', async () => {
      hook.got.length = 0;
      hook.state.status = 500;
      const created = (await register(['settings.updated'])).json.data;
      await admin({ method: 'PUT', url: '/api/v1/admin/settings', body: { phone: '+39 111' } });
      await eventually(async () => {
        const [entry] = await log(created.id);
        assert.equal(entry.attempts, 1);
        assert.equal(entry.status, 'pending');
        assert.equal(entry.last_status_code, 500);
        assert.equal(Date.parse(entry.next_attempt_at) - Date.parse(entry.created_at), 30_000);
      });
      // Not due yet: nothing is sent.
      await t.app.webhooks.runOnce();
      assert.equal(hook.got.length, 1);
      hook.state.status = 302;
      hook.state.location = 'http://169.254.169.254/';
      clock.now += 31_000;
      await t.app.webhooks.runOnce();
      let [entry] = await log(created.id);
      assert.equal(entry.attempts, 2);
      assert.equal(entry.last_error, 'redirect_not_followed');
      assert.equal(hook.got.length, 2);
      hook.state.status = 204;
      hook.state.location = '';
      clock.now += 61_000;
      await t.app.webhooks.runOnce();
      [entry] = await log(created.id);
      assert.equal(entry.status, 'delivered');
      assert.equal(entry.attempts, 3);
      assert.equal(hook.got.length, 3);
      const ids = hook.got.map((g) => JSON.parse(g.body).id);
      assert.equal(new Set(ids).size, 1, 'every retry carries the same event id');
      await admin({ method: 'DELETE', url: `/api/v1/admin/webhooks/${created.id}` });
      hook.state.status = 200;
    });

    test('deliveries survive a restart, and two instances send each one once', async () => {
      hook.got.length = 0;
      hook.state.status = 503;
      const created = (await register(['theme.updated'])).json.data;
      await admin({ method: 'PUT', url: '/api/v1/admin/theme', body: { footer_text: 'Ciao' } });
      await eventually(async () => assert.equal((await log(created.id))[0]?.attempts, 1));
      // Two more instances on the same database (one is "the restarted process").
      const others = await Promise.all(
        [1, 2].map(async () => {
          const app = await buildApp(testConfig({ webhooksAllowPrivate: true }), {
            database: t.db,
            now: () => clock.now,
          });
          await app.ready();
          return app;
        }),
      );
      hook.state.status = 200;
      clock.now += 31_000;
      await Promise.all([t.app.webhooks.runOnce(), ...others.map((app) => app.webhooks.runOnce())]);
      await eventually(async () => assert.equal((await log(created.id))[0].status, 'delivered'));
      assert.equal(hook.got.length, 2, 'one failed attempt, then exactly one delivery');
      for (const app of others) await app.close();
      await admin({ method: 'DELETE', url: `/api/v1/admin/webhooks/${created.id}` });
    });

    test("restaurants never see each other's endpoints or events", async () => {
      hook.got.length = 0;
      const mine = (await register(['menu.updated'])).json.data;
      const theirs = await adminCall(t.app, betaToken, {
        host: 'beta',
        method: 'POST',
        url: '/api/v1/admin/webhooks',
        body: { url: `${hook.url}?beta`, events: ['menu.updated'] },
      });
      assert.equal(theirs.statusCode, 201);
      assert.equal(
        (await adminCall(t.app, betaToken, { host: 'beta', url: `/api/v1/admin/webhooks/${mine.id}` })).statusCode,
        404,
      );
      assert.equal(
        (await adminCall(t.app, betaToken, { host: 'beta', url: `/api/v1/admin/webhooks/${mine.id}/deliveries` }))
          .statusCode,
        404,
      );
      assert.equal(
        (
          await adminCall(t.app, betaToken, {
            host: 'beta',
            method: 'DELETE',
            url: `/api/v1/admin/webhooks/${mine.id}`,
          })
        ).statusCode,
        404,
      );
      const list = (await adminCall(t.app, betaToken, { host: 'beta', url: '/api/v1/admin/webhooks' })).json.data;
      assert.deepEqual(
        list.map((w: any) => w.id),
        [theirs.json.data.id],
      );
      const section = (await admin({ url: '/api/v1/admin/categories' })).json.data[0];
      await admin({ method: 'PATCH', url: `/api/v1/admin/categories/${section.id}`, body: { display_order: 8 } });
      await eventually(async () => assert.equal(hook.got.length, 1));
      await t.app.webhooks.runOnce();
      assert.equal(hook.got.length, 1, 'only alpha’s endpoint hears of alpha’s change');
      assert.equal(hook.got[0].headers.host?.startsWith('127.0.0.1'), true);
      assert.equal((await log(mine.id)).length, 1);
    });
  });
}
