// axe at 390 and 1366 px on the option groups' pages (issue 34): the list, a group with its options
// and their sold-out switches (one sold out), an option's form, a dish's form with its groups to
// tick, a set menu's section page; and nothing wider than a phone's screen at 390 px.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import type { TestApp } from '../helper.js';
import { type BrowserBed, browserBed, CHROMIUM, seriousViolations, signInWithForm } from '../panel/browser.js';
import { OWNER } from '../panel/setup.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('axe on the option groups’ pages', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let paths: string[];
  before(async () => {
    bed = await browserBed();
    ({ t, browser, base } = bed);
    await createFixtureTenant(t.db.db, 'beta', 'Beta');
    const token = await tokenFor(t.db.db, bed.alpha, ['menu:read', 'menu:write']);
    const api = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => {
      const res = await adminCall(t.app, token, { method, url: `/api/v1/admin${url}`, host: 'alpha', body });
      assert.ok(res.statusCode < 300, res.body);
      return res.json.data;
    };
    const group = await api('POST', '/option-groups', { name: { it: 'Aggiunte', en: 'Add-ons' }, max_choices: 3 });
    const burrata = await api('POST', '/options', {
      group_id: group.id,
      name: { it: 'Burrata', en: 'Burrata' },
      price_change: 3,
      allergens: ['latte'],
    });
    await api('POST', '/options', { group_id: group.id, name: { it: 'Acciughe' }, price_change: 1.5, sold_out: true });
    const [dish] = await api('GET', '/items?per_page=1');
    await api('PUT', `/items/${dish.id}`, { option_group_ids: [group.id] });
    const setMenu = await api('POST', '/categories', { name: { it: 'Menu del giorno' }, set_price: 15 });
    paths = [
      '/admin/menu/option-groups',
      `/admin/menu/option-groups/${group.id}`,
      `/admin/menu/options/${burrata.id}`,
      `/admin/menu/options/new?group=${group.id}`,
      `/admin/menu/dishes/${dish.id}`,
      `/admin/menu/sections/${setMenu.id}`,
    ];
  });
  after(() => bed?.close());

  test('nothing serious at 390 and 1366 px; nothing wider than the phone', async () => {
    const found: string[] = [];
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'it-IT' });
      const page = await context.newPage();
      await signInWithForm(page, base, OWNER.email, OWNER.password);
      for (const path of paths) {
        const res = await page.goto(`${base}${path}`);
        assert.equal(res?.status(), 200, path);
        for (const v of await seriousViolations(page)) found.push(`${width}px ${path}: ${v.id} ${v.help}`);
        if (width === 390) {
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          if (wide > 390) found.push(`390px ${path}: ${wide} px wide`);
        }
      }
      await context.close();
    }
    assert.deepEqual(found, []);
  });
});
