// The "Own domain" page in Chromium at 390 and 1366 px: a domain claimed, its DNS records shown
// (the long token wraps, no sideways scroll), axe without serious or critical violations.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  type BrowserBed,
  browserBed,
  CHROMIUM,
  seriousViolations,
  sideScroll,
  signInWithForm,
  watchProblems,
} from '../panel/browser.js';
import { OWNER } from '../panel/setup.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('own domain page in Chromium', { skip }, () => {
  let bed: BrowserBed;
  let browser: Browser;
  let base: string;
  before(async () => {
    bed = await browserBed();
    ({ browser, base } = bed);
  });
  after(() => bed?.close());

  test('claim a domain; the records fit 390 px; axe at 390 and 1366 px', async () => {
    const found: string[] = [];
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await signInWithForm(page, base, OWNER.email, OWNER.password);
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
