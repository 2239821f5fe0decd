// The five analytics reports against figures computed by hand from a small fixed set of events.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';
import { adminCall, tokenFor } from './tokens.js';

for (const dialect of dialects) {
  describe(`analytics reports (${dialect})`, () => {
    let t: TestApp;
    let token: string;
    let betaToken: string;
    const id: Record<string, number> = {};
    const section: Record<string, number> = {};

    before(async () => {
      // "Now" is 2026-11-21 12:00Z = 13:00 in Rome.
      t = await createTestApp(dialect, { adminRateLimit: 100000, publicRateLimit: 0 }, { now: () => NOON_UTC });
      const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
      token = await tokenFor(t.db.db, alpha, ['analytics:read']);
      betaToken = await tokenFor(t.db.db, beta, ['analytics:read']);
      // Every dish, the out-of-window Spritz and the inactive Fiori fritti included.
      const rows = await t.db.db
        .selectFrom('items')
        .select(['id', 'name_translations'])
        .where('tenant_id', '=', alpha)
        .execute();
      for (const row of rows) id[JSON.parse(row.name_translations).it] = row.id;
      for (const s of (await call(t.app, { url: '/api/v1/categories', host: 'alpha' })).json.data) {
        section[s.name_translations.it] = s.id;
      }
      const at = (iso: string) => ({ occurred_at: iso });
      const events = [
        // s1, Italian, 2026-11-20 20:10 in Rome.
        { type: 'menu_view', session_id: 's1', locale: 'it', ...at('2026-11-20T19:10:00Z') },
        {
          type: 'item_view',
          session_id: 's1',
          locale: 'it',
          item_id: id['Bruschetta Alpha'],
          ...at('2026-11-20T19:11:00Z'),
        },
        {
          type: 'item_view',
          session_id: 's1',
          locale: 'it',
          item_id: id['Bruschetta Alpha'],
          ...at('2026-11-20T19:12:00Z'),
        },
        { type: 'item_view', session_id: 's1', locale: 'it', item_id: id.Caprese, ...at('2026-11-20T19:13:00Z') },
        {
          type: 'section_view',
          session_id: 's1',
          locale: 'it',
          category_id: section.Antipasti,
          ...at('2026-11-20T19:14:00Z'),
        },
        {
          type: 'allergen_filter',
          session_id: 's1',
          locale: 'it',
          allergens: ['latte'],
          ...at('2026-11-20T19:15:00Z'),
        },
        { type: 'search', session_id: 's1', locale: 'it', query: 'tiramisu', ...at('2026-11-20T19:16:00Z') },
        // s2, English, 20:40 in Rome: meets Caprese and Cacio e pepe, which have no English name.
        { type: 'menu_view', session_id: 's2', locale: 'en', ...at('2026-11-20T19:40:00Z') },
        { type: 'item_view', session_id: 's2', locale: 'en', item_id: id.Caprese, ...at('2026-11-20T19:41:00Z') },
        {
          type: 'item_view',
          session_id: 's2',
          locale: 'en',
          item_id: id['Cacio e pepe'],
          ...at('2026-11-20T19:42:00Z'),
        },
        {
          type: 'allergen_filter',
          session_id: 's2',
          locale: 'en',
          allergens: ['latte', 'cereali_glutine'],
          ...at('2026-11-20T19:43:00Z'),
        },
        // s1 again after midnight in Rome (23:30Z = 00:30 on the 21st): the local day counts.
        { type: 'menu_view', session_id: 's1', locale: 'it', ...at('2026-11-20T23:30:00Z') },
        // s3, German, 12:00 in Rome on the 21st.
        { type: 'menu_view', session_id: 's3', locale: 'de', ...at('2026-11-21T11:00:00Z') },
        {
          type: 'item_view',
          session_id: 's3',
          locale: 'de',
          item_id: id['Risotto ai funghi'],
          ...at('2026-11-21T11:01:00Z'),
        },
        { type: 'locale_switch', session_id: 's3', locale: 'de', ...at('2026-11-21T11:02:00Z') },
      ];
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/v1/analytics/events',
        host: 'alpha',
        body: { events },
      });
      assert.equal(res.statusCode, 202);
      // Beta has activity of its own, which must never show in alpha's reports.
      const betaItem = (await call(t.app, { url: '/api/v1/items', host: 'beta' })).json.data[0].id;
      const betaEvents = Array.from({ length: 9 }, (_, i) => ({
        type: 'item_view',
        session_id: `b${i}`,
        item_id: betaItem,
      }));
      await call(t.app, {
        method: 'POST',
        url: '/api/v1/analytics/events',
        host: 'beta',
        body: { events: betaEvents },
      });
      await t.app.analytics.flush();
    });
    after(() => t.close());

    const report = (path: string, tok = token, host = 'alpha') =>
      adminCall(t.app, tok, { url: `/api/v1/admin/analytics/${path}`, host });
    const RANGE = 'from=2026-11-20&to=2026-11-21';

    test('overview: totals, every day, every locale and all 24 hours', async () => {
      const res = await report(`overview?${RANGE}`);
      assert.equal(res.statusCode, 200);
      const d = res.json.data;
      assert.equal(d.from, '2026-11-20');
      assert.equal(d.to, '2026-11-21');
      assert.deepEqual(d.totals, {
        menu_views: 4,
        unique_sessions: 3,
        item_views: 6,
        section_views: 1,
        allergen_filters: 2,
        searches: 1,
      });
      assert.deepEqual(d.by_day, [
        { date: '2026-11-20', menu_views: 2, unique_sessions: 2, item_views: 5 },
        { date: '2026-11-21', menu_views: 2, unique_sessions: 2, item_views: 1 },
      ]);
      assert.deepEqual(d.by_locale, [
        { locale: 'it', menu_views: 2 },
        { locale: 'en', menu_views: 1 },
        { locale: 'de', menu_views: 1 },
        { locale: 'fr', menu_views: 0 },
        { locale: 'es', menu_views: 0 },
      ]);
      assert.equal(d.by_hour.length, 24);
      assert.deepEqual(
        d.by_hour.filter((h: any) => h.menu_views > 0),
        [
          { hour: 0, menu_views: 1 },
          { hour: 12, menu_views: 1 },
          { hour: 20, menu_views: 2 },
        ],
      );
    });

    test('the default period is the last 30 days including today, in the restaurant time zone', async () => {
      const res = await report('overview');
      assert.equal(res.json.data.from, '2026-10-23');
      assert.equal(res.json.data.to, '2026-11-21');
      assert.equal(res.json.data.by_day.length, 30);
      assert.equal(res.json.data.totals.menu_views, 4);
      const narrow = await report('overview?from=2026-11-21&to=2026-11-21');
      assert.equal(narrow.json.data.totals.menu_views, 2);
      assert.equal(narrow.json.data.totals.unique_sessions, 2);
    });

    test('items: most viewed first with their share, every dish listed, paginated', async () => {
      const res = await report(`items?${RANGE}&per_page=5`);
      assert.equal(res.statusCode, 200);
      const rows = res.json.data.map((r: any) => [r.name, r.views, r.share]);
      assert.deepEqual(rows.slice(0, 4), [
        ['Bruschetta Alpha', 2, 0.3333],
        ['Caprese', 2, 0.3333],
        ['Cacio e pepe', 1, 0.1667],
        ['Risotto ai funghi', 1, 0.1667],
      ]);
      assert.equal(res.json.data[4].views, 0);
      assert.equal(res.json.data[0].item_id, id['Bruschetta Alpha']);
      assert.equal(res.json.data[0].category_id, section.Antipasti);
      const { generated_at: _g, ...meta } = res.json.meta;
      assert.deepEqual(meta, {
        locale: 'it',
        from: '2026-11-20',
        to: '2026-11-21',
        total: 9,
        page: 1,
        per_page: 5,
        last_page: 2,
      });
      const en = await report(`items?${RANGE}&locale=en`);
      assert.equal(en.json.data[3].name, 'Mushroom risotto');
    });

    test('sections: most viewed first, with the dish views inside them', async () => {
      const res = await report(`sections?${RANGE}`);
      const data = res.json.data;
      assert.deepEqual(data[0], { category_id: section.Antipasti, name: 'Antipasti', views: 1, item_views: 4 });
      assert.deepEqual(data[1], { category_id: section.Primi, name: 'Primi', views: 0, item_views: 2 });
      assert.ok(data.slice(2).every((s: any) => s.views === 0 && s.item_views === 0));
    });

    test('allergens: all 14, most filtered first, with the active dishes containing each', async () => {
      const res = await report(`allergens?${RANGE}&locale=en`);
      const data = res.json.data;
      assert.equal(data.length, 14);
      assert.deepEqual(data[0], { key: 'latte', name: 'Milk', filters: 2, dishes_containing: 4 });
      assert.deepEqual(data[1], {
        key: 'cereali_glutine',
        name: 'Cereals containing gluten',
        filters: 1,
        dishes_containing: 2,
      });
      assert.deepEqual(
        data.slice(2, 5).map((a: any) => a.key),
        ['crostacei', 'uova', 'pesce'],
        'then dictionary order',
      );
      assert.equal(data.find((a: any) => a.key === 'uova').dishes_containing, 1);
    });

    test('insights: the five kinds, with their figures and dishes, in the requested language', async () => {
      const res = await report(`insights?${RANGE}&locale=en`);
      assert.equal(res.statusCode, 200);
      const byKind = Object.fromEntries(res.json.data.map((i: any) => [i.kind, i]));
      assert.deepEqual(Object.keys(byKind), [
        'popular_not_recommended',
        'no_views',
        'busiest_hour',
        'untranslated_locale',
        'top_allergens',
      ]);
      assert.deepEqual(byKind.popular_not_recommended.item_ids, [id.Caprese, id['Cacio e pepe']]);
      assert.equal(byKind.popular_not_recommended.figures.views, 3);
      assert.match(byKind.popular_not_recommended.message, /Caprese, Cacio e pepe/);
      assert.deepEqual(byKind.no_views.figures, { count: 4 });
      assert.deepEqual(
        [...byKind.no_views.item_ids].sort((a: number, b: number) => a - b),
        [id.Barolo, id.Spritz, id.Tiramisù, id.Caffè].sort((a, b) => a - b),
      );
      assert.deepEqual(byKind.busiest_hour.figures, { hour: 20, menu_views: 2, share: 0.5 });
      assert.match(byKind.busiest_hour.message, /20:00/);
      assert.deepEqual(byKind.untranslated_locale.figures, { locale: 'en', dishes: 2, views: 2 });
      assert.match(byKind.untranslated_locale.message, /English/);
      assert.equal(byKind.top_allergens.figures.filters, 3);
      assert.equal(byKind.top_allergens.figures.dishes, 5);
      assert.deepEqual(
        byKind.top_allergens.figures.allergens.map((a: any) => a.key),
        ['latte', 'cereali_glutine'],
      );
      for (const insight of res.json.data) {
        assert.ok(insight.title.length > 0 && insight.message.length > 0);
        assert.doesNotMatch(insight.message, /\{\w+\}/, 'every placeholder filled');
      }
      const it = await report(`insights?${RANGE}`);
      assert.notEqual(it.json.data[0].title, res.json.data[0].title, 'Italian by default');
    });

    test('a period without events still answers every report, with zeros and empty-state messages', async () => {
      const res = await report('insights?from=2026-01-01&to=2026-01-31');
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.data.length, 5);
      const overview = await report('overview?from=2026-01-01&to=2026-01-31');
      assert.equal(overview.json.data.by_day.length, 31);
      assert.equal(overview.json.data.totals.menu_views, 0);
    });

    test('periods are validated: dates, order, at most a year', async () => {
      const cases: [string, string][] = [
        ['from=2026-11-22&to=2026-11-01', 'to'],
        ['from=2024-01-01&to=2026-01-01', 'to'],
        ['from=2026-02-30', 'from'],
        ['to=21-11-2026', 'to'],
      ];
      for (const [query, field] of cases) {
        const res = await report(`overview?${query}`);
        assert.equal(res.statusCode, 422, query);
        assert.ok(res.json.errors[field], `${query}: ${JSON.stringify(res.json)}`);
      }
    });

    test('reports need analytics:read; another tenant sees only its own figures', async () => {
      const menuToken = await tokenFor(t.db.db, (await t.app.tenants.lookup('alpha.localhost'))!.id, ['menu:write']);
      const denied = await report('overview', menuToken);
      assert.equal(denied.statusCode, 403);
      assert.deepEqual(denied.json, { success: false, message: 'Invalid ability provided.' });
      assert.equal((await call(t.app, { url: '/api/v1/admin/analytics/overview', host: 'alpha' })).statusCode, 401);
      assert.equal((await report('overview', token, 'beta')).statusCode, 401, "alpha's token on beta");
      const beta = await report(`overview?${RANGE}`, betaToken, 'beta');
      assert.equal(beta.json.data.totals.item_views, 9);
      assert.equal(beta.json.data.totals.menu_views, 0);
      const betaItems = await report(`items?${RANGE}`, betaToken, 'beta');
      assert.ok(!betaItems.json.data.some((r: any) => Object.values(id).includes(r.item_id)));
    });
  });
}
