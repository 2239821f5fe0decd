// The operator console (issue 35, point 4) on the base address: its own accounts, cookie and host;
// every restaurant with its usage (dishes, photo bytes, menu views and events of 30 days, owners'
// last sign-in), search, suspend with a reason (the API answers 403 with it, diners a neutral page,
// another restaurant untouched) and resume, invite codes, every action audited, sign-in throttled.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { countTenantRows } from '../../src/accounts/tenants/erase.js';
import { addRequests } from '../../src/accounts/tenants/usage-repo.js';
import { createUser } from '../../src/accounts/users/service.js';
import { createOperator } from '../../src/panel/operator/service.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, eventually, type TestApp } from '../helper.js';
import { PanelClient } from './client.js';

const BASE = 'menu.test';
const OPERATOR = { email: 'ops@menu.test', password: 'operator-password' };
const ALPHA = { email: 'owner@alpha.test', password: 'alpha-owner-pw' };

for (const dialect of dialects) {
  describe(`operator console (${dialect})`, () => {
    let t: TestApp;
    let alpha: number;
    let beta: number;
    const clock = { now: Date.parse('2026-11-28T10:00:00Z') };
    before(async () => {
      t = await createTestApp(dialect, { baseDomain: BASE, trustProxy: 1 }, { now: () => clock.now });
      alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
      await createUser(t.db.db, alpha, ALPHA);
      await t.db.db.insertInto('tenant_domains').values({ tenant_id: beta, host: 'menu.beta-100%.it' }).execute();
      await createOperator(t.db.db, OPERATOR.email, OPERATOR.password);
      const day = (offset: number) => new Date(clock.now - offset * 86_400_000).toISOString().slice(0, 10);
      for (const [d, views] of [
        [day(1), 5],
        [day(10), 7],
        [day(40), 100],
      ] as const) {
        await t.db.db
          .insertInto('analytics_daily')
          .values({
            tenant_id: alpha,
            day: d,
            menu_views: views,
            item_views: 2,
            section_views: 1,
            allergen_filters: 0,
            searches: 1,
            locale_switches: 0,
          })
          .execute();
      }
      await t.db.db
        .insertInto('media')
        .values({
          tenant_id: alpha,
          name: 'p.jpg',
          content_type: 'image/jpeg',
          body: Buffer.alloc(2 * 1024 * 1024),
          created_at: new Date().toISOString(),
        })
        .execute();
    });
    after(() => t.close());

    const operator = async (ip = '198.51.100.9') => {
      const c = new PanelClient(t.app, BASE, { 'accept-language': 'en', 'x-forwarded-for': ip });
      await c.get('/operator/login');
      const res = await c.post('/operator/login', OPERATOR);
      assert.equal(res.statusCode, 303, res.body.slice(0, 300));
      return c;
    };

    test('its own address, cookie and sign-in; restaurants with their usage', async () => {
      const anonymous = new PanelClient(t.app, BASE, { 'accept-language': 'en' });
      const away = await anonymous.get('/operator');
      assert.equal(away.statusCode, 303);
      assert.equal(away.headers.location, '/operator/login');
      // A restaurant's address has no console.
      const elsewhere = await call(t.app, {
        url: '/operator/login',
        host: `alpha.${BASE}`,
        headers: { accept: 'text/html' },
      });
      assert.equal(elsewhere.statusCode, 404);
      assert.doesNotMatch(elsewhere.body, /Operator sign-in/);
      // The owner signs in to alpha's panel: the console's list shows when.
      const owner = new PanelClient(t.app, `alpha.${BASE}`, { 'accept-language': 'en' });
      assert.equal((await owner.signIn(ALPHA.email, ALPHA.password)).statusCode, 303);
      // Owners' credentials are not an operator's.
      await anonymous.get('/operator/login');
      assert.equal((await anonymous.post('/operator/login', ALPHA)).statusCode, 422);

      // Requests served for alpha (through Fastify and the menu's fast path) are counted and stored.
      for (let i = 0; i < 3; i++) await call(t.app, { url: '/api/v1/menu', host: `alpha.${BASE}` });
      await t.app.inject({ url: '/api/v1/menu/it', headers: { host: `alpha.${BASE}` } });
      const counted = t.app.requestTally.take();
      assert.ok((counted.get(alpha) ?? 0) >= 4, String(counted.get(alpha)));
      await addRequests(t.db.db, new Date(clock.now).toISOString().slice(0, 10), new Map([[alpha, 40]]));
      await addRequests(
        t.db.db,
        new Date(clock.now).toISOString().slice(0, 10),
        new Map([
          [alpha, 2],
          [999_999, 5],
        ]),
      );
      const c = await operator();
      const cookie = (await anonymous.post('/operator/login', OPERATOR)).headers['set-cookie'];
      assert.match(
        String(cookie),
        /menu_operator=[A-Za-z0-9_-]+; Path=\/operator; Max-Age=43200; HttpOnly; SameSite=Lax/,
      );
      const list = await c.get('/operator');
      assert.equal(list.statusCode, 200);
      assert.match(list.body, /<h1>Restaurants<\/h1>/);
      const dishes = Number(
        (
          await t.db.db
            .selectFrom('items')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', alpha)
            .executeTakeFirstOrThrow()
        ).n,
      );
      const row =
        /<tr><th scope="row"><a href="\/operator\/restaurants\/alpha">Alpha[\s\S]*?<\/tr>/.exec(list.body)?.[0] ?? '';
      assert.ok(row, list.body.slice(0, 2000));
      // Requests: the 42 stored above, and any the app's own 5-second flush stored meanwhile (the
      // owner's sign-in, on a slow machine).
      const usage = new RegExp(
        `<td class="num">${dishes}</td><td class="num">2.0 MB</td><td class="num">(\\d+)</td><td class="num">12</td><td class="num">20</td>`,
      ).exec(row);
      assert.ok(usage && Number(usage[1]) >= 42 && Number(usage[1]) <= 60, row);
      assert.match(row, /owner@alpha\.test \((?!never)/, 'the owner’s last sign-in');
      assert.match(row, /active · online/);
      assert.match(list.body, /menu\.beta-100%\.it/);
    });

    test('search by address, name, own domain or owner e-mail; % is a letter', async () => {
      const c = await operator();
      const names = async (q: string) =>
        [
          ...(await c.get(`/operator?q=${encodeURIComponent(q)}`)).body.matchAll(
            /<th scope="row"><a href="[^"]*">(\w+)/g,
          ),
        ].map((m) => m[1]);
      assert.deepEqual(await names('alp'), ['Alpha']);
      assert.deepEqual(await names('OWNER@ALPHA'), ['Alpha']);
      assert.deepEqual(await names('100%'), ['Beta']);
      assert.deepEqual(await names('%'), ['Beta']);
      assert.deepEqual(await names('nothing-like-this'), []);
      assert.equal((await names('')).length, 2);
    });

    test('suspend with a reason: the API says it with 403, diners see a neutral page, beta is untouched; resume; audited', async () => {
      const c = await operator();
      const list = await c.get('/operator');
      const noToken = await c.post('/operator/restaurants/alpha/suspend', { reason: 'x' }, { csrf: 'forged' });
      assert.equal(noToken.statusCode, 403);
      const cross = await c.post(
        '/operator/restaurants/alpha/suspend',
        { reason: 'x' },
        { headers: { origin: 'http://evil.test' } },
      );
      assert.equal(cross.statusCode, 403);
      assert.ok(list.statusCode === 200);
      const res = await c.post('/operator/restaurants/alpha/suspend', { reason: 'Unpaid invoice <b>' });
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, '/operator?suspended=alpha');
      const api = await call(t.app, {
        url: '/api/v1/menu',
        host: `alpha.${BASE}`,
        headers: { 'accept-language': 'en' },
      });
      assert.equal(api.statusCode, 403);
      assert.equal(
        api.json.message,
        "This restaurant is suspended by the service's operator. Reason: Unpaid invoice <b>",
      );
      const page = await call(t.app, { url: '/', host: `alpha.${BASE}`, headers: { accept: 'text/html' } });
      assert.equal(page.statusCode, 403);
      assert.match(page.body, /This menu is not available at the moment\./);
      assert.equal((await call(t.app, { url: '/api/v1/menu', host: `beta.${BASE}` })).statusCode, 200);
      const shown = await c.get('/operator?suspended=alpha');
      assert.match(shown.body, /alpha is suspended\./);
      assert.match(shown.body, /<strong>suspended<\/strong><br><span class="hint">Unpaid invoice &lt;b&gt;<\/span>/);

      assert.equal((await c.post('/operator/restaurants/alpha/resume', {})).statusCode, 303);
      await eventually(async () => {
        assert.equal((await call(t.app, { url: '/api/v1/menu', host: `alpha.${BASE}` })).statusCode, 200);
      });
      assert.equal(
        (await c.post('/operator/restaurants/nobody/suspend', { reason: '' })).headers.location,
        '/operator?unknown=1',
      );
      const audit = await t.db.db.selectFrom('operator_audit').selectAll().orderBy('id').execute();
      assert.deepEqual(
        audit.map((a) => [a.operator_email, a.action, a.target, JSON.parse(a.detail)]),
        [
          [OPERATOR.email, 'suspend', 'alpha', { reason: 'Unpaid invoice <b>' }],
          [OPERATOR.email, 'resume', 'alpha', {}],
        ],
      );
      assert.match((await c.get('/operator/audit')).body, /<td>suspend<\/td><td>alpha<\/td>/);
    });

    test('invite codes: made here, shown once, listed without the code, audited', async () => {
      const c = await operator();
      await c.get('/operator/invites');
      const made = await c.post('/operator/invites', { note: 'for Mario', days: '7' });
      assert.equal(made.statusCode, 200);
      const code = /New code \(shown once\): ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(made.body)?.[1];
      assert.ok(code, made.body.slice(0, 1500));
      assert.match(made.body, new RegExp(`http://menu\\.test:3000/\\?code=${code}`));
      const again = await c.get('/operator/invites');
      assert.ok(!again.body.includes(code));
      assert.match(again.body, /<td>for Mario<\/td><td>unused<\/td>/);
      const bad = await c.post('/operator/invites', { note: 'x', days: '0' });
      assert.equal(bad.statusCode, 422);
      const row = await t.db.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('action', '=', 'invite')
        .executeTakeFirstOrThrow();
      assert.deepEqual(JSON.parse(row.detail), { note: 'for Mario', days: 7 });
    });

    test('erase, after offering the export: a mistyped confirmation erases nothing; then every row goes, alpha unchanged', async () => {
      const gamma = await createFixtureTenant(t.db.db, 'gamma', 'Gamma');
      const alphaBefore = await countTenantRows(t.db.db, alpha);
      const c = await operator();
      const page = await c.get('/operator/restaurants/gamma');
      assert.match(
        page.body,
        /<a href="\/operator\/restaurants\/gamma\/export" download>Download its export \(JSON\)<\/a>/,
      );
      const exported = await c.get('/operator/restaurants/gamma/export');
      assert.equal(exported.statusCode, 200);
      assert.match(String(exported.headers['content-disposition']), /attachment; filename="gamma-export\.json"/);
      const file = JSON.parse(exported.body);
      assert.equal(file.format, 'menu-restaurant-export');
      assert.equal(file.tenant.slug, 'gamma');
      await c.get('/operator/restaurants/gamma');
      const wrong = await c.post('/operator/restaurants/gamma/erase', { confirm: 'gamm' });
      assert.equal(wrong.statusCode, 422);
      assert.match(wrong.body, /Type the restaurant’s address word exactly: nothing was erased\./);
      assert.ok(Object.values(await countTenantRows(t.db.db, gamma)).some((n) => n > 0));
      const done = await c.post('/operator/restaurants/gamma/erase', { confirm: 'gamma' });
      assert.equal(done.statusCode, 303);
      assert.match(done.headers.location as string, /^\/operator\?erased=gamma&rows=\d+$/);
      assert.match((await c.get(done.headers.location as string)).body, /gamma is erased: \d+ rows deleted\./);
      assert.deepEqual(
        Object.entries(await countTenantRows(t.db.db, gamma)).filter(([, n]) => n > 0),
        [],
      );
      assert.equal(
        await t.db.db.selectFrom('tenants').select('id').where('id', '=', gamma).executeTakeFirst(),
        undefined,
      );
      assert.deepEqual(await countTenantRows(t.db.db, alpha), alphaBefore);
      assert.equal((await call(t.app, { url: '/api/v1/menu', host: `gamma.${BASE}` })).statusCode, 404);
      const actions = await t.db.db
        .selectFrom('operator_audit')
        .select(['action', 'target'])
        .where('target', '=', 'gamma')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        actions.map((a) => a.action),
        ['export', 'erase'],
      );
    });

    test('sign-in: 5 failures of an e-mail from one address hold it (the right password too); another address is not held', async () => {
      const c = new PanelClient(t.app, BASE, { 'accept-language': 'en', 'x-forwarded-for': '203.0.113.50' });
      await c.get('/operator/login');
      for (let i = 0; i < 5; i++) {
        assert.equal((await c.post('/operator/login', { email: OPERATOR.email, password: 'wrong' })).statusCode, 422);
      }
      const held = await c.post('/operator/login', OPERATOR);
      assert.equal(held.statusCode, 429);
      assert.match(held.body, /Too many failed sign-ins from your network/);
      assert.ok(Number(held.headers['retry-after']) > 0);
      await operator('203.0.113.51');
      const out = await c.get('/operator/login');
      assert.equal(out.statusCode, 200);
    });
  });
}
