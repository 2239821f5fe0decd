// Option groups and set menus on the public page in a real browser (Chromium, 390 px, German): a
// dish with two groups reads as two short lines under it, a set menu as one offer at 15 €, nothing overflows, and the instant allergen filter
// keeps a dish whose excluded allergen is only in an add-on, saying what to leave out, and hides
// one whose required choice always has it — the same as the server's ?exclude=.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { NOON_UTC } from '../fixtures.js';
import type { TestApp } from '../helper.js';
import { type BrowserBed, browserBed, CHROMIUM } from '../panel/browser.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed (apt-get install -y chromium; .ci/run does it)';

describe('option groups and set menus on the page in Chromium', { skip }, () => {
  let bed: BrowserBed;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const ids: Record<string, number> = {};
  before(async () => {
    bed = await browserBed({ publicRateLimit: 1000, adminRateLimit: 1000 }, { now: () => NOON_UTC });
    ({ t, browser, base } = bed);
    const tenant = bed.alpha;
    const token = await tokenFor(t.db.db, tenant, ['menu:read', 'menu:write']);
    const admin = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => {
      const res = await adminCall(t.app, token, { method, url: `/api/v1/admin${url}`, host: 'alpha', body });
      assert.ok(res.statusCode < 300, res.body);
      return res.json.data;
    };
    const dishes = (await admin('GET', '/items?per_page=100')) as { id: number; name: string }[];
    ids.bruschetta = dishes.find((d) => d.name.startsWith('Bruschetta'))!.id;
    ids.coffee = dishes.find((d) => d.name === 'Caffè')!.id;
    const addOns = await admin('POST', '/option-groups', { name: { it: 'Aggiunte', de: 'Extras' }, max_choices: 3 });
    await admin('POST', '/options', {
      group_id: addOns.id,
      name: { it: 'Burrata' },
      price_change: 3,
      allergens: ['latte'],
    });
    await admin('POST', '/options', {
      group_id: addOns.id,
      name: { it: 'Acciughe', de: 'Sardellen' },
      price_change: 1.5,
      allergens: ['pesce'],
    });
    const bread = await admin('POST', '/option-groups', {
      name: { it: 'Pane', de: 'Brot' },
      min_choices: 1,
      max_choices: 1,
    });
    await admin('POST', '/options', { group_id: bread.id, name: { it: 'Casereccio', de: 'Hausbrot' } });
    await admin('POST', '/options', {
      group_id: bread.id,
      name: { it: 'Senza glutine', de: 'Glutenfrei' },
      price_change: 1,
      allergens: ['soia'],
    });
    await admin('PUT', `/items/${ids.bruschetta}`, { option_group_ids: [bread.id, addOns.id] });
    const milk = await admin('POST', '/option-groups', {
      name: { it: 'Latte', de: 'Milch' },
      min_choices: 1,
      max_choices: 1,
    });
    await admin('POST', '/options', {
      group_id: milk.id,
      name: { it: 'Latte intero', de: 'Vollmilch' },
      allergens: ['latte'],
    });
    await admin('PUT', `/items/${ids.coffee}`, { option_group_ids: [milk.id] });
    const setMenu = await admin('POST', '/categories', {
      name: { it: 'Menu del giorno', de: 'Tagesmenü' },
      notes: { it: 'Un primo, un secondo, acqua e caffè', de: 'Ein erster Gang, ein zweiter Gang, Wasser und Kaffee' },
      set_price: 15,
    });
    ids.setMenu = setMenu.id;
    await admin('POST', '/items', { category_id: setMenu.id, name: { it: 'Lasagne' }, price: 0 });
    await admin('POST', '/items', { category_id: setMenu.id, name: { it: 'Scaloppine', de: 'Schnitzel' }, price: 0 });
  });
  after(() => bed?.close());

  test('at 390 px in German: a dish with two groups, one line each, and a set menu at 15 €; the filter counts the add-ons', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    await page.goto(`${base}/?lang=de`);
    const bruschetta = page.locator(`li.dish[data-item-id="${ids.bruschetta}"]`);
    const lines = bruschetta.locator('.opt-group');
    assert.equal(await lines.count(), 2);
    // What the eye reads (the allergens' names are there for screen readers only).
    const seen = (i: number) =>
      lines.nth(i).evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        for (const sr of copy.querySelectorAll('.sr')) sr.remove();
        return copy.textContent?.replace(/\s+/g, ' ');
      });
    assert.equal(await seen(0), 'Brot (1 wählen): Hausbrot, Glutenfrei 6 +1,00 €');
    assert.equal(await seen(1), 'Extras (bis zu 3): Burrata 7 +3,00 €, Sardellen 4 +1,50 €');
    assert.match((await lines.nth(1).locator('.sr').first().textContent()) ?? '', /Milch/);
    for (const i of [0, 1]) {
      const box = (await lines.nth(i).boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `line ${i} inside the screen`);
    }
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing overflows');
    assert.equal(await bruschetta.locator('.ask-without').isVisible(), false);
    // The set menu: one offer at its price, what it includes, the dishes as the choices without prices.
    const set = page.locator(`section[data-section-id="${ids.setMenu}"]`);
    assert.equal((await set.locator('h2').innerText()).replace(/\u00a0/g, ' '), 'Tagesmenü — 15,00 €');
    assert.equal(await set.locator('.notes').innerText(), 'Ein erster Gang, ein zweiter Gang, Wasser und Kaffee');
    assert.equal(await set.locator('.set-choices').innerText(), 'Zur Auswahl:');
    assert.deepEqual(await set.locator('li.dish .name').allInnerTexts(), ['Lasagne', 'Schnitzel']);
    assert.equal(await set.locator('.price').count(), 0);
    const heading = (await set.locator('h2').boundingBox())!;
    assert.ok(heading.x + heading.width <= 390);

    // "No milk": the bruschetta stays (leave the burrata out), the coffee goes (its milk is required).
    await page.locator('details.filters > summary').click();
    await page.locator('input[name="exclude"][value="latte"]').check();
    await page.waitForFunction(
      (id) => document.querySelector<HTMLElement>(`li.dish[data-item-id="${id}"]`)?.hidden === true,
      ids.coffee,
    );
    assert.equal(await bruschetta.isVisible(), true);
    assert.equal(await bruschetta.locator('.ask-without').innerText(), 'Bestellen Sie ohne: Burrata');
    // Soy too: the bread still has a choice without either; the note names both add-ons to leave out.
    await page.locator('input[name="exclude"][value="soia"]').check();
    assert.equal(await bruschetta.isVisible(), true);
    assert.equal(await bruschetta.locator('.ask-without').innerText(), 'Bestellen Sie ohne: Glutenfrei, Burrata');
    // The same as the server says for the same address.
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('exclude'), 'soia,latte');
    await page.goto(url.toString());
    assert.equal(await page.locator(`li.dish[data-item-id="${ids.coffee}"]`).count(), 0);
    assert.equal(
      await page.locator(`li.dish[data-item-id="${ids.bruschetta}"] .ask-without`).innerText(),
      'Bestellen Sie ohne: Glutenfrei, Burrata',
    );
    // Unticking brings back the coffee and hides the note.
    await page.locator('details.filters > summary').click();
    await page.locator('input[name="exclude"][value="latte"]').uncheck();
    await page.locator('input[name="exclude"][value="soia"]').uncheck();
    assert.equal(await page.locator(`li.dish[data-item-id="${ids.bruschetta}"] .ask-without`).isVisible(), false);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
