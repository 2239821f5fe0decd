// The admin panel in a real browser (Debian's Chromium driven by playwright-core): signing in,
// the API token lifecycle, CSRF from other sites, throttling, settings and theme, keyboard use,
// and axe-core on every page at 390 and 1366 px. One browser for the whole suite.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../src/accounts/users/service.js';
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
import { BETA_OWNER, OWNER } from '../panel/setup.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';
const PAGES = [
  '/admin',
  '/admin/menu',
  '/admin/settings',
  '/admin/theme',
  '/admin/analytics',
  '/admin/api-tokens',
  '/admin/staff',
  '/admin/account',
];

describe('admin panel in Chromium', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: (slug: string) => string;
  let alpha: number;
  before(async () => {
    bed = await browserBed();
    ({ t, browser, alpha } = bed);
    const { port } = new URL(bed.base);
    base = (slug) => `http://${slug}.localhost:${port}`;
    const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
    await createUser(t.db.db, alpha, { email: 'victim@alpha.test', password: 'victim-password', role: 'staff' });
    await createUser(t.db.db, beta, BETA_OWNER);
  });
  after(() => bed?.close());

  async function ownerPage(width = 1366): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInWithForm(page, base('alpha'), OWNER.email, OWNER.password);
    return { context, page, problems };
  }

  const tokenCount = async () =>
    (await t.db.db.selectFrom('api_tokens').select('id').where('revoked_at', 'is', null).execute()).length;

  test('sign-in: wrong password and another restaurant’s user are refused; the right one lands where asked', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${base('alpha')}/admin/staff`);
    assert.match(page.url(), /\/admin\/login\?next=%2Fadmin%2Fstaff$/);
    await signInWithForm(page, base('alpha'), OWNER.email, 'not the password', '/admin/staff');
    assert.equal(await page.locator('.notice-error').textContent(), 'The e-mail or the password is not correct.');
    await signInWithForm(page, base('alpha'), BETA_OWNER.email, BETA_OWNER.password, '/admin/staff');
    assert.equal(await page.locator('.notice-error').textContent(), 'The e-mail or the password is not correct.');
    await signInWithForm(page, base('alpha'), OWNER.email, OWNER.password, '/admin/staff');
    assert.equal(new URL(page.url()).pathname, '/admin/staff');
    assert.equal(await page.locator('h1').textContent(), 'Staff');
    const cookie = (await context.cookies()).find((c) => c.name === 'menu_session')!;
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/signed_out=1/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('tokens: no scope refused; the banner shows the token once; it works; reload shows nothing new; revoke → 401', async () => {
    const { context, page, problems } = await ownerPage();
    await page.goto(`${base('alpha')}/admin/api-tokens`);
    await page.getByLabel('Name', { exact: true }).fill('Cassa');
    await page.getByRole('button', { name: 'Generate token' }).click();
    await page.waitForLoadState('domcontentloaded');
    assert.equal(await page.locator('#f-scopes-error').textContent(), 'Tick at least one scope.');
    assert.equal(await tokenCount(), 0);

    await page.getByLabel(/^menu:read/).check();
    await page.getByRole('button', { name: 'Generate token' }).click();
    await page.waitForSelector('.banner');
    assert.match(await page.locator('.banner').innerText(), /will not be shown again/);
    const plain = await page.locator('#new-token').inputValue();
    assert.match(plain, /^\d+\|[A-Za-z0-9]{48}$/);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.waitForFunction(() => document.querySelector('.copy-status')?.textContent === 'Copied.');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), plain);
    const headers = { authorization: `Bearer ${plain}` };
    assert.equal((await call(t.app, { url: '/api/v1/admin/settings', host: 'alpha', headers })).statusCode, 200);

    await page.reload();
    await page.waitForLoadState('domcontentloaded');
    assert.equal(await page.locator('.banner').count(), 0, 'reload: no banner');
    assert.equal(await page.content().then((html) => html.includes(plain.split('|')[1])), false);
    await page.goto(`${base('alpha')}/admin/api-tokens`);
    assert.equal(await page.locator('.banner').count(), 0, 'revisit: no banner');
    assert.equal(await tokenCount(), 1, 'no second token');

    const row = page.locator('tr', { hasText: 'Cassa' });
    await row.getByRole('button', { name: 'Revoke: Cassa' }).click();
    const dialog = page.locator('dialog[open]');
    assert.match(await dialog.innerText(), /Revoke the token “Cassa”\?/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await tokenCount(), 1, 'cancel keeps it');
    await row.getByRole('button', { name: 'Revoke: Cassa' }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Revoke' }).click();
    await page.waitForURL(/revoked=/);
    assert.match(await page.locator('.notice').innerText(), /Token “Cassa” revoked\./);
    assert.equal((await call(t.app, { url: '/api/v1/admin/settings', host: 'alpha', headers })).statusCode, 401);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a POST from another site or another restaurant’s page, without the CSRF token, changes nothing', async () => {
    const { context, page } = await ownerPage();
    const target = `${base('alpha')}/admin/settings`;
    const attack = `<!doctype html><title>x</title><form method="post" action="${target}"><input name="name" value="Hacked"><input name="default_locale" value="it"><input name="supported_locales" value="it"><input name="timezone" value="Europe/Rome"></form><script>document.forms[0].submit()</script>`;
    for (const origin of ['http://attacker.test', base('beta')]) {
      await page.route(`${origin}/attack`, (route) => route.fulfill({ contentType: 'text/html', body: attack }));
      const answered = page.waitForResponse((r) => r.url() === target && r.request().method() === 'POST');
      await page.goto(`${origin}/attack`);
      const res = await answered;
      // Cross-site: no session cookie is sent (SameSite=Lax), so sign-in; same site: refused.
      assert.ok([303, 403].includes(res.status()), `${origin}: ${res.status()}`);
    }
    const api = await call(t.app, { url: '/api/v1/restaurant', host: 'alpha' });
    assert.equal(api.json.data.name, 'Osteria alpha'.replace('Osteria', 'Alpha'));
    await context.close();
  });

  test('sign-in throttling: the 6th attempt in 15 minutes is held with a clear message', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    for (let i = 0; i < 5; i++) await signInWithForm(page, base('alpha'), 'victim@alpha.test', `wrong-${i}`);
    await signInWithForm(page, base('alpha'), 'victim@alpha.test', 'victim-password');
    assert.match(
      (await page.locator('.notice-error').textContent()) ?? '',
      /^Too many failed sign-ins for this e-mail from your network\. Try again in 15 minutes, at \d\d:\d\d\.$/,
    );
    assert.match(page.url(), /\/admin\/login$/);
    await context.close();
  });

  test('settings and theme saved in the panel show on the API; the preview follows the form before saving', async () => {
    const { context, page, problems } = await ownerPage(390);
    await page.goto(`${base('alpha')}/admin/settings`);
    await page.getByLabel('Restaurant name').fill('Alpha <b>Nuova</b>');
    await page.getByLabel('Time zone').selectOption('Europe/Lisbon');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/saved=1/);
    const settings = (await call(t.app, { url: '/api/v1/restaurant', host: 'alpha' })).json.data;
    assert.equal(settings.name, 'Alpha <b>Nuova</b>');
    assert.equal(settings.timezone, 'Europe/Lisbon');
    assert.equal(await page.locator('.restaurant').textContent(), 'Alpha <b>Nuova</b>', 'shown as text');

    await page.goto(`${base('alpha')}/admin/theme`);
    const preview = page.frameLocator('#theme-preview');
    await preview.locator('h1').waitFor();
    const reloaded = page.waitForResponse(
      (r) => r.url().includes('/admin/theme/preview?') && r.url().includes('4a7b2c'),
    );
    await page.locator('#f-primary_color').fill('#4a7b2c');
    await reloaded;
    // The first heading shown (the filters' heading is folded behind their button on the page).
    await preview.locator('h2:visible').first().waitFor();
    const colour = await preview
      .locator('h2:visible')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    assert.equal(colour, 'rgb(74, 123, 44)');
    assert.equal(
      (await call(t.app, { url: '/api/v1/theme', host: 'alpha' })).json.data.primary_color,
      '#112233',
      'not saved yet',
    );
    await page.getByLabel('Layout').selectOption('compact');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/saved=1/);
    const theme = (await call(t.app, { url: '/api/v1/theme', host: 'alpha' })).json.data;
    assert.equal(theme.primary_color, '#4A7B2C');
    assert.equal(theme.layout_variant, 'compact');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('keyboard alone: skip link first, then a token is generated without a mouse', async () => {
    const { context, page } = await ownerPage();
    await page.goto(`${base('alpha')}/admin/api-tokens`);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
    await page.locator('#f-name').focus();
    await page.keyboard.type('Keyboard');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.banner');
    assert.match(await page.locator('#new-token').inputValue(), /^\d+\|/);
    await context.close();
  });

  test('axe-core finds no serious or critical violation on any panel page, at 390 and 1366 px', async () => {
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'it-IT' });
      const page = await context.newPage();
      await page.goto(`${base('alpha')}/admin/login`);
      const found: string[] = [];
      const check = async (label: string) => {
        for (const v of await seriousViolations(page))
          found.push(
            `${width}px ${label}: ${v.id} (${v.impact}) ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`,
          );
      };
      await check('/admin/login');
      await page.getByLabel('E-mail').fill(OWNER.email);
      await page.getByLabel('Password').fill(OWNER.password);
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.waitForURL(/\/admin$/);
      for (const path of PAGES) {
        await page.goto(`${base('alpha')}${path}`);
        await check(path);
      }
      // A form with errors and a one-time banner are pages too.
      await page.goto(`${base('alpha')}/admin/api-tokens`);
      await page.getByRole('button', { name: 'Genera token' }).click();
      await page.waitForSelector('.error-summary');
      await check('/admin/api-tokens (errors)');
      await page.getByLabel('Nome', { exact: true }).fill('Axe');
      await page.getByLabel(/^analytics:read/).check();
      await page.getByRole('button', { name: 'Genera token' }).click();
      await page.waitForSelector('.banner');
      await check('/admin/api-tokens (banner)');
      assert.deepEqual(found, []);
      await context.close();
    }
  });
});
