// The analytics dashboard in Chromium: Chart.js (served by the app) draws every chart under the
// panel's strict CSP with no request to another host, the period picker works, the CSV downloads,
// and axe-core finds nothing serious at 390 and 1366 px.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { localDayHour } from '../../src/catalog/clock.js';
import { seedDemoAnalytics } from '../../src/seed/demo-analytics.js';
import {
  type BrowserBed,
  browserBed,
  CHROMIUM,
  seriousViolations,
  signInWithForm,
  watchProblems,
} from '../panel/browser.js';
import { OWNER } from '../panel/setup.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('analytics dashboard in Chromium', { skip }, () => {
  let bed: BrowserBed;
  let browser: Browser;
  let base: string;
  before(async () => {
    bed = await browserBed();
    ({ browser, base } = bed);
    await seedDemoAnalytics(bed.t.db.db, bed.alpha, 'Europe/Rome', Date.now(), 14);
  });
  after(() => bed?.close());

  test('charts drawn by the app’s own Chart.js, a chosen period, a CSV download; axe clean at 390 and 1366 px', async () => {
    for (const [width, locale] of [
      [390, 'it-IT'],
      [1366, 'en-GB'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale, acceptDownloads: true });
      const page = await context.newPage();
      const problems = watchProblems(page);
      const foreign: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(base) && !r.url().startsWith('data:')) foreign.push(r.url());
      });
      await signInWithForm(page, base, OWNER.email, OWNER.password);
      await page.goto(`${base}/admin/analytics`);
      // Chart.js has drawn into every canvas (a chart sets its size and draws pixels).
      await page.waitForFunction(() => {
        const charts = (globalThis as unknown as { Chart?: { getChart(c: HTMLCanvasElement): unknown } }).Chart;
        return (
          charts &&
          [...document.querySelectorAll('canvas[data-chart]')].every((c) => charts.getChart(c as HTMLCanvasElement))
        );
      });
      const drawn = await page.evaluate(() =>
        [...document.querySelectorAll('canvas[data-chart]')].map((c) => (c as HTMLCanvasElement).width > 0),
      );
      assert.equal(drawn.length, 7);
      assert.ok(drawn.every(Boolean));
      // No two labels of an x axis overlap (at 390 px the days ran together): each shown tick's
      // text, measured in its own font, ends before the next one starts.
      const overlaps = await page.evaluate(() => {
        type Scale = {
          ticks: { label: string | string[] }[];
          getPixelForTick(i: number): number;
          options: { ticks: { font: unknown } };
        };
        const C = (
          globalThis as unknown as {
            Chart: {
              getChart(c: HTMLCanvasElement): { scales: Record<string, Scale>; ctx: CanvasRenderingContext2D };
              helpers: { toFont(f: unknown): { string: string } };
            };
          }
        ).Chart;
        const found: string[] = [];
        for (const canvas of document.querySelectorAll('canvas[data-chart]')) {
          const chart = C.getChart(canvas as HTMLCanvasElement);
          const x = chart.scales.x;
          chart.ctx.save();
          chart.ctx.font = C.helpers.toFont(x.options.ticks.font).string;
          let end = Number.NEGATIVE_INFINITY;
          x.ticks.forEach((tick, i) => {
            const text = Array.isArray(tick.label) ? tick.label.join(' ') : String(tick.label);
            const width = chart.ctx.measureText(text).width;
            const start = x.getPixelForTick(i) - width / 2;
            if (start < end) found.push(`${canvas.id}: "${text}"`);
            end = start + width;
          });
          chart.ctx.restore();
        }
        return found;
      });
      assert.deepEqual(overlaps, [], `${width}px`);
      // Nothing wider than the screen.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
      const found = (await seriousViolations(page)).map(
        (v) => `${width}px: ${v.id} ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`,
      );
      // The table behind a chart opens by keyboard.
      await page.locator('#report-days ~ details summary').first().focus();
      await page.keyboard.press('Enter');
      assert.ok(
        await page
          .locator('#report-days ~ details')
          .first()
          .evaluate((d) => (d as HTMLDetailsElement).open),
      );
      for (const v of await seriousViolations(page)) found.push(`${width}px (table open): ${v.id} ${v.help}`);
      assert.deepEqual(found, []);

      // A chosen period through the form.
      const today = localDayHour('Europe/Rome', Date.now()).day;
      await page.locator('#f-from').fill(today);
      await page.locator('#f-to').fill(today);
      await page.locator('form.period button[type="submit"]').click();
      await page.waitForURL(new RegExp(`from=${today}&to=${today}`));
      // The CSV of a table downloads.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('a[href^="/admin/analytics/hours.csv"]').click(),
      ]);
      assert.equal(download.suggestedFilename(), `analytics-hours-${today}-${today}.csv`);
      assert.deepEqual(problems, []);
      assert.deepEqual(foreign, []);
      await context.close();
    }
  });
});
