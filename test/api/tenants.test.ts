// Tenant resolution by address: slug hosts, custom domains, unknown and suspended tenants, menus switched off.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTenantStatus } from '../../src/accounts/tenants/repo.js';
import { createTenant } from '../../src/accounts/tenants/service.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, eventually, type TestApp } from '../helper.js';

for (const dialect of dialects) {
  describe(`tenant addresses (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
      await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createTenant(t.db.db, { slug: 'beta', name: 'Beta', domain: 'menu.beta-ristorante.it' }, 'localhost');
    });
    after(() => t.close());

    test('the slug subdomain selects the tenant; host case and port are ignored', async () => {
      const res = await call(t.app, { url: '/api/v1/restaurant', host: 'ALPHA.LocalHost:3000' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.data.slug, 'alpha');
    });

    test('a registered custom domain selects its tenant', async () => {
      const res = await call(t.app, { url: '/api/v1/restaurant', host: 'menu.beta-ristorante.it' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.data.slug, 'beta');
      assert.equal(res.json.data.name, 'Beta');
    });

    test('X-Forwarded-Host is never believed', async () => {
      const res = await call(t.app, {
        url: '/api/v1/restaurant',
        host: 'nobody.localhost',
        headers: { 'x-forwarded-host': 'alpha.localhost' },
      });
      assert.equal(res.statusCode, 404);
      assert.match(res.headers['content-type'] as string, /^text\/html/);
    });

    for (const path of ['/api/v1/menu', '/api/v1/items/1', '/api/v1/nothing-here', '/', '/admin/login']) {
      test(`an unknown tenant answers the branded HTML 404 on ${path}`, async () => {
        const res = await call(t.app, { url: path, host: 'unknown.localhost' });
        assert.equal(res.statusCode, 404);
        assert.match(res.headers['content-type'] as string, /^text\/html/);
        assert.match(res.body, /Menu non trovato/);
      });
    }

    test('a tenant created after startup is served as soon as the directory sees it (within its refresh)', async () => {
      const first = await call(t.app, { url: '/api/v1/restaurant', host: 'gamma' });
      assert.equal(first.statusCode, 404);
      // Created by another process, without an announcement: the safety-net refresh finds it.
      await createTenant(t.db.db, { slug: 'gamma', name: 'Gamma' }, 'localhost');
      await eventually(async () => {
        assert.equal((await call(t.app, { url: '/api/v1/restaurant', host: 'gamma' })).statusCode, 200);
      }, 1000);
    });

    test('an unknown host is remembered: asking again costs no query until a tenant is created', async () => {
      const lookups = t.app.tenants.counts().lookups;
      for (let i = 0; i < 5; i++) {
        const res = await call(t.app, { url: '/api/v1/menu', host: 'junk.example.test' });
        assert.equal(res.statusCode, 404);
      }
      assert.equal(t.app.tenants.counts().lookups, lookups + 1);
      assert.ok(t.app.tenants.counts().missingHosts >= 1);
      t.app.tenants.tenantCreated();
      assert.equal(t.app.tenants.counts().missingHosts, 0);
      await call(t.app, { url: '/api/v1/menu', host: 'junk.example.test' });
      assert.equal(t.app.tenants.counts().lookups, lookups + 2);
    });

    test('a brand-new tenant answers 200 on every public endpoint with complete rows', async () => {
      await createTenant(t.db.db, { slug: 'fresh', name: 'Fresh' }, 'localhost');
      for (const path of [
        '/api/v1/menu',
        '/api/v1/categories',
        '/api/v1/items',
        '/api/v1/restaurant',
        '/api/v1/theme',
        '/api/v1/allergens',
      ]) {
        const res = await call(t.app, { url: path, host: 'fresh' });
        assert.equal(res.statusCode, 200, path);
      }
      const settings = (await call(t.app, { url: '/api/v1/restaurant', host: 'fresh' })).json.data;
      assert.equal(settings.default_locale, 'it');
      assert.equal(settings.timezone, 'Europe/Rome');
      assert.equal(settings.logo_url, '');
      assert.equal(settings.cover_image_url, null);
      const theme = (await call(t.app, { url: '/api/v1/theme', host: 'fresh' })).json.data;
      assert.match(theme.primary_color, /^#[0-9A-F]{6}$/);
      assert.ok(['classic', 'cards', 'compact'].includes(theme.layout_variant));
    });

    test('a suspended tenant stops being served (the API: 403 with the reason; elsewhere a neutral page) and comes back when resumed', async () => {
      assert.equal((await call(t.app, { url: '/api/v1/menu', host: 'alpha' })).statusCode, 200);
      await setTenantStatus(t.db.db, 'alpha', 'suspended', 'Unpaid invoice');
      await eventually(async () => {
        const res = await call(t.app, { url: '/api/v1/menu', host: 'alpha', headers: { 'accept-language': 'en' } });
        assert.equal(res.statusCode, 403);
        assert.deepEqual(res.json, {
          success: false,
          message: "This restaurant is suspended by the service's operator. Reason: Unpaid invoice",
        });
      });
      const admin = await call(t.app, { url: '/api/v1/admin/items', host: 'alpha' });
      assert.equal(admin.statusCode, 403);
      assert.match(admin.json.message, /sospeso dal gestore del servizio\. Motivo: Unpaid invoice/);
      const page = await call(t.app, { url: '/', host: 'alpha', headers: { accept: 'text/html' } });
      assert.equal(page.statusCode, 403);
      assert.match(page.headers['content-type'] as string, /^text\/html/);
      assert.match(page.body, /This menu is not available at the moment\./);
      assert.doesNotMatch(page.body, /Unpaid/, 'diners are not told why');
      const panel = await call(t.app, { url: '/admin', host: 'alpha', headers: { accept: 'text/html' } });
      assert.equal(panel.statusCode, 403);
      // Another restaurant is served as before.
      assert.equal((await call(t.app, { url: '/api/v1/menu', host: 'beta' })).statusCode, 200);
      await setTenantStatus(t.db.db, 'alpha', 'active');
      await eventually(async () => {
        assert.equal((await call(t.app, { url: '/api/v1/menu', host: 'alpha' })).statusCode, 200);
      });
    });

    test('settings.is_active = false takes the public side offline but not the admin side', async () => {
      const beta = (await t.app.tenants.lookup('beta.localhost'))!;
      await t.db.db.updateTable('settings').set({ is_active: 0 }).where('tenant_id', '=', beta.id).execute();
      await eventually(async () => {
        const res = await call(t.app, { url: '/api/v1/items', host: 'beta' });
        assert.equal(res.statusCode, 404);
        assert.match(res.headers['content-type'] as string, /^text\/html/);
      });
      const admin = await call(t.app, { url: '/api/v1/admin/items', host: 'beta' });
      assert.match(admin.headers['content-type'] as string, /^application\/json/);
      // Another tenant is unaffected.
      assert.equal((await call(t.app, { url: '/api/v1/items', host: 'alpha' })).statusCode, 200);
    });
  });
}
