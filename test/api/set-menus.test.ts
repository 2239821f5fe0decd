// Set menus (issue 34, point 5): a section with a price of its own is one offer — "Tagesmenü —
// 15,00 €", its notes saying what it includes, its dishes the choices (no price of their own) —
// with its own time window and weekdays like every section; the JSON, the page, the print view and
// the JSON-LD (`Offer` on the section) show it; the whole-menu document carries it. Both databases.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, dialects, openTestDb, type TestDb, testConfig } from '../helper.js';

/** Wednesday 25 November 2026, 13:00 in Rome; Saturday 28 at the same hour. */
const WEDNESDAY_LUNCH = Date.parse('2026-11-25T12:00:00Z');
const SATURDAY_LUNCH = Date.parse('2026-11-28T12:00:00Z');

for (const dialect of dialects) {
  describe(`set menus (${dialect})`, () => {
    let db: TestDb;
    let app: FastifyInstance;
    let now = WEDNESDAY_LUNCH;
    let token: string;
    let setMenu: number;
    before(async () => {
      db = await openTestDb(dialect);
      app = await buildApp(testConfig({ adminRateLimit: 100000 }), { database: db, now: () => now });
      const alpha = await createFixtureTenant(db.db, 'alpha');
      await createFixtureTenant(db.db, 'beta');
      token = await tokenFor(db.db, alpha, ['menu:read', 'menu:write']);
      const created = await admin('POST', '/categories', {
        name: { it: 'Menu del giorno', en: 'Menu of the day', de: 'Tagesmenü' },
        notes: {
          it: 'Un primo, un secondo, acqua e caffè',
          en: 'A first course, a second course, water and coffee',
          de: 'Ein erster Gang, ein zweiter Gang, Wasser und Kaffee',
        },
        set_price: 15,
        weekdays: [1, 2, 3, 4, 5],
        time_visibility_enabled: true,
        time_start: '12:00',
        time_end: '15:00',
      });
      assert.equal(created.statusCode, 201, created.body);
      setMenu = created.json.data.id;
      assert.equal(created.json.data.set_price, 15);
      for (const [it, de] of [
        ['Lasagne', 'Lasagne'],
        ['Scaloppine al limone', 'Schnitzel mit Zitrone'],
      ]) {
        const dish = await admin('POST', '/items', { category_id: setMenu, name: { it, de }, price: 0 });
        assert.equal(dish.statusCode, 201, dish.body);
      }
    });
    after(async () => {
      await app.close();
      await db.dispose();
    });
    const admin = (method: string, url: string, body?: unknown) =>
      adminCall(app, token, { method: method as 'POST', url: `/api/v1/admin${url}`, host: 'alpha', body });
    const menuSection = async (locale = 'de', host = 'alpha') => {
      const res = await call(app, { url: `/api/v1/menu/${locale}`, host });
      return res.json.data.sections.find((s: { set_price: number | null }) => s.set_price !== null);
    };

    test('the price is written and read like any field: two decimals at most, not negative, null for an ordinary section', async () => {
      for (const bad of [-1, 15.001, '15']) {
        const res = await admin('PUT', `/categories/${setMenu}`, { set_price: bad });
        assert.equal(res.statusCode, 422, String(bad));
        assert.ok(res.json.errors.set_price, String(bad));
      }
      const other = await admin('POST', '/categories', { name: { it: 'Degustazione' }, set_price: 55.5 });
      assert.equal(other.json.data.set_price, 55.5);
      const cleared = await admin('PUT', `/categories/${other.json.data.id}`, { set_price: null });
      assert.equal(cleared.json.data.set_price, null);
      assert.equal((await admin('DELETE', `/categories/${other.json.data.id}`)).statusCode, 204);
      assert.equal((await admin('GET', `/categories/${setMenu}`)).json.data.set_price, 15);
    });

    test('GET /menu in German: one offer at 15 with what it includes, on weekdays at lunch only; the other restaurant has none', async () => {
      const section = await menuSection('de');
      assert.equal(section.name, 'Tagesmenü');
      assert.equal(section.set_price, 15);
      assert.equal(section.notes, 'Ein erster Gang, ein zweiter Gang, Wasser und Kaffee');
      assert.deepEqual(
        section.items.map((i: { name: string }) => i.name),
        ['Lasagne', 'Schnitzel mit Zitrone'],
      );
      assert.equal(await menuSection('de', 'beta'), undefined);
      now = SATURDAY_LUNCH;
      try {
        assert.equal(await menuSection('de'), undefined, 'not on Saturday');
      } finally {
        now = WEDNESDAY_LUNCH;
      }
    });

    test('the page and the print view: "Tagesmenü — 15,00 €", what it includes, the choices without a price', async () => {
      for (const path of ['/?lang=de', '/print?lang=de']) {
        const res = await call(app, { url: path, host: 'alpha' });
        const start = res.body.indexOf(`data-section-id="${setMenu}"`);
        assert.ok(start > 0, path);
        const part = res.body.slice(start, res.body.indexOf('</section>', start));
        const text = part.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
        assert.match(
          text,
          /Tagesmenü — 15,00 € Ein erster Gang, ein zweiter Gang, Wasser und Kaffee Zur Auswahl: Lasagne/,
          path,
        );
        assert.doesNotMatch(part, /class="price"/, `${path}: no price of their own`);
      }
      const en = await call(app, { url: '/?lang=en', host: 'alpha' });
      assert.match(en.body, /Menu of the day <span class="set-price">— €15\.00<\/span>/);
    });

    test('JSON-LD: an Offer on the section, its dishes without offers of their own', async () => {
      const res = await call(app, { url: '/?lang=it', host: 'alpha' });
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]);
      const section = ld.hasMenu.hasMenuSection.find((s: { name: string }) => s.name === 'Menu del giorno');
      assert.deepEqual(section.offers, {
        '@type': 'Offer',
        price: '15.00',
        priceCurrency: 'EUR',
        description: 'Un primo, un secondo, acqua e caffè',
      });
      assert.ok(section.hasMenuItem.every((i: { offers?: unknown }) => i.offers === undefined));
      const other = ld.hasMenu.hasMenuSection.find((s: { name: string }) => s.name === 'Antipasti');
      assert.equal(other.offers, undefined);
      assert.ok(other.hasMenuItem[0].offers);
    });

    test('the whole-menu document carries the price: export, change, import, read back', async () => {
      const doc = (await admin('GET', '/menu/export')).json.data;
      const section = doc.sections.find((s: { id: number }) => s.id === setMenu);
      assert.equal(section.set_price, 15);
      section.set_price = 16.5;
      const res = await admin('PUT', '/menu', doc);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json.data.summary.sections.updated, 1);
      assert.equal((await menuSection('it')).set_price, 16.5);
      section.set_price = 15;
      assert.equal((await admin('PUT', '/menu', doc)).statusCode, 200);
    });
  });
}
