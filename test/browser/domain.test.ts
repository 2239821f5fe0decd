// The "Own domain" page in Chromium at 390 and 1366 px: a domain claimed, its DNS records shown
// (the long token wraps, no sideways scroll), axe without serious or critical violations.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createUser } from '../../src/accounts/users/service.js';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, type TestApp } from '../helper.js';
import {
  CHROMIUM,
  launchChromium,
  seriousViolations,
  sideScroll,
  signInWithForm,
  watchProblems,
} from '../panel/browser.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('own domain page in Chromium', { skip }, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  before(async () => {
    t = await createTestApp('sqlite', {});
    const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
    await createUser(t.db.db, alpha, { email: 'owner@alpha.test', password: 'alpha-owner-pw' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://alpha.localhost:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test('claim a domain; the records fit 390 px; axe at 390 and 1366 px', async () => {
    const found: string[] = [];
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await signInWithForm(page, base, 'owner@alpha.test', 'alpha-owner-pw');
      await page.goto(`${base}/admin/domain`);
      if (width === 390) {
        await page.getByLabel('Your domain').fill('menu.a-rather-long-restaurant-name.example');
        await page.getByRole('button', { name: 'Add the domain' }).click();
      }
      await page.waitForSelector('text=Waiting for its DNS record');
      for (const v of await seriousViolations(page)) found.push(`${width}: ${v.id} ${v.help}`);
      assert.ok((await sideScroll(page)) <= 0, `fits ${width} px`);
      assert.deepEqual(problems, []);
      await context.close();
    }
    assert.deepEqual(found, []);
  });
});
