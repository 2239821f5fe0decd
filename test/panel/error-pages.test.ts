// The panel answers its errors with panel pages (HTML, its CSP, its language), never the API's
// JSON envelope: a body that is not a form (415), one too large (413), an unexpected failure (500).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

for (const dialect of dialects) {
  describe(`panel error pages (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    let fail = false;
    before(async () => {
      bed = await panelBed(dialect);
      bed.app.menuWriter.listen({
        inTransaction: async () => {
          if (fail) throw new Error('listener failed on purpose');
        },
      });
      c = await bed.owner();
    });
    after(() => bed.close());

    const cookie = () => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

    test('a JSON body is answered 415 with a panel page, and nothing changes', async () => {
      const res = await call(bed.app, {
        method: 'POST',
        url: '/admin/settings',
        host: 'alpha',
        headers: { cookie: cookie(), 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ name: 'Changed' }),
      });
      assert.equal(res.statusCode, 415);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.match(res.body, /<h1>This is not a panel form<\/h1>/);
      assert.match(res.body, /aria-label="Panel sections"/, 'signed in: the navigation is there');
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.notEqual((await call(bed.app, { url: '/api/v1/restaurant', host: 'alpha' })).json.data.name, 'Changed');
    });

    test('a form over 64 KiB is answered 413 with a panel page in the panel’s language', async () => {
      const res = await call(bed.app, {
        method: 'POST',
        url: '/admin/settings',
        host: 'alpha',
        headers: { cookie: `${cookie()}; menu_lang=it`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `_csrf=${c.csrf}&name=${'x'.repeat(70 * 1024)}`,
      });
      assert.equal(res.statusCode, 413);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.match(res.body, /<html lang="it">/);
      assert.match(res.body, /<h1>Questo modulo è troppo grande<\/h1>/);
    });

    test('an unexpected failure is a 500 panel page without the error’s text; nothing is saved', async () => {
      await c.get('/admin/settings');
      fail = true;
      try {
        const dish = await bed.db.db
          .selectFrom('items')
          .selectAll()
          .where('tenant_id', '=', bed.alpha)
          .executeTakeFirstOrThrow();
        const page = await c.get(`/admin/menu/dishes/${dish.id}`);
        assert.equal(page.statusCode, 200);
        const res = await c.post(`/admin/menu/dishes/${dish.id}`, {
          name_it: 'Mai salvato',
          category_id: String(dish.category_id),
          price: '1',
          is_active: '1',
        });
        assert.equal(res.statusCode, 500);
        assert.match(String(res.headers['content-type']), /^text\/html/);
        assert.match(res.body, /<h1>Something went wrong<\/h1>/);
        assert.doesNotMatch(res.body, /listener failed on purpose/);
        const api = await call(bed.app, { url: `/api/v1/items/${dish.id}?locale=it`, host: 'alpha' });
        assert.notEqual(api.json.data.name, 'Mai salvato');
      } finally {
        fail = false;
      }
    });

    test('second tenant: a signed-out 415 on beta’s address is a page without navigation', async () => {
      const res = await call(bed.app, {
        method: 'POST',
        url: '/admin/login',
        host: 'beta',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: '{}',
      });
      assert.equal(res.statusCode, 415);
      assert.match(res.body, /Beta beta/);
      assert.doesNotMatch(res.body, /aria-label="Panel sections"/);
    });
  });
}
