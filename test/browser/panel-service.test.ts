// During service, on a 390 px phone in a real browser (Debian's Chromium driven by playwright-core):
// a dish marked sold out from the menu's list is marked on the diner page and in the JSON and comes
// back by itself at the time given (the app's clock is injected); a price typed in place; staff
// refused on settings and tokens, by the page and by a direct POST; password recovery by e-mail
// through a real SMTP server; sign-in throttled for one address while another signs in; a form
// posted after signing out saved once signed in again. One browser, one app, for the whole file.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../src/accounts/users/service.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, type TestApp } from '../helper.js';
import { type BrowserBed, browserBed, CHROMIUM, signInWithForm, watchProblems } from '../panel/browser.js';
import { OWNER } from '../panel/setup.js';
import { smtpServer, textOf } from '../panel/smtp.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

/** 21:00 in Rome (UTC+1 in November): service is on. */
const EVENING = Date.parse('2026-11-26T20:00:00Z');
const WAITER = { email: 'waiter@alpha.test', password: 'waiter-password' };
/** The owner's credentials as the recovery test leaves them (it sets a new password). */
const OWNER_NOW = { email: OWNER.email, password: OWNER.password };

describe('service on a phone, in Chromium at 390 px', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let base: string;
  let alpha: number;
  let now = EVENING;
  before(async () => {
    smtp = await smtpServer();
    // The browser's requests come from the loopback proxy's address list: X-Forwarded-For names the client.
    bed = await browserBed(
      { trustProxy: ['127.0.0.1'], smtpUrl: smtp.url, mailFrom: 'menu@test.example' },
      { now: () => now },
    );
    ({ t, browser, base, alpha } = bed);
    await createFixtureTenant(t.db.db, 'beta', 'Beta');
    await createUser(t.db.db, alpha, { ...WAITER, role: 'staff' });
  });
  after(async () => {
    await bed?.close();
    await smtp?.close();
  });

  /** A phone-sized page from one client address, signed in as `who` (or not at all). */
  async function phone(
    who?: { email: string; password: string },
    address = '198.51.100.10',
  ): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-GB',
      extraHTTPHeaders: { 'x-forwarded-for': address },
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    if (who) await signInWithForm(page, base, who.email, who.password);
    return { context, page, problems };
  }

  const publicDish = async (id: number) =>
    (await call(t.app, { url: '/api/v1/menu/en', host: 'alpha' })).json.data.sections
      .flatMap((s: { items: { id: number }[] }) => s.items)
      .find((d: { id: number }) => d.id === id);

  const firstDish = () =>
    t.db.db.selectFrom('items').selectAll().where('tenant_id', '=', alpha).orderBy('id').executeTakeFirstOrThrow();

  test('a waiter marks a dish sold out from the menu list: on the diner page and the JSON, back at 05:00 by itself', async () => {
    now = EVENING;
    const dish = await firstDish();
    const { context, page, problems } = await phone(WAITER);
    await page.goto(`${base}/admin/menu`);
    // The panel's header and navigation leave the phone's screen to the menu (they took 224 px).
    const top = await page.evaluate(() => document.querySelector('nav.panel-nav')!.getBoundingClientRect().bottom);
    assert.ok(top <= 130, `header and navigation end at ${top} px`);
    // With script the tap is answered in place: no page load, the keyboard on the row's new button.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const row = page.locator(`#row-dishes-${dish.id}`);
    await row.getByRole('button', { name: /sold out until the end of tonight's service/ }).click();
    await row.locator('.badge.sold').waitFor();
    assert.match((await row.locator('.badge.sold').textContent()) ?? '', /sold out until 05:00/);
    assert.equal(await page.evaluate(() => 'samePage' in window), true, 'the page was not reloaded');
    assert.match(
      (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '',
      /: back on sale$/,
    );
    const marked = await publicDish(dish.id);
    assert.equal(marked.sold_out, true);
    assert.equal(marked.sold_out_until, '2026-11-27T04:00:00+00:00');

    const diner = await context.newPage();
    await diner.goto(`${base}/?lang=en`);
    const shown = diner.locator(`li.dish[data-item-id="${dish.id}"]`);
    assert.equal(await shown.getAttribute('class'), 'dish sold-out');
    assert.equal(await shown.locator('.sold-out-mark').textContent(), 'Sold out');

    // 05:00 in Rome: back on the menu without anyone touching it.
    now = Date.parse('2026-11-27T04:00:00Z');
    assert.equal((await publicDish(dish.id)).sold_out, false);
    await diner.reload();
    assert.equal(await shown.getAttribute('class'), 'dish');
    assert.equal(await shown.locator('.sold-out-mark').count(), 0);
    now = EVENING;
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a waiter fixes a price in place on the section page', async () => {
    const dish = await firstDish();
    const { context, page, problems } = await phone(WAITER);
    await page.goto(`${base}/admin/menu/sections/${dish.category_id}`);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const save = page.locator(`#row-dishes-${dish.id}`).getByRole('button', { name: /^Save the price/ });
    // A price that is not one: said under the field, what was typed kept, nothing saved.
    const before = (await publicDish(dish.id)).price;
    await page.locator(`#price-${dish.id}`).fill('twelve');
    await save.click();
    await page.locator(`#row-dishes-${dish.id} .quick-error`).waitFor();
    assert.match((await page.locator(`#row-dishes-${dish.id} .quick-error`).textContent()) ?? '', /must be a number/);
    assert.equal(await page.locator(`#price-${dish.id}`).inputValue(), 'twelve');
    assert.equal((await publicDish(dish.id)).price, before);
    await page.locator(`#price-${dish.id}`).fill('14,50');
    await save.click();
    await page.waitForFunction((id) => !document.querySelector(`#row-dishes-${id} .quick-error`), dish.id);
    assert.equal((await publicDish(dish.id)).price, 14.5);
    assert.equal(await page.locator(`#price-${dish.id}`).inputValue(), '14.50');
    assert.equal(await page.evaluate(() => 'samePage' in window), true, 'the page was not reloaded');
    // The visible switch too, its row's "hidden" badge following.
    await page.locator(`#row-dishes-${dish.id} form[action$="/visible"] button`).click();
    await page.locator(`#row-dishes-${dish.id} form[action$="/visible"] button[aria-checked="false"]`).waitFor();
    assert.equal(await page.locator(`#row-dishes-${dish.id} td .badge.off`).count(), 1);
    await page.locator(`#row-dishes-${dish.id} form[action$="/visible"] button`).click();
    await page.locator(`#row-dishes-${dish.id} form[action$="/visible"] button[aria-checked="true"]`).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
    // Without script the same form is a plain POST coming back to the row.
    const plain = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const bare = await plain.newPage();
    await signInWithForm(bare, base, WAITER.email, WAITER.password);
    await bare.goto(`${base}/admin/menu/sections/${dish.category_id}`);
    await bare.locator(`#price-${dish.id}`).fill('15');
    await bare
      .locator(`#row-dishes-${dish.id}`)
      .getByRole('button', { name: /^Save the price/ })
      .click();
    await bare.waitForURL(new RegExp(`#row-dishes-${dish.id}$`));
    assert.equal((await publicDish(dish.id)).price, 15);
    await plain.close();
  });

  test('staff are refused settings and tokens: the pages and direct POSTs answer 403, nothing changes', async () => {
    const { context, page } = await phone(WAITER);
    for (const path of ['/admin/settings', '/admin/theme', '/admin/staff', '/admin/webhooks']) {
      const res = await page.goto(`${base}${path}`);
      assert.equal(res?.status(), 403, path);
      assert.equal(
        await page.locator('main p').first().textContent(),
        'Only an owner of the restaurant can change this.',
      );
    }
    await page.goto(`${base}/admin/menu`);
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    const before = (await call(t.app, { url: '/api/v1/restaurant', host: 'alpha' })).json.data;
    // Posted straight from the page (no form on screen), as a crafted request would be.
    const post = (path: string, form: Record<string, string>) =>
      page.evaluate(
        async ([url, body]) => {
          const res = await fetch(url, { method: 'POST', body: new URLSearchParams(body) });
          return `${res.status} ${(await res.text()).includes('Only an owner of the restaurant can change this.')}`;
        },
        [path, form] as const,
      );
    // 403 for the role (the form's token is good: the refusal names owners).
    assert.equal(await post('/admin/settings', { _csrf: csrf, name: 'Taken over', is_active: '0' }), '403 true');
    assert.equal(
      await post('/admin/api-tokens', { _csrf: csrf, name: 'pos', scopes: 'menu:write', _nonce: 'x'.repeat(24) }),
      '403 true',
    );
    assert.deepEqual((await call(t.app, { url: '/api/v1/restaurant', host: 'alpha' })).json.data, before);
    const tokens = await t.db.db.selectFrom('api_tokens').select('id').where('tenant_id', '=', alpha).execute();
    assert.deepEqual(tokens, []);
    await context.close();
  });

  test('a forgotten password: a mail through SMTP, the link followed on the phone, signed in with the new one', async () => {
    const { context, page, problems } = await phone(undefined, '198.51.100.20');
    await page.goto(`${base}/admin/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.locator('.notice-success').waitFor();
    const mail = await smtp.next();
    assert.deepEqual(mail.to, [OWNER.email]);
    const mailed = /(http:\/\/alpha\.localhost(?::\d+)?\/admin\/password\/reset\?token=[A-Za-z0-9_-]{43})/.exec(
      textOf(mail.raw),
    )![1]!;
    // The mail names the configured public address; this test's server listens on its own port.
    const link = `${base}${new URL(mailed).pathname}${new URL(mailed).search}`;
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a-new-owner-pw');
    await page.getByLabel('New password again').fill('a-new-owner-pw');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.waitForURL(/\/admin\/login\?reset=1$/);
    await signInWithForm(page, base, OWNER.email, 'a-new-owner-pw');
    assert.match(page.url(), /\/admin$/);
    // The link worked once.
    assert.equal((await page.goto(link))?.status(), 410);
    OWNER_NOW.password = 'a-new-owner-pw';
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('sign-in throttled for the address that guessed, while the owner signs in from another', async () => {
    const attacker = await phone(undefined, '203.0.113.66');
    for (let i = 0; i < 5; i++) await signInWithForm(attacker.page, base, OWNER.email, `guess-${i}`);
    await signInWithForm(attacker.page, base, OWNER.email, OWNER_NOW.password);
    assert.match(
      (await attacker.page.locator('.notice-error').textContent()) ?? '',
      /^Too many failed sign-ins for this e-mail from your network\. Try again in 15 minutes, at \d\d:\d\d\.$/,
    );
    assert.match(attacker.page.url(), /\/admin\/login$/);
    const owner = await phone(OWNER_NOW, '198.51.100.30');
    assert.match(owner.page.url(), /\/admin$/, 'the right password from another address is let in');
    await attacker.context.close();
    await owner.context.close();
  });

  test('a form posted after signing out is kept through the sign-in and saved with one press', async () => {
    const dish = await firstDish();
    const { context, page, problems } = await phone(OWNER_NOW, '198.51.100.40');
    await page.goto(`${base}/admin/menu/dishes/${dish.id}`);
    // Phone first: the name and the price on the first screen, Save reachable without scrolling.
    const save = page.locator(`form[action="/admin/menu/dishes/${dish.id}"] button.primary`);
    for (const control of [page.getByLabel('Price (€)'), save]) {
      const box = (await control.boundingBox())!;
      assert.ok(box.y >= 0 && box.y + box.height <= 844, `on the first screen: ${JSON.stringify(box)}`);
    }
    // Signed out in another tab while this form is open.
    const other = await context.newPage();
    await other.goto(`${base}/admin`);
    await other.getByRole('button', { name: 'Sign out' }).click();
    await other.waitForURL(/\/admin\/login/);
    await page.getByLabel('Price (€)').fill('16,00');
    await page.locator(`form[action="/admin/menu/dishes/${dish.id}"] button.primary`).click();
    await page.locator('.notice-info').waitFor();
    assert.match((await page.locator('.notice-info').textContent()) ?? '', /Your session had ended/);
    assert.notEqual((await publicDish(dish.id)).price, 16);
    await page.getByLabel('E-mail').fill(OWNER_NOW.email);
    await page.getByLabel('Password').fill(OWNER_NOW.password);
    await page.locator('form[action="/admin/login"] button[type="submit"]').click();
    await page.getByRole('button', { name: 'Save my changes' }).click();
    await page.waitForURL(new RegExp(`/admin/menu/dishes/${dish.id}\\?saved=1$`));
    assert.equal((await publicDish(dish.id)).price, 16);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
