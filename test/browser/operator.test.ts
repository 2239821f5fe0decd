// The operator console in Chromium: sign-in, restaurants, a restaurant's limits, invite codes and actions at 390 and
// 1366 px with axe (no serious or critical violation), no sideways scroll of the page at 390 px
// (the wide table scrolls inside its own box), no script error or CSP refusal.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createOperator } from '../../src/panel/operator/service.js';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, type TestApp } from '../helper.js';
import { CHROMIUM, launchChromium, seriousViolations, sideScroll, watchProblems } from '../panel/browser.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('operator console in Chromium', { skip }, () => {
  let t: TestApp;
  let browser: Browser;
  let port: number;
  before(async () => {
    t = await createTestApp('sqlite', {});
    await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
    await createOperator(t.db.db, 'ops@example.test', 'operator-password');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test('sign-in, restaurants, invites and actions: axe at 390 and 1366 px', async () => {
    const found: string[] = [];
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      const problems = watchProblems(page);
      const check = async (where: string) => {
        for (const v of await seriousViolations(page)) found.push(`${width} ${where}: ${v.id} ${v.help}`);
        assert.ok((await sideScroll(page)) <= 0, `${where} fits ${width} px`);
      };
      await page.goto(`http://localhost:${port}/operator`);
      await page.waitForSelector('h1:text("Operator sign-in")');
      await check('sign-in');
      await page.getByLabel('E-mail').fill('ops@example.test');
      await page.getByLabel('Password').fill('operator-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForSelector('h1:text("Restaurants")');
      await check('restaurants');
      if (width === 390) {
        await page.getByLabel('Reason').fill('Checking');
        await page.getByRole('button', { name: 'Suspend' }).click();
        await page.waitForSelector('text=alpha is suspended.');
        await check('restaurants after a suspension');
        await page.getByRole('button', { name: 'Resume' }).click();
        await page.waitForSelector('text=alpha is served again.');
      }
      await page.getByRole('link', { name: 'Alpha alpha' }).click();
      await page.waitForSelector('h2:text("Limits")');
      await page.getByLabel('Dishes').fill('500');
      await page.getByRole('button', { name: 'Save the limits' }).click();
      await page.waitForSelector('text=Limits saved.');
      await check('limits');
      await page.getByRole('link', { name: 'Invite codes' }).click();
      await page.getByLabel('Note (for whom)').fill('Mario');
      await page.getByRole('button', { name: 'Make a code' }).click();
      await page.waitForSelector('text=New code (shown once)');
      await check('invites');
      await page.getByRole('link', { name: 'Actions' }).click();
      await page.waitForSelector('h1:text("Actions")');
      await check('actions');
      assert.deepEqual(problems, []);
      await context.close();
    }
    assert.deepEqual(found, []);
  });
});
