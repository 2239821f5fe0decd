// Admin API /api/v1/admin/theme: reads, partial writes, validation; messages in English; settings and theme isolation between tenants.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, dialects } from '../helper.js';
import { THEME_KEYS } from '../wire-keys.js';
import { FORBIDDEN, invalid, menuSuite, UNAUTHENTICATED, withoutUpdatedAt } from './menu-suite.js';
import { adminCall } from './tokens.js';

for (const dialect of dialects) {
  describe(`admin theme, languages and isolation (${dialect})`, () => {
    const { suite, restaurant } = menuSuite(dialect, 'st');

    describe('theme', () => {
      test('GET answers the theme object (menu:read is enough); writes need menu:write; no token is 401', async () => {
        const r = await restaurant(['menu:read']);
        const res = await r.admin('GET', '/theme');
        assert.equal(res.statusCode, 200);
        assert.ok(res.json.meta.generated_at);
        assert.deepEqual(Object.keys(res.json.data).sort(), [...THEME_KEYS, 'updated_at'].sort());
        assert.equal(typeof res.json.data.id, 'number');
        assert.equal(res.json.data.primary_color, '#112233');
        assert.equal(res.json.data.layout_variant, 'cards');
        assert.deepEqual((await r.pub('/theme')).json.data, withoutUpdatedAt(res.json.data));

        const put = await r.admin('PUT', '/theme', { primary_color: '#000000' });
        assert.equal(put.statusCode, 403);
        assert.deepEqual(put.json, FORBIDDEN);
        assert.equal((await r.themeRow()).primary_color, '#112233');
        for (const method of ['GET', 'PUT'] as const) {
          const anonymous = await call(suite().app, { method, url: '/api/v1/admin/theme', host: r.slug, body: {} });
          assert.equal(anonymous.statusCode, 401, method);
          assert.deepEqual(anonymous.json, UNAUTHENTICATED);
        }
      });

      test('PUT is partial, stores colours upper-case, and shows at once in /theme and /menu (new ETag)', async () => {
        const r = await restaurant();
        const before = (await r.admin('GET', '/theme')).json.data;
        const etag = (await r.pub('/menu')).headers.etag;
        const res = await r.admin('PUT', '/theme', {
          primary_color: '#a1b2c3',
          background_color: '#fafafa',
          layout_variant: 'compact',
        });
        assert.equal(res.statusCode, 200);
        assert.equal(res.json.success, true);
        const { updated_at: _before, ...unchanged } = before;
        const expected = {
          ...unchanged,
          primary_color: '#A1B2C3',
          background_color: '#FAFAFA',
          layout_variant: 'compact',
        };
        const { updated_at, ...written } = res.json.data;
        assert.deepEqual(written, expected);
        const row = await r.themeRow();
        assert.equal(row.primary_color, '#A1B2C3');
        assert.equal(row.background_color, '#FAFAFA');
        assert.equal(row.secondary_color, '#445566');
        assert.equal(row.font_url, '/fonts/georgia.css');
        assert.deepEqual((await r.admin('GET', '/theme')).json.data, { ...expected, updated_at });
        assert.deepEqual((await r.pub('/theme')).json.data, expected);
        const menu = await r.pub('/menu');
        assert.deepEqual(menu.json.data.theme, expected);
        assert.notEqual(menu.headers.etag, etag);

        const more = await r.admin('PUT', '/theme', {
          font_family: 'Inter, sans-serif',
          font_url: 'https://fonts.example.test/inter.css',
          footer_text: '',
          header_style: 'cover',
          border_radius: '0.75rem',
        });
        assert.deepEqual(withoutUpdatedAt(more.json.data), {
          ...expected,
          font_family: 'Inter, sans-serif',
          font_url: 'https://fonts.example.test/inter.css',
          footer_text: '',
          // A plain string is the default locale's text: '' removes it.
          footer_text_translations: {},
          header_style: 'cover',
          border_radius: '0.75rem',
        });
        const empty = await r.admin('PUT', '/theme', {});
        assert.equal(empty.statusCode, 200);
        assert.deepEqual(empty.json.data, more.json.data);
      });

      test('colours must be #RRGGBB', async () => {
        const r = await restaurant();
        const before = await r.themeRow();
        const message = 'Il campo primary color deve essere un colore esadecimale valido.';
        for (const value of ['red', '#abc', '112233', '#12345G', '#1234567', '', ' #112233']) {
          const res = await r.admin('PUT', '/theme', { primary_color: value });
          assert.equal(res.statusCode, 422, value);
          assert.deepEqual(res.json, invalid('primary_color', message), value);
        }
        const number = await r.admin('PUT', '/theme', { primary_color: 0x112233 });
        assert.deepEqual(number.json.errors, { primary_color: ['Primary color deve essere una stringa.'] });
        const two = await r.admin('PUT', '/theme', { text_color: 'black', accent_color: '#12' });
        assert.deepEqual(two.json, {
          success: false,
          message: 'Il campo accent color deve essere un colore esadecimale valido. (e 1 altro errore)',
          errors: {
            accent_color: ['Il campo accent color deve essere un colore esadecimale valido.'],
            text_color: ['Il campo text color deve essere un colore esadecimale valido.'],
          },
        });
        assert.deepEqual(await r.themeRow(), before);
      });

      test('layout_variant, header_style, border_radius and font_url take only their allowed values', async () => {
        const r = await restaurant();
        for (const layout_variant of ['classic', 'cards', 'compact']) {
          const res = await r.admin('PUT', '/theme', { layout_variant });
          assert.equal(res.json.data.layout_variant, layout_variant);
        }
        for (const header_style of ['cover', 'logo', 'minimal']) {
          const res = await r.admin('PUT', '/theme', { header_style });
          assert.equal(res.json.data.header_style, header_style);
        }
        for (const border_radius of ['0', '12px', '0.5rem', '1.5em', '50%']) {
          const res = await r.admin('PUT', '/theme', { border_radius });
          assert.equal(res.statusCode, 200, border_radius);
          assert.equal(res.json.data.border_radius, border_radius);
        }
        for (const font_url of ['/fonts/inter.css', 'https://fonts.example.test/a.css', '']) {
          assert.equal((await r.admin('PUT', '/theme', { font_url })).statusCode, 200, font_url);
        }
        const before = await r.themeRow();
        for (const value of ['grid', 'Cards', '']) {
          const res = await r.admin('PUT', '/theme', { layout_variant: value });
          assert.deepEqual(
            res.json,
            invalid('layout_variant', 'Il valore scelto per il campo layout variant non è valido.'),
            value,
          );
        }
        for (const value of ['banner', 'LOGO']) {
          const res = await r.admin('PUT', '/theme', { header_style: value });
          assert.deepEqual(
            res.json,
            invalid('header_style', 'Il valore scelto per il campo header style non è valido.'),
            value,
          );
        }
        for (const value of ['8', '-1px', '4px; color:red', 'calc(1px + 2px)', '', '1 px']) {
          const res = await r.admin('PUT', '/theme', { border_radius: value });
          assert.deepEqual(
            res.json,
            invalid('border_radius', 'Il formato del campo border radius non è valido.'),
            value,
          );
        }
        for (const value of ['javascript:alert(1)', 'fonts/x.css', 'ftp://x.example.test/a.css']) {
          const res = await r.admin('PUT', '/theme', { font_url: value });
          assert.deepEqual(res.json, invalid('font_url', 'Il formato del campo font url non è valido.'), value);
        }
        const blankFont = await r.admin('PUT', '/theme', { font_family: '' });
        assert.deepEqual(blankFont.json, invalid('font_family', 'Il campo font family è richiesto.'));
        const unknown = await r.admin('PUT', '/theme', { id: 1, logo_url: 'https://x.example.test' });
        assert.deepEqual(unknown.json.errors, {
          id: ['Il campo id non è consentito.'],
          logo_url: ['Il campo logo url non è consentito.'],
        });
        assert.deepEqual(await r.themeRow(), before);
      });
    });

    test('Accept-Language: en gives English validation messages on settings and theme', async () => {
      const r = await restaurant();
      const en = { 'accept-language': 'en-GB,en;q=0.8' };
      const colour = await r.admin('PUT', '/theme', { primary_color: 'red' }, en);
      assert.deepEqual(
        colour.json,
        invalid('primary_color', 'The primary color field must be a valid hexadecimal color.'),
      );
      const two = await r.admin('PUT', '/theme', { layout_variant: 'grid', header_style: 'banner' }, en);
      assert.equal(two.json.message, 'The selected layout variant is invalid. (and 1 more error)');
      const slug = await r.admin('PUT', '/settings', { slug: 'x' }, en);
      assert.deepEqual(slug.json, invalid('slug', 'The slug field is prohibited.'));
      const locale = await r.admin('PUT', '/settings', { supported_locales: ['fr'] }, en);
      assert.deepEqual(
        locale.json,
        invalid('default_locale', 'The default locale field must be one of the supported languages.'),
      );
      const email = await r.admin('PUT', '/settings', { email: 'nope' }, en);
      assert.deepEqual(email.json, invalid('email', 'The email field must be a valid email address.'));
      // Without the header: Italian.
      const it = await r.admin('PUT', '/settings', { email: 'nope' });
      assert.deepEqual(it.json, invalid('email', 'Il campo email deve essere un indirizzo e-mail valido.'));
    });

    test("tenant isolation: writes change only the caller's restaurant; another tenant's token is 401", async () => {
      const a = await restaurant();
      const b = await restaurant();
      const bSettings = (await b.pub('/restaurant')).json.data;
      const bTheme = (await b.pub('/theme')).json.data;
      const bEtag = (await b.pub('/menu')).headers.etag;
      assert.equal((await a.admin('PUT', '/settings', { name: 'Solo A', timezone: 'Asia/Tokyo' })).statusCode, 200);
      assert.equal((await a.admin('PUT', '/theme', { primary_color: '#010203' })).statusCode, 200);
      assert.equal((await a.pub('/restaurant')).json.data.name, 'Solo A');
      assert.equal((await a.pub('/theme')).json.data.primary_color, '#010203');
      assert.deepEqual((await b.pub('/restaurant')).json.data, bSettings);
      assert.deepEqual((await b.pub('/theme')).json.data, bTheme);
      assert.deepEqual(withoutUpdatedAt((await b.admin('GET', '/settings')).json.data), bSettings);
      assert.equal((await b.pub('/menu')).headers.etag, bEtag);
      assert.notEqual(a.id, b.id);
      assert.notEqual((await a.admin('GET', '/settings')).json.data.id, bSettings.id);

      for (const [method, url, body] of [
        ['GET', '/api/v1/admin/settings', undefined],
        ['PUT', '/api/v1/admin/settings', { name: 'Rubato' }],
        ['GET', '/api/v1/admin/theme', undefined],
        ['PUT', '/api/v1/admin/theme', { primary_color: '#FF0000' }],
      ] as const) {
        const res = await adminCall(suite().app, b.token, { method, url, host: a.slug, body });
        assert.equal(res.statusCode, 401, `${method} ${url}`);
        assert.deepEqual(res.json, UNAUTHENTICATED);
      }
      assert.equal((await a.settingsRow()).name, 'Solo A');
      assert.equal((await a.themeRow()).primary_color, '#010203');
    });
  });
}
