// Settings and theme through the panel: the API's rules and messages next to each field, the
// same write path (one transaction, version bump, the panel user recorded as the actor), the
// change visible on the public API at once, and the theme preview.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Actor } from '../../src/catalog/write.js';
import { call, dialects, eventually } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

function settingsForm(overrides: Record<string, string | string[]> = {}) {
  return {
    name: 'Osteria Nuova',
    logo_url: 'https://example.test/logo.png',
    cover_image_url: '',
    cover_charge_text_it: 'Coperto 3 €',
    allergen_info_it: 'Chiedere al personale.',
    review_url: '',
    recommended_label_it: '',
    business_name: 'Nuova S.r.l.',
    vat_number: 'IT01234567890',
    address: 'Via Roma 2',
    phone: '+39 051 1',
    email: 'info@nuova.test',
    supported_locales: ['it', 'en'],
    default_locale: 'it',
    timezone: 'Europe/Rome',
    is_active: '1',
    ...overrides,
  };
}

for (const dialect of dialects) {
  describe(`panel settings and theme (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    const actors: Actor[] = [];
    before(async () => {
      bed = await panelBed(dialect);
      bed.app.menuWriter.listen({ inTransaction: async (_trx, _tenant, actor) => void actors.push(actor) });
      c = await bed.owner();
    });
    after(() => bed.close());

    test('a settings change is on /api/v1/restaurant at once, written as the panel user', async () => {
      const page = await c.get('/admin/settings');
      assert.match(page.body, /<option value="Europe\/Rome" selected>Europe\/Rome<\/option>/);
      const version = (await bed.app.tenants.lookup('alpha.localhost'))!.menuVersion;
      const res = await c.post('/admin/settings', settingsForm({ timezone: 'America/New_York' }));
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, '/admin/settings?saved=1');
      const api = await call(bed.app, { url: '/api/v1/restaurant', host: 'alpha' });
      assert.equal(api.json.data.name, 'Osteria Nuova');
      assert.deepEqual(api.json.data.supported_locales, ['it', 'en']);
      assert.equal(api.json.data.timezone, 'America/New_York');
      assert.equal(api.json.data.cover_image_url, null);
      const owner = await bed.db.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'owner@alpha.test')
        .executeTakeFirstOrThrow();
      assert.deepEqual(actors.at(-1), { via: 'panel', userId: owner.id, tokenId: null, tokenName: null });
      assert.ok((await bed.app.tenants.lookup('alpha.localhost'))!.menuVersion > version);
      assert.match((await c.get('/admin/settings?saved=1')).body, /Saved\./);
      // Beta is untouched.
      assert.notEqual(
        (await call(bed.app, { url: '/api/v1/restaurant', host: 'beta' })).json.data.name,
        'Osteria Nuova',
      );
    });

    test('refused values are reported next to their field, in the panel’s language, and nothing is written', async () => {
      const res = await c.post(
        '/admin/settings',
        settingsForm({ name: '', email: 'not-an-email', default_locale: 'fr', logo_url: 'ftp://x' }),
      );
      assert.equal(res.statusCode, 422);
      assert.match(res.body, /id="f-name-error">The Restaurant name field is required\./);
      assert.match(res.body, /id="f-email-error">The E-mail field must be a valid email address\./);
      assert.match(res.body, /id="f-logo_url-error">/);
      assert.match(res.body, /aria-invalid="true"/);
      assert.match(res.body, /value="not-an-email"/, 'what was typed stays in the form');
      // The service's own rule (default language among the offered ones), in Italian this time.
      await c.post('/admin/language', { lang: 'it', back: '/admin/settings' });
      await c.get('/admin/settings');
      const it = await c.post('/admin/settings', settingsForm({ default_locale: 'fr' }));
      assert.equal(it.statusCode, 422);
      assert.match(
        it.body,
        /id="f-default_locale-error">Il campo Lingua predefinita deve essere una delle lingue supportate\./,
      );
      await c.post('/admin/language', { lang: 'en', back: '/admin/settings' });
      await c.get('/admin/settings');
      assert.equal((await call(bed.app, { url: '/api/v1/restaurant', host: 'alpha' })).json.data.default_locale, 'it');
    });

    test('switching the menu offline keeps the panel working', async () => {
      await c.get('/admin/settings');
      const { is_active: _, ...off } = settingsForm();
      assert.equal((await c.post('/admin/settings', off)).statusCode, 303);
      // The public side follows the tenant directory's refresh (50 ms here, 500 ms by default).
      await eventually(async () => {
        assert.equal((await call(bed.app, { url: '/api/v1/restaurant', host: 'alpha' })).statusCode, 404);
      });
      assert.match((await c.get('/admin')).body, /The public menu is offline/);
      await c.get('/admin/settings');
      assert.equal((await c.post('/admin/settings', settingsForm())).statusCode, 303);
      await eventually(async () => {
        assert.equal((await call(bed.app, { url: '/api/v1/restaurant', host: 'alpha' })).statusCode, 200);
      });
    });

    test('the currency set in the settings writes every price: the panel, the page and its print form', async () => {
      await c.get('/admin/settings');
      assert.equal((await c.post('/admin/settings', settingsForm({ currency: 'chf' }))).statusCode, 303);
      assert.equal((await call(bed.app, { url: '/api/v1/restaurant', host: 'alpha' })).json.data.currency, 'CHF');
      const dish = await bed.db.db
        .selectFrom('items')
        .selectAll()
        .where('tenant_id', '=', bed.alpha)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const price = new Intl.NumberFormat('en', { style: 'currency', currency: 'CHF' }).format(dish.price_cents / 100);
      assert.match((await c.get(`/admin/menu/dishes/${dish.id}`)).body, /<label for="f-price">Price \(CHF\)<\/label>/);
      // The section page types the price in place: its label names the currency.
      assert.match(
        (await c.get(`/admin/menu/sections/${dish.category_id}`)).body,
        /for="[^"]+">Price of [^<]+ \(CHF\)<\/label>/,
      );
      for (const url of ['/?lang=en', '/print?lang=en']) {
        const page = await call(bed.app, { url, host: 'alpha', headers: { accept: 'text/html' } });
        assert.ok(page.body.includes(`<span class="price">${price}</span>`), url);
      }
      // An unknown code is refused at its field; the stored currency stays.
      await c.get('/admin/settings');
      const bad = await c.post('/admin/settings', settingsForm({ currency: 'XYZ' }));
      assert.equal(bad.statusCode, 422);
      assert.match(bad.body, /id="f-currency-error">/);
      await c.post('/admin/settings', settingsForm({ currency: 'EUR' }));
    });

    test('a theme change is on /api/v1/theme at once; a bad colour is refused at its field', async () => {
      await c.get('/admin/theme');
      const form = {
        primary_color: '#aa0000',
        secondary_color: '#00aa00',
        accent_color: '#0000aa',
        background_color: '#ffffff',
        text_color: '#111111',
        font_family: 'Georgia, serif',
        font_url: '',
        border_radius: '12px',
        layout_variant: 'compact',
        header_style: 'logo',
        footer_text: 'A <b>presto</b>',
      };
      const bad = await c.post('/admin/theme', { ...form, primary_color: 'red', border_radius: 'huge' });
      assert.equal(bad.statusCode, 422);
      assert.match(bad.body, /id="f-primary_color-error">The Primary colour field must be a valid hexadecimal color\./);
      assert.match(bad.body, /id="f-border_radius-error">/);
      const ok = await c.post('/admin/theme', form);
      assert.equal(ok.statusCode, 303);
      const theme = (await call(bed.app, { url: '/api/v1/theme', host: 'alpha' })).json.data;
      assert.equal(theme.primary_color, '#AA0000');
      assert.equal(theme.layout_variant, 'compact');
      assert.equal(theme.footer_text, 'A <b>presto</b>');
      assert.match((await c.get('/admin/theme')).body, /A &lt;b&gt;presto&lt;\/b&gt;<\/textarea>/);
    });

    test('the preview renders the public page with unsaved values, no script, inline styles allowed by hash only', async () => {
      const res = await c.get('/admin/theme/preview?primary_color=%23123456&footer_text=Anteprima&border_radius=nope');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /--primary:#123456/);
      assert.match(res.body, /<p>Anteprima<\/p><\/footer>/);
      assert.match(res.body, /--radius:12px/, 'an invalid value keeps the saved one');
      assert.doesNotMatch(res.body, /<script/);
      const csp = String(res.headers['content-security-policy']);
      assert.match(csp, /script-src 'none'/);
      assert.match(csp, /style-src 'self' https: 'sha256-[A-Za-z0-9+/=]+'/);
      assert.match(csp, /frame-ancestors 'self'/);
      assert.doesNotMatch(csp, /unsafe-inline/);
      assert.equal(res.headers['cache-control'], 'no-store');
      // Nothing was saved.
      assert.equal((await call(bed.app, { url: '/api/v1/theme', host: 'alpha' })).json.data.primary_color, '#AA0000');
      assert.equal((await bed.client().get('/admin/theme/preview')).statusCode, 303, 'signed-in only');
    });
  });
}
