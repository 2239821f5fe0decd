// Opening hours in a few taps, in Chromium at 390 px: an ordinary week (Monday to Saturday lunch
// and dinner, Sunday closed) takes at most 8 inputs, counted here (each fill, choice and click);
// "Copy to every day" and the closed switch; no sideways scroll; axe at 390 and 1366 px.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
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

describe('opening hours in Chromium', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  before(async () => {
    bed = await browserBed();
    ({ t, browser, base } = bed);
    await createFixtureTenant(t.db.db, 'beta', 'Beta');
  });
  after(() => bed?.close());

  const weekly = async (host = 'alpha') =>
    (await call(t.app, { url: '/api/v1/restaurant', host })).json.data.opening_hours.weekly as {
      weekday: number;
      ranges: { opens: string; closes: string }[];
    }[];
  const signedIn = async (width: number) => {
    const context = await browser.newContext({ viewport: { width, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    await page.goto(`${base}/admin/settings`);
    return { context, page, problems };
  };
  /** Every input the owner makes goes through here, so the test can count them. */
  const counted = (page: Page) => {
    let inputs = 0;
    return {
      fill: async (label: string, value: string) => {
        inputs++;
        await page.getByLabel(label, { exact: true }).fill(value);
      },
      choose: async (label: string, value: string) => {
        inputs++;
        await page.getByLabel(label, { exact: true }).selectOption(value);
      },
      press: async (name: string) => {
        inputs++;
        await page.getByRole('button', { name, exact: true }).click();
      },
      get count() {
        return inputs;
      },
    };
  };
  const lunchAndDinner = [
    { opens: '12:00', closes: '15:00' },
    { opens: '19:00', closes: '23:00' },
  ];

  test('an ordinary week in at most 8 inputs: days, four times, Apply, Save', async () => {
    const { context, page, problems } = await signedIn(390);
    const owner = counted(page);
    await owner.choose('Days', 'mon_sat');
    await owner.fill('First range: opens', '12:00');
    await owner.fill('First range: closes', '15:00');
    await owner.fill('Second range: opens', '19:00');
    await owner.fill('Second range: closes', '23:00');
    await owner.press('Apply to these days');
    // The days below now say it, before anything is saved.
    assert.equal(await page.getByLabel('Saturday: opens (second range)').inputValue(), '19:00');
    assert.equal(await page.getByLabel('Closed (Sunday)').isChecked(), true);
    assert.equal(await page.getByLabel('Sunday: opens', { exact: true }).isDisabled(), true);
    await owner.press('Save');
    await page.waitForURL(/saved=1/);
    assert.ok(owner.count <= 8, `${owner.count} inputs`);
    const week = await weekly();
    assert.deepEqual(
      week.map((d) => d.ranges),
      [lunchAndDinner, lunchAndDinner, lunchAndDinner, lunchAndDinner, lunchAndDinner, lunchAndDinner, []],
    );
    assert.deepEqual(await weekly('beta'), [], 'the other restaurant untouched');
    const width = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(width <= 0, `${width} px of sideways scroll`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('"Copy to every day" and the closed switch', async () => {
    const { context, page, problems } = await signedIn(390);
    const owner = counted(page);
    await owner.fill('Monday: opens', '18:00');
    await owner.fill('Monday: closes', '22:30');
    await owner.fill('Monday: opens (second range)', '');
    await owner.fill('Monday: closes (second range)', '');
    await owner.press('Copy to every day (Monday’s hours)');
    assert.equal(await page.getByLabel('Closed (Sunday)').isChecked(), false);
    assert.equal(await page.getByLabel('Sunday: closes', { exact: true }).inputValue(), '22:30');
    await page.getByLabel('Closed (Tuesday)').check();
    await owner.press('Save');
    await page.waitForURL(/saved=1/);
    const week = await weekly();
    const evening = [{ opens: '18:00', closes: '22:30' }];
    assert.deepEqual(
      week.map((d) => d.ranges),
      [evening, [], evening, evening, evening, evening, evening],
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('axe finds nothing serious on the settings page at 390 and 1366 px', async () => {
    const found: string[] = [];
    for (const width of [390, 1366]) {
      const { context, page } = await signedIn(width);
      for (const v of await seriousViolations(page)) found.push(`${width}px: ${v.id} ${v.help}`);
      await context.close();
    }
    assert.deepEqual(found, []);
  });
});
