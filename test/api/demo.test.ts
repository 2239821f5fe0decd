// The demo restaurant as a new user meets it: a complete Italian menu in five languages, an owner,
// and a few weeks of analytics behind the reports.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createToken } from '../../src/accounts/tokens/service.js';
import { DEMO_OWNER_EMAIL, seedDemo } from '../../src/seed/demo.js';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';

for (const dialect of dialects) {
  describe(`demo restaurant (${dialect})`, () => {
    let t: TestApp;
    let tenantId: number;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 1000 }, { now: () => NOON_UTC });
      await createFixtureTenant(t.db.db, 'other', 'Other');
      const seeded = await seedDemo(t.db.db, 'localhost');
      assert.equal(seeded.created, true);
      tenantId = seeded.tenantId!;
    });
    after(() => t.close());

    test('seeding again changes nothing', async () => {
      assert.deepEqual(await seedDemo(t.db.db, 'localhost'), { created: false });
    });

    test("its page asks for the cover photo, the first screen's largest paint, with the page itself", async () => {
      const res = await call(t.app, { url: '/', host: 'demo', headers: { accept: 'text/html' } });
      const cover = /--cover:url\('([^']+)'\)/.exec(res.body)?.[1];
      assert.ok(cover, 'the demo has a cover photo');
      assert.match(res.body, new RegExp(`<link rel="preload" href="${cover}" as="image" fetchpriority="high">`));
      // Not on the print view, which has no cover.
      const print = await call(t.app, { url: '/print', host: 'demo', headers: { accept: 'text/html' } });
      assert.doesNotMatch(print.body, /as="image"/);
    });

    test('is a complete menu: sections, sub-categories, wine with sub-sections, a time window, 40+ dishes in 5 languages', async () => {
      const categories = (
        await call(t.app, { url: '/api/v1/admin/categories?per_page=100', host: 'demo', headers: await auth() })
      ).json.data;
      const top = categories.filter((c: any) => c.parent_id === null);
      assert.ok(top.length >= 6, `${top.length} sections`);
      assert.ok(
        top.some((c: any) => c.types.length > 0 && c.show_subcategories),
        'a section with sub-categories',
      );
      const wine = top.find((c: any) => c.menu_type === 'wine');
      assert.ok(wine && wine.children.length > 0, 'a wine section with sub-sections');
      assert.ok(
        top.some((c: any) => c.time_visibility_enabled && c.time_start && c.time_end),
        'a time-windowed section',
      );
      const items = (
        await call(t.app, { url: '/api/v1/admin/items?per_page=100', host: 'demo', headers: await auth() })
      ).json;
      assert.ok(items.meta.total >= 40, `${items.meta.total} dishes`);
      for (const dish of items.data) {
        for (const code of ['it', 'en', 'fr', 'de', 'es']) {
          assert.ok(dish.name_translations[code], `${dish.name} has a ${code} name`);
          assert.ok(dish.description_translations[code], `${dish.name} has a ${code} description`);
        }
      }
      assert.ok(items.data.filter((d: any) => d.is_recommended).length >= 3, 'several recommended dishes');
      assert.ok(items.data.some((d: any) => d.allergens.length > 0));
      const wineries = (await call(t.app, { url: '/api/v1/admin/wineries', host: 'demo', headers: await auth() })).json
        .data;
      assert.ok(wineries.length >= 5);
      const settings = (await call(t.app, { url: '/api/v1/restaurant', host: 'demo' })).json.data;
      for (const field of [
        'name',
        'logo_url',
        'cover_charge_text',
        'allergen_info',
        'review_url',
        'business_name',
        'vat_number',
        'address',
        'phone',
        'email',
      ]) {
        assert.ok(settings[field], `settings.${field}`);
      }
    });

    test('has an owner who can get a token, and weeks of analytics in the reports', async () => {
      const res = await call(t.app, { url: '/api/v1/admin/analytics/overview', host: 'demo', headers: await auth() });
      assert.equal(res.statusCode, 200);
      const days = res.json.data.by_day.filter((d: any) => d.menu_views > 0).length;
      assert.ok(days >= 14, `${days} days with activity`);
      assert.ok(res.json.data.totals.unique_sessions > 500);
      const other = await call(t.app, {
        url: '/api/v1/admin/analytics/overview',
        host: 'other',
        headers: await auth(),
      });
      assert.equal(other.statusCode, 401, "the demo owner's token is the demo's only");
    });

    /** A fresh token of the demo owner. */
    async function auth() {
      const token = await createToken(t.db.db, tenantId, {
        email: DEMO_OWNER_EMAIL,
        name: 'test',
        scopes: ['menu:read', 'analytics:read'],
      });
      return { authorization: `Bearer ${token.plain}` };
    }
  });
}
