// Chromium for the panel's browser tests and the screenshot script: one launch per suite, a
// signed-in page, the axe-core check, and a watch for CSP violations and script errors.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createUser } from '../../src/accounts/users/service.js';
import type { BuildOptions } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, type TestApp } from '../helper.js';
import { OWNER } from './setup.js';

export const CHROMIUM = '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** A listening app with restaurant alpha and its owner (OWNER), its panel's address, and Chromium. */
export interface BrowserBed {
  t: TestApp;
  browser: Browser;
  /** `http://alpha.localhost:<port>` */
  base: string;
  alpha: number;
  /** The user id of alpha's owner (OWNER). */
  owner: number;
  close(): Promise<void>;
}

/**
 * The set-up most browser suites share: one app on a free port, the alpha fixture with its owner, one
 * Chromium. `overrides` go over the bed's config (adminRateLimit 100 000); `options` go to the app as
 * createTestApp's (a clock, a log stream). Whatever a suite adds to the database before its first
 * request (another restaurant, seeded data) it may add after this. If a step fails, the app is
 * closed before the error is thrown.
 */
export async function browserBed(
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<BrowserBed> {
  const t = await createTestApp('sqlite', { adminRateLimit: 100_000, ...overrides }, options);
  try {
    const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
    const owner = await createUser(t.db.db, alpha, OWNER);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://alpha.localhost:${(t.app.server.address() as AddressInfo).port}`;
    const browser = await launchChromium();
    return {
      t,
      browser,
      base,
      alpha,
      owner,
      close: async () => {
        await browser.close();
        await t.close();
      },
    };
  } catch (err) {
    await t.close();
    throw err;
  }
}

/**
 * Collects what would show in the console as a problem: script errors and anything the CSP
 * refused. A form answered 4xx (a refused sign-in, a 422 with field errors) is logged by Chromium
 * as a failed load; that is the answer the test expects, not a problem.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => {
    if (
      msg.type() === 'error' &&
      !/^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())
    ) {
      problems.push(msg.text());
    }
  });
  return problems;
}

/** Signs in through the form, like a person would. */
export async function signInWithForm(page: Page, base: string, email: string, password: string, next?: string) {
  await page.goto(`${base}/admin/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('form[action="/admin/login"] button[type="submit"]').click();
  await page.waitForLoadState('domcontentloaded');
}

let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page and returns the serious and critical violations. axe is evaluated
 * through the DevTools protocol, so the page's own CSP (no inline script) stays as it is.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const result = (await page.evaluate(
    `(async () => { ${axeSource}; const r = await axe.run(document, { resultTypes: ['violations'] }); return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })); })()`,
  )) as AxeViolation[];
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** How far the page scrolls sideways (0 or less: it fits the viewport's width). */
export const sideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Pairs of things drawn over each other inside `root`: every visible control, picture and run of
 * text, by its boxes (each line of a wrapped link is a box of its own), where neither holds the
 * other. A 1 px touch is not an overlap; visually hidden text (a 1 px clip) is not drawn.
 */
export const overlaps = (page: Page, root = 'main') =>
  page.evaluate((rootSelector) => {
    const scope = document.querySelector(rootSelector);
    if (!scope) return [`no ${rootSelector}`];
    const drawn = [...scope.querySelectorAll('*')].filter((el) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
      return (
        el.matches('input, select, textarea, button, img, svg, canvas, video') ||
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())
      );
    });
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const found: string[] = [];
    for (let i = 0; i < drawn.length; i++) {
      for (let j = i + 1; j < drawn.length; j++) {
        const [a, b] = [drawn[i]!, drawn[j]!];
        if (a.contains(b) || b.contains(a)) continue;
        const hit = [...a.getClientRects()].some((r) =>
          [...b.getClientRects()].some(
            (s) =>
              Math.min(r.right, s.right) - Math.max(r.left, s.left) > 1 &&
              Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 1,
          ),
        );
        if (hit) found.push(`${name(a)} × ${name(b)}`);
      }
    }
    return found;
  }, root);
