// Issue 32 in Chromium: an owner downloads the menu as an Excel workbook, edits two cells of the
// Dishes sheet (a price, an accented name) and renames a section in its Sections sheet, as Excel
// would save them, uploads the workbook through the import page's file input, sees the preview (two
// dishes and the section changed, by name; nothing written yet), applies it, and exactly those
// change; another restaurant's menu is untouched. With the prune box, a workbook whose Dishes sheet
// keeps two dishes lists the others by name, asks for the tick with the counts, and deletes exactly
// them once ticked. A prune of everything is shown with its counts and waits for the tick.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
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
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('the owner imports an Excel workbook in Chromium', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let alpha: number;
  let beta: number;
  before(async () => {
    bed = await browserBed();
    ({ t, browser, base, alpha } = bed);
    beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
  });
  after(() => bed?.close());

  const dishes = async (tenantId: number) =>
    (
      await t.db.db
        .selectFrom('items')
        .select(['id', 'price_cents', 'name_translations'])
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .execute()
    ).map((d) => ({ id: d.id, price: Number(d.price_cents), name: JSON.parse(d.name_translations).it as string }));

  /** Signed in as the owner on the import page (1366 px), with the workbook its link downloads, as the browser receives it (Node cannot resolve *.localhost). */
  async function importPageWithWorkbook() {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/import`);
    const href = await page.getByRole('link', { name: 'Dishes as an Excel workbook (.xlsx)' }).getAttribute('href');
    const downloaded = await page.evaluate(async (url) => {
      const res = await fetch(url!);
      return { type: res.headers.get('content-type'), bytes: [...new Uint8Array(await res.arrayBuffer())] };
    }, href);
    assert.equal(downloaded.type, XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(downloaded.bytes) as unknown as ExcelJS.Buffer);
    return { context, page, problems, workbook };
  }

  test('download the workbook, edit a price and a name, upload it, see the preview, apply it', async () => {
    const { context, page, problems, workbook } = await importPageWithWorkbook();
    const sheet = workbook.getWorksheet('Dishes')!;
    const header = sheet.getRow(1).values as string[];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const name = row.getCell(header.indexOf('name_it'));
      if (name.value === 'Caprese') row.getCell(header.indexOf('price')).value = 11.5;
      if (name.value === 'Bruschetta Alpha') name.value = 'Bruschetta all’aglio è';
    });
    // A section renamed in the workbook's Sections sheet (the dishes' sheet still names it as it was).
    const sectionSheet = workbook.getWorksheet('Sections')!;
    const sectionHeader = sectionSheet.getRow(1).values as string[];
    sectionSheet.eachRow((row, n) => {
      const name = row.getCell(sectionHeader.indexOf('name_it'));
      if (n > 1 && name.value === 'Dolci') name.value = 'Dolci della casa';
    });
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await dishes(alpha);
    const betaBefore = await dishes(beta);

    await page.locator('#f-file').setInputFiles({ name: 'alpha-dishes.xlsx', mimeType: XLSX, buffer: edited });
    await page.getByRole('button', { name: 'Preview the changes' }).click();
    await page.waitForLoadState('domcontentloaded');
    assert.equal(await page.locator('h2#preview-title').textContent(), 'What this file would change');
    const items = page.locator('tr[data-kind="items"]');
    assert.equal(await items.locator('td[data-label="Changed"]').innerText(), '2');
    assert.equal(await items.locator('td[data-label="Created"]').innerText(), '0');
    assert.equal(await items.locator('td[data-label="Deleted"]').innerText(), '0');
    const sections = page.locator('tr[data-kind="sections"]');
    assert.equal(await sections.locator('td[data-label="Changed"]').innerText(), '1');
    const renamed = page.locator('ul.import-changes[data-kind="sections"] li');
    assert.equal(await renamed.count(), 1);
    // Named in the panel's language (English), the Italian name before → after.
    const shown = await renamed.innerText();
    assert.match(shown, /^Desserts/);
    assert.match(shown, /IT Dolci\b[\s\S]*IT Dolci della casa/);
    assert.deepEqual(await seriousViolations(page), []);
    assert.deepEqual(await dishes(alpha), before, 'the preview writes nothing');

    await page.getByRole('button', { name: 'Apply these changes' }).click();
    await page.waitForURL(/\/admin\/import\?applied=1$/);
    assert.match(await page.locator('.notice').first().innerText(), /The file was imported\./);
    const after = await dishes(alpha);
    assert.deepEqual(
      after,
      before.map((d) =>
        d.name === 'Caprese'
          ? { ...d, price: 1150 }
          : d.name === 'Bruschetta Alpha'
            ? { ...d, name: 'Bruschetta all’aglio è' }
            : d,
      ),
    );
    const sectionNames = await t.db.db
      .selectFrom('categories')
      .select('name_translations')
      .where('tenant_id', '=', alpha)
      .execute();
    assert.ok(sectionNames.some((s) => JSON.parse(s.name_translations).it === 'Dolci della casa'));
    assert.deepEqual(await dishes(beta), betaBefore, 'the other restaurant is untouched');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the prune box with a workbook: the dishes its sheet leaves out are named, and deleted once ticked', async () => {
    const { context, page, problems, workbook } = await importPageWithWorkbook();
    const sheet = workbook.getWorksheet('Dishes')!;
    const nameAt = (sheet.getRow(1).values as string[]).indexOf('name_it');
    const out: number[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1 && !['Tiramisù', 'Caffè'].includes(String(row.getCell(nameAt).value))) out.push(n);
    });
    for (const n of out.reverse()) sheet.spliceRows(n, 1);
    const before = await dishes(alpha);
    const betaBefore = await dishes(beta);
    const n = before.length;

    await page.locator('#f-file').setInputFiles({
      name: 'alpha-dishes.xlsx',
      mimeType: XLSX,
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await page.locator('input[name="prune"]').check();
    await page.getByRole('button', { name: 'Preview the changes' }).click();
    await page.waitForLoadState('domcontentloaded');
    assert.match(
      await page.locator('.notice').first().innerText(),
      new RegExp(`would delete ${n - 2} of the ${n} dishes of the menu`),
    );
    const deleted = await page.locator('ul.deletions[data-kind="items"] li strong').allInnerTexts();
    // Named in the panel's language: every dish but the two, once each.
    assert.equal(deleted.length, n - 2);
    assert.ok(deleted.includes('Caprese') && deleted.includes('Mushroom risotto'), deleted.join(', '));
    assert.equal(await page.locator('ul.deletions[data-kind="sections"]').count(), 0, 'its sections are all listed');
    assert.deepEqual(await seriousViolations(page), []);
    assert.deepEqual(await dishes(alpha), before, 'the preview writes nothing');
    await page.getByLabel(`Yes, delete ${n - 2} of ${n} dishes`).check();
    await page.getByRole('button', { name: 'Apply these changes' }).click();
    await page.waitForURL(/\/admin\/import\?applied=1$/);
    assert.deepEqual(
      (await dishes(alpha)).map((d) => d.name),
      ['Tiramisù', 'Caffè'],
    );
    assert.deepEqual(await dishes(beta), betaBefore, 'the other restaurant is untouched');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a prune of every dish shows the counts and waits for the tick', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/import`);
    const before = await dishes(alpha);
    await page.locator('#f-file').setInputFiles({
      name: 'empty.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"sections":[]}'),
    });
    await page.locator('input[name="prune"]').check();
    await page.getByRole('button', { name: 'Preview the changes' }).click();
    await page.waitForLoadState('domcontentloaded');
    const n = before.length;
    assert.match(await page.locator('.notice').first().innerText(), new RegExp(`every dish of the menu \\(${n}\\)`));
    const tick = page.getByLabel(`Yes, delete ${n} of ${n} dishes`);
    assert.equal(await tick.isChecked(), false);
    // Unticked, the browser does not send the form (the tick is required): nothing is deleted.
    await page.getByRole('button', { name: 'Apply these changes' }).click();
    assert.equal(await page.locator('#f-confirm-delete').evaluate((el: HTMLInputElement) => el.validity.valid), false);
    assert.deepEqual(await dishes(alpha), before);
    await context.close();
  });
});
