// Admin API /api/v1/admin/categories: the flat list and its filters, one section, creating sections and sub-sections, parent rules (the CRUD contract is in crud.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bumpMenuVersion } from '../../src/accounts/tenants/repo.js';
import { dialects } from '../helper.js';
import { CATEGORY_KEYS } from '../wire-keys.js';

/** The admin API adds the point-of-sale system's `external_id` and `updated_at` to the public shape. */
const SECTION_KEYS = [...CATEGORY_KEYS, 'external_id', 'updated_at'].sort();

import { menuSuite, NOT_FOUND } from './menu-suite.js';

for (const dialect of dialects) {
  describe(`admin categories (${dialect})`, () => {
    const { suite, restaurant, rows } = menuSuite(dialect, 'cat', '/api/v1/admin/categories');

    test('GET lists every section flat in menu order, inactive and out-of-window included, with items, types and children', async () => {
      const r = await restaurant();
      await suite()
        .db.db.updateTable('categories')
        .set({ is_active: 0 })
        .where('tenant_id', '=', r.id)
        .where('name_translations', 'like', '%"Dolci"%')
        .execute();
      await bumpMenuVersion(suite().db.db, r.id);

      const res = await r.admin('GET', '');
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.success, true);
      assert.deepEqual(
        res.json.data.map((s: any) => s.name),
        ['Antipasti', 'Primi', 'Aperitivo', 'Dolci', 'Vini', 'Rossi'],
      );
      const { generated_at, ...meta } = res.json.meta;
      assert.match(generated_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      assert.deepEqual(meta, { locale: 'it', total: 6, page: 1, per_page: 50, last_page: 1 });

      const byName = Object.fromEntries(res.json.data.map((s: any) => [s.name, s]));
      for (const s of res.json.data) {
        assert.deepEqual(Object.keys(s).sort(), SECTION_KEYS, s.name);
        assert.equal(typeof s.id, 'number');
        assert.equal(typeof s.display_order, 'number');
        assert.equal(typeof s.is_active, 'boolean');
        assert.equal(typeof s.show_subcategories, 'boolean');
        assert.equal(typeof s.time_visibility_enabled, 'boolean');
      }
      assert.equal(byName.Dolci.is_active, false);
      assert.equal(byName.Aperitivo.time_visibility_enabled, true);
      assert.equal(byName.Aperitivo.time_start, '17:00');
      assert.equal(byName.Aperitivo.time_end, '20:00');
      // The owner sees inactive dishes too.
      assert.deepEqual(
        byName.Antipasti.items.map((i: any) => i.name),
        [`Bruschetta ${r.label}`, 'Caprese', 'Fiori fritti'],
      );
      assert.equal(byName.Antipasti.items[2].is_active, false);
      assert.deepEqual(
        byName.Primi.types.map((x: any) => x.name),
        ['Pasta', 'Risotti'],
      );
      assert.deepEqual(
        byName.Vini.children.map((c: any) => c.name),
        ['Rossi'],
      );
      assert.deepEqual(byName.Vini.children[0].children, []);
      assert.equal(byName.Rossi.parent_id, byName.Vini.id);
      assert.equal(byName.Rossi.menu_type, 'wine');
      assert.deepEqual(byName.Rossi.children, []);
      assert.equal(byName.Rossi.items[0].winery.name, `Cantina ${r.label}`);

      // The diner, at the same moment, sees neither the inactive nor the closed section.
      const publicNames = (await r.pub('/categories')).json.data.map((s: any) => s.name);
      assert.deepEqual(publicNames, ['Antipasti', 'Vini', 'Primi']);
    });

    test('GET filters with parent_id (0 = top level) and menu_type, paginates, follows ?locale= and rejects bad values', async () => {
      const r = await restaurant();
      const all = await r.sections();
      const names = async (query: string) => {
        const res = await r.admin('GET', query);
        assert.equal(res.statusCode, 200, `${query}: ${res.body}`);
        return res.json.data.map((s: any) => s.name);
      };
      assert.deepEqual(await names('?parent_id=0'), ['Antipasti', 'Primi', 'Aperitivo', 'Dolci', 'Vini']);
      assert.deepEqual(await names(`?parent_id=${all.Vini.id}`), ['Rossi']);
      assert.deepEqual(await names(`?parent_id=${all.Primi.id}`), []);
      assert.deepEqual(await names('?menu_type=wine'), ['Vini', 'Rossi']);
      assert.deepEqual(await names('?menu_type=standard'), ['Antipasti', 'Primi', 'Aperitivo', 'Dolci']);
      assert.deepEqual(await names('?menu_type=wine&parent_id=0'), ['Vini']);

      const page = await r.admin('GET', '?per_page=2&page=3');
      assert.deepEqual(
        page.json.data.map((s: any) => s.name),
        ['Vini', 'Rossi'],
      );
      assert.equal(page.json.meta.total, 6);
      assert.equal(page.json.meta.last_page, 3);
      assert.deepEqual((await r.admin('GET', '?per_page=2&page=4')).json.data, []);

      const en = await r.admin('GET', '?locale=en&parent_id=0');
      assert.equal(en.json.meta.locale, 'en');
      // Aperitivo has only Italian: it falls back.
      assert.deepEqual(
        en.json.data.map((s: any) => s.name),
        ['Starters', 'First courses', 'Aperitivo', 'Desserts', 'Wines'],
      );

      for (const [query, field] of [
        ['?parent_id=-1', 'parent_id'],
        ['?parent_id=abc', 'parent_id'],
        ['?menu_type=beer', 'menu_type'],
        ['?per_page=0', 'per_page'],
        ['?page=0', 'page'],
      ]) {
        const bad = await r.admin('GET', query);
        assert.equal(bad.statusCode, 422, query);
        assert.equal(bad.json.success, false);
        assert.deepEqual(Object.keys(bad.json.errors), [field], query);
        assert.equal(bad.json.message, bad.json.errors[field][0]);
      }
      const beer = await r.admin('GET', '?menu_type=beer');
      assert.equal(beer.json.message, 'Il valore scelto per il campo menu type non è valido.');
    });

    test('GET /{id} answers one section with items, types and children, sub-sections too; unknown ids are 404', async () => {
      const r = await restaurant();
      const all = await r.sections();
      const vini = await r.admin('GET', `/${all.Vini.id}?locale=en`);
      assert.equal(vini.statusCode, 200);
      assert.equal(vini.json.meta.locale, 'en');
      assert.equal(vini.json.data.name, 'Wines');
      assert.deepEqual(
        vini.json.data.children.map((c: any) => c.name),
        ['Reds'],
      );
      const rossi = await r.admin('GET', `/${all.Rossi.id}`);
      assert.equal(rossi.json.data.name, 'Rossi');
      assert.equal(rossi.json.data.parent_id, all.Vini.id);
      assert.deepEqual(rossi.json.data.children, []);
      assert.equal(rossi.json.data.items[0].name, 'Barolo');
      const primi = await r.admin('GET', `/${all.Primi.id}`);
      assert.deepEqual(primi.json.data, all.Primi);
      // Out of its window, the owner still reads it.
      assert.equal((await r.admin('GET', `/${all.Aperitivo.id}`)).statusCode, 200);
      assert.equal((await r.pub(`/categories/${all.Aperitivo.id}`)).statusCode, 404);

      for (const id of ['999999', 'abc', '0', '-1']) {
        const missing = await r.admin('GET', `/${id}`);
        assert.equal(missing.statusCode, 404, id);
        assert.deepEqual(missing.json, NOT_FOUND);
      }
    });

    test('POST creates a top-level section: 201, the object in the envelope, defaults, last in order, public at once', async () => {
      const r = await restaurant();
      const etagBefore = (await r.pub('/menu')).headers.etag;
      const res = await r.admin('POST', '', { name: { it: 'Contorni', en: 'Sides' } });
      assert.equal(res.statusCode, 201);
      assert.equal(res.json.success, true);
      assert.equal(res.json.meta.locale, 'it');
      const { id, updated_at, ...rest } = res.json.data;
      assert.equal(typeof id, 'number');
      assert.match(updated_at, /^\d{4}-\d{2}-\d{2}T/);
      assert.deepEqual(rest, {
        external_id: null,
        parent_id: null,
        menu_type: 'standard',
        name: 'Contorni',
        name_translations: { it: 'Contorni', en: 'Sides' },
        notes: null,
        notes_translations: {},
        // The fixture's top-level sections use 10..50: a new one goes last.
        display_order: 60,
        is_active: true,
        show_subcategories: false,
        time_visibility_enabled: false,
        time_start: null,
        time_end: null,
        weekdays: [],
        date_from: null,
        date_to: null,
        set_price: null,
        items: [],
        types: [],
        children: [],
      });

      // Stored, and read back the same.
      const read = await r.admin('GET', `/${id}`);
      assert.deepEqual(read.json.data, res.json.data);
      const row = (await rows('categories', r.id)).find((s) => s.id === id)!;
      assert.equal(row.parent_id, null);
      assert.equal(row.display_order, 60);
      assert.equal(Number(row.is_active), 1);
      assert.deepEqual(JSON.parse(row.name_translations), { it: 'Contorni', en: 'Sides' });

      // The diner sees it on the very next request.
      assert.deepEqual(
        (await r.pub('/categories?locale=en')).json.data.map((s: any) => s.name),
        ['Starters', 'Wines', 'First courses', 'Desserts', 'Sides'],
      );
      const menu = await r.pub('/menu');
      assert.deepEqual(
        menu.json.data.sections.map((s: any) => s.name),
        ['Antipasti', 'Primi', 'Dolci', 'Contorni', 'Vini', 'Rossi'],
      );
      assert.notEqual(menu.headers.etag, etagBefore);

      // A second one goes after it; ?locale= picks the answer's language; explicit values are kept.
      const second = await r.admin('POST', '?locale=en', {
        name: { it: 'Bevande', en: 'Drinks' },
        notes: 'Solo bottiglie',
        display_order: 5,
        is_active: false,
        show_subcategories: true,
      });
      assert.equal(second.statusCode, 201);
      assert.equal(second.json.meta.locale, 'en');
      assert.equal(second.json.data.name, 'Drinks');
      assert.equal(second.json.data.notes, 'Solo bottiglie');
      assert.equal(second.json.data.display_order, 5);
      assert.equal(second.json.data.is_active, false);
      assert.equal(second.json.data.show_subcategories, true);
      const third = await r.admin('POST', '', { name: { it: 'Caffetteria' } });
      assert.equal(third.json.data.display_order, 70);
      // Inactive: listed for the owner, not for the diner.
      assert.equal((await r.sections()).Bevande.is_active, false);
      assert.ok(!(await r.pub('/categories')).json.data.some((s: any) => s.name === 'Bevande'));
    });

    test('POST a sub-section under a wine section: the parent menu_type wins, last among its siblings', async () => {
      const r = await restaurant();
      const all = await r.sections();
      const res = await r.admin('POST', '', {
        name: { it: 'Bianchi', en: 'Whites' },
        parent_id: all.Vini.id,
        menu_type: 'standard',
      });
      assert.equal(res.statusCode, 201);
      assert.equal(res.json.data.parent_id, all.Vini.id);
      assert.equal(res.json.data.menu_type, 'wine');
      assert.equal(res.json.data.display_order, all.Rossi.display_order + 10);
      assert.deepEqual(res.json.data.children, []);
      const row = (await rows('categories', r.id)).find((s) => s.id === res.json.data.id)!;
      assert.equal(row.menu_type, 'wine');

      const vini = await r.admin('GET', `/${all.Vini.id}`);
      assert.deepEqual(
        vini.json.data.children.map((c: any) => c.name),
        ['Rossi', 'Bianchi'],
      );
      // Public: under Vini in /categories, after Rossi (and still after every standard section) in /menu.
      const publicVini = (await r.pub(`/categories/${all.Vini.id}?locale=en`)).json.data;
      assert.deepEqual(
        publicVini.children.map((c: any) => c.name),
        ['Reds', 'Whites'],
      );
      assert.deepEqual(
        (await r.pub('/menu')).json.data.sections.map((s: any) => s.name),
        ['Antipasti', 'Primi', 'Dolci', 'Vini', 'Rossi', 'Bianchi'],
      );
      // Without menu_type it is forced just the same.
      const rosati = await r.admin('POST', '', { name: { it: 'Rosati' }, parent_id: all.Vini.id });
      assert.equal(rosati.json.data.menu_type, 'wine');
    });

    test('the parent must be an existing top-level section of the same tenant (else 422 on parent_id)', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const all = await r.sections();
      const otherTop = (await other.sections()).Antipasti.id;
      const before = await rows('categories', r.id);
      const invalid = 'Il valore scelto per il campo parent id non è valido.';
      for (const parent of [all.Rossi.id, 999999, otherTop]) {
        const res = await r.admin('POST', '', { name: { it: 'Nuova' }, parent_id: parent });
        assert.equal(res.statusCode, 422, String(parent));
        assert.deepEqual(res.json, { success: false, message: invalid, errors: { parent_id: [invalid] } });
      }
      const zero = await r.admin('POST', '', { name: { it: 'Nuova' }, parent_id: 0 });
      assert.equal(zero.statusCode, 422);
      assert.deepEqual(zero.json.errors, { parent_id: ['Parent id deve essere almeno 1.'] });
      // A section is not its own parent.
      const self = await r.admin('PUT', `/${all.Dolci.id}`, { parent_id: all.Dolci.id });
      assert.equal(self.statusCode, 422);
      assert.deepEqual(self.json.errors, { parent_id: [invalid] });
      // An update cannot move a section under another tenant's section either.
      const foreign = await r.admin('PATCH', `/${all.Dolci.id}`, { parent_id: otherTop });
      assert.equal(foreign.statusCode, 422);
      assert.deepEqual(foreign.json.errors, { parent_id: [invalid] });
      assert.deepEqual(await rows('categories', r.id), before);
    });

    test('a section with sub-sections cannot get a parent; an empty top-level one can and takes its menu_type', async () => {
      const r = await restaurant();
      const all = await r.sections();
      const res = await r.admin('PUT', `/${all.Vini.id}`, { parent_id: all.Antipasti.id });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json.errors, { parent_id: ['Il valore scelto per il campo parent id non è valido.'] });
      const vini = await r.admin('GET', `/${all.Vini.id}`);
      assert.equal(vini.json.data.parent_id, null);
      assert.equal(vini.json.data.children.length, 1);

      const moved = await r.admin('PUT', `/${all.Dolci.id}`, { parent_id: all.Vini.id });
      assert.equal(moved.statusCode, 200);
      assert.equal(moved.json.data.parent_id, all.Vini.id);
      assert.equal(moved.json.data.menu_type, 'wine');
      assert.deepEqual(
        (await r.admin('GET', `/${all.Vini.id}`)).json.data.children.map((c: any) => c.name),
        ['Rossi', 'Dolci'],
      );
      // Moved back to the top level it keeps its values.
      const back = await r.admin('PATCH', `/${all.Dolci.id}`, { parent_id: null, menu_type: 'standard' });
      assert.equal(back.statusCode, 200);
      assert.equal(back.json.data.parent_id, null);
      assert.equal(back.json.data.menu_type, 'standard');
      assert.equal(back.json.data.items.length, 2);
    });

    test("another tenant's section ids filter nothing and change nothing", async () => {
      const a = await restaurant();
      const b = await restaurant();
      const bSections = await b.sections();
      // A's list filtered by B's parent id is empty; B's sub-section cannot be moved under A's section.
      assert.deepEqual((await a.admin('GET', `?parent_id=${bSections.Vini.id}`)).json.data, []);
      const moved = await a.admin('PUT', `/${bSections.Rossi.id}`, { parent_id: (await a.sections()).Vini.id });
      assert.equal(moved.statusCode, 404);
      assert.deepEqual(moved.json, NOT_FOUND);
      assert.deepEqual(await b.sections(), bSections);
    });
  });
}
