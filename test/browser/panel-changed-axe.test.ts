// The menu at a day and time chosen on a phone (a lunch-only section there on Monday at 13:00, not
// on Saturday night), and axe at 390 and 1366 px on the other pages issue 31 changed: the history with a list change
// (added and removed marks), the menu at a day and time, a dish and a section after a save (what
// diners see), and the staff page with a pending invitation.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { invite } from '../../src/accounts/users/invitations.js';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { createCategory } from '../../src/resources/categories/service.js';
import { createItem, updateItem } from '../../src/resources/items/service.js';
import { createFixtureTenant } from '../fixtures.js';
import type { TestApp } from '../helper.js';
import { type BrowserBed, browserBed, CHROMIUM, seriousViolations, signInWithForm } from '../panel/browser.js';
import { OWNER } from '../panel/setup.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('axe on the pages issue 31 changed', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let paths: string[];
  before(async () => {
    bed = await browserBed();
    ({ t, browser, base } = bed);
    const { alpha, owner: ownerId } = bed;
    await createFixtureTenant(t.db.db, 'beta', 'Beta');
    const dish = await t.db.db
      .selectFrom('items')
      .selectAll()
      .where('tenant_id', '=', alpha)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await writeMenu(t.app, alpha, { via: 'import', userId: ownerId, tokenId: null, tokenName: null }, (w) =>
      updateItem(w, dish.id, { allergens: ['latte'], allergen_traces: ['sesamo'], price: 12.5 }),
    );
    // A lunch-only section (Monday to Friday, 12:00–15:00) for the menu at a day and time.
    await writeMenu(t.app, alpha, CLI_ACTOR, async (w) => {
      const lunch = await createCategory(w, {
        name: { it: 'Pranzo di lavoro', en: 'Business lunch' },
        menu_type: 'standard',
        time_visibility_enabled: true,
        time_start: '12:00',
        time_end: '15:00',
        weekdays: [1, 2, 3, 4, 5],
      });
      await createItem(w, { category_id: lunch, name: { it: 'Menu del giorno', en: 'Set menu' }, price: 14 });
    });
    await invite(
      t.db.db,
      alpha,
      { email: 'waiter@alpha.test', name: '', role: 'staff', invitedBy: ownerId },
      Date.now(),
    );
    paths = [
      '/admin/history',
      '/admin/history?field=allergens',
      '/admin/preview?day=2026-11-30&time=13:00',
      `/admin/menu/dishes/${dish.id}?saved=1`,
      `/admin/menu/sections/${dish.category_id}?saved=1`,
      '/admin/staff',
      '/admin/import',
    ];
  });
  after(() => bed?.close());

  test('on a phone, the owner picks a day and time and sees the menu diners will see then', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'it-IT' });
    const page = await context.newPage();
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    const frameShows = async (text: string) =>
      (await page.frameLocator('iframe.moment-preview').locator('main').textContent())?.includes(text) ?? false;
    for (const [day, time, shown] of [
      ['2026-11-30', '13:00', true], // a Monday at lunch
      ['2026-11-28', '21:30', false], // a Saturday night
    ] as const) {
      await page.goto(`${base}/admin/preview`);
      await page.locator('#f-day').fill(day);
      await page.locator('#f-time').fill(time);
      await page.locator('form.preview-moment button[type="submit"]').click();
      await page.waitForURL((url) => url.searchParams.get('day') === day);
      await page.frameLocator('iframe.moment-preview').locator('main').waitFor();
      assert.equal(await frameShows('Menu del giorno'), shown, `${day} ${time}`);
      assert.equal(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        true,
        'no sideways scroll at 390 px',
      );
    }
    await context.close();
  });

  test('nothing serious at 390 and 1366 px', async () => {
    const found: string[] = [];
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'it-IT' });
      const page = await context.newPage();
      await signInWithForm(page, base, OWNER.email, OWNER.password);
      for (const path of paths) {
        await page.goto(`${base}${path}`);
        for (const v of await seriousViolations(page)) found.push(`${width}px ${path}: ${v.id} ${v.help}`);
      }
      await context.close();
    }
    assert.deepEqual(found, []);
  });
});
