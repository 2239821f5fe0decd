// The sticky save bar never covers a focused field: on a 390 px phone, tabbing through every field
// of the dish and settings forms, each focused field is drawn wholly above the bar.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createUser } from '../../src/accounts/users/service.js';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, type TestApp } from '../helper.js';
import { CHROMIUM, launchChromium, signInWithForm } from '../panel/browser.js';
import { OWNER } from '../panel/setup.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('the sticky save bar in Chromium', { skip }, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let dish: number;
  before(async () => {
    t = await createTestApp('sqlite', { adminRateLimit: 100_000 });
    const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
    await createUser(t.db.db, alpha, OWNER);
    dish = (
      await t.db.db
        .selectFrom('items')
        .select('id')
        .where('tenant_id', '=', alpha)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://alpha.localhost:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test('tabbing through the dish and settings forms at 390 px: no focused field under the bar', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 700 }, locale: 'en-GB' });
    const page = await context.newPage();
    await signInWithForm(page, base, OWNER.email, OWNER.password);
    const covered: string[] = [];
    for (const path of [`/admin/menu/dishes/${dish}`, '/admin/settings']) {
      await page.goto(`${base}${path}`);
      const form = 'form.stack:has(> .actions:last-child)';
      const fields = await page.locator(`${form} :is(input:not([type=hidden]), select, textarea)`).count();
      assert.ok(fields > 5, `${path} has fields`);
      await page.locator(`${form} :is(input:not([type=hidden]), select, textarea)`).first().focus();
      for (let i = 0; i < fields; i++) {
        const hit = await page.evaluate((sel) => {
          const el = document.activeElement as HTMLElement | null;
          const bar = document.querySelector(`${sel} > .actions:last-child`) as HTMLElement | null;
          if (!el || !bar || bar.contains(el) || !bar.parentElement?.contains(el) || el.offsetParent === null)
            return '';
          const box = el.getBoundingClientRect();
          const top = bar.getBoundingClientRect().top;
          return box.bottom > top + 1 && box.top < window.innerHeight
            ? `${el.id || el.getAttribute('name')}: ${Math.round(box.bottom)} > ${Math.round(top)}`
            : '';
        }, form);
        if (hit) covered.push(`${path} ${hit}`);
        await page.keyboard.press('Tab');
      }
    }
    await context.close();
    assert.deepEqual(covered, []);
  });
});
