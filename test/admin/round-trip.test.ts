// Read shape = write shape: every admin object read can be PUT back unchanged (read-only fields
// ignored, *_translations accepted), and what integrators rely on around it: language tags with
// a region, pagination links, CORS headers a browser script may read.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

const RESOURCES = ['categories', 'items', 'types', 'wineries'] as const;

for (const dialect of dialects) {
  describe(`admin read shape = write shape (${dialect})`, () => {
    const { restaurant } = menuSuite(dialect, 'rt');

    test('every row of every resource, and settings and theme, PUT back as read: 200 and unchanged; another restaurant untouched', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const otherMenu = (await other.pub('/menu/it')).json.data;
      for (const locale of ['it', 'en']) {
        for (const resource of RESOURCES) {
          const list = await r.admin('GET', `/${resource}?per_page=100&locale=${locale}`);
          assert.equal(list.statusCode, 200);
          assert.ok(list.json.data.length > 0, resource);
          for (const row of list.json.data) {
            const put = await r.admin('PUT', `/${resource}/${row.id}?locale=${locale}`, row);
            assert.equal(put.statusCode, 200, `${resource} ${row.id}: ${put.body}`);
            assert.deepEqual(put.json.data, row, `${resource} ${row.id} in ${locale}`);
          }
        }
        for (const single of ['settings', 'theme']) {
          const read = (await r.admin('GET', `/${single}`)).json.data;
          const put = await r.admin('PUT', `/${single}`, read);
          assert.equal(put.statusCode, 200, `${single}: ${put.body}`);
          assert.deepEqual(put.json.data, read);
        }
      }
      assert.deepEqual((await other.pub('/menu/it')).json.data, otherMenu);
    });

    test('*_translations is accepted on write for every translatable field and wins over the plain text', async () => {
      const r = await restaurant();
      const section = (await r.admin('GET', '/categories?per_page=1')).json.data[0];
      const notes = { it: 'Pane fatto in casa', en: 'Home-made bread' };
      const put = await r.admin('PUT', `/categories/${section.id}?locale=en`, {
        notes: 'ignored plain text',
        notes_translations: notes,
        name_translations: { ...section.name_translations, en: 'Starters' },
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual(put.json.data.notes_translations, notes);
      assert.equal(put.json.data.notes, 'Home-made bread');
      assert.equal(put.json.data.name, 'Starters');
      const settings = await r.admin('PUT', '/settings', {
        cover_charge_text_translations: { it: 'Coperto € 3,00', en: 'Cover charge €3.00' },
      });
      assert.equal(settings.statusCode, 200, settings.body);
      assert.equal((await r.pub('/restaurant?locale=en')).json.data.cover_charge_text, 'Cover charge €3.00');
      assert.equal((await r.pub('/restaurant?locale=it')).json.data.cover_charge_text, 'Coperto € 3,00');
      // Unknown fields are still refused: a typo must not vanish silently.
      const typo = await r.admin('PUT', `/categories/${section.id}`, { nmae: { it: 'x' } });
      assert.equal(typo.statusCode, 422);
      // So is an identity field with another value: the client must hear that it cannot change it.
      const otherId = await r.admin('PUT', `/categories/${section.id}`, { id: section.id + 1000 });
      assert.deepEqual(Object.keys(otherId.json.errors), ['id']);
      assert.equal((await r.admin('PUT', `/categories/${section.id}`, { id: section.id })).statusCode, 200);
    });

    test('a language tag with a region falls back to its language; admin lists carry links; CORS exposes ETag and the budget', async () => {
      const r = await restaurant();
      for (const [tag, served] of [
        ['en-GB', 'en'],
        ['de-CH', 'de'],
        ['fr_CA', 'fr'],
        ['xx-YY', 'it'],
      ]) {
        assert.equal((await r.pub(`/menu/${tag}`)).json.meta.locale, served, tag);
        assert.equal((await r.pub(`/items?locale=${tag}`)).json.meta.locale, served, tag);
      }
      const page = await r.admin('GET', '/items?per_page=2&page=2&search=a');
      assert.equal(page.statusCode, 200);
      const last = page.json.meta.last_page;
      assert.deepEqual(page.json.links, {
        first: '/api/v1/admin/items?per_page=2&page=1&search=a',
        last: `/api/v1/admin/items?per_page=2&page=${last}&search=a`,
        prev: '/api/v1/admin/items?per_page=2&page=1&search=a',
        next: last > 2 ? '/api/v1/admin/items?per_page=2&page=3&search=a' : null,
      });
      const first = await r.admin('GET', '/items');
      assert.equal(first.json.links.prev, null);
      for (const url of ['/menu/it', '/items', '/restaurant']) {
        const res = await r.pub(url);
        assert.equal(
          res.headers['access-control-expose-headers'],
          'ETag, X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After',
          url,
        );
      }
    });
  });
}
