// The menu editor in a real browser (Debian's Chromium driven by playwright-core): a price changed
// in the panel is on /api/v1/items/{id}; a dish name with <script> shows as text; reordering by
// keyboard and by drag and drop; delete through the in-page dialog; axe-core at 390 and 1366 px.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createFixtureTenant } from '../fixtures.js';
import { call, type TestApp } from '../helper.js';
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

describe('menu editor in Chromium', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let alpha: number;
  before(async () => {
    bed = await browserBed();
    ({ t, browser, base, alpha } = bed);
    await createFixtureTenant(t.db.db, 'beta', 'Beta');
  });
  after(() => bed?.close());

  async function ownerPage(
    width = 1366,
    locale = 'en-GB',
  ): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    return { context, page, problems };
  }

  const firstDish = () =>
    t.db.db.selectFrom('items').selectAll().where('tenant_id', '=', alpha).orderBy('id').executeTakeFirstOrThrow();

  test('an owner changes a price in the browser and /api/v1/items/{id} says so at once', async () => {
    const { context, page, problems } = await ownerPage(390);
    await page.goto(`${base}/admin/menu`);
    await page.getByRole('link', { name: 'Starters' }).click();
    await page.getByRole('link', { name: 'Bruschetta Alpha' }).click();
    const dish = await firstDish();
    await page.getByLabel('Price (€)').fill('12,50');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/saved=1/);
    const api = await call(t.app, { url: `/api/v1/items/${dish.id}`, host: 'alpha' });
    assert.equal(api.json.data.price, 12.5);
    assert.match((await page.locator('.notice-success').textContent()) ?? '', /saved/);
    // A refused value is shown next to its field, and the form keeps what was typed.
    await page.getByLabel('Price (€)').fill('dodici');
    await page.getByLabel('Name (Italian)').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForSelector('.error-summary');
    assert.match((await page.locator('#f-price-error').textContent()) ?? '', /must be a number/);
    assert.match((await page.locator('#f-name_it-error').textContent()) ?? '', /required/);
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'error-summary');
    assert.equal((await call(t.app, { url: `/api/v1/items/${dish.id}`, host: 'alpha' })).json.data.price, 12.5);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('<script> in a dish name stays text on the panel’s pages (nothing runs)', async () => {
    const { context, page, problems } = await ownerPage();
    const dish = await firstDish();
    await page.goto(`${base}/admin/menu/dishes/new?section=${dish.category_id}`);
    await page.getByLabel('Name (Italian)').fill('<script>window.pwned=1</script>Pici');
    await page.getByLabel('Name (English)').fill('<img src=x onerror="window.pwned=1">Pici');
    await page.getByLabel('Price (€)').fill('9');
    await page
      .getByRole('group', { name: /^Allergens/ })
      .getByLabel('Milk')
      .check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/created=1/);
    assert.equal(await page.locator('h1').textContent(), 'Dish: <img src=x onerror="window.pwned=1">Pici');
    await page.goto(`${base}/admin/menu/sections/${dish.category_id}`);
    await page.getByRole('link', { name: '<img src=x onerror="window.pwned=1">Pici' }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('reorder by keyboard (arrow buttons) and by drag and drop; delete asks in a dialog first', async () => {
    const { context, page, problems } = await ownerPage();
    const dish = await firstDish();
    const order = async () =>
      (
        await t.db.db
          .selectFrom('items')
          .select('id')
          .where('category_id', '=', dish.category_id)
          .orderBy('display_order')
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    const start = await order();
    await page.goto(`${base}/admin/menu/sections/${dish.category_id}`);
    // Keyboard, with script: each press moves the row one place in the page (no reload) and the
    // keyboard stays on it.
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    const moved = start[0];
    await page.locator(`#row-dishes-${moved} button[value="down"]`).focus();
    const rowIds = () =>
      page.evaluate(() => [...document.querySelectorAll('tbody[data-reorder] tr')].map((r) => Number(r.id.slice(11))));
    for (let press = 1; press <= Math.min(3, start.length - 1); press++) {
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        ([id, at]) => document.querySelectorAll('tbody[data-reorder] tr')[at]?.id === `row-dishes-${id}`,
        [moved, press] as const,
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.closest('tr')?.id),
        `row-dishes-${moved}`,
        'focus stays on the moved row',
      );
    }
    const presses = Math.min(3, start.length - 1);
    assert.equal((await rowIds()).indexOf(moved), presses, 'one place per press');
    assert.equal(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), true, 'no reload');
    await page.waitForFunction(
      () => document.getElementById('order-status')?.textContent === 'The new order is saved.',
    );
    assert.deepEqual(await order(), await rowIds(), 'the page shows what is stored');
    // Back up by the same number of presses with the other arrow.
    await page.locator(`#row-dishes-${moved} button[value="up"]`).focus();
    for (let press = 1; press <= presses; press++) await page.keyboard.press('Enter');
    await page.waitForFunction(
      (id) => document.querySelector('tbody[data-reorder] tr')?.id === `row-dishes-${id}`,
      moved,
    );
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('value')),
      'down',
      'top reached: focus on the other arrow',
    );
    assert.deepEqual(await order(), start);
    // Without script the same buttons are plain forms: one press, one place, the page comes back at the row.
    const plain = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-GB',
      javaScriptEnabled: false,
    });
    const bare = await plain.newPage();
    await signInWithForm(bare, base, OWNER.email, OWNER.password);
    await bare.goto(`${base}/admin/menu/sections/${dish.category_id}`);
    await bare.locator(`#row-dishes-${moved} button[value="down"]`).focus();
    await bare.keyboard.press('Enter');
    await bare.waitForURL(new RegExp(`ordered=1#row-dishes-${moved}$`));
    assert.deepEqual((await order()).slice(0, 2), [start[1], moved]);
    await plain.close();
    // Drag: the last row's handle onto the first row (on the page as it is now).
    await page.goto(`${base}/admin/menu/sections/${dish.category_id}`);
    const now = await order();
    const last = now.at(-1)!;
    await page.locator(`#row-dishes-${last} .handle`).dragTo(page.locator(`#row-dishes-${now[0]}`), {
      targetPosition: { x: 5, y: 2 },
    });
    await page.waitForLoadState('load');
    await page.waitForFunction(
      (id) => document.querySelector('tbody[data-reorder] tr')?.id === `row-dishes-${id}`,
      last,
    );
    assert.equal((await order())[0], last);

    // Sections on the overview: two quick presses (the second sent while the first is on its way) move two places.
    const tops = async () =>
      (
        await t.db.db
          .selectFrom('categories')
          .select('id')
          .where('tenant_id', '=', alpha)
          .where('parent_id', 'is', null)
          .orderBy('display_order')
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    const sections = await tops();
    await page.goto(`${base}/admin/menu`);
    await page.locator(`#row-sections-${sections[0]} > .tree-row button[value="down"]`).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (id) => document.querySelectorAll('ol.tree[data-scope="0"] > li')[2]?.id === `row-sections-${id}`,
      sections[0],
    );
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest('li[data-id]')?.id),
      `row-sections-${sections[0]}`,
    );
    assert.deepEqual((await tops()).slice(0, 3), [sections[1], sections[2], sections[0]]);

    // Delete: the dialog's Cancel keeps the dish; Delete removes it.
    const victim = now[1];
    await page.goto(`${base}/admin/menu/dishes/${victim}`);
    await page.locator('.danger-zone button.danger').click();
    await page.locator('dialog.confirm-dialog').waitFor();
    await page.locator('dialog.confirm-dialog button', { hasText: 'Cancel' }).click();
    assert.equal((await call(t.app, { url: `/api/v1/admin/items/${victim}`, host: 'alpha' })).statusCode, 401);
    assert.ok(await t.db.db.selectFrom('items').select('id').where('id', '=', victim).executeTakeFirst());
    await page.locator('.danger-zone button.danger').click();
    await page.locator('dialog.confirm-dialog button.danger').click();
    await page.waitForURL(/deleted=1/);
    assert.equal(await t.db.db.selectFrom('items').select('id').where('id', '=', victim).executeTakeFirst(), undefined);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the dish form’s sub-categories follow the chosen section, and say when it has none', async () => {
    const { context, page, problems } = await ownerPage(390);
    const types = await t.db.db
      .selectFrom('types')
      .select(['id', 'category_id'])
      .where('tenant_id', '=', alpha)
      .orderBy('id')
      .execute();
    const sections = await t.db.db
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', alpha)
      .orderBy('id')
      .execute();
    const typed = types[0]!.category_id;
    const bare = sections.find((s) => !types.some((x) => x.category_id === s.id))!.id;
    await page.goto(`${base}/admin/menu/dishes/new?section=${bare}`);
    const options = () =>
      page.locator('#f-type_id option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    assert.deepEqual(await options(), ['']);
    assert.match((await page.locator('#f-type_id-hint').textContent()) ?? '', /has no sub-categories/);
    await page.locator('#f-category_id').selectOption(String(typed));
    assert.deepEqual(await options(), ['', ...types.filter((x) => x.category_id === typed).map((x) => String(x.id))]);
    assert.equal(await page.locator('#f-type_id-hint').textContent(), 'Only the sub-categories of the chosen section.');
    await page.locator('#f-type_id').selectOption(String(types[0]!.id));
    // Back to a section without any: the choice is dropped, and the hint says why.
    await page.locator('#f-category_id').selectOption(String(bare));
    assert.deepEqual(await options(), ['']);
    assert.equal(await page.locator('#f-type_id').inputValue(), '');
    assert.match((await page.locator('#f-type_id-hint').textContent()) ?? '', /has no sub-categories/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the dish form’s “Add another price” shows one more price row per press, up to six; the prices are saved', async () => {
    const { context, page, problems } = await ownerPage(390);
    const dish = await firstDish();
    await page.goto(`${base}/admin/menu/dishes/${dish.id}`);
    await page.locator('details.variants > summary').click();
    const shown = () =>
      page.locator('fieldset.variant').evaluateAll((f) => f.filter((x) => !(x as HTMLElement).hidden).length);
    assert.equal(await shown(), 2, 'the first price and one empty row');
    const add = page.getByRole('button', { name: 'Add another price' });
    for (const rows of [3, 4, 5, 6]) {
      await add.click();
      assert.equal(await shown(), rows);
      assert.equal(
        await page.evaluate(() => (document.activeElement as HTMLInputElement).name),
        `variant_${rows - 1}_price`,
      );
    }
    assert.equal(await add.isVisible(), false, 'no seventh price');
    await page.getByLabel('Label of price 1 (Italian)').fill('Piccola');
    await page.getByLabel('Price 2 (€)').fill('9');
    await page.getByLabel('Label of price 2 (Italian)').fill('Media');
    await page.getByLabel('Price 3 (€)').fill('12,50');
    await page.getByLabel('Label of price 3 (Italian)').fill('Grande');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/saved=1/);
    const api = await call(t.app, { url: `/api/v1/items/${dish.id}`, host: 'alpha' });
    assert.deepEqual(
      api.json.data.variants.map((v: { label: string; price: number }) => [v.label, v.price]),
      [
        ['Piccola', api.json.data.price],
        ['Media', 9],
        ['Grande', 12.5],
      ],
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the section form says when a time window crosses midnight, as it is typed', async () => {
    const { context, page } = await ownerPage();
    await page.goto(`${base}/admin/menu/sections/new`);
    await page.getByLabel('Name (Italian)').fill('Dopocena');
    await page.getByLabel('Only at certain times', { exact: true }).check();
    await page.getByLabel('From (HH:MM)').fill('22:30');
    await page.getByLabel('Until (HH:MM)').fill('01:00');
    assert.match(
      (await page.locator('.window-note').textContent()) ?? '',
      /crosses midnight: shown from 22:30 until 01:00/,
    );
    // The whole rule in words, as days are ticked and dates typed.
    for (const day of ['Friday', 'Saturday', 'Sunday']) await page.getByLabel(day, { exact: true }).check();
    await page.getByLabel('Shown until (date, included)').fill('2026-09-30');
    assert.equal(
      await page.locator('.schedule-words span').textContent(),
      'Friday to Sunday, 22:30–01:00 (into the next day), until 30 September 2026',
    );
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/created=1/);
    const row = await t.db.db
      .selectFrom('categories')
      .selectAll()
      .where('tenant_id', '=', alpha)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(row.time_start, '22:30');
    assert.equal(row.time_end, '01:00');
    assert.equal(row.weekdays, '[5,6,7]');
    assert.equal(row.date_to, '2026-09-30');
    await context.close();
  });

  test('axe-core finds no serious or critical violation on the editor’s pages, at 390 and 1366 px', async () => {
    const dish = await firstDish();
    const type = await t.db.db.selectFrom('types').select('id').where('tenant_id', '=', alpha).executeTakeFirst();
    const winery = await t.db.db
      .selectFrom('wineries')
      .select('id')
      .where('tenant_id', '=', alpha)
      .executeTakeFirstOrThrow();
    const pages = [
      '/admin/menu',
      `/admin/menu/sections/${dish.category_id}`,
      '/admin/menu/sections/new',
      `/admin/menu/dishes/${dish.id}`,
      `/admin/menu/dishes/new?section=${dish.category_id}`,
      `/admin/menu/subcategories/new?section=${dish.category_id}`,
      ...(type ? [`/admin/menu/subcategories/${type.id}`] : []),
      '/admin/menu/wineries',
      `/admin/menu/wineries/${winery.id}`,
    ];
    for (const [width, locale] of [
      [390, 'it-IT'],
      [1366, 'en-GB'],
    ] as const) {
      const { context, page } = await ownerPage(width, locale);
      const found: string[] = [];
      const check = async (label: string) => {
        for (const v of await seriousViolations(page))
          found.push(
            `${width}px ${label}: ${v.id} (${v.impact}) ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`,
          );
      };
      for (const path of pages) {
        await page.goto(`${base}${path}`);
        await check(path);
      }
      // A refused form is a page too.
      await page.goto(`${base}/admin/menu/dishes/${dish.id}`);
      await page.locator('#f-price').fill('x');
      await page.locator(`form.stack[action="/admin/menu/dishes/${dish.id}"] button.primary`).click();
      await page.waitForSelector('.error-summary');
      await check('dish form with errors');
      assert.deepEqual(found, []);
      await context.close();
    }
  });
});
