// /admin/webhooks over HTTP against a real receiver: add (the API's URL rules, the secret shown
// once, a resent form makes nothing), a test event signed with that secret, deliveries with status,
// HTTP answer and time, resend, pause and resume, a new secret, delete after a confirmation;
// owners only; another restaurant's webhooks out of reach.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../src/accounts/users/service.js';
import { writeMenu } from '../../src/catalog/write.js';
import { verifySignature } from '../../src/features/webhooks/signature.js';
import { updateItem } from '../../src/resources/items/service.js';
import { dialects, eventually } from '../helper.js';
import type { PanelClient } from './client.js';
import { BETA_OWNER, type PanelBed, panelBed } from './setup.js';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

async function receiver() {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { got, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const SECRET = /id="new-secret" class="token-value" type="text" readonly value="(whsec_[0-9a-f]{48})"/;

for (const dialect of dialects) {
  describe(`panel webhooks (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    let hook: Awaited<ReturnType<typeof receiver>>;
    let endpointId = 0;
    let secret = '';
    before(async () => {
      hook = await receiver();
      bed = await panelBed(dialect, { webhooksAllowPrivate: true });
      c = await bed.owner();
    });
    after(async () => {
      await bed.close();
      await hook.close();
    });

    const endpoints = () =>
      bed.db.db.selectFrom('webhook_endpoints').selectAll().where('tenant_id', '=', bed.alpha).execute();
    const deliveries = () =>
      bed.db.db.selectFrom('webhook_deliveries').selectAll().where('tenant_id', '=', bed.alpha).orderBy('id').execute();
    const signedWith = (key: string, r: Received) =>
      verifySignature(key, r.body, r.headers['menu-signature'] as string, Math.floor(Date.now() / 1000));

    test('the page is for owners: staff get the 403 page and no link', async () => {
      const page = await c.get('/admin/webhooks');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<a href="\/admin\/webhooks" aria-current="page">Webhooks<\/a>/);
      assert.match(page.body, /No webhook yet\./);
      await createUser(bed.db.db, bed.alpha, { email: 'staff@alpha.test', password: 'staff-password', role: 'staff' });
      const staff = bed.client();
      await staff.signIn('staff@alpha.test', 'staff-password');
      assert.doesNotMatch((await staff.get('/admin')).body, /href="\/admin\/webhooks"/);
      assert.equal((await staff.get('/admin/webhooks')).statusCode, 403);
      assert.equal((await staff.post('/admin/webhooks', { url: hook.url, events: 'menu.updated' })).statusCode, 403);
      assert.equal((await endpoints()).length, 0);
    });

    test('a bad address and no event are refused together, next to their fields', async () => {
      await c.get('/admin/webhooks');
      const res = await c.post('/admin/webhooks', { url: 'ftp://pos.example.com/x', _nonce: c.nonce });
      assert.equal(res.statusCode, 422);
      assert.match(res.body, /id="f-url-error"/);
      assert.match(res.body, /id="f-events-error">Tick at least one event\./);
      assert.equal((await endpoints()).length, 0);
    });

    test('added: the secret is shown once and is the stored one; the same form sent again makes nothing', async () => {
      await c.get('/admin/webhooks');
      const nonce = c.nonce;
      const res = await c.post('/admin/webhooks', { url: hook.url, events: ['menu.updated'], _nonce: nonce });
      assert.equal(res.statusCode, 201);
      const m = SECRET.exec(res.body);
      assert.ok(m, 'the secret is on the page');
      secret = m[1];
      const [row] = await endpoints();
      assert.equal(row.secret, secret);
      endpointId = row.id;
      const again = await c.post('/admin/webhooks', { url: hook.url, events: ['menu.updated'], _nonce: nonce });
      assert.equal(again.statusCode, 409);
      assert.equal((await endpoints()).length, 1);
      const list = await c.get('/admin/webhooks');
      assert.doesNotMatch(list.body, /whsec_/, 'never shown again');
    });

    test('a test event arrives signed with that secret; its delivery shows status, answer and time', async () => {
      const res = await c.post(`/admin/webhooks/${endpointId}/test`, {});
      assert.equal(res.statusCode, 303);
      await eventually(async () => assert.equal(hook.got.length, 1));
      assert.equal(JSON.parse(hook.got[0].body).type, 'webhook.test');
      assert.ok(signedWith(secret, hook.got[0]));
      await eventually(async () => assert.equal((await deliveries())[0].status, 'delivered'));
      const page = await c.get(res.headers.location as string);
      assert.match(page.body, /A test event \(webhook\.test\) is on its way/);
      assert.match(page.body, /<code>webhook\.test<\/code>/);
      assert.match(page.body, /data-status="delivered"/);
      assert.match(page.body, /HTTP 200/);
      assert.match(page.body, /<td data-label="Time"><div>\d+ ms<\/div>/);
    });

    test('a delivery sent again arrives again with the same event id', async () => {
      const [first] = await deliveries();
      const res = await c.post(`/admin/webhooks/${endpointId}/deliveries/${first.id}/resend`, {});
      assert.equal(res.statusCode, 303);
      await eventually(async () => assert.equal(hook.got.length, 2));
      assert.equal(JSON.parse(hook.got[1].body).id, JSON.parse(hook.got[0].body).id);
      assert.equal((await deliveries()).length, 2);
    });

    test('paused: a menu change is not queued for it; resumed: it is', async () => {
      const actor = { via: 'panel' as const, userId: null, tokenId: null, tokenName: null };
      const dish = await bed.db.db
        .selectFrom('items')
        .select('id')
        .where('tenant_id', '=', bed.alpha)
        .executeTakeFirstOrThrow();
      assert.equal((await c.post(`/admin/webhooks/${endpointId}/pause`, {})).statusCode, 303);
      const page = await c.get('/admin/webhooks?done=paused');
      assert.match(page.body, /Paused: no event is sent to it/);
      assert.match(page.body, /action="\/admin\/webhooks\/\d+\/resume"/);
      await writeMenu(bed.app, bed.alpha, actor, (w) => updateItem(w, dish.id, { price: 11 }));
      assert.equal((await deliveries()).length, 2);
      assert.equal((await c.post(`/admin/webhooks/${endpointId}/resume`, {})).statusCode, 303);
      await writeMenu(bed.app, bed.alpha, actor, (w) => updateItem(w, dish.id, { price: 12 }));
      assert.equal((await deliveries()).length, 3);
      await eventually(async () => assert.equal(hook.got.length, 3));
      assert.equal(JSON.parse(hook.got[2].body).type, 'menu.updated');
    });

    test('a new secret is shown once and signs what follows; the old one no longer does', async () => {
      await c.get('/admin/webhooks');
      const res = await c.post(`/admin/webhooks/${endpointId}/rotate`, { _nonce: c.nonce });
      assert.equal(res.statusCode, 200);
      const fresh = SECRET.exec(res.body)?.[1];
      assert.ok(fresh && fresh !== secret);
      await c.post(`/admin/webhooks/${endpointId}/test`, {});
      await eventually(async () => assert.equal(hook.got.length, 4));
      assert.ok(signedWith(fresh, hook.got[3]));
      assert.ok(!signedWith(secret, hook.got[3]));
    });

    test('another restaurant’s owner cannot see or touch it', async () => {
      const beta = bed.client('beta');
      await beta.signIn(BETA_OWNER.email, BETA_OWNER.password);
      assert.match((await beta.get('/admin/webhooks')).body, /No webhook yet\./);
      assert.equal((await beta.get(`/admin/webhooks/${endpointId}`)).statusCode, 404);
      for (const action of ['pause', 'test', 'delete']) {
        assert.equal(
          (await beta.post(`/admin/webhooks/${endpointId}/${action}`, { confirmed: 'yes' })).statusCode,
          404,
        );
      }
      assert.equal((await endpoints())[0].is_active, 1);
    });

    test('deleted only after a confirmation', async () => {
      const ask = await c.post(`/admin/webhooks/${endpointId}/delete`, {});
      assert.equal(ask.statusCode, 200);
      assert.match(ask.body, /name="confirmed" value="yes"/);
      assert.equal((await endpoints()).length, 1);
      const res = await c.post(`/admin/webhooks/${endpointId}/delete`, { confirmed: 'yes' });
      assert.equal(res.statusCode, 303);
      assert.equal((await endpoints()).length, 0);
    });
  });
}
