// /admin/api-tokens over HTTP: list, generation (no scope refused, the plain token shown once and
// stored nowhere, a resent form creates nothing), use on the API, revocation with confirmation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

const TOKEN = /(\d+\|[A-Za-z0-9]{48})/;

for (const dialect of dialects) {
  describe(`panel API tokens (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
    });
    after(() => bed.close());

    const count = async () =>
      Number(
        (
          await bed.db.db
            .selectFrom('api_tokens')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    test('the page says scopes are fixed and offers one checkbox per scope, valued by its name', async () => {
      const page = await c.get('/admin/api-tokens');
      assert.match(page.body, /Scopes cannot be changed: to change them, revoke the token and generate a new one\./);
      for (const scope of ['menu:read', 'menu:write', 'analytics:read']) {
        assert.match(page.body, new RegExp(`type="checkbox" value="${scope}"`));
      }
      assert.match(page.body, /The restaurant has no active tokens\./);
    });

    test('no scope ticked, or a bad name, is refused next to its field and creates nothing', async () => {
      await c.get('/admin/api-tokens');
      const none = await c.post('/admin/api-tokens', { name: 'POS', _nonce: c.nonce });
      assert.equal(none.statusCode, 422);
      assert.match(none.body, /id="f-scopes-error">Tick at least one scope\./);
      const long = await c.post('/admin/api-tokens', { name: 'x'.repeat(101), scopes: 'menu:read', _nonce: c.nonce });
      assert.equal(long.statusCode, 422);
      assert.match(long.body, /id="f-name-error"/);
      const unknown = await c.post('/admin/api-tokens', { name: 'POS', scopes: 'admin:all', _nonce: c.nonce });
      assert.equal(unknown.statusCode, 422);
      assert.equal(await count(), 0);
    });

    test('a generated token is shown once, works on the API, is stored only hashed; a resent form makes no second one', async () => {
      await c.get('/admin/api-tokens');
      const nonce = c.nonce;
      const res = await c.post('/admin/api-tokens', {
        name: 'Cassa <POS>',
        scopes: ['menu:read', 'analytics:read'],
        _nonce: nonce,
      });
      assert.equal(res.statusCode, 201);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(res.body, /will not be shown again/);
      const plain = TOKEN.exec(res.body)![1];
      assert.match(res.body, /Cassa &lt;POS&gt;/, 'the name is escaped');
      assert.equal(
        [res.headers['set-cookie']]
          .flat()
          .filter(Boolean)
          .some((l) => String(l).includes(plain)),
        false,
      );
      const rows = await bed.db.db.selectFrom('api_tokens').selectAll().execute();
      assert.equal(rows.length, 1);
      assert.equal(JSON.stringify(rows).includes(plain.split('|')[1]), false, 'only the hash is stored');
      assert.deepEqual(JSON.parse(rows[0].scopes), ['menu:read', 'analytics:read']);

      const api = await call(bed.app, {
        url: '/api/v1/admin/settings',
        host: 'alpha',
        headers: { authorization: `Bearer ${plain}` },
      });
      assert.equal(api.statusCode, 200);
      const onBeta = await call(bed.app, {
        url: '/api/v1/admin/settings',
        host: 'beta',
        headers: { authorization: `Bearer ${plain}` },
      });
      assert.equal(onBeta.statusCode, 401);

      // The browser resends the same form on reload: same nonce, nothing created, no token shown.
      const again = await c.post('/admin/api-tokens', { name: 'Cassa <POS>', scopes: ['menu:read'], _nonce: nonce });
      assert.equal(again.statusCode, 409);
      assert.doesNotMatch(again.body, TOKEN);
      assert.match(again.body, /already sent once/);
      const revisit = await c.get('/admin/api-tokens');
      assert.doesNotMatch(revisit.body, TOKEN);
      assert.match(
        revisit.body,
        /<tr data-token-id="\d+">[\s\S]*Cassa &lt;POS&gt;[\s\S]*<code>menu:read<\/code> <code>analytics:read<\/code>/,
      );
      assert.equal(await count(), 1);
    });

    test('revoking asks for confirmation, then the token gets 401 at once', async () => {
      await c.get('/admin/api-tokens');
      const plain = TOKEN.exec(
        (await c.post('/admin/api-tokens', { name: 'Web', scopes: 'menu:write', _nonce: c.nonce })).body,
      )![1];
      const id = plain.split('|')[0];
      const ask = await c.post(`/admin/api-tokens/${id}/revoke`, {});
      assert.equal(ask.statusCode, 200);
      assert.match(ask.body, /Revoke the token “Web”\?/);
      const headers = { authorization: `Bearer ${plain}` };
      assert.equal((await call(bed.app, { url: '/api/v1/admin/theme', host: 'alpha', headers })).statusCode, 200);
      const done = await c.post(`/admin/api-tokens/${id}/revoke`, { confirmed: 'yes' });
      assert.equal(done.statusCode, 303);
      assert.equal(done.headers.location, `/admin/api-tokens?revoked=${id}`);
      assert.match((await c.get(done.headers.location as string)).body, /Token “Web” revoked\./);
      assert.equal((await call(bed.app, { url: '/api/v1/admin/theme', host: 'alpha', headers })).statusCode, 401);
    });

    test('tokens older than 90 days are marked for rotation; another restaurant’s token cannot be revoked here', async () => {
      const old = new Date(Date.now() - 91 * 86_400_000).toISOString().replace(/\.\d+Z$/, '+00:00');
      await bed.db.db.updateTable('api_tokens').set({ created_at: old }).where('revoked_at', 'is', null).execute();
      const page = await c.get('/admin/api-tokens');
      assert.match(page.body, /91 days <span class="badge warn">Older than 90 days: replace it<\/span>/);
      const beta = bed.client('beta');
      await beta.signIn('owner@beta.test', 'beta-owner-pw');
      await beta.get('/admin/api-tokens');
      const betaToken = TOKEN.exec(
        (await beta.post('/admin/api-tokens', { name: 'B', scopes: 'menu:read', _nonce: beta.nonce })).body,
      )![1];
      const res = await c.post(`/admin/api-tokens/${betaToken.split('|')[0]}/revoke`, { confirmed: 'yes' });
      assert.equal(res.statusCode, 404);
      const api = await call(bed.app, {
        url: '/api/v1/admin/theme',
        host: 'beta',
        headers: { authorization: `Bearer ${betaToken}` },
      });
      assert.equal(api.statusCode, 200);
    });
  });
}
