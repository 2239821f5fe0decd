// Issue 11 "done means", in Chromium: a German tourist with a milk allergy scans the table's QR
// code, reads everything in German, hides every dish with milk (with and without JavaScript),
// sees photos; the page passes axe; the owner prints the menu (print media, the /print page).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { publicAddress } from '../../src/config.js';
import { seedDemo } from '../../src/seed/demo.js';
import { demoRestaurant } from '../../src/seed/demo-data.js';
import { createTestApp, eventually, type TestApp } from '../helper.js';
import { CHROMIUM, launchChromium, seriousViolations, watchProblems } from '../panel/browser.js';
import { decodeQr } from '../qr-decode.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed';
// What the test saw, for a person to look at after a run: under the system's temporary folder, so
// a test run leaves the checkout clean (docs/screenshots/ holds the pictures the docs show).
const SHOTS = join(tmpdir(), 'menu-test-screenshots/');

describe('what diners see, in Chromium', { skip }, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  before(async () => {
    t = await createTestApp('sqlite', { publicRateLimit: 100000 });
    await seedDemo(t.db.db, 'localhost');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://demo.localhost:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test("the table's QR code decodes to the menu address with the table", async () => {
    const page = await browser.newPage();
    const res = (await page.goto(`${base}/qr.png?table=7`))!;
    assert.equal(res.status(), 200);
    assert.equal(res.headers()['content-type'], 'image/png');
    assert.equal(await decodeQr(await res.body()), `${publicAddress(t.app.config, 'demo')}/?table=7`);
    // The SVG form and the restaurant's own code (no table), drawn by the browser, decode too.
    await page.goto(`${base}/qr.svg`);
    assert.equal(await decodeQr(await page.locator('svg').screenshot()), `${publicAddress(t.app.config, 'demo')}/`);
    await page.goto(`${base}/qr/tables?from=1&to=4`);
    assert.equal(await page.locator('figure.card').count(), 4);
    assert.equal(
      await decodeQr(await page.locator('figure.card svg').nth(2).screenshot()),
      `${publicAddress(t.app.config, 'demo')}/?table=3`,
    );
    await page.close();
  });

  test('every locale reads its own texts: cover charge, badge, notes, allergen notice, footer', async () => {
    const page = await browser.newPage();
    const s = demoRestaurant.settings;
    for (const locale of ['it', 'en', 'fr', 'de', 'es'] as const) {
      await page.goto(`${base}/?lang=${locale}`);
      const text = (v: unknown) => (v as Record<string, string>)[locale];
      assert.equal(await page.locator('header p').textContent(), text(s.cover_charge_text), locale);
      assert.equal(await page.locator('.badge').first().textContent(), text(s.recommended_label), locale);
      // The allergen notice sits behind the filter button (issue 23 point 4).
      assert.equal(await page.locator('#allergens .info > p').first().textContent(), text(s.allergen_info), locale);
      assert.ok((await page.locator('footer').textContent())?.includes(text(demoRestaurant.theme.footer_text)), locale);
      const notes = demoRestaurant.sections.find((x) => x.key === 'primi')!.notes;
      assert.ok(await page.locator('.notes', { hasText: text(notes) }).count(), locale);
    }
    await page.close();
  });

  test('without JavaScript: the filter form hides every dish with milk, the language stays', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${base}/?table=7`);
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    const before = await page.locator('li.dish').count();
    assert.ok((await page.locator('li.dish[data-allergens~="latte"]').count()) > 10);
    // The filters are behind one button, a disclosure that opens without script too.
    await page.locator('details.filters > summary').click();
    await page.locator('input[name="exclude"][value="latte"]').check();
    assert.equal(await page.locator('label', { has: page.locator('input[value="latte"]') }).textContent(), '7Milch');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await page.waitForURL(/exclude=latte/);
    assert.match(page.url(), /lang=de/);
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    assert.equal(await page.locator('li.dish[data-allergens~="latte"]').count(), 0, 'not rendered at all');
    const after = await page.locator('li.dish').count();
    assert.ok(after > 0 && after < before);
    assert.match((await page.locator('.filter-status').textContent()) ?? '', /ausgeblendete Gerichte: \d+/);
    // The button says how many filters are on.
    assert.equal(await page.locator('details.filters .count').textContent(), '1 aktiv');
    await context.close();
  });

  test('with JavaScript: one tap hides every dish with milk at once and reports allergen_filter with the table', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${base}/?table=7`);
    const visibleWithMilk = () => page.locator('li.dish[data-allergens~="latte"]:visible').count();
    assert.ok((await visibleWithMilk()) > 10);
    await page.locator('details.filters > summary').click();
    await page.locator('input[name="exclude"][value="latte"]').check();
    assert.equal(await page.locator('label', { has: page.locator('input[value="latte"]') }).textContent(), '7Milch');
    assert.equal(await visibleWithMilk(), 0);
    assert.equal(await page.locator('details.filters .count').textContent(), '1 aktiv');
    await page.locator('details.filters > summary').click();
    assert.match(page.url(), /exclude=latte/);
    // Photos: lazily loaded, AVIF chosen from the srcset, from this restaurant's /media.
    const photo = page.locator('li.dish:not([hidden]) picture img').first();
    await photo.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('li.dish:not([hidden]) picture img');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    assert.match(await photo.evaluate((img: HTMLImageElement) => img.currentSrc), /\/media\/[0-9a-f]{24}-\d+\.avif$/);
    await page.screenshot({ path: `${SHOTS}diners-de-milk-filter-390.png`, fullPage: false });
    // The search box narrows the menu as one types, accents and case ignored.
    await page.locator('#menu-search').fill('gemuse');
    assert.deepEqual(await page.locator('li.dish:visible .name').allTextContents(), ['Gegrilltes Gemüse']);
    await page.locator('#menu-search').fill('');
    await page.close({ runBeforeUnload: true });
    assert.deepEqual(problems, []);
    await eventually(async () => {
      await t.app.analytics.flush();
      const demo = (await t.app.tenants.lookup('demo.localhost'))!;
      const rows = await t.db.db
        .selectFrom('analytics_events')
        .selectAll()
        .where('tenant_id', '=', demo.id)
        .where('type', '=', 'allergen_filter')
        .execute();
      assert.ok(
        rows.some((r) => r.allergens === '["latte"]' && r.table_label === '7' && r.locale === 'de'),
        JSON.stringify(rows),
      );
    }, 20000);
    await context.close();
  });

  test('390×844, first screen: the name, a dish and the search without scrolling; the filters open and close by keyboard; fonts from this address', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const requests: string[] = [];
    const fontTypes: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('response', (r) => {
      if (r.url().includes('/fonts/')) fontTypes.push(`${r.status()} ${r.headers()['content-type']}`);
    });
    await page.goto(`${base}/?lang=en`);
    await page.evaluate(() => document.fonts.ready);
    const inView = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0;
        });
    assert.ok(await inView('header h1'), 'the restaurant’s name');
    assert.ok(await inView('li.dish .name'), 'a dish’s name');
    assert.ok(await inView('li.dish .price'), 'its price');
    assert.ok(await inView('#menu-search'), 'the search box');
    assert.ok(await inView('details.filters > summary'), 'the filters’ button');
    assert.equal(
      await page.locator('#f-exclude, input[name="exclude"]:visible').count(),
      0,
      'the 14 boxes wait behind it',
    );

    // The filters by keyboard: Tab reaches the button after the search; Enter opens, Enter closes,
    // Escape from inside closes and gives the focus back.
    await page.locator('#menu-search').focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.matches('details.filters > summary')), true);
    const open = () => page.locator('details.filters').evaluate((d) => (d as HTMLDetailsElement).open);
    await page.keyboard.press('Enter');
    assert.equal(await open(), true);
    assert.ok(await page.locator('input[name="exclude"][value="latte"]').isVisible());
    await page.keyboard.press('Enter');
    assert.equal(await open(), false);
    await page.keyboard.press('Space');
    assert.equal(await open(), true);
    // Open, it passes axe too (the closed page is checked below).
    assert.deepEqual(await seriousViolations(page), []);
    await page.locator('details.filters > summary').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    assert.equal(await page.locator('details.filters .count').textContent(), '1 active');
    await page.keyboard.press('Escape');
    assert.equal(await open(), false);
    assert.equal(await page.evaluate(() => document.activeElement?.matches('details.filters > summary')), true);
    assert.match(
      (await page.locator('details.filters > summary').textContent()) ?? '',
      /Allergens and diets\s*1 active/,
    );

    // The theme's font (Playfair Display) comes from this address, preloaded; nothing from elsewhere.
    const fonts = requests.filter((u) => u.includes('/fonts/'));
    assert.ok(fonts.length >= 1 && fonts.every((u) => u.startsWith(`${base}/fonts/`)), fonts.join(' '));
    assert.deepEqual(
      requests.filter((u) => !u.startsWith(base) && !u.startsWith('data:')),
      [],
    );
    assert.ok(
      await page.evaluate(() =>
        [...document.fonts].some((f) => f.family.includes('Playfair Display') && f.status === 'loaded'),
      ),
    );
    assert.equal(await page.locator('link[rel="preload"][as="font"]').count(), 2);
    assert.deepEqual([...new Set(fontTypes)], ['200 font/woff2']);

    // A tapped dish opens with its photo at the page's width, AVIF first (one the filter ticked above
    // leaves shown: the first dish with a photo has gluten, and a hidden dish cannot be tapped).
    const withPhoto = page.locator('li.dish:not([hidden]):has(picture.thumb)').first();
    await withPhoto.locator('summary').click();
    const big = withPhoto.locator('picture.photo img');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('li.dish details[open] picture.photo img');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    assert.ok((await big.evaluate((img) => img.getBoundingClientRect().width)) >= 340);
    assert.match(await big.evaluate((img: HTMLImageElement) => img.currentSrc), /\/media\/[0-9a-f]{24}-640\.avif$/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('sections below the first screen are drawn when reached: a section link, find in page and scrolling back still work', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${base}/?lang=en`);
    // content-visibility: auto (the phone's first load lays out the first screen only).
    const drawn = (selector: string) =>
      page.locator(selector).evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
    assert.equal(await drawn('main section[data-section-id] li.dish >> nth=0'), true, 'the first dish is drawn');
    assert.equal(await drawn('main section[data-section-id] h2 >> nth=-1'), false, 'the last section waits');
    // The last section's link brings its heading on screen, under the sticky bar, drawn.
    const link = page.locator('nav.sections a').last();
    const target = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.waitForFunction((hash) => location.hash === hash, target);
    const heading = page.locator(`${target} h2`);
    const box = async () => heading.evaluate((h) => h.getBoundingClientRect().top);
    const barBottom = await page.locator('nav.sections').evaluate((n) => n.getBoundingClientRect().bottom);
    await eventually(async () => {
      const top = await box();
      assert.ok(top >= barBottom && top < 844 - 40, `heading at ${top}, the bar ends at ${barBottom}`);
      assert.equal(await drawn(`${target} h2`), true);
    }, 3000);
    // Scrolling back up draws the sections above: what the diner looks at does not jump.
    const before = await box();
    await page.mouse.wheel(0, -600);
    await eventually(
      async () => assert.ok(Math.abs((await box()) - before - 600) <= 2, `${before} → ${await box()}`),
      3000,
    );
    // The browser's find reaches a dish of a section not drawn yet.
    await page.evaluate(() => window.scrollTo(0, 0));
    const lastDish = page.locator('li.dish .name').last();
    const name = ((await lastDish.textContent()) ?? '').trim();
    await page.waitForFunction(
      () => ![...document.querySelectorAll('li.dish .name')].at(-1)?.checkVisibility({ contentVisibilityAuto: true }),
    );
    assert.equal(
      await page.evaluate((text) => (window as unknown as { find: (s: string) => boolean }).find(text), name),
      true,
      name,
    );
    await eventually(async () => {
      const top = await lastDish.evaluate((el) => el.getBoundingClientRect().top);
      assert.ok(top >= 0 && top < 844, `found at ${top}`);
    }, 3000);
    await page.close();
  });

  test('axe finds nothing serious or critical on the page and the printable menu', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    for (const path of ['/?lang=de', '/print?lang=de']) {
      await page.goto(`${base}${path}`);
      assert.deepEqual(await seriousViolations(page), [], path);
    }
    await page.close();
  });

  test('print: controls gone, every description and the allergen legend on paper', async () => {
    const page = await browser.newPage({ viewport: { width: 794, height: 1123 } });
    await page.goto(`${base}/?lang=de`);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('nav.sections').isVisible(), false);
    assert.equal(await page.locator('form.filter').isVisible(), false);
    assert.equal(await page.locator('.legend li').count(), 14);
    assert.ok(await page.locator('.legend').isVisible());
    // Every section on paper, those never scrolled to on screen (content-visibility) included.
    assert.deepEqual(
      await page.evaluate(
        () =>
          [...document.querySelectorAll('main section[data-section-id] > :first-child, footer > h2')].filter(
            (el) => !el.checkVisibility({ contentVisibilityAuto: true }) || el.getBoundingClientRect().height === 0,
          ).length,
      ),
      0,
    );
    await page.screenshot({ path: `${SHOTS}diners-print-de.png`, fullPage: false });
    await page.goto(`${base}/print?lang=de`);
    assert.equal(await page.locator('li.dish details:not([open])').count(), 0, 'every dish open');
    assert.ok(await page.locator('li.dish .description').first().isVisible());
    const pdf = await page.pdf({ format: 'A4' });
    assert.ok(pdf.length > 10_000);
    await page.close();
  });
});
