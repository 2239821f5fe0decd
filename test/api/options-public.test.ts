// Option groups where diners read a dish (issue 34): the public JSON carries them additively, the
// page shows them compact under the dish in the diner's language ("Extras: Burrata +3,00 €"), the
// allergen filter counts an option's allergens (a dish whose only milk is an add-on stays and says
// "ask without"; one whose required choice always has the allergen goes), the print view and the
// JSON-LD (`menuAddOn`) carry them, and the cached menu's ETag moves with every change of a group
// and when an option's sold-out mark lapses — on every dialect, with a second restaurant beside.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { priceChange } from '../../src/features/page/options.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, dialects, openTestDb, type TestDb, testConfig } from '../helper.js';

/** 21:00 in Rome (UTC+1 in November). */
const EVENING = Date.parse('2026-11-26T20:00:00Z');

test('price changes in the diner language and the restaurant currency: +, −, nothing for 0', () => {
  assert.equal(priceChange(3, 'it', 'EUR'), '+3,00\u00a0€');
  assert.equal(priceChange(3, 'de', 'EUR'), '+3,00\u00a0€');
  assert.equal(priceChange(3, 'en', 'EUR'), '+€3.00');
  assert.equal(priceChange(1.5, 'fr', 'CHF'), '+1,50\u00a0CHF');
  assert.equal(priceChange(2, 'en', 'USD'), '+$2.00');
  assert.equal(priceChange(-1.5, 'it', 'EUR'), '−1,50\u00a0€');
  assert.equal(priceChange(1000, 'de', 'EUR'), '+1.000,00\u00a0€');
  assert.equal(priceChange(0, 'es', 'EUR'), '');
});

