// The analytics dashboard over HTTP: the analytics module's figures for the chosen period, one CSV
// per table, the period's rules in the panel's language, the chart library served by the app
// itself, and each restaurant seeing only its own diners.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { localDayHour } from '../../src/catalog/clock.js';
import { overview, tablesReport } from '../../src/features/analytics/reports.js';
import { seedDemoAnalytics } from '../../src/seed/demo-analytics.js';
import { dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

for (const dialect of dialects) {
  describe(`panel analytics dashboard (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    let today: string;
    before(async () => {
      bed = await panelBed(dialect);
      const now = Date.now();
      today = localDayHour('Europe/Rome', now).day;
      await seedDemoAnalytics(bed.db.db, bed.alpha, 'Europe/Rome', now, 14);
      // The demo's diners scanned tables 1-12 and the terrace; beta's diners, table 99.
      await bed.db.db
        .insertInto('analytics_table_daily')
        .values({ tenant_id: bed.beta, day: today, table_label: '99', menu_views: 40, item_views: 9 })
        .execute();
      c = await bed.owner();
    });
    after(() => bed.close());

    test('the dashboard shows the module’s totals, insights, charts and tables for the last 30 days', async () => {
      const page = await c.get('/admin/analytics');
      assert.equal(page.statusCode, 200);
      const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86400000).toISOString().slice(0, 10);
      const figures = await overview(bed.db.db, { tenantId: bed.alpha, from, to: today });
      assert.ok(figures.totals.menu_views > 0);
      assert.match(
        page.body,
        new RegExp(`<dt>Menu views</dt><dd>${figures.totals.menu_views.toLocaleString('en-GB')}</dd>`),
      );
      assert.match(page.body, new RegExp(`value="${from}"`));
      assert.match(page.body, /class="insight insight-busiest_hour"/);
      for (const key of ['days', 'hours', 'languages', 'dishes', 'sections', 'allergens', 'tables']) {
        assert.match(page.body, new RegExp(`id="report-${key}-chart" role="img"`));
        assert.match(page.body, new RegExp(`href="/admin/analytics/${key}.csv\\?from=${from}&amp;to=${today}"`));
      }
      // The report by table: most scanned first, then the views without a table; beta's never.
      const byTable =
        /<section class="report" aria-labelledby="report-tables">[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? '';
      assert.match(byTable, /Where diners scanned \(by table\)/);
      const scans = await tablesReport(bed.db.db, { tenantId: bed.alpha, from, to: today });
      assert.ok(scans.tables.length > 0);
      const top = scans.tables[0];
      assert.match(
        byTable,
        new RegExp(
          `<tbody><tr><th scope="row" data-label="Table"><div>${top.table}</div></th><td data-label="Menu views" class="num"><div>${top.menu_views}</div>`,
        ),
      );
      assert.equal((byTable.match(/<tr><th scope="row"/g) ?? []).length, scans.tables.length + 1);
      assert.match(byTable, /No table \(the restaurant’s code, a link, a search\)/);
      assert.doesNotMatch(byTable, />99</);
      // Days in the panel's language, not ISO.
      const days =
        /<section class="report" aria-labelledby="report-days">[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? '';
      assert.doesNotMatch(days.replace(/href="[^"]*"|data-chart="[^"]*"/g, ''), /\d{4}-\d{2}-\d{2}/);
      // The chart library comes from this app, never a CDN.
      assert.match(page.body, /<script type="module" src="\/admin\/assets\/chart.umd.js\?v=/);
      assert.doesNotMatch(page.body, /src="https?:/);
      const lib = await c.get('/admin/assets/chart.umd.js');
      assert.equal(lib.statusCode, 200);
      assert.match(String(lib.headers['content-type']), /javascript/);
      assert.match(lib.body, /Chart\.js v4/);
    });

    test('a chosen period; a bad one is refused next to its field, in the panel’s language', async () => {
      const page = await c.get(`/admin/analytics?from=${today}&to=${today}`);
      assert.equal(page.statusCode, 200);
      // Days in the panel's language ("Thu, 26 Nov 2026"), not ISO.
      const day = new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${today}T12:00:00Z`));
      assert.ok(page.body.includes(`From ${day} to ${day} (Europe/Rome).`));
      // The advice under it writes the period the same way: no ISO day anywhere in it.
      const advice = /<ul class="insights">[\s\S]*?<\/ul>/.exec(page.body)?.[0] ?? '';
      assert.doesNotMatch(advice, /\d{4}-\d{2}-\d{2}/);
      const quiet = await c.get('/admin/analytics?from=2020-01-01&to=2020-01-05');
      assert.ok(quiet.body.includes('The menu was not viewed from Wed, 1 Jan 2020 to Sun, 5 Jan 2020.'), quiet.body);
      const bad = await c.get(`/admin/analytics?from=${today}&to=2000-01-01`);
      assert.equal(bad.statusCode, 422);
      assert.match(bad.body, /id="f-to-error">/);
      const it = await c.get('/admin/analytics?from=2026-02-30', {
        cookie: `${[...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ')}; menu_lang=it`,
      });
      assert.equal(it.statusCode, 422);
      assert.match(it.body, /id="f-from-error">[^<]*Dal/);
    });

    test('each table downloads as CSV, with its header, every row, and formulas neutralised', async () => {
      const csv = await c.get(`/admin/analytics/days.csv?from=2026-11-01&to=2026-11-07`);
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      assert.match(
        String(csv.headers['content-disposition']),
        /attachment; filename="analytics-days-2026-11-01-2026-11-07.csv"/,
      );
      const lines = csv.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      assert.equal(lines[0], 'Date,Menu views,Diners,Dish views');
      assert.equal(lines.length, 8);
      assert.match(lines[1], /^2026-11-01,\d+,\d+,\d+$/);
      // The Italian panel's download opens in columns in Italian Excel: ';'.
      const italian = await c.get('/admin/analytics/days.csv?from=2026-11-01&to=2026-11-07', {
        'accept-language': 'it',
      });
      assert.match(italian.body.replace(/^\ufeff/, ''), /^[^,\r\n]+;[^,\r\n]+;/);
      assert.match(italian.body, /\r\n2026-11-01;\d+;\d+;\d+\r\n/);
      // A dish whose name starts like a spreadsheet formula is written as text.
      const dish = await bed.db.db
        .selectFrom('items')
        .select(['id', 'name_translations'])
        .where('tenant_id', '=', bed.alpha)
        .executeTakeFirstOrThrow();
      const names = JSON.parse(dish.name_translations);
      await bed.db.db
        .updateTable('items')
        .set({
          name_translations: JSON.stringify({ ...names, it: '=HYPERLINK("http://x")', en: '=HYPERLINK("http://x")' }),
        })
        .where('id', '=', dish.id)
        .execute();
      await bed.db.db
        .updateTable('tenants')
        .set((eb) => ({ menu_version: eb('menu_version', '+', 1) }))
        .where('id', '=', bed.alpha)
        .execute();
      await bed.app.tenants.reload(bed.alpha);
      const dishes = await c.get('/admin/analytics/dishes.csv');
      assert.match(dishes.body, /"'=HYPERLINK\(""http:\/\/x""\)"/);
      for (const key of ['hours', 'languages', 'sections', 'allergens']) {
        assert.equal((await c.get(`/admin/analytics/${key}.csv`)).statusCode, 200);
      }
      assert.equal((await c.get('/admin/analytics/secrets.csv')).statusCode, 404);
    });

    test('second tenant: beta’s dashboard counts only beta’s diners', async () => {
      const beta = bed.client('beta');
      await beta.signIn('owner@beta.test', 'beta-owner-pw');
      const page = await beta.get('/admin/analytics');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<dt>Menu views<\/dt><dd>0<\/dd>/);
      assert.match(page.body, /No diner activity in this period yet\./);
      const csv = await beta.get('/admin/analytics/days.csv');
      assert.ok(
        csv.body
          .trim()
          .split('\r\n')
          .slice(1)
          .every((l) => /,0,0,0$/.test(l)),
      );
      // Signed out: to the sign-in page.
      const anon = await bed.client().get('/admin/analytics/days.csv');
      assert.equal(anon.statusCode, 303);
    });
  });
}
