// Sign-up in Chromium at 390 px on the base address (http://localhost:<port>/): the address is
// proposed from the name and checked as typed, the country's proposals follow the choice, the
// form is sent after a person's pause; the link (read from the server log, as without SMTP_URL)
// opens the confirmation, which signs the owner in. No sideways scroll; axe at 390 and 1366 px on
// every new page; no script error or CSP refusal.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, logCapture, type TestApp } from '../helper.js';
import { CHROMIUM, launchChromium, seriousViolations, sideScroll, watchProblems } from '../panel/browser.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('sign-up in Chromium', { skip }, () => {
  let t: TestApp;
  let browser: Browser;
  let port: number;
  const logged = logCapture();
  before(async () => {
    // PORT as the server would have it: the address check and the mailed link name it.
    t = await createTestApp('sqlite', { logLevel: 'info' }, { logStream: logged.stream });
    await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test('the form at 390 px: address proposed and checked as typed, country proposals; the link confirms and signs in', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const found: string[] = [];
    const axe = async (where: string) => {
      for (const v of await seriousViolations(page)) found.push(`${where}: ${v.id} ${v.help}`);
      assert.ok((await sideScroll(page)) <= 0, `${where} fits 390 px`);
    };
    await page.goto(`http://localhost:${port}/`);
    assert.equal(await page.locator('h1').textContent(), 'Put your menu online');
    await axe('390 form');
    await page.getByLabel('Restaurant name').fill('Trattoria Dà Mario');
    await page.waitForFunction(() => (document.querySelector('[name="slug"]') as HTMLInputElement).value !== '');
    assert.equal(await page.getByLabel('Address of your menu').inputValue(), 'trattoria-da-mario');
    await page.waitForSelector(`#slug-status:text("trattoria-da-mario.localhost:3000 is available.")`);
    await page.getByLabel('Address of your menu').fill('alpha');
    await page.waitForSelector('#slug-status:text("This address is taken. Try another.")');
    await page.getByLabel('Address of your menu').fill('admin');
    await page.waitForSelector('#slug-status:text("This word is kept for the service. Try another.")');
    await page.getByLabel('Address of your menu').fill('da-mario');
    await page.waitForSelector(`#slug-status:text("da-mario.localhost:3000 is available.")`);
    await page.getByLabel('Country').selectOption('DE');
    assert.equal(
      await page.locator('#f-country-proposal').textContent(),
      'Menu in German, prices in EUR, time zone Europe/Berlin.',
    );
    await page.getByLabel('Your e-mail').fill('mario@example.test');
    await page.getByLabel('Password').fill('a-good-password');
    // A person takes a few seconds; a script posting at once is asked to look again.
    await page.waitForTimeout(3100);
    await page.getByRole('button', { name: 'Create my menu' }).click();
    await page.waitForSelector('h1:text("Check your inbox")');
    await axe('390 sent');
    const link = /http:\/\/da-mario\.localhost:\d+\/admin\/verify\?token=[A-Za-z0-9_-]{43}&lang=en/.exec(
      logged.text(),
    )?.[0];
    assert.ok(link, 'the link is in the log');
    // The link names PORT (3000 in the test's config); this server listens on another port.
    await page.goto(link.replace(/:\d+\//, `:${port}/`));
    await page.waitForSelector('h1:text("Confirm your e-mail")');
    await axe('390 confirm');
    await page.getByRole('button', { name: 'Confirm my e-mail' }).click();
    await page.waitForSelector('text=Your e-mail is confirmed.');
    assert.match(page.url(), /\/admin\?verified=1$/);
    await axe('390 overview after confirming');
    await context.close();

    const wide = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'it-IT' });
    const wpage = await wide.newPage();
    await wpage.goto(`http://localhost:${port}/`);
    assert.equal(await wpage.locator('h1').textContent(), 'Metti online il tuo menu');
    for (const v of await seriousViolations(wpage)) found.push(`1366 form (it): ${v.id} ${v.help}`);
    await wide.close();
    assert.deepEqual(found, []);
    assert.deepEqual(problems, []);
  });
});
