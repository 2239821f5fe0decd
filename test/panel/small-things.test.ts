// Small things an owner sees (issue 19 point 7): a favicon on every panel page, a wine list's dish
// count that includes its sub-sections, and the branded 404 page's text readable (WCAG AA).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { notFoundPage } from '../../src/http/not-found-page.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

/** WCAG contrast ratio of two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test('every colour of text on the branded 404 page has at least 4.5:1 contrast on its background', () => {
  const page = String(notFoundPage);
  const background = /background: (#[0-9A-Fa-f]{6})/.exec(page)?.[1];
  assert.ok(background);
  const colours = [...page.matchAll(/[^-]color: (#[0-9A-Fa-f]{6})/g)].map((m) => m[1]);
  assert.ok(colours.length >= 3);
  for (const c of colours) assert.ok(contrast(c, background) >= 4.5, `${c} on ${background}`);
});

for (const dialect of dialects) {
  describe(`panel small things (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
    });
    after(() => bed.close());

    test('a favicon on every panel page, signed in or not, served by the panel', async () => {
      for (const page of [await c.get('/admin'), await c.get('/admin/qr'), await bed.client().get('/admin/login')]) {
        const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(page.body)?.[1];
        assert.ok(href, 'favicon link');
        const icon = await call(bed.app, { url: href, host: 'alpha' });
        assert.equal(icon.statusCode, 200);
        assert.match(String(icon.headers['content-type']), /^image\/svg\+xml/);
      }
    });

    test('saving the settings with the logo and cover as shown records no change to them', async () => {
      // An uploaded logo: the page shows its /media address, the typed one stays stored beside it.
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7a1f1f' } })
        .png()
        .toBuffer();
      const upload = await adminCall(bed.app, await tokenFor(bed.db.db, bed.alpha), {
        method: 'PUT',
        url: '/api/v1/admin/settings/logo',
        host: 'alpha',
        headers: { 'content-type': 'image/png' },
        body: png,
      });
      assert.equal(upload.statusCode, 200);
      const page = await c.get('/admin/settings');
      assert.match(page.body, /id="f-logo_url"[^>]*value="\/media\//);
      const shown = (name: string) => new RegExp(`id="f-${name}"[^>]*value="([^"]*)"`).exec(page.body)?.[1] ?? '';
      const before = await bed.db.db
        .selectFrom('settings')
        .select(['logo_url', 'cover_image_url'])
        .where('tenant_id', '=', bed.alpha)
        .executeTakeFirstOrThrow();
      const entries = () =>
        bed.db.db.selectFrom('audit_log').select(['fields']).where('tenant_id', '=', bed.alpha).execute();
      const already = (await entries()).length;
      const res = await c.post('/admin/settings', {
        name: 'Alpha renamed',
        logo_url: shown('logo_url'),
        cover_image_url: shown('cover_image_url'),
        review_url: '',
        business_name: '',
        vat_number: '',
        address: '',
        phone: '',
        email: '',
        supported_locales: ['it', 'en'],
        default_locale: 'it',
        timezone: 'Europe/Rome',
        currency: 'EUR',
        is_active: '1',
        cover_charge_text_it: 'Coperto 2 €',
      });
      assert.equal(res.statusCode, 303);
      const after = await bed.db.db
        .selectFrom('settings')
        .select(['logo_url', 'cover_image_url'])
        .where('tenant_id', '=', bed.alpha)
        .executeTakeFirstOrThrow();
      assert.deepEqual(after, before);
      const added = (await entries()).slice(already);
      assert.equal(added.length, 1);
      assert.doesNotMatch(added[0].fields, /logo_url|cover_image_url/);
      assert.match(added[0].fields, /,name,/);
    });

    test('a wine list counts the dishes of its sub-sections', async () => {
      const page = await c.get('/admin/menu');
      const wines =
        /class="tree-name" href="\/admin\/menu\/sections\/\d+">Wines<\/a>.*?<span class="muted">(\d+) dish/.exec(
          page.body,
        );
      assert.ok(wines, 'the wine list row');
      assert.ok(Number(wines[1]) > 0, 'its sub-sections’ wines are counted');
    });
  });
}
