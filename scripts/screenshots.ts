// Screenshots of every admin panel page at 390 and 1366 px wide (docs/screenshots/), taken in
// Chromium from the demo restaurant on a throw-away in-memory database: `npm run screenshots`.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/seed/demo.js';
import { launchChromium, signInWithForm } from '../test/panel/browser.js';

const OUT = 'docs/screenshots';
const WIDTHS = [390, 1366];

const database = openDatabase('sqlite::memory:');
await migrateToLatest(database);
const seeded = await seedDemo(database.db, 'localhost');
if (!seeded.owner) throw new Error('the demo seed made no owner');
const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { database });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://demo.localhost:${(app.server.address() as AddressInfo).port}`;
const browser = await launchChromium();
mkdirSync(OUT, { recursive: true });

type Step = (page: Page) => Promise<void>;
const pages: [string, string, Step?][] = [
  ['login', '/admin/login'],
  ['overview', '/admin'],
  ['menu', '/admin/menu'],
  [
    'section',
    '/admin/menu',
    async (page) => {
      await page.locator('.tree-name').first().click();
      await page.waitForSelector('table.dishes');
    },
  ],
  [
    'dish',
    '/admin/menu',
    async (page) => {
      await page.locator('.tree-name').first().click();
      await page.locator('table.dishes a').first().click();
      await page.waitForSelector('.langs');
    },
  ],
  // A waiter looking for the tiramisù during service: the list filtered as typed.
  ['menu-search', '/admin/menu?q=tiramis'],
  ['wineries', '/admin/menu/wineries'],
  ['option-groups', '/admin/menu/option-groups'],
  [
    'preview',
    '/admin/preview?day=2026-11-29&time=13:00&lang=en',
    async (page) => {
      // The menu as diners will see it on Sunday at one o'clock, in its frame.
      await page.frameLocator('iframe.moment-preview').locator('main').waitFor();
    },
  ],
  ['settings', '/admin/settings'],
  [
    'theme',
    '/admin/theme',
    async (page) => {
      // An unsaved change, to show the preview following the form.
      await page.locator('#f-primary_color').fill('#1d4e89');
      await page.waitForResponse((r) => r.url().includes('/admin/theme/preview?') && r.url().includes('1d4e89'));
      await page.frameLocator('#theme-preview').locator('section.top > h2').first().waitFor();
      // A frame below the fold is painted only once it has been in view.
      await page.locator('#theme-preview').scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
    },
  ],
  [
    'analytics',
    '/admin/analytics',
    async (page) => {
      // Every chart drawn.
      await page.waitForFunction(() => {
        const chart = (globalThis as unknown as { Chart?: { getChart(c: Element): unknown } }).Chart;
        return chart && [...document.querySelectorAll('canvas[data-chart]')].every((c) => chart.getChart(c));
      });
    },
  ],
  [
    'api-tokens',
    '/admin/api-tokens',
    async (page) => {
      await page.getByLabel('Name', { exact: true }).fill('Cassa (POS)');
      await page.getByLabel(/^menu:write/).check();
      await page.getByRole('button', { name: 'Generate token' }).click();
      await page.waitForSelector('.banner');
    },
  ],
  ['staff', '/admin/staff'],
  ['account', '/admin/account'],
  ['qr', '/admin/qr'],
  ['import', '/admin/import'],
  [
    'history',
    '/admin/theme',
    async (page) => {
      // A change to show: the theme's main colour.
      await page.locator('#f-primary_color').fill('#1d4e89');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/admin\/theme/);
      await page.goto(`${base}/admin/history`);
    },
  ],
  [
    'webhooks',
    '/admin/webhooks',
    async (page) => {
      await page.getByLabel('Address (https)').fill('https://pos.example.com/hooks/menu');
      await page.getByRole('button', { name: 'Add the webhook' }).click();
      await page.waitForSelector('.banner');
    },
  ],
];
const UNSTICK = 'form.stack > .actions:last-child { position: static !important; }';
/** `npm run screenshots -- qr import` takes only those pages (the others' pictures stay as they are). */
const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

try {
  for (const width of WIDTHS) {
    // bypassCSP: the panel's CSP refuses inline styles, and the pictures need one (UNSTICK).
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB', bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}/admin/login`);
    if (wanted('login')) await page.screenshot({ path: `${OUT}/login-${width}.png`, fullPage: true });
    await signInWithForm(page, base, seeded.owner.email, seeded.owner.password);
    for (const [name, path, step] of pages.slice(1)) {
      if (!wanted(name)) continue;
      await page.goto(`${base}${path}`);
      if (step) await step(page);
      // A full-page picture would draw the sticky Save bar where the screen's bottom was, over a field.
      await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true, style: UNSTICK });
      process.stdout.write(`${OUT}/${name}-${width}.png\n`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
  await database.close();
}
