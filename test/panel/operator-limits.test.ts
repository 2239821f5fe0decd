// Limits per restaurant (issue 35, point 4): the operator sets a restaurant's own limits in the
// console (empty: the config default), audited; dishes and photo storage are enforced inside the
// write's transaction (API, whole-menu import: refused with the reason, nothing written), webhooks
// by their forms, the admin API's rate by the rate limiter. Another restaurant keeps the defaults.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { createOperator } from '../../src/panel/operator/service.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, eventually, type TestApp } from '../helper.js';
import { PanelClient } from './client.js';

const BASE = 'menu.test';

for (const dialect of dialects) {
  describe(`limits per restaurant (${dialect})`, () => {
    let t: TestApp;
    let alpha: number;
    let beta: number;
    let alphaToken: string;
    let betaToken: string;
    let console: PanelClient;
    before(async () => {
      t = await createTestApp(dialect, { baseDomain: BASE, webhooksAllowPrivate: true, adminRateLimit: 1000 });
      alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
      alphaToken = await tokenFor(t.db.db, alpha);
      betaToken = await tokenFor(t.db.db, beta);
      await createOperator(t.db.db, 'ops@menu.test', 'operator-password');
      console = new PanelClient(t.app, BASE, { 'accept-language': 'en' });
      await console.get('/operator/login');
      assert.equal(
        (await console.post('/operator/login', { email: 'ops@menu.test', password: 'operator-password' })).statusCode,
        303,
      );
    });
    after(() => t.close());

    const dishCount = async (tenantId: number) =>
      Number(
        (
          await t.db.db
            .selectFrom('items')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const api = (
      host: string,
      token: string,
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) =>
      adminCall(t.app, token, {
        method,
        url: `/api/v1/admin${url}`,
        host: `${host}.${BASE}`,
        body,
        headers: { 'accept-language': 'en', ...headers },
      });

    test('the console sets limits (empty: the default), refuses nonsense, audits', async () => {
      const page = await console.get('/operator/restaurants/alpha');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Default 2000\. Now: \d+\./);
      const bad = await console.post('/operator/restaurants/alpha/limits', {
        dishes: '-3',
        photoMb: 'lots',
        webhooks: '',
        adminRate: '',
      });
      assert.equal(bad.statusCode, 422);
      assert.equal(
        (bad.body.match(/A whole number from 1 to 1,000,000, or empty for the default\./g) ?? []).length >= 2,
        true,
      );
      const dishes = await dishCount(alpha);
      const saved = await console.post('/operator/restaurants/alpha/limits', {
        dishes: String(dishes + 1),
        photoMb: '1',
        webhooks: '1',
        adminRate: '',
      });
      assert.equal(saved.statusCode, 303);
      assert.equal(saved.headers.location, '/operator/restaurants/alpha?saved=1');
      assert.match((await console.get('/operator/restaurants/alpha?saved=1')).body, /Limits saved\./);
      const audit = await t.db.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('action', '=', 'limits')
        .executeTakeFirstOrThrow();
      assert.deepEqual(JSON.parse(audit.detail), { dishes: dishes + 1, photoMb: 1, webhooks: 1, adminRate: null });
      assert.equal(audit.target, 'alpha');
    });

    test('dishes: one more is accepted, the next refused with the reason (API and import); beta keeps the default', async () => {
      const sectionId = (
        await t.db.db.selectFrom('categories').select('id').where('tenant_id', '=', alpha).executeTakeFirstOrThrow()
      ).id;
      const dish = (name: string) => ({ category_id: sectionId, name: { it: name }, price: 5 });
      assert.equal((await api('alpha', alphaToken, 'POST', '/items', dish('Uno'))).statusCode, 201);
      const refused = await api('alpha', alphaToken, 'POST', '/items', dish('Due'));
      assert.equal(refused.statusCode, 422);
      const limit = await dishCount(alpha);
      assert.equal(
        refused.json.message,
        `This restaurant may have at most ${limit} dishes (a limit set by the service's operator).`,
      );
      assert.equal(await dishCount(alpha), limit, 'nothing written');
      const res = await api('alpha', alphaToken, 'GET', '/menu/export');
      const exported = res.json.data ?? res.json;
      exported.sections[0].items.push({ name: { it: 'Tre' }, price: 1 });
      const imported = await api('alpha', alphaToken, 'PUT', '/menu', exported);
      assert.equal(imported.statusCode, 422);
      assert.equal(await dishCount(alpha), limit);
      const betaSection = (
        await t.db.db.selectFrom('categories').select('id').where('tenant_id', '=', beta).executeTakeFirstOrThrow()
      ).id;
      const betaDish = await api('beta', betaToken, 'POST', '/items', {
        category_id: betaSection,
        name: { it: 'Libero' },
        price: 5,
      });
      assert.equal(betaDish.statusCode, 201);
    });

    test('photo storage: past 1 MB a new photo is refused; webhooks: one', async () => {
      await t.db.db
        .insertInto('media')
        .values({
          tenant_id: alpha,
          name: 'big.jpg',
          content_type: 'image/jpeg',
          body: Buffer.alloc(1024 * 1024),
          created_at: new Date().toISOString(),
        })
        .execute();
      const item = (
        await t.db.db.selectFrom('items').select('id').where('tenant_id', '=', alpha).executeTakeFirstOrThrow()
      ).id;
      const photo = await sharp({
        create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 80, b: 40 } },
      })
        .jpeg()
        .toBuffer();
      const put = await api('alpha', alphaToken, 'PUT', `/items/${item}/image`, photo, {
        'content-type': 'image/jpeg',
      });
      assert.equal(put.statusCode, 422);
      assert.equal(
        put.json.message,
        "This restaurant's photos would take more than 1 MB, its limit: remove some first.",
      );
      const betaItem = (
        await t.db.db.selectFrom('items').select('id').where('tenant_id', '=', beta).executeTakeFirstOrThrow()
      ).id;
      assert.equal(
        (await api('beta', betaToken, 'PUT', `/items/${betaItem}/image`, photo, { 'content-type': 'image/jpeg' }))
          .statusCode,
        200,
      );

      const hook = (n: number) => ({ url: `https://hooks.example.test/${n}`, events: ['menu.updated'] });
      assert.equal((await api('alpha', alphaToken, 'POST', '/webhooks', hook(1))).statusCode, 201);
      const second = await api('alpha', alphaToken, 'POST', '/webhooks', hook(2));
      assert.equal(second.statusCode, 422);
      assert.match(JSON.stringify(second.json), /already has 1 webhooks/);
      assert.equal((await api('beta', betaToken, 'POST', '/webhooks', hook(3))).statusCode, 201);
      assert.equal((await api('beta', betaToken, 'POST', '/webhooks', hook(4))).statusCode, 201);
    });

    test('the admin API rate: alpha 3 a minute, beta the default', async () => {
      await console.get('/operator/restaurants/alpha');
      await console.post('/operator/restaurants/alpha/limits', {
        dishes: '',
        photoMb: '',
        webhooks: '',
        adminRate: '3',
      });
      await eventually(async () => {
        const res = await api('alpha', alphaToken, 'GET', '/items');
        assert.equal(res.headers['x-ratelimit-limit'], '3');
      });
      let last = 0;
      for (let i = 0; i < 4; i++) last = (await api('alpha', alphaToken, 'GET', '/items')).statusCode;
      assert.equal(last, 429);
      const betaRes = await api('beta', betaToken, 'GET', '/items');
      assert.equal(betaRes.statusCode, 200);
      assert.equal(betaRes.headers['x-ratelimit-limit'], '1000');
      // Empty fields: back to the defaults.
      await console.get('/operator/restaurants/alpha');
      await console.post('/operator/restaurants/alpha/limits', {
        dishes: '',
        photoMb: '',
        webhooks: '',
        adminRate: '',
      });
      const row = await t.db.db
        .selectFrom('tenant_limits')
        .selectAll()
        .where('tenant_id', '=', alpha)
        .executeTakeFirstOrThrow();
      assert.deepEqual([row.dishes, row.photo_mb, row.webhooks, row.admin_rate], [null, null, null, null]);
      assert.equal((await call(t.app, { url: '/api/v1/menu', host: `beta.${BASE}` })).statusCode, 200);
    });
  });
}
