// Every panel page fits a 390 px phone: no page scrolls sideways (document scrollWidth measured in
// Chromium), with rows in every list (a token, a webhook with a long address, a pending
// invitation, history entries), signed in as the owner and signed out for the public pages.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { invite } from '../../src/accounts/users/invitations.js';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { insertEndpoint } from '../../src/features/webhooks/repo.js';
import { updateItem } from '../../src/resources/items/service.js';
import { createFixtureTenant } from '../fixtures.js';
import type { TestApp } from '../helper.js';
import { type BrowserBed, browserBed, CHROMIUM, signInWithForm } from '../panel/browser.js';
import { OWNER } from '../panel/setup.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('every panel page fits 390 px', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let pages: string[];
  before(async () => {
    bed = await browserBed();
    ({ t, browser, base } = bed);
    const { alpha, owner: ownerId } = bed;
    await createFixtureTenant(t.db.db, 'beta', 'Beta');
    const endpoint = await insertEndpoint(
      t.db.db,
      alpha,
      {
        url: 'https://pos.alpha.test/hooks/a-rather-long-path/that-goes-on-and-on/menu-updated-events',
        events: ['menu.updated'],
        secret: 'whsec_test',
      },
      new Date().toISOString(),
    );
    await invite(
      t.db.db,
      alpha,
      { email: 'a.rather.long.address.waiter@alpha.test', name: 'Giulia', role: 'staff', invitedBy: ownerId },
      Date.now(),
    );
    const dish = await t.db.db
      .selectFrom('items')
      .selectAll()
      .where('tenant_id', '=', alpha)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await writeMenu(t.app, alpha, { via: 'panel', userId: ownerId, tokenId: null, tokenName: null }, (w) =>
      updateItem(w, dish.id, { allergens: ['latte', 'uova', 'cereali_glutine'], price: 12.5 }),
    );
    await writeMenu(t.app, alpha, CLI_ACTOR, (w) => updateItem(w, dish.id, { sold_out: true }));
    const winery = await t.db.db
      .selectFrom('wineries')
      .select('id')
      .where('tenant_id', '=', alpha)
      .executeTakeFirstOrThrow();
    const id = typeof endpoint === 'number' ? endpoint : (endpoint as { id: number }).id;
    pages = [
      '/admin',
      '/admin/menu',
      '/admin/menu?q=bru',
      `/admin/menu/sections/${dish.category_id}`,
      '/admin/menu/sections/new',
      `/admin/menu/dishes/${dish.id}`,
      `/admin/menu/dishes/new?section=${dish.category_id}`,
      `/admin/menu/subcategories/new?section=${dish.category_id}`,
      '/admin/menu/wineries',
      `/admin/menu/wineries/${winery.id}`,
      '/admin/settings',
      '/admin/theme',
      '/admin/account',
      '/admin/analytics',
      '/admin/api-tokens',
      '/admin/history',
      '/admin/import',
      '/admin/qr',
      '/admin/qr/sheet?tables=1-2',
      '/admin/staff',
      '/admin/webhooks',
      `/admin/webhooks/${id}`,
      '/admin/preview',
    ];
  });
  after(() => bed?.close());

  test('no page scrolls sideways at 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'it-IT' });
    const page = await context.newPage();
    const wide: string[] = [];
    const measure = async (path: string) => {
      const res = await page.goto(`${base}${path}`);
      assert.ok(res && res.status() < 400, `${path} answered ${res?.status()}`);
      const [scroll, client] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      if (scroll > client) wide.push(`${path}: ${scroll} px`);
    };
    for (const path of ['/admin/login', '/admin/password/forgot']) await measure(path);
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    for (const path of pages) await measure(path);
    await context.close();
    assert.deepEqual(wide, []);
  });
});
