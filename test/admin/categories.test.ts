// Admin API /api/v1/admin/categories: list, read, create, partial update, delete, validation, scopes, tenant isolation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bumpMenuVersion } from '../../src/modules/tenants/repo.js';
import type { Scope } from '../../src/modules/tokens/scopes.js';
import { NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';
import { CATEGORY_KEYS as SECTION_KEYS } from '../wire-keys.js';
import { adminCall, restaurantMaker, tokenFor } from './tokens.js';

const NOT_FOUND = { success: false, message: 'Resource not found.' };
const NOT_EMPTY = {
  success: false,
  message: 'La sezione non può essere eliminata perché contiene piatti o sottosezioni.',
};

for (const dialect of dialects) {
  describe(`admin categories (${dialect})`, () => {
    let t: TestApp;
    // 13:00 in Rome: the fixture's Aperitivo (17:00-20:00) is out of its window.
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 }, { now: () => NOON_UTC });
    });
    after(() => t.close());

    const makeRestaurant = restaurantMaker(() => t, 'cat', '/api/v1/admin/categories');
    /** A new restaurant with the fixture menu, a token with `scopes`, and call shortcuts. */
    async function restaurant(scopes?: Scope[]) {
      const r = await makeRestaurant(scopes);
      const { admin } = r;
      /** The admin list (all sections, flat) by Italian name. */
      const sections = async (): Promise<Record<string, any>> => {
        const res = await admin('GET', '?per_page=100');
        assert.equal(res.statusCode, 200);
        return Object.fromEntries(res.json.data.map((s: any) => [s.name_translations.it, s]));
      };
      return { ...r, sections };
    }

    const dbSections = (tenantId: number) =>
      t.db.db.selectFrom('categories').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();

    test('GET lists every section flat in menu order, inactive and out-of-window included, with items, types and children', async () => {
      const r = await restaurant();
      await t.db.db
        .updateTable('categories')
        .set({ is_active: 0 })
        .where('tenant_id', '=', r.id)
        .where('name_translations', 'like', '%"Dolci"%')
        .execute();
      await bumpMenuVersion(t.db.db, r.id);

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
      assert.equal(beer.json.message, 'Menu type selezionato non è valido.');
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
      const { id, ...rest } = res.json.data;
      assert.equal(typeof id, 'number');
      assert.deepEqual(rest, {
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
        items: [],
        types: [],
        children: [],
      });

      // Stored, and read back the same.
      const read = await r.admin('GET', `/${id}`);
      assert.deepEqual(read.json.data, res.json.data);
      const row = (await dbSections(r.id)).find((s) => s.id === id)!;
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
      const row = (await dbSections(r.id)).find((s) => s.id === res.json.data.id)!;
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
      const before = await dbSections(r.id);
      const invalid = 'Parent id selezionato non è valido.';
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
      assert.deepEqual(await dbSections(r.id), before);
    });

    test('a section with sub-sections cannot get a parent; an empty top-level one can and takes its menu_type', async () => {
      const r = await restaurant();
      const all = await r.sections();
      const res = await r.admin('PUT', `/${all.Vini.id}`, { parent_id: all.Antipasti.id });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json.errors, { parent_id: ['Parent id selezionato non è valido.'] });
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

    test('a time window needs both ends in H:i format', async () => {
      const r = await restaurant();
      const before = await dbSections(r.id);
      const none = await r.admin('POST', '', { name: { it: 'Brunch' }, time_visibility_enabled: true });
      assert.equal(none.statusCode, 422);
      assert.deepEqual(none.json, {
        success: false,
        message: 'Il campo time start è richiesto. (e 1 altro errore)',
        errors: { time_start: ['Il campo time start è richiesto.'], time_end: ['Il campo time end è richiesto.'] },
      });
      const half = await r.admin('POST', '', {
        name: { it: 'Brunch' },
        time_visibility_enabled: true,
        time_start: '10:00',
      });
      assert.deepEqual(half.json, {
        success: false,
        message: 'Il campo time end è richiesto.',
        errors: { time_end: ['Il campo time end è richiesto.'] },
      });
      const late = await r.admin('POST', '', { name: { it: 'Brunch' }, time_start: '25:00' });
      assert.equal(late.statusCode, 422);
      assert.deepEqual(late.json, {
        success: false,
        message: 'Time start non corrisponde al formato H:i.',
        errors: { time_start: ['Time start non corrisponde al formato H:i.'] },
      });
      for (const value of ['9:00', '12:60', '12:00:00', 'noon', '24:00']) {
        const bad = await r.admin('POST', '', { name: { it: 'Brunch' }, time_end: value });
        assert.equal(bad.statusCode, 422, value);
        assert.deepEqual(bad.json.errors, { time_end: ['Time end non corrisponde al formato H:i.'] }, value);
      }
      assert.deepEqual(await dbSections(r.id), before);

      const ok = await r.admin('POST', '', {
        name: { it: 'Brunch' },
        time_visibility_enabled: true,
        time_start: '10:00',
        time_end: '15:00',
      });
      assert.equal(ok.statusCode, 201);
      assert.equal(ok.json.data.time_start, '10:00');
      assert.equal(ok.json.data.time_end, '15:00');
      // 13:00 in Rome: open now, so the diner sees it.
      assert.ok((await r.pub('/categories')).json.data.some((s: any) => s.name === 'Brunch'));

      // Clearing one end of an enabled window is refused and changes nothing.
      const aperitivo = (await r.sections()).Aperitivo;
      const cleared = await r.admin('PUT', `/${aperitivo.id}`, { time_start: null });
      assert.equal(cleared.statusCode, 422);
      assert.deepEqual(cleared.json.errors, { time_start: ['Il campo time start è richiesto.'] });
      assert.equal((await r.admin('GET', `/${aperitivo.id}`)).json.data.time_start, '17:00');
      // Switching the window off shows the section all day, at once.
      const off = await r.admin('PUT', `/${aperitivo.id}`, { time_visibility_enabled: false });
      assert.equal(off.statusCode, 200);
      assert.equal(off.json.data.time_visibility_enabled, false);
      assert.equal(off.json.data.time_start, '17:00');
      assert.ok((await r.pub('/categories')).json.data.some((s: any) => s.name === 'Aperitivo'));
    });

    test('PUT is partial (omitted fields keep their value), PATCH is an alias, both visible in public reads at once', async () => {
      const r = await restaurant();
      const all = await r.sections();
      const original = all.Antipasti;
      const put = await r.admin('PUT', `/${original.id}`, { notes: 'Nuove note' });
      assert.equal(put.statusCode, 200);
      assert.equal(put.json.success, true);
      // A plain string is the default locale's text (the fixture's default is Italian).
      assert.deepEqual(put.json.data, { ...original, notes: 'Nuove note', notes_translations: { it: 'Nuove note' } });
      assert.equal((await r.pub('/categories')).json.data[0].notes, 'Nuove note');

      const patch = await r.admin('PATCH', `/${original.id}`, { is_active: false, show_subcategories: true });
      assert.equal(patch.statusCode, 200);
      assert.deepEqual(patch.json.data, {
        ...original,
        notes: 'Nuove note',
        notes_translations: { it: 'Nuove note' },
        is_active: false,
        show_subcategories: true,
      });
      const row = (await dbSections(r.id)).find((s) => s.id === original.id)!;
      assert.equal(Number(row.is_active), 0);
      assert.equal(Number(row.show_subcategories), 1);
      assert.equal(row.notes, 'Nuove note');
      assert.equal(row.display_order, 10);
      // Inactive: gone from the public reads on the next request.
      assert.ok(!(await r.pub('/categories')).json.data.some((s: any) => s.id === original.id));
      assert.ok(!(await r.pub('/menu')).json.data.sections.some((s: any) => s.id === original.id));
      assert.equal((await r.pub(`/categories/${original.id}`)).statusCode, 404);

      const renamed = await r.admin('PUT', `/${original.id}?locale=en`, {
        name: { it: 'Stuzzichini', en: 'Nibbles' },
        is_active: true,
        display_order: 99,
      });
      assert.equal(renamed.json.data.name, 'Nibbles');
      assert.equal(renamed.json.data.notes, 'Nuove note');
      assert.equal(renamed.json.data.show_subcategories, true);
      assert.deepEqual(
        (await r.pub('/menu/en')).json.data.sections.map((s: any) => s.name),
        ['First courses', 'Desserts', 'Nibbles', 'Wines', 'Reds'],
      );
      // An empty body changes nothing.
      const empty = await r.admin('PUT', `/${original.id}`, {});
      assert.equal(empty.statusCode, 200);
      assert.deepEqual(empty.json.data, (await r.admin('GET', `/${original.id}`)).json.data);

      // Unknown ids are 404, for PUT and PATCH alike.
      for (const method of ['PUT', 'PATCH'] as const) {
        const missing = await r.admin(method, '/999999', { notes: 'x' });
        assert.equal(missing.statusCode, 404);
        assert.deepEqual(missing.json, NOT_FOUND);
      }
    });

    test("changing a top-level section's menu_type carries its sub-sections along", async () => {
      const r = await restaurant();
      const all = await r.sections();
      const res = await r.admin('PUT', `/${all.Vini.id}`, { menu_type: 'standard' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.data.menu_type, 'standard');
      assert.equal(res.json.data.children[0].menu_type, 'standard');
      assert.equal((await r.admin('GET', `/${all.Rossi.id}`)).json.data.menu_type, 'standard');
      const rossiRow = (await dbSections(r.id)).find((s) => s.id === all.Rossi.id)!;
      assert.equal(rossiRow.menu_type, 'standard');
      // No longer wine: /menu orders it by display_order with the others.
      assert.deepEqual(
        (await r.pub('/menu')).json.data.sections.map((s: any) => s.name),
        ['Antipasti', 'Vini', 'Rossi', 'Primi', 'Dolci'],
      );
      // A sub-section cannot leave its parent's menu_type.
      const own = await r.admin('PATCH', `/${all.Rossi.id}`, { menu_type: 'wine' });
      assert.equal(own.statusCode, 200);
      assert.equal(own.json.data.menu_type, 'standard');
      // And back.
      await r.admin('PATCH', `/${all.Vini.id}`, { menu_type: 'wine' });
      assert.deepEqual(
        (await r.admin('GET', '?menu_type=wine')).json.data.map((s: any) => s.name),
        ['Vini', 'Rossi'],
      );
    });

    test('DELETE of a section with dishes or sub-sections is refused with 422 and deletes nothing', async () => {
      const r = await restaurant();
      const all = await r.sections();
      const sectionsBefore = await dbSections(r.id);
      const itemsBefore = await t.db.db.selectFrom('items').selectAll().where('tenant_id', '=', r.id).execute();
      const typesBefore = await t.db.db.selectFrom('types').selectAll().where('tenant_id', '=', r.id).execute();
      // Antipasti and Primi hold dishes (Primi also types); Vini holds only a sub-section.
      for (const name of ['Antipasti', 'Primi', 'Vini', 'Rossi']) {
        const res = await r.admin('DELETE', `/${all[name].id}`);
        assert.equal(res.statusCode, 422, name);
        assert.deepEqual(res.json, NOT_EMPTY, name);
      }
      const en = await r.admin('DELETE', `/${all.Vini.id}`, undefined, { 'accept-language': 'en' });
      assert.deepEqual(en.json, {
        success: false,
        message: 'The section cannot be deleted because it contains dishes or subsections.',
      });
      assert.deepEqual(await dbSections(r.id), sectionsBefore);
      assert.deepEqual(
        await t.db.db.selectFrom('items').selectAll().where('tenant_id', '=', r.id).execute(),
        itemsBefore,
      );
      assert.deepEqual(
        await t.db.db.selectFrom('types').selectAll().where('tenant_id', '=', r.id).execute(),
        typesBefore,
      );
      assert.equal((await r.admin('GET', `/${all.Vini.id}`)).statusCode, 200);
    });

    test('DELETE of an empty section answers 204 with no body, takes its types along, and it is gone', async () => {
      const r = await restaurant();
      const created = (await r.admin('POST', '', { name: { it: 'Contorni' } })).json.data;
      const type = await adminCall(t.app, r.token, {
        method: 'POST',
        url: '/api/v1/admin/types',
        host: r.slug,
        body: { category_id: created.id, name: { it: 'Verdure' } },
      });
      assert.equal(type.statusCode, 201);
      assert.equal((await r.pub(`/categories/${created.id}`)).json.data.types.length, 1);

      const res = await r.admin('DELETE', `/${created.id}`);
      assert.equal(res.statusCode, 204);
      assert.equal(res.body, '');
      // The diner's very next request no longer shows it.
      assert.equal((await r.pub(`/categories/${created.id}`)).statusCode, 404);
      assert.ok(!(await r.pub('/menu')).json.data.sections.some((s: any) => s.id === created.id));
      const gone = await r.admin('GET', `/${created.id}`);
      assert.equal(gone.statusCode, 404);
      assert.deepEqual(gone.json, NOT_FOUND);
      assert.equal(
        (await dbSections(r.id)).find((s) => s.id === created.id),
        undefined,
      );
      const types = await t.db.db.selectFrom('types').selectAll().where('category_id', '=', created.id).execute();
      assert.deepEqual(types, []);
      const typeGone = await adminCall(t.app, r.token, {
        url: `/api/v1/admin/types/${type.json.data.id}`,
        host: r.slug,
      });
      assert.equal(typeGone.statusCode, 404);
      // A second delete finds nothing.
      const again = await r.admin('DELETE', `/${created.id}`);
      assert.equal(again.statusCode, 404);
      assert.deepEqual(again.json, NOT_FOUND);

      // An empty sub-section too; its parent keeps the others.
      const all = await r.sections();
      const bianchi = (await r.admin('POST', '', { name: { it: 'Bianchi' }, parent_id: all.Vini.id })).json.data;
      assert.equal((await r.admin('DELETE', `/${bianchi.id}`)).statusCode, 204);
      assert.deepEqual(
        (await r.admin('GET', `/${all.Vini.id}`)).json.data.children.map((c: any) => c.name),
        ['Rossi'],
      );
    });

    test('validation: name and name.it required, unknown fields refused, exact messages, nothing stored', async () => {
      const r = await restaurant();
      const before = await dbSections(r.id);
      const empty = await r.admin('POST', '', {});
      assert.equal(empty.statusCode, 422);
      assert.deepEqual(empty.json, {
        success: false,
        message: 'Il campo name è richiesto. (e 1 altro errore)',
        errors: { name: ['Il campo name è richiesto.'], 'name.it': ['Il campo name.it è richiesto.'] },
      });
      for (const name of [{ en: 'Sides' }, { it: '' }, {}]) {
        const res = await r.admin('POST', '', { name });
        assert.equal(res.statusCode, 422, JSON.stringify(name));
        assert.deepEqual(
          res.json,
          {
            success: false,
            message: 'Il campo name.it è richiesto.',
            errors: { 'name.it': ['Il campo name.it è richiesto.'] },
          },
          JSON.stringify(name),
        );
      }
      const foo = await r.admin('POST', '', { name: { it: 'Contorni' }, foo: 1 });
      assert.deepEqual(foo.json, {
        success: false,
        message: 'Il campo foo non è consentito.',
        errors: { foo: ['Il campo foo non è consentito.'] },
      });
      const nested = await r.admin('POST', '', { name: { it: 'Contorni', xx: 'Sides' } });
      assert.deepEqual(nested.json.errors, { 'name.xx': ['Il campo name.xx non è consentito.'] });
      const three = await r.admin('POST', '', { foo: 1 });
      assert.equal(three.json.message, 'Il campo name è richiesto. (e 2 altri errori)');
      assert.deepEqual(Object.keys(three.json.errors).sort(), ['foo', 'name', 'name.it']);
      const types = await r.admin('POST', '', {
        name: 'Contorni',
        menu_type: 'beer',
        is_active: 'yes',
        display_order: 1.5,
      });
      assert.equal(types.statusCode, 422);
      assert.deepEqual(types.json.errors, {
        name: ['Name deve essere un oggetto.'],
        menu_type: ['Menu type selezionato non è valido.'],
        display_order: ['Display order deve essere un numero intero.'],
        is_active: ['Il campo is active deve essere vero o falso.'],
      });
      // A partial update checks what it is given, unknown fields included.
      const antipasti = (await r.sections()).Antipasti.id;
      const put = await r.admin('PUT', `/${antipasti}`, { foo: 1, name: { en: 'Only English' } });
      assert.equal(put.statusCode, 422);
      assert.deepEqual(put.json.errors, {
        'name.it': ['Il campo name.it è richiesto.'],
        foo: ['Il campo foo non è consentito.'],
      });
      // English on request.
      const en = await r.admin('POST', '', {}, { 'accept-language': 'en-US,en;q=0.9' });
      assert.equal(en.json.message, 'The name field is required. (and 1 more error)');
      assert.deepEqual(en.json.errors['name.it'], ['The name.it field is required.']);
      assert.deepEqual(await dbSections(r.id), before);
    });

    test('a non-object JSON body gets a readable 400', async () => {
      const r = await restaurant();
      const res = await r.admin('POST', '', [{ name: { it: 'Contorni' } }]);
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json, { success: false, message: 'Il corpo della richiesta deve essere un oggetto JSON.' });
      const scalar = await r.admin('PUT', `/${(await r.sections()).Dolci.id}`, 42);
      assert.equal(scalar.statusCode, 400);
    });

    test('scopes: no token 401, menu:read reads but cannot write (403 before validation), other scopes 403', async () => {
      const r = await restaurant(['menu:read']);
      const all = await r.sections();
      const before = await dbSections(r.id);
      for (const [method, url] of [
        ['GET', '/api/v1/admin/categories'],
        ['GET', `/api/v1/admin/categories/${all.Vini.id}`],
        ['POST', '/api/v1/admin/categories'],
        ['PUT', `/api/v1/admin/categories/${all.Vini.id}`],
        ['DELETE', `/api/v1/admin/categories/${all.Dolci.id}`],
      ] as const) {
        const res = await call(t.app, { method, url, host: r.slug, body: method === 'POST' ? {} : undefined });
        assert.equal(res.statusCode, 401, `${method} ${url}`);
        assert.deepEqual(res.json, { success: false, message: 'Unauthenticated.' });
      }
      const bogus = await call(t.app, {
        url: '/api/v1/admin/categories',
        host: r.slug,
        headers: { authorization: 'Bearer 1|nope' },
      });
      assert.equal(bogus.statusCode, 401);

      assert.equal((await r.admin('GET', `/${all.Vini.id}`)).statusCode, 200);
      const forbidden = { success: false, message: 'Invalid ability provided.' };
      const post = await r.admin('POST', '', { name: { it: 'Contorni' } });
      assert.equal(post.statusCode, 403);
      assert.deepEqual(post.json, forbidden);
      // Scope is checked before the body: an invalid body still gets 403, not 422.
      assert.deepEqual((await r.admin('POST', '', { foo: 1 })).json, forbidden);
      assert.equal((await r.admin('PUT', `/${all.Dolci.id}`, { notes: 'x' })).statusCode, 403);
      assert.equal((await r.admin('PATCH', `/${all.Dolci.id}`, { notes: 'x' })).statusCode, 403);
      assert.equal((await r.admin('DELETE', `/${all.Dolci.id}`)).statusCode, 403);
      assert.deepEqual(await dbSections(r.id), before);

      const analytics = await tokenFor(t.db.db, r.id, ['analytics:read'], 'analytics');
      const res = await adminCall(t.app, analytics, { url: '/api/v1/admin/categories', host: r.slug });
      assert.equal(res.statusCode, 403);
      assert.deepEqual(res.json, forbidden);
    });

    test("tenant isolation: another tenant's sections are 404 and untouched; its token is 401 here", async () => {
      const a = await restaurant();
      const b = await restaurant();
      const bSections = await b.sections();
      const bDolci = bSections.Dolci;
      const aIds = new Set(Object.values(await a.sections()).map((s: any) => s.id));
      for (const s of Object.values(bSections)) assert.ok(!aIds.has((s as any).id));

      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { notes: 'hijacked' }],
        ['PATCH', { is_active: false }],
        ['DELETE', undefined],
      ] as const) {
        const res = await a.admin(method, `/${bDolci.id}`, body);
        assert.equal(res.statusCode, 404, method);
        assert.deepEqual(res.json, NOT_FOUND, method);
      }
      assert.deepEqual((await b.admin('GET', `/${bDolci.id}`)).json.data, bDolci);
      // A's list filtered by B's parent id is empty.
      assert.deepEqual((await a.admin('GET', `?parent_id=${bSections.Vini.id}`)).json.data, []);
      // B's token is not valid on A's address.
      const cross = await adminCall(t.app, b.token, { url: '/api/v1/admin/categories', host: a.slug });
      assert.equal(cross.statusCode, 401);
      assert.deepEqual(cross.json, { success: false, message: 'Unauthenticated.' });
      // A write on A leaves B's public menu as it was.
      const bMenu = (await b.pub('/menu')).json.data.sections;
      await a.admin('POST', '', { name: { it: 'Solo A' } });
      assert.deepEqual((await b.pub('/menu')).json.data.sections, bMenu);
    });
  });
}
