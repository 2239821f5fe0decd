// Roles enforced on the server: staff edit the menu but get the panel's 403 page (in its language)
// on settings, theme and staff, by link or by direct POST; staff tokens are read-only (the form, a
// direct POST and the API all hold); an owner sees and revokes every token of the restaurant, and
// never another restaurant's.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { issueToken } from '../../src/accounts/tokens/service.js';
import { createUser } from '../../src/accounts/users/service.js';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { BETA_OWNER, OWNER, type PanelBed, panelBed } from './setup.js';

const WAITER = { email: 'waiter@alpha.test', password: 'waiter-password', role: 'staff' as const };
const TOKEN = /(\d+\|[A-Za-z0-9]{48})/;

for (const dialect of dialects) {
  describe(`panel roles (${dialect})`, () => {
    let bed: PanelBed;
    let owner: PanelClient;
    let waiter: PanelClient;
    let waiterId: number;
    before(async () => {
      bed = await panelBed(dialect);
      waiterId = await createUser(bed.db.db, bed.alpha, WAITER);
      owner = await bed.owner();
      waiter = bed.client();
      assert.equal((await waiter.signIn(WAITER.email, WAITER.password)).statusCode, 303);
    });
    after(() => bed.close());

    const settingsRow = () =>
      bed.db.db
        .selectFrom('settings')
        .select(['name', 'is_active'])
        .where('tenant_id', '=', bed.alpha)
        .executeTakeFirstOrThrow();

    test('staff open settings, theme, the preview or staff: the 403 page in the panel’s language, nothing shown', async () => {
      for (const path of ['/admin/settings', '/admin/theme', '/admin/theme/preview', '/admin/staff']) {
        const res = await waiter.get(path);
        assert.equal(res.statusCode, 403, path);
        assert.match(res.body, /Only an owner of the restaurant can change this\./, path);
        assert.doesNotMatch(res.body, /name="is_active"|name="primary_color"|action="\/admin\/staff"/, path);
      }
      const it = await waiter.get('/admin/settings', { 'accept-language': 'it' });
      assert.equal(it.statusCode, 403);
      assert.match(it.body, /Solo un titolare del ristorante può modificarlo\./);
      // The links are left out for staff too (the refusal above is what holds).
      const home = await waiter.get('/admin');
      assert.doesNotMatch(home.body, /href="\/admin\/settings"|href="\/admin\/theme"|href="\/admin\/staff"/);
      assert.match((await owner.get('/admin')).body, /href="\/admin\/settings"/);
    });

    test('staff posting directly to settings, theme or staff change nothing (the public switch included)', async () => {
      const before = await settingsRow();
      await waiter.get('/admin/menu');
      const posts = [
        ['/admin/settings', { name: 'Hijacked', is_active: '', supported_locales: 'it', default_locale: 'it' }],
        ['/admin/theme', { primary_color: '#000000' }],
        [
          '/admin/staff',
          { email: 'evil@alpha.test', role: 'owner', password: 'long enough pw', _nonce: 'x'.repeat(24) },
        ],
        [`/admin/staff/${waiterId}/remove`, { confirmed: 'yes' }],
      ] as const;
      for (const [path, form] of posts) {
        const res = await waiter.post(path, form);
        assert.equal(res.statusCode, 403, path);
        assert.match(res.body, /Only an owner of the restaurant can change this\./);
      }
      assert.deepEqual(await settingsRow(), before);
      const evil = await bed.db.db.selectFrom('users').select('id').where('email', '=', 'evil@alpha.test').execute();
      assert.deepEqual(evil, []);
      // The owner's same post does go through.
      const ownerPage = await owner.get('/admin/staff');
      assert.equal(ownerPage.statusCode, 200);
    });

    test('staff edit the menu', async () => {
      const page = await waiter.get('/admin/menu');
      assert.equal(page.statusCode, 200);
      await waiter.get('/admin/menu/wineries');
      const res = await waiter.post('/admin/menu/wineries', {
        name: 'Cantina dello Staff',
        region: 'Langhe',
        country: 'Italia',
        website_url: '',
        description_it: '',
      });
      assert.equal(res.statusCode, 303);
      const rows = await bed.db.db
        .selectFrom('wineries')
        .select('tenant_id')
        .where('name', '=', 'Cantina dello Staff')
        .execute();
      assert.deepEqual(rows, [{ tenant_id: bed.alpha }]);
    });

    test('staff make read-only tokens only: no write scope offered, a direct POST refused, the API holds', async () => {
      const page = await waiter.get('/admin/api-tokens');
      assert.doesNotMatch(page.body, /value="menu:write"/);
      assert.match(page.body, /value="menu:read"/);
      const refused = await waiter.post('/admin/api-tokens', {
        name: 'Sneaky',
        scopes: ['menu:read', 'menu:write'],
        _nonce: waiter.nonce,
      });
      assert.equal(refused.statusCode, 403);
      const sneaky = await bed.db.db.selectFrom('api_tokens').select('id').where('name', '=', 'Sneaky').execute();
      assert.deepEqual(sneaky, []);
      await waiter.get('/admin/api-tokens');
      const made = await waiter.post('/admin/api-tokens', { name: 'Till', scopes: 'menu:read', _nonce: waiter.nonce });
      assert.equal(made.statusCode, 201);
      const token = TOKEN.exec(made.body)![1];
      const headers = { authorization: `Bearer ${token}` };
      assert.equal((await call(bed.app, { url: '/api/v1/admin/items', host: 'alpha', headers })).statusCode, 200);
    });

    test('an owner made staff keeps tokens that no longer write (API 403), and reads still work', async () => {
      const boss = await createUser(bed.db.db, bed.alpha, {
        email: 'boss@alpha.test',
        password: 'boss-password',
        role: 'owner',
      });
      const { plain } = await issueToken(bed.db.db, bed.alpha, boss, 'Sync', ['menu:read', 'menu:write']);
      const headers = { authorization: `Bearer ${plain}`, 'content-type': 'application/json' };
      const put = () =>
        call(bed.app, {
          method: 'PUT',
          url: '/api/v1/admin/settings',
          host: 'alpha',
          headers,
          body: { phone: '+39 1' },
        });
      assert.equal((await put()).statusCode, 200);
      await bed.db.db.updateTable('users').set({ role: 'staff' }).where('id', '=', boss).execute();
      const refused = await put();
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json.message, 'Invalid ability provided.');
      assert.equal((await call(bed.app, { url: '/api/v1/admin/items', host: 'alpha', headers })).statusCode, 200);
    });

    test('an owner sees every token of the restaurant (whose, scopes, last use) and revokes any; never another restaurant’s', async () => {
      const { id: waiterToken, plain } = await issueToken(bed.db.db, bed.alpha, waiterId, 'Waiter phone', [
        'menu:read',
      ]);
      const beta = await bed.db.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', BETA_OWNER.email)
        .executeTakeFirstOrThrow();
      const { id: betaToken } = await issueToken(bed.db.db, bed.beta, beta.id, 'Beta sync', ['menu:read']);
      const headers = { authorization: `Bearer ${plain}` };
      assert.equal((await call(bed.app, { url: '/api/v1/admin/items', host: 'alpha', headers })).statusCode, 200);
      const page = await owner.get('/admin/api-tokens');
      const row = new RegExp(`<tr data-token-id="${waiterToken}">[\\s\\S]*?</tr>`).exec(page.body)?.[0] ?? '';
      assert.match(row, /Waiter phone/);
      assert.match(row, /waiter@alpha\.test/);
      assert.match(row, /<code>menu:read<\/code>/);
      assert.doesNotMatch(row, />never</, 'its last use is shown');
      assert.doesNotMatch(page.body, /Beta sync/);
      // The waiter sees only their own.
      assert.doesNotMatch((await waiter.get('/admin/api-tokens')).body, new RegExp(OWNER.email.replace('.', '\\.')));
      const foreign = await owner.post(`/admin/api-tokens/${betaToken}/revoke`, { confirmed: 'yes' });
      assert.equal(foreign.statusCode, 404);
      const done = await owner.post(`/admin/api-tokens/${waiterToken}/revoke`, { confirmed: 'yes' });
      assert.equal(done.statusCode, 303);
      assert.match((await owner.get(done.headers.location as string)).body, /Waiter phone/);
      assert.equal((await call(bed.app, { url: '/api/v1/admin/items', host: 'alpha', headers })).statusCode, 401);
      // Staff cannot revoke the owner's token: the owners-only page, as for every owner-only action.
      const owners = await bed.db.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', OWNER.email)
        .executeTakeFirstOrThrow();
      const { id: ownerToken } = await issueToken(bed.db.db, bed.alpha, owners.id, 'Owner sync', ['menu:write']);
      await waiter.get('/admin/api-tokens');
      const refused = await waiter.post(`/admin/api-tokens/${ownerToken}/revoke`, { confirmed: 'yes' });
      assert.equal(refused.statusCode, 403);
      assert.match(refused.body, /Owners only/);
      // Asked without the confirmation too (the page's own dialog step).
      assert.equal((await waiter.post(`/admin/api-tokens/${ownerToken}/revoke`, {})).statusCode, 403);
      // Another restaurant's token stays unknown to staff as to owners.
      assert.equal((await waiter.post(`/admin/api-tokens/${betaToken}/revoke`, { confirmed: 'yes' })).statusCode, 404);
      const still = await bed.db.db
        .selectFrom('api_tokens')
        .select('revoked_at')
        .where('id', '=', ownerToken)
        .executeTakeFirstOrThrow();
      assert.equal(still.revoked_at, null);
    });
  });
}
