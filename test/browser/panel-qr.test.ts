// The QR page without traps, in Chromium: typing 1-40 and pressing the PDF button at once (no
// "Show") downloads 40 cards; the next visit shows 1-40; at 1366 px no button lies over the range
// field, at 390 px nothing scrolls sideways; the HTML sheet fits 390 px and its Print button
// prints; axe at 390 and 1366 px; at 1366 px nothing on the page overlaps, with the service's
// address and with a long own domain verified (its codes and links then name the domain).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { claimDomain, verifyClaim } from '../../src/accounts/tenants/domains.js';
import { createFixtureTenant } from '../fixtures.js';
import type { TestApp } from '../helper.js';
import {
  type BrowserBed,
  browserBed,
  CHROMIUM,
  overlaps,
  seriousViolations,
  sideScroll,
  signInWithForm,
  watchProblems,
} from '../panel/browser.js';
import { OWNER } from '../panel/setup.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('QR page in Chromium', { skip }, () => {
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

  const signedIn = async (width: number) => {
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      locale: 'en-GB',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    return { context, page, problems };
  };

  test('1-40 typed and the PDF pressed at once: 40 cards; the next visit shows 1-40', async () => {
    const { context, page, problems } = await signedIn(390);
    await page.goto(`${base}/admin/qr`);
    await page.locator('#f-tables').fill('1-40');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the table cards (A4 PDF)' }).click(),
    ]);
    const pdf = readFileSync((await download.path())!);
    assert.equal((await PDFDocument.load(pdf)).getPageCount(), 10, '40 cards, four a page');
    await page.goto(`${base}/admin/qr`);
    assert.equal(await page.locator('#f-tables').inputValue(), '1-40');
    assert.equal(await page.locator('li.qr-card').count(), 40);
    assert.ok((await sideScroll(page)) <= 0, 'no sideways scroll at 390 px');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('at 1366 px no button lies over the range field, wherever the page is scrolled', async () => {
    const { context, page } = await signedIn(1366);
    await page.goto(`${base}/admin/qr?tables=1-40`);
    const field = page.locator('#f-tables');
    for (const scroll of [0, 200, 400, 800]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      await field.scrollIntoViewIfNeeded();
      const box = (await field.boundingBox())!;
      // What is drawn at the field's corners and middle is the field itself.
      const hits = await page.evaluate(
        ({ x, y, w, h }) =>
          [
            [x + 2, y + 2],
            [x + w - 2, y + 2],
            [x + w / 2, y + h / 2],
            [x + 2, y + h - 2],
            [x + w - 2, y + h - 2],
          ].map(([px, py]) => document.elementFromPoint(px, py)?.id ?? 'none'),
        { x: box.x, y: box.y, w: box.width, h: box.height },
      );
      assert.deepEqual(hits, ['f-tables', 'f-tables', 'f-tables', 'f-tables', 'f-tables'], `scrolled ${scroll}`);
    }
    await context.close();
  });

  test('the HTML sheet fits 390 px and its Print button prints', async () => {
    const { context, page, problems } = await signedIn(390);
    await page.goto(`${base}/admin/qr`);
    await page.locator('#f-tables').fill('1-4');
    await page.getByRole('button', { name: 'Open the cards as a page to print' }).click();
    await page.waitForURL(/\/admin\/qr\/sheet\?tables=1-4/);
    assert.equal(await page.locator('figure.card').count(), 4);
    assert.ok((await sideScroll(page)) <= 0, `sheet ${await sideScroll(page)} px too wide`);
    // window.print opens the browser's dialog; count the calls instead.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    assert.equal(await page.evaluate(() => (window as unknown as { printed: number }).printed), 1);
    // The fixture's logo is an address at example.test, which does not resolve here.
    assert.deepEqual(
      problems.filter((p) => !/ERR_NAME_NOT_RESOLVED/.test(p)),
      [],
    );
    await context.close();
  });

  test('axe finds nothing serious on the QR page at 390 and 1366 px', async () => {
    const found: string[] = [];
    for (const width of [390, 1366]) {
      const { context, page } = await signedIn(width);
      for (const path of ['/admin/qr', '/admin/qr?tables=a%2Fb']) {
        await page.goto(`${base}${path}`);
        for (const v of await seriousViolations(page)) found.push(`${width}px ${path}: ${v.id} ${v.help}`);
      }
      await context.close();
    }
    assert.deepEqual(found, []);
  });

  test('at 1366 px nothing on the QR page overlaps, on the service’s address and on a long own domain', async () => {
    const found: string[] = [];
    const look = async (address: string) => {
      const { context, page } = await signedIn(1366);
      await page.goto(`${base}/admin/qr?tables=1-40`);
      assert.equal(await page.locator('li.qr-card').count(), 40);
      assert.ok((await page.locator('main').innerText()).includes(`${address}/?table=40`), address);
      for (const o of await overlaps(page)) found.push(`${address}: ${o}`);
      // The check sees an overlap when there is one: a card's address pulled up over its code.
      await page.evaluate(() => {
        (document.querySelector('.qr-card p.hint') as HTMLElement).style.marginTop = '-60px';
      });
      assert.ok(
        (await overlaps(page)).some((o) => /^img .* × p\.hint/.test(o)),
        'an overlap made on purpose is seen',
      );
      await context.close();
    };
    await look(`alpha.localhost:${t.app.config.port}`);
    // The owner's domain, verified as the Own domain page does (a TXT record found).
    const domain = 'menu.trattoria-alpha-al-porto-vecchio-di-genova.example';
    assert.equal(await claimDomain(t.db.db, alpha, domain, Date.now()), undefined);
    const { token } = await t.db.db
      .selectFrom('domain_claims')
      .select('token')
      .where('tenant_id', '=', alpha)
      .executeTakeFirstOrThrow();
    const txt = async () => [[`menu-verify=${token}`]];
    assert.equal(await verifyClaim(t.db.db, alpha, domain, txt, Date.now()), 'verified');
    await t.app.tenants.reload(alpha);
    await look(`${domain}:${t.app.config.port}`);
    assert.deepEqual(found, []);
  });
});
