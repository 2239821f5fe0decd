// Finding a dish in Chromium on a 390 px phone, with 68 dishes in one section: typing "tiramisu"
// filters the menu page as one types and the dish's row is on the first screen; the same search
// works without script as a GET form; the section's own list filters too; the jump list scrolls to
// a section; no horizontal scroll; axe at 390 and 1366 px on the searched pages.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { createItem } from '../../src/resources/items/service.js';
import { createFixtureTenant } from '../fixtures.js';
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

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('dish search in Chromium', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let alpha: number;
  let starters: number;
  before(async () => {
    bed = await browserBed();
    ({ t, browser, base, alpha } = bed);
    await createFixtureTenant(t.db.db, 'beta', 'Beta');
    const first = await t.db.db
      .selectFrom('items')
      .select('category_id')
      .where('tenant_id', '=', alpha)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    starters = first.category_id;
    // The trattoria of the issue: 68 dishes, most of them in the first section, Tiramisù last.
    await writeMenu(t.app, alpha, CLI_ACTOR, async (w) => {
      for (let i = 1; i <= 60; i++)
        await createItem(w, { category_id: starters, name: { it: `Piatto ${i}` }, price: 8 });
    });
  });
  after(() => bed?.close());

  const visibleRows = (page: Page) => page.locator('[data-search]:visible');
  const onFirstScreen = async (page: Page, selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    assert.ok(box, `${selector} is drawn`);
    const height = page.viewportSize()!.height;
    assert.ok(box.y >= 0 && box.y + box.height <= height, `${selector} at y=${box.y}+${box.height}, screen ${height}`);
  };
  const noSideScroll = async (page: Page) => {
    const [scroll, client] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    assert.ok(scroll <= client, `scrollWidth ${scroll} > ${client}`);
  };

  test('a waiter types "tiramisu" on a phone: the row is found as they type, on the first screen', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'it-IT' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/menu`);
    assert.ok((await visibleRows(page).count()) > 60);
    await page.getByLabel('Cerca un piatto (nome in qualsiasi lingua)').pressSequentially('tiramisu');
    await page.waitForFunction(() => document.querySelectorAll('[data-search]:not([hidden])').length === 1);
    assert.equal(await visibleRows(page).count(), 1);
    assert.match((await visibleRows(page).first().textContent()) ?? '', /Tiramisù/);
    assert.equal(await page.locator('.search-status').textContent(), '1 piatto trovato.');
    await onFirstScreen(page, '[data-search]:visible');
    await noSideScroll(page);
    // The sold-out switch of the found row is right there.
    // Wait for the answer to the switch's POST (the page already loaded: waiting for its load state
    // returned at once, and the database was read before the write once in CI).
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/')),
      page.locator('[data-search]:visible button.sold-out-button').click(),
    ]);
    await page.waitForLoadState('domcontentloaded');
    const sold = await t.db.db
      .selectFrom('items')
      .select('sold_out')
      .where('tenant_id', '=', alpha)
      .where('name_translations', 'like', '%Tiramis%')
      .executeTakeFirstOrThrow();
    assert.equal(sold.sold_out, 1);
    // Emptying the box brings every row back.
    await page.goto(`${base}/admin/menu?q=tiramisu`);
    await page.getByLabel('Cerca un piatto (nome in qualsiasi lingua)').fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-search]:not([hidden])').length > 60);
    // Sold-out filter without typing.
    await page.getByLabel('Mostra').selectOption('sold_out');
    await page.waitForFunction(() => document.querySelectorAll('[data-search]:not([hidden])').length === 1);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('without script the search is a GET form with the same result on the first screen', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-GB',
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    for (const path of ['/admin/menu', `/admin/menu/sections/${starters}`]) {
      await page.goto(`${base}${path}`);
      await page.getByLabel('Find a dish (name in any language)').fill('PIATTO 42');
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await page.waitForURL(/q=PIATTO\+42/);
      const rows = visibleRows(page);
      assert.equal(await rows.count(), 1, path);
      assert.match((await rows.first().textContent()) ?? '', /Piatto 42/);
      await onFirstScreen(page, '[data-search]:visible');
      await noSideScroll(page);
    }
    await context.close();
  });

  test("a section's list filters as one types; the jump list opens a section", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/menu/sections/${starters}`);
    await page.getByLabel('Find a dish (name in any language)').pressSequentially('piatto 5');
    // Piatto 5 and Piatto 50–59.
    await page.waitForFunction(() => document.querySelectorAll('[data-search]:not([hidden])').length === 11);
    await onFirstScreen(page, '[data-search]:visible');
    await noSideScroll(page);
    await page.goto(`${base}/admin/menu`);
    await page.getByText('Go to a section').click();
    await page.locator('details.jump-list').getByRole('link', { name: 'Wines' }).click();
    await page.waitForFunction(() => location.hash.startsWith('#row-sections-'));
    const id = await page.evaluate(() => location.hash.slice(1));
    await onFirstScreen(page, `#${id} .tree-name`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('axe finds nothing serious on the searched pages at 390 and 1366 px', async () => {
    const found: string[] = [];
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      await signInWithForm(page, base, OWNER.email, OWNER.password);
      for (const path of [
        '/admin/menu',
        '/admin/menu?q=tiramisu',
        '/admin/menu?q=zzz&show=hidden',
        `/admin/menu/sections/${starters}?q=piatto`,
      ]) {
        await page.goto(`${base}${path}`);
        for (const v of await seriousViolations(page)) found.push(`${width}px ${path}: ${v.id} ${v.help}`);
      }
      await context.close();
    }
    assert.deepEqual(found, []);
  });
});