for (const dialect of dialects) {
  describe(`option groups for diners (${dialect})`, () => {
    let db: TestDb;
    let app: FastifyInstance;
    let now = EVENING;
    let token: string;
    let betaToken: string;
    const ids: Record<string, number> = {};
    before(async () => {
      db = await openTestDb(dialect);
      app = await buildApp(testConfig({ adminRateLimit: 100000 }), { database: db, now: () => now });
      const alpha = await createFixtureTenant(db.db, 'alpha');
      const beta = await createFixtureTenant(db.db, 'beta');
      token = await tokenFor(db.db, alpha, ['menu:read', 'menu:write']);
      betaToken = await tokenFor(db.db, beta, ['menu:read', 'menu:write']);
      const admin = (method: string, url: string, body?: unknown) =>
        adminCall(app, token, { method: method as 'POST', url: `/api/v1/admin${url}`, host: 'alpha', body });
      const created = async (url: string, body: object) => {
        const res = await admin('POST', url, body);
        assert.equal(res.statusCode, 201, res.body);
        return res.json.data.id as number;
      };
      const dishes = (await admin('GET', '/items?per_page=100')).json.data as { id: number; name: string }[];
      const dish = (name: string) => dishes.find((d) => d.name.startsWith(name))!.id;
      ids.addOns = await created('/option-groups', {
        name: { it: 'Aggiunte', en: 'Add-ons', de: 'Extras' },
        max_choices: 3,
      });
      ids.burrata = await created('/options', {
        group_id: ids.addOns,
        name: { it: 'Burrata' },
        price_change: 3,
        allergens: ['latte'],
      });
      ids.anchovies = await created('/options', {
        group_id: ids.addOns,
        name: { it: 'Acciughe', de: 'Sardellen' },
        price_change: 1.5,
        allergens: ['pesce'],
      });
      ids.milk = await created('/option-groups', { name: { it: 'Latte', en: 'Milk' }, min_choices: 1, max_choices: 1 });
      await created('/options', { group_id: ids.milk, name: { it: 'Latte intero' }, allergens: ['latte'] });
      await created('/options', {
        group_id: ids.milk,
        name: { it: 'Latte di soia' },
        allergens: ['soia'],
        price_change: 0.5,
      });
      ids.hidden = await created('/option-groups', { name: { it: 'Nascosto' }, is_active: false });
      await created('/options', { group_id: ids.hidden, name: { it: 'Segreto' } });
      ids.bruschetta = dish('Bruschetta');
      ids.coffee = dish('Caffè');
      for (const [id, groups] of [
        [ids.bruschetta, [ids.addOns, ids.hidden]],
        [ids.coffee, [ids.milk]],
      ] as const) {
        const res = await admin('PUT', `/items/${id}`, { option_group_ids: groups });
        assert.equal(res.statusCode, 200, res.body);
      }
    });
    after(async () => {
      await app.close();
      await db.dispose();
    });

    const page = async (url: string, host = 'alpha') => {
      const res = await call(app, { url, host });
      assert.equal(res.statusCode, 200);
      return res.body;
    };
    const dishHtml = (body: string, id: number) => {
      const start = body.indexOf(`data-item-id="${id}"`);
      return start < 0 ? undefined : body.slice(start, body.indexOf('</li>', body.indexOf('class="tags"', start)));
    };

    test('GET /menu: a dish carries its shown groups with their options in the diner language; the rest of the dish unchanged', async () => {
      const res = await call(app, { url: '/api/v1/menu/de', host: 'alpha' });
      const dishes = res.json.data.sections.flatMap((s: { items: unknown[] }) => s.items);
      const bruschetta = dishes.find((d: { id: number }) => d.id === ids.bruschetta);
      assert.deepEqual(bruschetta.option_group_ids, [ids.addOns]);
      const [group] = bruschetta.option_groups;
      assert.equal(group.name, 'Extras');
      assert.deepEqual(
        group.options.map((o: { name: string; price_change: number; allergens: string[] }) => [
          o.name,
          o.price_change,
          o.allergens,
        ]),
        [
          ['Burrata', 3, ['latte']],
          ['Sardellen', 1.5, ['pesce']],
        ],
      );
      assert.deepEqual(bruschetta.allergens, ['cereali_glutine'], "an option's allergens stay the option's");
      const plain = dishes.find((d: { name: string }) => d.name === 'Tiramisù');
      assert.deepEqual([plain.option_group_ids, plain.option_groups], [[], []]);
      const beta = await call(app, { url: '/api/v1/menu/de', host: 'beta' });
      const betaDishes = beta.json.data.sections.flatMap((s: { items: { option_groups: unknown[] }[] }) => s.items);
      assert.ok(betaDishes.every((d: { option_groups: unknown[] }) => d.option_groups.length === 0));
    });

    test('the page in German at a glance: "Extras: Burrata +3,00 €, Sardellen +1,50 €" under the dish; a required choice says so', async () => {
      const body = await page('/?lang=de');
      const bruschetta = dishHtml(body, ids.bruschetta)!;
      const text = bruschetta
        .replace(/<span class="sr">[^<]*<\/span>/g, '')
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ');
      assert.match(text, /Extras \(bis zu 3\): Burrata 7 \+3,00 €, Sardellen 4 \+1,50 €/);
      assert.doesNotMatch(bruschetta, /Segreto/, 'an inactive group is not shown');
      assert.match(dishHtml(body, ids.coffee)!, /Latte \(1 wählen\):/);
      assert.doesNotMatch(dishHtml(body, ids.coffee)!, /ask-without"[^>]*>[^<]/, 'no note without a filter');
      const en = await page('/?lang=en');
      assert.match(dishHtml(en, ids.bruschetta)!, /Add-ons \(up to 3\):/);
      assert.match(dishHtml(en, ids.bruschetta)!, /\+€3\.00/);
    });

    test('the allergen filter counts the options: "no milk" keeps the bruschetta (ask without burrata) and the coffee (soy milk); "no milk, no soy" hides the coffee', async () => {
      const noMilk = await page('/?lang=en&exclude=latte');
      const bruschetta = dishHtml(noMilk, ids.bruschetta);
      assert.ok(bruschetta, 'the bruschetta stays');
      assert.match(bruschetta, /<p class="ask-without"[^>]*>Ask without: Burrata<\/p>/);
      assert.match(dishHtml(noMilk, ids.coffee)!, /Ask without: Latte intero/);
      assert.equal(dishHtml(noMilk, (await tiramisu()).id), undefined, 'milk in the dish itself still hides it');
      const neither = await page('/?lang=it&exclude=latte,soia');
      assert.equal(dishHtml(neither, ids.coffee), undefined, 'no milk-free and soy-free choice: hidden');
      assert.match(dishHtml(neither, ids.bruschetta)!, /Chiedi senza: Burrata/);
      const fish = await page('/?lang=it&exclude=pesce,latte');
      assert.match(dishHtml(fish, ids.bruschetta)!, /Chiedi senza: Burrata, Acciughe/);
    });
    const tiramisu = async () => {
      const res = await call(app, { url: '/api/v1/items?search=tiramisu', host: 'alpha' });
      return res.json.data[0] as { id: number };
    };

    test('the print view and the JSON-LD carry the groups (menuAddOn)', async () => {
      const print = await page('/print?lang=it');
      assert.match(dishHtml(print, ids.bruschetta)!, /Aggiunte \(fino a 3\):/);
      const body = await page('/?lang=it');
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)![1]);
      const items = ld.hasMenu.hasMenuSection.flatMap((s: { hasMenuItem: unknown[] }) => s.hasMenuItem);
      const bruschetta = items.find((i: { name: string }) => i.name.startsWith('Bruschetta'));
      assert.deepEqual(bruschetta.menuAddOn, [
        {
          '@type': 'MenuSection',
          name: 'Aggiunte',
          hasMenuItem: [
            { '@type': 'MenuItem', name: 'Burrata', offers: { '@type': 'Offer', price: '3.00', priceCurrency: 'EUR' } },
            {
              '@type': 'MenuItem',
              name: 'Acciughe',
              offers: { '@type': 'Offer', price: '1.50', priceCurrency: 'EUR' },
            },
          ],
        },
      ]);
      assert.equal(items.find((i: { name: string }) => i.name === 'Tiramisù').menuAddOn, undefined);
    });

    test('an option name changed in the default language: its other translations are "to check", and diners read the new text meanwhile', async () => {
      const put = (url: string, body: object) =>
        adminCall(app, token, { method: 'PUT', url: `/api/v1/admin${url}`, host: 'alpha', body });
      // Sardellen (de) was written for "Acciughe"; the Italian name changes to a different fish.
      assert.equal(
        (await put(`/options/${ids.anchovies}`, { name: { it: 'Alici marinate', de: 'Sardellen' } })).statusCode,
        200,
      );
      const flags = await db.db
        .selectFrom('translation_checks')
        .select(['resource', 'field', 'locale'])
        .where('resource_id', '=', ids.anchovies)
        .where('resource', '=', 'options')
        .execute();
      assert.deepEqual(
        flags.map((f) => [f.resource, f.field, f.locale]),
        [['options', 'name', 'de']],
      );
      const menu = await call(app, { url: `/api/v1/menu/de`, host: 'alpha' });
      const option = menu.json.data.sections
        .flatMap((s: { items: { option_groups: { options: { id: number; name: string }[] }[] }[] }) => s.items)
        .flatMap((d: { option_groups: { options: unknown[] }[] }) => d.option_groups)
        .flatMap((g: { options: unknown[] }) => g.options)
        .find((o: { id: number }) => o.id === ids.anchovies);
      assert.equal(option.name, 'Alici marinate', 'the flagged German text is not served');
      const owner = await adminCall(app, token, { url: `/api/v1/admin/options/${ids.anchovies}`, host: 'alpha' });
      assert.equal(owner.json.data.name_translations.de, 'Sardellen', 'owners still see what is stored');
      // Saved again in German: the flag goes and German diners read it.
      assert.equal(
        (await put(`/options/${ids.anchovies}`, { name: { it: 'Alici marinate', de: 'Marinierte Sardellen' } }))
          .statusCode,
        200,
      );
      const again = await call(app, { url: `/api/v1/items/${ids.bruschetta}?locale=de`, host: 'alpha' });
      assert.ok(
        again.json.data.option_groups[0].options.some((o: { name: string }) => o.name === 'Marinierte Sardellen'),
      );
      await put(`/options/${ids.anchovies}`, { name: { it: 'Acciughe', de: 'Sardellen' } });
    });

    test("the cached menu's ETag moves with a group's change and when an option's sold-out mark lapses; the other restaurant's stays", async () => {
      const etag = async (host = 'alpha') => (await call(app, { url: '/api/v1/menu/it', host })).headers.etag as string;
      const before = await etag();
      const beta = await etag('beta');
      const put = (url: string, body: object) =>
        adminCall(app, token, { method: 'PUT', url: `/api/v1/admin${url}`, host: 'alpha', body });
      assert.equal((await put(`/options/${ids.anchovies}`, { price_change: 2 })).statusCode, 200);
      const afterPrice = await etag();
      assert.notEqual(afterPrice, before);
      const menu = await call(app, { url: '/api/v1/menu/it', host: 'alpha' });
      const option = menu.json.data.sections
        .flatMap((s: { items: { option_groups: { options: { id: number; price_change: number }[] }[] }[] }) => s.items)
        .flatMap((d: { option_groups: { options: unknown[] }[] }) => d.option_groups)
        .flatMap((g: { options: unknown[] }) => g.options)
        .find((o: { id: number }) => o.id === ids.anchovies);
      assert.equal(option.price_change, 2);
      assert.equal(
        (await put(`/options/${ids.burrata}`, { sold_out: true, sold_out_until: '2026-11-26T21:30:00Z' })).statusCode,
        200,
      );
      const soldOut = await etag();
      assert.notEqual(soldOut, afterPrice);
      assert.match(dishHtml(await page('/?lang=it'), ids.bruschetta)!, /class="opt sold-out"/);
      now = Date.parse('2026-11-26T21:30:00Z');
      try {
        const lapsed = await etag();
        assert.notEqual(lapsed, soldOut, 'the mark lapsed: a new document');
        assert.doesNotMatch(dishHtml(await page('/?lang=it'), ids.bruschetta)!, /class="opt sold-out"/);
      } finally {
        now = EVENING;
      }
      assert.equal(await etag('beta'), beta);
      assert.ok(betaToken);
    });
  });
}
