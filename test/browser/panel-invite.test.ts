// Inviting a waiter in Chromium at 390 px: the owner sends the invitation from the staff page, the
// link (read from the server log, as without SMTP_URL) opens the page where the waiter chooses a
// password, then signs in; no sideways scroll; axe at 390 and 1366 px on both pages.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createFixtureTenant } from '../fixtures.js';
import { logCapture, type TestApp } from '../helper.js';
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

describe('staff invitation in Chromium', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const logged = logCapture();
  before(async () => {
    bed = await browserBed({ logLevel: 'info' }, { logStream: logged.stream });
    ({ t, browser, base } = bed);
    await createFixtureTenant(t.db.db, 'beta', 'Beta');
  });
  after(() => bed?.close());

  const sideScroll = (page: import('playwright-core').Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  test('the owner invites, the waiter chooses a password and signs in; axe at 390 and 1366 px', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/staff`);
    await page.getByLabel('E-mail', { exact: true }).fill('waiter@alpha.test');
    await page.getByLabel('Role').selectOption('staff');
    assert.equal(
      await page.getByLabel('Send them an invitation by e-mail (they choose their password)').isChecked(),
      true,
    );
    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    await page.waitForSelector('text=Invitation sent to waiter@alpha.test');
    assert.ok((await sideScroll(page)) <= 0, 'staff page fits 390 px');
    const found: string[] = [];
    for (const v of await seriousViolations(page)) found.push(`390 staff: ${v.id} ${v.help}`);
    // Without SMTP_URL the mail, link included, is in the server log.
    const link = /\/admin\/invitation\?token=[A-Za-z0-9_-]{43}/.exec(logged.text())?.[0];
    assert.ok(link, 'the link is in the log');
    const waiter = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const wpage = await waiter.newPage();
    await wpage.goto(`${base}${link}`);
    for (const v of await seriousViolations(wpage)) found.push(`390 invitation: ${v.id} ${v.help}`);
    assert.ok((await sideScroll(wpage)) <= 0, 'invitation page fits 390 px');
    await wpage.getByLabel('New password', { exact: true }).fill('waiter-password-1');
    await wpage.getByLabel('New password again').fill('waiter-password-1');
    await wpage.getByRole('button', { name: 'Create my account' }).click();
    await wpage.waitForURL(/\/admin\/login\?reset=1/);
    await signInWithForm(wpage, base, 'waiter@alpha.test', 'waiter-password-1');
    await wpage.goto(`${base}/admin/menu`);
    assert.equal(await wpage.locator('h1').first().textContent(), 'Menu');
    await waiter.close();
    await context.close();
    const wide = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
    const wp = await wide.newPage();
    await signInWithForm(wp, base, OWNER.email, OWNER.password);
    await wp.goto(`${base}/admin/staff`);
    for (const v of await seriousViolations(wp)) found.push(`1366 staff: ${v.id} ${v.help}`);
    await wide.close();
    assert.deepEqual(found, []);
    assert.deepEqual(problems, []);
  });
});
