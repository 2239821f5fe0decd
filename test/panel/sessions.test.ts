// Panel sign-in and sessions over HTTP: passwords, other restaurants, redirects and `next`,
// cookies, lifetimes, restarts, CSRF and the security headers, on every dialect.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { dialects, testConfig } from '../helper.js';
import { BETA_OWNER, OWNER, type PanelBed, panelBed } from './setup.js';

for (const dialect of dialects) {
  describe(`panel sessions (${dialect})`, () => {
    let bed: PanelBed;
    before(async () => {
      bed = await panelBed(dialect);
    });
    after(() => bed.close());

    test('a signed-out visit redirects to the sign-in page and comes back after it', async () => {
      const c = bed.client();
      const res = await c.get('/admin/settings?tab=1');
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, '/admin/login?next=%2Fadmin%2Fsettings%3Ftab%3D1');
      const signed = await c.signIn(OWNER.email, OWNER.password, '/admin/settings?tab=1');
      assert.equal(signed.statusCode, 303);
      assert.equal(signed.headers.location, '/admin/settings?tab=1');
      const page = await c.get('/admin/settings');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Signed in as <strong>owner@alpha.test<\/strong>/);
    });

    test('next is a panel path of this address or nothing', async () => {
      for (const next of [
        '//evil.test/admin',
        'https://evil.test/admin',
        '/\\evil.test',
        '/admin/../x',
        '/adminx',
        'javascript:alert(1)',
        '/admin/logout',
      ]) {
        const c = bed.client();
        const res = await c.signIn(OWNER.email, OWNER.password, next);
        assert.equal(res.statusCode, 303, next);
        assert.equal(res.headers.location, '/admin', next);
      }
    });

    test('a wrong password, an unknown e-mail and another restaurant’s user are refused alike', async () => {
      for (const [email, password] of [
        [OWNER.email, 'wrong password'],
        ['nobody@alpha.test', OWNER.password],
        [BETA_OWNER.email, BETA_OWNER.password],
      ]) {
        const c = bed.client();
        const res = await c.signIn(email, password);
        assert.equal(res.statusCode, 422, email);
        assert.match(res.body, /The e-mail or the password is not correct\./);
        assert.equal(c.cookies.has('menu_session'), false);
      }
      // Beta's owner signs in on beta's own address.
      const beta = bed.client('beta');
      assert.equal((await beta.signIn(BETA_OWNER.email, BETA_OWNER.password)).statusCode, 303);
    });

    test('the session cookie is HttpOnly, SameSite=Lax, under /admin, and Secure over HTTPS only', async () => {
      const c = bed.client();
      await c.get('/admin/login');
      const res = await c.post('/admin/login', { email: OWNER.email, password: OWNER.password });
      const cookie = [res.headers['set-cookie']].flat().find((l) => String(l).startsWith('menu_session='));
      assert.match(String(cookie), /; Path=\/admin; Max-Age=43200; HttpOnly; SameSite=Lax$/);
      const proxied = await panelBed(dialect, { trustProxy: true });
      try {
        const p = proxied.client('alpha', { 'x-forwarded-proto': 'https' });
        const signed = await p.signIn(OWNER.email, OWNER.password);
        const line = [signed.headers['set-cookie']].flat().find((l) => String(l).startsWith('menu_session='));
        assert.match(String(line), /; Secure$/);
      } finally {
        await proxied.close();
      }
    });

    test('a session made on one address is worthless on another', async () => {
      const c = await bed.owner();
      const stolen = c.cookies.get('menu_session')!;
      const beta = bed.client('beta');
      beta.cookies.set('menu_session', stolen);
      const res = await beta.get('/admin/settings');
      assert.equal(res.statusCode, 303);
      assert.match(String(res.headers.location), /^\/admin\/login/);
    });

    test('sign-out ends the session on the server, not only in the browser', async () => {
      const c = await bed.owner();
      const secret = c.cookies.get('menu_session')!;
      const out = await c.post('/admin/logout', {});
      assert.equal(out.statusCode, 303);
      assert.equal(out.headers.location, '/admin/login?signed_out=1');
      const replay = bed.client();
      replay.cookies.set('menu_session', secret);
      assert.equal((await replay.get('/admin')).statusCode, 303);
    });

    test('sessions survive a restart (another app on the same database) and end after 2 h idle or 12 h', async () => {
      const c = await bed.owner();
      const other = await buildApp(testConfig(), { database: bed.db });
      try {
        const res = await other.inject({
          url: '/admin/account',
          headers: { host: 'alpha.localhost', cookie: `menu_session=${c.cookies.get('menu_session')}` },
        });
        assert.equal(res.statusCode, 200);
      } finally {
        await other.close();
      }
      const hour = 3600 * 1000;
      const iso = (ms: number) => new Date(Date.now() - ms).toISOString().replace(/\.\d+Z$/, '+00:00');
      await bed.db.db
        .updateTable('panel_sessions')
        .set({ last_seen_at: iso(2 * hour + 60_000) })
        .execute();
      assert.equal((await c.get('/admin')).statusCode, 303, 'idle for over 2 hours');
      const d = await bed.owner();
      await bed.db.db
        .updateTable('panel_sessions')
        .set({ created_at: iso(12 * hour + 60_000), last_seen_at: iso(0) })
        .execute();
      assert.equal((await d.get('/admin')).statusCode, 303, 'signed in over 12 hours ago');
    });

    test('a POST without the CSRF token, or from another site, changes nothing', async () => {
      const c = await bed.owner();
      const before = await bed.db.db
        .selectFrom('settings')
        .select('name')
        .where('tenant_id', '=', bed.alpha)
        .executeTakeFirstOrThrow();
      const form = { name: 'Hijacked', default_locale: 'it', supported_locales: 'it', timezone: 'Europe/Rome' };
      const without = await c.post('/admin/settings', form, { csrf: null });
      assert.equal(without.statusCode, 403);
      assert.match(without.body, /This form cannot be accepted/);
      const wrong = await c.post('/admin/settings', form, { csrf: 'x'.repeat(43) });
      assert.equal(wrong.statusCode, 403);
      const crossSite = await c.post('/admin/settings', form, { headers: { origin: 'https://evil.test' } });
      assert.equal(crossSite.statusCode, 403);
      const sameSiteOtherOrigin = await c.post('/admin/settings', form, {
        headers: { origin: 'http://beta.localhost' },
      });
      assert.equal(sameSiteOtherOrigin.statusCode, 403);
      const fetchMeta = await c.post('/admin/settings', form, { headers: { 'sec-fetch-site': 'cross-site' } });
      assert.equal(fetchMeta.statusCode, 403);
      const after = await bed.db.db
        .selectFrom('settings')
        .select('name')
        .where('tenant_id', '=', bed.alpha)
        .executeTakeFirstOrThrow();
      assert.equal(after.name, before.name);
      // The sign-in form has its own token: a forged sign-in is refused too.
      const fresh = bed.client();
      const forged = await fresh.post('/admin/login', { email: OWNER.email, password: OWNER.password }, { csrf: null });
      assert.equal(forged.statusCode, 403);
    });

    test('panel pages carry a strict CSP, no-store, nosniff and a referrer policy; assets are cacheable', async () => {
      const c = await bed.owner();
      const res = await c.get('/admin/api-tokens');
      const csp = String(res.headers['content-security-policy']);
      for (const part of ["script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "default-src 'none'"]) {
        assert.ok(csp.includes(part), part);
      }
      assert.doesNotMatch(csp, /unsafe-inline/);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['referrer-policy'], 'same-origin');
      assert.doesNotMatch(res.body, /<script>|<style>| style="| on[a-z]+="/, 'nothing inline');
      const css = /href="(\/admin\/assets\/panel\.css\?v=[^"]+)"/.exec(res.body)![1];
      const asset = await c.get(css);
      assert.equal(asset.statusCode, 200);
      assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.match(String(asset.headers['content-type']), /^text\/css/);
      assert.equal((await c.get('/admin/assets/nope.js')).statusCode, 404);
      assert.equal((await c.get('/admin/no-such-page')).statusCode, 404);
    });

    test('the panel speaks Italian or English: Accept-Language, then the switch', async () => {
      const it = bed.client('alpha', { 'accept-language': 'it-IT,it;q=0.9' });
      assert.match((await it.get('/admin/login')).body, /<html lang="it">[\s\S]*Accedi/);
      const de = bed.client('alpha', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
      assert.match((await de.get('/admin/login')).body, /<html lang="en">/);
      const switched = await it.post('/admin/language', { lang: 'en', back: '/admin/login?next=%2Fadmin%2Fstaff' });
      assert.equal(switched.statusCode, 303);
      assert.equal(switched.headers.location, '/admin/login?next=%2Fadmin%2Fstaff');
      assert.match((await it.get('/admin/login')).body, /<html lang="en">[\s\S]*Sign in/);
    });
  });
}
