// The owner's set-up pages in Chromium (issue 19): the table cards' sheet scanned back with zbarimg
// with the uploaded logo in the middle of the code; a CSV with one bad row uploaded through the
// file input lists the row and changes nothing; a real photo chosen through the file input is
// previewed, uploaded and shown on the dish page and as the list's thumbnail; a downloaded QR code
// scans back; a cover charge typed in English is what /?lang=en shows, and one changed in Italian
// flags the English one to check; axe-core finds nothing serious on the QR, import, history,
// webhooks, settings, dish and overview pages at 390 and 1366 px, and nothing is wider than the screen.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { publicAddress } from '../../src/config.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import type { TestApp } from '../helper.js';
import {
  type BrowserBed,
  browserBed,
  CHROMIUM,
  seriousViolations,
  signInWithForm,
  watchProblems,
} from '../panel/browser.js';
import { OWNER } from '../panel/setup.js';
import { ZBARIMG, zbar } from '../zbar.js';

const skip = !existsSync(CHROMIUM)
  ? 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)'
  : !existsSync(ZBARIMG)
    ? 'zbarimg is not installed (apt-get install -y zbar-tools; .ci/run does it)'
    : false;

describe('owner set-up pages in Chromium', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let alpha: number;
  before(async () => {
    bed = await browserBed();
    ({ t, browser, base, alpha } = bed);
    // A real uploaded logo: a dark disc on white, as a logo would be.
    const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="110" fill="#7a1f1f"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const token = await tokenFor(t.db.db, alpha);
    const res = await adminCall(t.app, token, {
      method: 'PUT',
      url: '/api/v1/admin/settings/logo',
      host: 'alpha',
      headers: { 'content-type': 'image/png' },
      body: logo,
    });
    assert.equal(res.statusCode, 200);
  });
  after(() => bed?.close());

  test('a printed table card, logo in the middle, scans back to exactly the table’s address', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/qr/sheet?tables=7,terrace`);
    const logo = page.locator('.card .logo').first();
    await logo.waitFor();
    assert.ok(
      await logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    );
    const shot = await page.locator('.card .code').nth(1).screenshot();
    assert.deepEqual(await zbar(shot), [`${publicAddress(t.app.config, 'alpha')}/?table=terrace`]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a CSV with one bad row, uploaded through the file input, lists that row and changes nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/import`);
    // The download as the browser gets it (Node cannot resolve *.localhost).
    const csv = await page.evaluate(async () => (await fetch('/admin/import/dishes.csv?delimiter=comma')).text());
    const lines = csv.trimEnd().split('\r\n');
    lines[1] = lines[1].replace(/,6\.50,/, ',six,');
    const prices = () =>
      t.db.db.selectFrom('items').select(['id', 'price_cents']).where('tenant_id', '=', alpha).orderBy('id').execute();
    const before = await prices();
    await page.goto(`${base}/admin/import`);
    await page.locator('#f-file').setInputFiles({
      name: 'dishes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
    });
    await page.getByRole('button', { name: 'Preview the changes' }).click();
    await page.waitForLoadState('domcontentloaded');
    assert.match(await page.locator('.import-errors').innerText(), /Row 2, column “price”[\s\S]*is not a price/);
    assert.deepEqual(await prices(), before);
    await context.close();
  });

  test('a real photo through the dish page’s file input: previewed, uploaded, shown on the page and in the list', async () => {
    const dish = await t.db.db
      .selectFrom('items')
      .select(['id', 'category_id'])
      .where('tenant_id', '=', alpha)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/menu/dishes/${dish.id}`);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d35400' } })
      .jpeg()
      .toBuffer();
    await page.locator('#f-photo').setInputFiles({ name: 'bruschetta.jpg', mimeType: 'image/jpeg', buffer: photo });
    // The chosen file is previewed before it is sent.
    const preview = page.locator('.drop-preview');
    await preview.waitFor({ state: 'visible' });
    assert.ok(await preview.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0));
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/\?picture=photo-saved/);
    assert.match(await page.locator('[role="status"]').first().innerText(), /Photo saved/);
    const current = page.locator('img.picture-current');
    await current.waitFor();
    assert.ok(
      await current.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    );
    await page.goto(`${base}/admin/menu/sections/${dish.category_id}`);
    const thumb = page.locator(`#row-dishes-${dish.id} img.thumb`);
    await thumb.waitFor();
    assert.ok(
      await thumb.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a QR code downloaded from the QR page scans back to exactly its table’s address', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/qr?tables=3`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('a[href="/qr.png?table=3"]').click(),
    ]);
    const file = await download.path();
    assert.ok(file);
    const { readFileSync } = await import('node:fs');
    assert.deepEqual(await zbar(readFileSync(file)), [`${publicAddress(t.app.config, 'alpha')}/?table=3`]);
    await context.close();
  });

  test('a cover charge typed in English is what /?lang=en shows; changed in Italian, the English one is flagged', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/settings`);
    await page.locator('#f-cover_charge_text_en').fill('Cover charge €3.50');
    await page.locator('#f-cover_charge_text_it').fill('Coperto 3,50 €');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/admin\/settings\?saved=1/);
    const diner = await context.newPage();
    await diner.goto(`${base}/?lang=en`);
    assert.ok((await diner.locator('body').innerText()).includes('Cover charge €3.50'));
    // Italian changed again, English left: flagged next to the field and on the overview.
    await page.locator('#f-cover_charge_text_it').fill('Coperto 4,00 €');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/admin\/settings\?saved=1/);
    assert.equal(await page.locator('#f-cover_charge_text_en-check').innerText(), 'to check');
    await page.goto(`${base}/admin`);
    assert.match(await page.locator('.to-check').innerText(), /Cover charge[\s\S]*English/);
    // Ticked as still right and saved: the flag goes.
    await page.locator('.to-check a').first().click();
    await page.locator('#f-cover_charge_text_en-still').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/admin\/settings\?saved=1/);
    assert.equal(await page.locator('#f-cover_charge_text_en-check').count(), 0);
    await context.close();
  });

  test('axe finds nothing serious on the new pages at 390 and 1366 px; nothing wider than the screen', async () => {
    const found: string[] = [];
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'it-IT' });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await signInWithForm(page, base, OWNER.email, OWNER.password);
      const dish = await t.db.db
        .selectFrom('items')
        .select('id')
        .where('tenant_id', '=', alpha)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const paths = ['/admin/qr', '/admin/import', '/admin/history', '/admin/webhooks', '/admin/settings'];
      for (const path of [...paths, `/admin/menu/dishes/${dish.id}`, '/admin']) {
        await page.goto(`${base}${path}`);
        for (const v of await seriousViolations(page))
          found.push(`${width}px ${path}: ${v.id} ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
        if (!(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)))
          found.push(`${width}px ${path}: wider than the screen`);
      }
      found.push(...problems);
      await context.close();
    }
    assert.deepEqual(found, []);
  });
});
