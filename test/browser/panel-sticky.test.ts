// The sticky save bar never covers a focused field, on every panel page that has one: the pages are
// found by following the panel's own links from the overview (one page per route shape: a dish, a webhook, a
// section, settings, an option group, a new sub-category…), plus the signed-out forms; on each, at 390 and
// 1366 px, tabbing through every field of each form whose buttons stick to the bottom of the screen
// (`form.stack > .actions:last-child`, panel.css), each focused field is drawn wholly above the bar.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { insertEndpoint } from '../../src/features/webhooks/repo.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { type BrowserBed, browserBed, CHROMIUM, signInWithForm } from '../panel/browser.js';
import { OWNER } from '../panel/setup.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

/** A page's route shape: ids as `:id`, no query (one page of each shape is enough). */
const shapeOf = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/:id');

/** Files, not pages: downloads and the public menu's pictures. */
const FILE = /\.(csv|json|xlsx|pdf|png|svg|ics)$|\/assets\//;

/**
 * Every panel page reached from `start` by its links (a page once, whatever its query), then the
 * first of each route shape: every dish is visited to find what only some link to, one is checked.
 */
async function crawl(page: Page, base: string, start: string): Promise<string[]> {
  const visited = new Set<string>();
  const shapes = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0 && visited.size < 200) {
    const path = queue.shift()!;
    const bare = path.split('?')[0]!;
    if (visited.has(bare)) continue;
    visited.add(bare);
    const res = await page.goto(`${base}${path}`);
    if (!res || res.status() >= 400 || !(res.headers()['content-type'] ?? '').startsWith('text/html')) continue;
    if (!shapes.has(shapeOf(bare))) shapes.set(shapeOf(bare), path);
    const links = await page.$$eval('a[href^="/admin"]:not([download])', (as) =>
      as.map((a) => a.getAttribute('href')!.split('#')[0]!),
    );
    for (const link of links) if (!FILE.test(link.split('?')[0]!)) queue.push(link);
  }
  return [...shapes.values()];
}

/** Forms of the page whose buttons stick to the bottom of the screen. */
const stickyForms = (page: Page) =>
  page.$$eval('form.stack > .actions:last-child', (bars) =>
    bars
      .map((bar, i) => {
        bar.parentElement!.setAttribute('data-sticky-form', String(i));
        return getComputedStyle(bar).position === 'sticky' ? i : -1;
      })
      .filter((i) => i >= 0),
  );

/** Tabs through a form's fields from its first one; says each focused field drawn under its bar. */
async function coveredFields(page: Page, form: string): Promise<string[]> {
  const fields = page.locator(`${form} :is(input:not([type=hidden]), select, textarea)`);
  const count = await fields.count();
  if (count === 0) return [];
  await fields.first().focus();
  const covered: string[] = [];
  // Each field once (radios of one group are one Tab stop; a field may hold buttons: twice as many Tabs at most).
  for (let i = 0; i < count * 2; i++) {
    const hit = await page.evaluate((sel) => {
      const el = document.activeElement as HTMLElement | null;
      const bar = document.querySelector(`${sel} > .actions:last-child`) as HTMLElement | null;
      if (!el || !bar?.parentElement?.contains(el)) return null;
      if (bar!.contains(el) || el.offsetParent === null) return '';
      const box = el.getBoundingClientRect();
      const top = bar!.getBoundingClientRect().top;
      return box.bottom > top + 1 && box.top < window.innerHeight
        ? `${el.id || el.getAttribute('name')}: ${Math.round(box.bottom)} > ${Math.round(top)}`
        : '';
    }, form);
    if (hit === null) break; // focus left the form: every field was visited
    if (hit) covered.push(hit);
    await page.keyboard.press('Tab');
  }
  return covered;
}

describe('the sticky save bar in Chromium', { skip }, () => {
  let bed: BrowserBed;
  before(async () => {
    bed = await browserBed();
    // An option group with an option, so that their pages are reached too.
    const token = await tokenFor(bed.t.db.db, bed.alpha);
    const post = (url: string, body: object) =>
      adminCall(bed.t.app, token, { method: 'POST', url: `/api/v1/admin/${url}`, host: 'alpha', body });
    const group = await post('option-groups', { name: { it: 'Aggiunte' }, max_choices: 2 });
    assert.equal(group.statusCode, 201, group.body);
    const option = await post('options', {
      group_id: JSON.parse(group.body).data.id,
      name: { it: 'Bufala' },
      price_change: 2,
    });
    assert.equal(option.statusCode, 201, option.body);
    // A webhook, so that its own page (deliveries, rotate, test) is reached too.
    await insertEndpoint(
      bed.t.db.db,
      bed.alpha,
      { url: 'https://pos.alpha.test/hooks/menu', events: ['menu.updated'], secret: 'whsec_test' },
      new Date().toISOString(),
    );
  });
  after(() => bed?.close());

  test('on every panel form with a sticky bar, at 390 and 1366 px, no focused field is under the bar', async () => {
    const covered: string[] = [];
    const checked: string[] = [];
    const crawled = new Set<string>();
    for (const [width, height] of [
      [390, 700],
      [1366, 768],
    ] as const) {
      const context = await bed.browser.newContext({ viewport: { width, height }, locale: 'en-GB' });
      const page = await context.newPage();
      // Signed out: the sign-in and password-recovery forms.
      const signedOut = ['/admin/login', '/admin/password/forgot'];
      await signInWithForm(page, bed.base, OWNER.email, OWNER.password);
      const signedIn = await crawl(page, bed.base, '/admin');
      for (const path of signedIn) crawled.add(shapeOf(path.split('?')[0]!));
      await page.context().clearCookies();
      for (const [paths, signIn] of [
        [signedOut, false],
        [signedIn, true],
      ] as const) {
        if (signIn) await signInWithForm(page, bed.base, OWNER.email, OWNER.password);
        for (const path of paths) {
          await page.goto(`${bed.base}${path}`);
          for (const i of await stickyForms(page)) {
            checked.push(`${width} ${path} #${i}`);
            for (const hit of await coveredFields(page, `form[data-sticky-form="${i}"]`))
              covered.push(`${width} px ${path}: ${hit}`);
          }
        }
      }
      await context.close();
    }
    // Every kind of page was visited, those without a sticky bar too (a webhook's own page, the lists).
    for (const shape of ['/admin/webhooks', '/admin/webhooks/:id', '/admin/api-tokens', '/admin/staff', '/admin/qr'])
      assert.ok(crawled.has(shape), `${shape} crawled (crawled: ${[...crawled].join(', ')})`);
    const pages = new Set(checked.map((c) => c.split(' ')[1]!.replace(/\/\d+(?=\/|$)/g, '/:id')));
    // The crawl found the editors and single forms (a broken crawl must not pass by finding nothing).
    for (const shape of [
      '/admin/settings',
      '/admin/theme',
      '/admin/menu/dishes/:id',
      '/admin/menu/sections/:id',
      '/admin/menu/wineries/:id',
      '/admin/menu/subcategories/:id',
      '/admin/menu/option-groups/:id',
      '/admin/menu/options/:id',
      '/admin/login',
    ])
      assert.ok(pages.has(shape), `${shape} checked (checked: ${[...pages].join(', ')})`);
    assert.ok(pages.size >= 15, `${pages.size} pages with a sticky bar: ${[...pages].join(', ')}`);
    assert.deepEqual(covered, []);
  });
});
