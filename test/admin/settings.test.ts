// Admin API /api/v1/admin/settings: reads, partial writes, validation, public effects (the theme is in theme.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EVENING_UTC, NOON_UTC } from '../fixtures.js';
import { call, dialects } from '../helper.js';
import { SETTINGS_KEYS } from '../wire-keys.js';
import { FORBIDDEN, invalid, menuSuite, UNAUTHENTICATED, withoutUpdatedAt } from './menu-suite.js';
import { adminCall, tokenFor } from './tokens.js';

for (const dialect of dialects) {
  describe(`admin settings (${dialect})`, () => {
    let clock = NOON_UTC;
    const { suite, restaurant } = menuSuite(dialect, 'st', undefined, () => clock);

    describe('settings', () => {
      test('GET answers the settings object (menu:read is enough); writes need menu:write; no token is 401', async () => {
        const r = await restaurant(['menu:read']);
        const res = await r.admin('GET', '/settings');
        assert.equal(res.statusCode, 200);
        assert.equal(res.json.success, true);
        assert.ok(res.json.meta.generated_at);
        const s = res.json.data;
        assert.deepEqual(Object.keys(s).sort(), [...SETTINGS_KEYS, 'updated_at'].sort());
        assert.equal(typeof s.id, 'number');
        assert.equal(s.slug, r.slug);
        assert.equal(s.name, `${r.label} ${r.slug}`);
        assert.equal(s.is_active, true);
        assert.equal(s.cover_image_url, null);
        assert.equal(s.timezone, 'Europe/Rome');
        assert.deepEqual(s.supported_locales, ['it', 'en', 'fr', 'de', 'es']);
        const { updated_at, ...publicShape } = s;
        assert.match(updated_at, /^\d{4}-\d{2}-\d{2}T/);
        assert.deepEqual((await r.pub('/restaurant')).json.data, publicShape);

        const put = await r.admin('PUT', '/settings', { name: 'Rubato' });
        assert.equal(put.statusCode, 403);
        assert.deepEqual(put.json, FORBIDDEN);
        // Scope is checked before the body.
        assert.deepEqual((await r.admin('PUT', '/settings', { slug: 'x' })).json, FORBIDDEN);
        assert.equal((await r.settingsRow()).name, s.name);
        for (const method of ['GET', 'PUT'] as const) {
          const anonymous = await call(suite().app, { method, url: '/api/v1/admin/settings', host: r.slug, body: {} });
          assert.equal(anonymous.statusCode, 401, method);
          assert.deepEqual(anonymous.json, UNAUTHENTICATED);
        }
        const analytics = await tokenFor(suite().db.db, r.id, ['analytics:read'], 'analytics');
        const other = await adminCall(suite().app, analytics, { url: '/api/v1/admin/settings', host: r.slug });
        assert.deepEqual(other.json, FORBIDDEN);
      });

      test('PUT is partial: only the given fields change, stored and visible at once in /restaurant and /menu', async () => {
        const r = await restaurant();
        const before = (await r.admin('GET', '/settings')).json.data;
        const menuBefore = await r.pub('/menu');
        const res = await r.admin('PUT', '/settings', {
          name: 'Trattoria Nuova',
          phone: '+39 333 1234567',
          cover_image_url: 'https://example.test/cover.jpg',
        });
        assert.equal(res.statusCode, 200);
        assert.equal(res.json.success, true);
        assert.ok(res.json.meta.generated_at);
        const { updated_at: _before, ...unchanged } = before;
        const expected = {
          ...unchanged,
          name: 'Trattoria Nuova',
          phone: '+39 333 1234567',
          cover_image_url: 'https://example.test/cover.jpg',
        };
        const { updated_at, ...written } = res.json.data;
        assert.deepEqual(written, expected);
        assert.deepEqual((await r.admin('GET', '/settings')).json.data, { ...expected, updated_at });
        const row = await r.settingsRow();
        assert.equal(row.name, 'Trattoria Nuova');
        assert.equal(row.phone, '+39 333 1234567');
        assert.equal(row.address, before.address);
        assert.equal(row.email, before.email);

        assert.deepEqual((await r.pub('/restaurant')).json.data, expected);
        const menu = await r.pub('/menu');
        assert.deepEqual(menu.json.data.settings, expected);
        assert.notEqual(menu.headers.etag, menuBefore.headers.etag);
        // The old ETag no longer matches: a full 200, not a 304.
        const revalidated = await r.pub('/menu', { 'if-none-match': menuBefore.headers.etag as string });
        assert.equal(revalidated.statusCode, 200);

        const cleared = await r.admin('PUT', '/settings', { cover_image_url: null, email: '', review_url: '' });
        assert.equal(cleared.statusCode, 200);
        assert.deepEqual(withoutUpdatedAt(cleared.json.data), {
          ...expected,
          cover_image_url: null,
          email: '',
          review_url: '',
        });
        const empty = await r.admin('PUT', '/settings', {});
        assert.equal(empty.statusCode, 200);
        assert.deepEqual(empty.json.data, cleared.json.data);
      });

      test('id and slug are not writable: 422 prohibited and nothing is written', async () => {
        const r = await restaurant();
        const before = await r.settingsRow();
        const slug = await r.admin('PUT', '/settings', { slug: 'altro' });
        assert.equal(slug.statusCode, 422);
        assert.deepEqual(slug.json, invalid('slug', 'Il campo slug non è consentito.'));
        const id = await r.admin('PUT', '/settings', { id: 999 });
        assert.deepEqual(id.json, invalid('id', 'Il campo id non è consentito.'));
        const mixed = await r.admin('PUT', '/settings', { name: 'Nuovo nome', slug: 'altro' });
        assert.equal(mixed.statusCode, 422);
        assert.deepEqual(await r.settingsRow(), before);
        assert.equal((await r.pub('/restaurant')).json.data.slug, r.slug);
        assert.equal((await call(suite().app, { url: '/api/v1/restaurant', host: 'altro' })).statusCode, 404);
      });

      test('default_locale must be one of supported_locales; locale lists are checked', async () => {
        const r = await restaurant();
        const before = await r.settingsRow();
        const mustBeSupported = 'Il campo default locale deve essere una delle lingue supportate.';
        const narrowed = await r.admin('PUT', '/settings', { supported_locales: ['en', 'fr'] });
        assert.equal(narrowed.statusCode, 422);
        assert.deepEqual(narrowed.json, invalid('default_locale', mustBeSupported));
        const both = await r.admin('PUT', '/settings', { default_locale: 'de', supported_locales: ['it', 'en'] });
        assert.deepEqual(both.json, invalid('default_locale', mustBeSupported));
        const unknown = await r.admin('PUT', '/settings', { default_locale: 'xx' });
        assert.deepEqual(
          unknown.json,
          invalid('default_locale', 'Il valore scelto per il campo default locale non è valido.'),
        );
        const duplicate = await r.admin('PUT', '/settings', { supported_locales: ['it', 'it'] });
        assert.deepEqual(
          duplicate.json,
          invalid('supported_locales', 'Supported locales contiene un valore duplicato.'),
        );
        const none = await r.admin('PUT', '/settings', { supported_locales: [] });
        assert.deepEqual(none.json.errors, {
          supported_locales: ['Supported locales deve contenere almeno 1 elementi.'],
        });
        const bad = await r.admin('PUT', '/settings', { supported_locales: ['it', 'pt'] });
        assert.deepEqual(bad.json.errors, {
          'supported_locales.1': ['Il valore scelto per il campo supported locales.1 non è valido.'],
        });
        assert.deepEqual(await r.settingsRow(), before);

        // A valid change: the public menu speaks English by default from the next request.
        const ok = await r.admin('PUT', '/settings', { default_locale: 'en', supported_locales: ['en', 'it'] });
        assert.equal(ok.statusCode, 200);
        assert.equal(ok.json.data.default_locale, 'en');
        assert.deepEqual(ok.json.data.supported_locales, ['en', 'it']);
        const menu = await r.pub('/menu');
        assert.equal(menu.json.meta.locale, 'en');
        assert.equal(menu.json.data.sections[0].name, 'Starters');
        assert.equal((await r.pub('/restaurant')).json.data.default_locale, 'en');
      });

      test('timezone must be a valid IANA zone', async () => {
        const r = await restaurant();
        const before = await r.settingsRow();
        for (const zone of ['Mars/Olympus', 'Europe/Rome ', '+01:00', 'Local']) {
          const res = await r.admin('PUT', '/settings', { timezone: zone });
          assert.equal(res.statusCode, 422, zone);
          assert.deepEqual(res.json, invalid('timezone', 'Il valore scelto per il campo timezone non è valido.'), zone);
        }
        const empty = await r.admin('PUT', '/settings', { timezone: '' });
        assert.deepEqual(empty.json, invalid('timezone', 'Il campo timezone è richiesto.'));
        assert.deepEqual(await r.settingsRow(), before);
        const ok = await r.admin('PUT', '/settings', { timezone: 'America/New_York' });
        assert.equal(ok.statusCode, 200);
        assert.equal(ok.json.data.timezone, 'America/New_York');
        assert.equal((await r.settingsRow()).timezone, 'America/New_York');
      });

      test('email and URL fields are checked (empty string allowed), every error reported', async () => {
        const r = await restaurant();
        const before = await r.settingsRow();
        const all = await r.admin('PUT', '/settings', {
          email: 'not-an-email',
          logo_url: 'logo.png',
          review_url: 'ftp://reviews.example.test',
          cover_image_url: 'javascript:alert(1)',
          name: '',
        });
        assert.equal(all.statusCode, 422);
        assert.deepEqual(all.json, {
          success: false,
          message: 'Il campo name è richiesto. (e 4 altri errori)',
          errors: {
            name: ['Il campo name è richiesto.'],
            logo_url: ['Il formato del campo logo url non è valido.'],
            cover_image_url: ['Il formato del campo cover image url non è valido.'],
            review_url: ['Il formato del campo review url non è valido.'],
            email: ['Il campo email deve essere un indirizzo e-mail valido.'],
          },
        });
        for (const email of ['a@b', 'two words@example.test', '@example.test']) {
          const res = await r.admin('PUT', '/settings', { email });
          assert.deepEqual(res.json, invalid('email', 'Il campo email deve essere un indirizzo e-mail valido.'), email);
        }
        const tooLong = await r.admin('PUT', '/settings', { vat_number: 'X'.repeat(33) });
        assert.deepEqual(tooLong.json, invalid('vat_number', 'Vat number non può contenere più di 32 caratteri.'));
        const notBool = await r.admin('PUT', '/settings', { is_active: 'no' });
        assert.deepEqual(notBool.json, invalid('is_active', 'Il campo is active deve essere vero o falso.'));
        assert.deepEqual(await r.settingsRow(), before);

        const ok = await r.admin('PUT', '/settings', {
          email: 'cucina@example.test',
          logo_url: 'https://cdn.example.test/logo.svg',
          review_url: '',
        });
        assert.equal(ok.statusCode, 200);
        assert.equal(ok.json.data.email, 'cucina@example.test');
        assert.equal(ok.json.data.logo_url, 'https://cdn.example.test/logo.svg');
        assert.equal(ok.json.data.review_url, '');
      });

      test('is_active false takes the public menu offline (HTML 404) while the admin API keeps answering JSON', async () => {
        const r = await restaurant();
        const neighbour = await restaurant();
        const off = await r.admin('PUT', '/settings', { is_active: false });
        assert.equal(off.statusCode, 200);
        assert.equal(off.json.data.is_active, false);
        assert.equal(Number((await r.settingsRow()).is_active), 0);

        for (const path of ['/menu', '/menu/en', '/restaurant', '/theme', '/categories', '/items']) {
          const res = await r.pub(path);
          assert.equal(res.statusCode, 404, path);
          assert.match(res.headers['content-type'] as string, /^text\/html/, path);
          assert.equal(res.json, undefined, path);
        }
        const admin = await r.admin('GET', '/settings');
        assert.equal(admin.statusCode, 200);
        assert.match(admin.headers['content-type'] as string, /^application\/json/);
        assert.equal(admin.json.data.is_active, false);
        assert.equal((await r.admin('GET', '/theme')).statusCode, 200);
        // Another restaurant is unaffected.
        assert.equal((await neighbour.pub('/menu')).statusCode, 200);

        const on = await r.admin('PUT', '/settings', { is_active: true });
        assert.equal(on.statusCode, 200);
        const menu = await r.pub('/menu');
        assert.equal(menu.statusCode, 200);
        assert.match(menu.headers['content-type'] as string, /^application\/json/);
        assert.equal(menu.json.data.settings.is_active, true);
        assert.equal((await r.pub('/restaurant')).json.data.is_active, true);
      });

      test('the timezone decides which time-windowed sections are open (Aperitivo 17:00-20:00)', async () => {
        const r = await restaurant();
        try {
          clock = NOON_UTC; // 13:00 in Rome
          assert.ok(!(await r.sectionNames()).includes('Aperitivo'));
          const etag = (await r.pub('/menu')).headers.etag;
          // 12:00Z is 17:00 in Karachi (UTC+5): the window's start is inclusive.
          assert.equal((await r.admin('PUT', '/settings', { timezone: 'Asia/Karachi' })).statusCode, 200);
          const open = await r.pub('/menu');
          assert.deepEqual(
            open.json.data.sections.map((s: any) => s.name),
            ['Antipasti', 'Primi', 'Aperitivo', 'Dolci', 'Vini', 'Rossi'],
          );
          assert.notEqual(open.headers.etag, etag);
          assert.ok((await r.pub('/categories')).json.data.some((s: any) => s.name === 'Aperitivo'));
          // 19:00 in Bangkok (UTC+7): open; 20:00 in Shanghai (UTC+8): the end is exclusive.
          await r.admin('PUT', '/settings', { timezone: 'Asia/Bangkok' });
          assert.ok((await r.sectionNames()).includes('Aperitivo'));
          await r.admin('PUT', '/settings', { timezone: 'Asia/Shanghai' });
          assert.ok(!(await r.sectionNames()).includes('Aperitivo'));
          assert.ok(!(await r.pub('/categories')).json.data.some((s: any) => s.name === 'Aperitivo'));

          clock = EVENING_UTC; // 17:30Z
          assert.equal((await r.admin('PUT', '/settings', { timezone: 'America/New_York' })).statusCode, 200);
          assert.ok(!(await r.sectionNames()).includes('Aperitivo')); // 12:30 there
          await r.admin('PUT', '/settings', { timezone: 'Europe/Rome' });
          assert.ok((await r.sectionNames()).includes('Aperitivo')); // 18:30 in Rome
          assert.equal((await r.admin('GET', '/settings')).json.data.timezone, 'Europe/Rome');
        } finally {
          clock = NOON_UTC;
        }
      });
    });
  });
}
