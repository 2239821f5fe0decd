// Admin API /api/v1/admin/types (sub-categories): listing, references, in-use rules (the CRUD contract is in crud.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bumpMenuVersion } from '../../src/accounts/tenants/repo.js';
import { dialects } from '../helper.js';
import { TYPE_KEYS as PUBLIC_TYPE_KEYS } from '../wire-keys.js';

/** The admin API adds the point-of-sale system's `external_id` and `updated_at` to the public shape. */
const TYPE_KEYS = [...PUBLIC_TYPE_KEYS, 'external_id', 'updated_at'].sort();

import { menuSuite, NOT_FOUND, withoutUpdatedAt } from './menu-suite.js';

const TYPE_IN_USE = 'La sottocategoria non può essere eliminata perché è usata da alcuni piatti.';
const BAD_CATEGORY = 'Il valore scelto per il campo category id non è valido.';

for (const dialect of dialects) {
  describe(`admin types (${dialect})`, () => {
    const { suite, restaurant, rows } = menuSuite(dialect, 'tw');

    describe('types', () => {
      test('GET lists every sub-category in menu order, inactive included; category_id filters; GET one; 404', async () => {
        const r = await restaurant();
        const s = await r.sections();
        await suite()
          .db.db.updateTable('types')
          .set({ is_active: 0 })
          .where('tenant_id', '=', r.id)
          .where('name_translations', 'like', '%"Risotti"%')
          .execute();
        await bumpMenuVersion(suite().db.db, r.id);

        const res = await r.admin('GET', '/types');
        assert.equal(res.statusCode, 200);
        const { generated_at, ...meta } = res.json.meta;
        assert.ok(generated_at);
        assert.deepEqual(meta, { locale: 'it', total: 2, page: 1, per_page: 50, last_page: 1 });
        assert.deepEqual(
          res.json.data.map((x: any) => [x.name, x.category_id, x.display_order, x.is_active]),
          [
            ['Pasta', s.Primi.id, 10, true],
            ['Risotti', s.Primi.id, 20, false],
          ],
        );
        for (const x of res.json.data) {
          assert.deepEqual(Object.keys(x).sort(), TYPE_KEYS);
          assert.equal(typeof x.id, 'number');
        }
        // The diner does not see the inactive one.
        const primi = (await r.pub(`/categories/${s.Primi.id}`)).json.data;
        assert.deepEqual(
          primi.types.map((x: any) => x.name),
          ['Pasta'],
        );

        const names = async (query: string) =>
          (await r.admin('GET', `/types${query}`)).json.data.map((x: any) => x.name);
        assert.deepEqual(await names(`?category_id=${s.Primi.id}`), ['Pasta', 'Risotti']);
        assert.deepEqual(await names(`?category_id=${s.Antipasti.id}`), []);
        assert.deepEqual(await names('?locale=en'), ['Pasta', 'Risottos']);
        assert.deepEqual(await names('?per_page=1&page=2'), ['Risotti']);
        const bad = await r.admin('GET', '/types?category_id=x');
        assert.equal(bad.statusCode, 422);
        assert.deepEqual(bad.json.errors, { category_id: ['Category id deve essere un numero intero.'] });

        const one = await r.admin('GET', `/types/${res.json.data[1].id}?locale=en`);
        assert.equal(one.statusCode, 200);
        assert.equal(one.json.meta.locale, 'en');
        assert.deepEqual(one.json.data, { ...res.json.data[1], name: 'Risottos' });
        for (const id of ['999999', 'abc']) {
          const missing = await r.admin('GET', `/types/${id}`);
          assert.equal(missing.statusCode, 404);
          assert.deepEqual(missing.json, NOT_FOUND);
        }
      });

      test('POST creates a sub-category: 201, defaults, last in its section, public at once', async () => {
        const r = await restaurant();
        const s = await r.sections();
        const res = await r.admin('POST', '/types', {
          category_id: s.Primi.id,
          name: { it: 'Gnocchi', en: 'Dumplings' },
        });
        assert.equal(res.statusCode, 201);
        assert.equal(res.json.success, true);
        const { id, ...rest } = withoutUpdatedAt(res.json.data);
        assert.equal(typeof id, 'number');
        assert.deepEqual(rest, {
          external_id: null,
          category_id: s.Primi.id,
          name: 'Gnocchi',
          name_translations: { it: 'Gnocchi', en: 'Dumplings' },
          display_order: 30,
          is_active: true,
        });
        assert.deepEqual((await r.admin('GET', `/types/${id}`)).json.data, res.json.data);
        const row = (await rows('types', r.id)).find((x) => x.id === id)!;
        assert.equal(row.category_id, s.Primi.id);
        assert.equal(row.display_order, 30);
        // Visible at once in /categories and /menu.
        const primi = (await r.pub(`/categories/${s.Primi.id}?locale=en`)).json.data;
        assert.deepEqual(
          primi.types.map((x: any) => x.name),
          ['Pasta', 'Risottos', 'Dumplings'],
        );
        const menuPrimi = (await r.pub('/menu')).json.data.sections.find((x: any) => x.id === s.Primi.id);
        assert.deepEqual(
          menuPrimi.types.map((x: any) => x.name),
          ['Pasta', 'Risotti', 'Gnocchi'],
        );
        // The first type of an empty section starts the order; explicit values are kept.
        const first = await r.admin('POST', '/types', { category_id: s.Dolci.id, name: { it: 'Torte' } });
        assert.equal(first.json.data.display_order, 10);
        const hidden = await r.admin('POST', '/types', {
          category_id: s.Dolci.id,
          name: { it: 'Gelati' },
          display_order: 1,
          is_active: false,
        });
        assert.equal(hidden.statusCode, 201);
        assert.equal(hidden.json.data.display_order, 1);
        assert.equal(hidden.json.data.is_active, false);
        assert.deepEqual(
          (await r.pub(`/categories/${s.Dolci.id}`)).json.data.types.map((x: any) => x.name),
          ['Torte'],
        );
      });

      test('category_id must name a section of the same tenant; required fields are reported', async () => {
        const r = await restaurant();
        const other = await restaurant();
        const theirs = (await other.sections()).Primi.id;
        const before = await rows('types', r.id);
        for (const categoryId of [999999, theirs]) {
          const res = await r.admin('POST', '/types', { category_id: categoryId, name: { it: 'Zuppe' } });
          assert.equal(res.statusCode, 422, String(categoryId));
          assert.deepEqual(res.json, {
            success: false,
            message: BAD_CATEGORY,
            errors: { category_id: [BAD_CATEGORY] },
          });
        }
        const empty = await r.admin('POST', '/types', {});
        assert.equal(empty.statusCode, 422);
        assert.deepEqual(empty.json, {
          success: false,
          message: 'Il campo category id è richiesto. (e 2 altri errori)',
          errors: {
            category_id: ['Il campo category id è richiesto.'],
            name: ['Il campo name è richiesto.'],
            'name.it': ['Il campo name.it è richiesto.'],
          },
        });
        const unknown = await r.admin('POST', '/types', { category_id: theirs, name: { it: 'X' }, tenant_id: 1 });
        assert.deepEqual(unknown.json.errors.tenant_id, ['Il campo tenant id non è consentito.']);
        // Moving a type into another tenant's section is refused too.
        const pasta = (await r.types()).Pasta;
        const move = await r.admin('PUT', `/types/${pasta.id}`, { category_id: theirs });
        assert.equal(move.statusCode, 422);
        assert.deepEqual(move.json.errors, { category_id: [BAD_CATEGORY] });
        assert.deepEqual(await rows('types', r.id), before);
        assert.equal((await rows('types', other.id)).length, 2);
      });

      test('PUT/PATCH are partial; an unused type moves; a type used by dishes does not move (422)', async () => {
        const r = await restaurant();
        const s = await r.sections();
        const zuppe = (await r.admin('POST', '/types', { category_id: s.Primi.id, name: { it: 'Zuppe' } })).json.data;
        const moved = await r.admin('PATCH', `/types/${zuppe.id}`, { category_id: s.Antipasti.id });
        assert.equal(moved.statusCode, 200);
        assert.deepEqual(withoutUpdatedAt(moved.json.data), {
          ...withoutUpdatedAt(zuppe),
          category_id: s.Antipasti.id,
        });
        assert.deepEqual(
          (await r.pub(`/categories/${s.Antipasti.id}`)).json.data.types.map((x: any) => x.name),
          ['Zuppe'],
        );

        const pasta = (await r.types()).Pasta;
        const cacio = await r.dish('Cacio e pepe');
        assert.equal(cacio.type_id, pasta.id);
        const refused = await r.admin('PUT', `/types/${pasta.id}`, { category_id: s.Antipasti.id });
        assert.equal(refused.statusCode, 422);
        assert.equal(refused.json.success, false);
        assert.deepEqual(Object.keys(refused.json.errors), ['category_id']);
        assert.equal(refused.json.message, refused.json.errors.category_id[0]);
        // Still where it was, and the dish still points at it.
        assert.equal((await r.admin('GET', `/types/${pasta.id}`)).json.data.category_id, s.Primi.id);
        assert.equal((await rows('types', r.id)).find((x) => x.id === pasta.id)!.category_id, s.Primi.id);
        assert.equal((await r.dish('Cacio e pepe')).type_id, pasta.id);

        // A type in use can still be renamed, and naming its own section is no move.
        const renamed = await r.admin('PUT', `/types/${pasta.id}?locale=en`, {
          category_id: s.Primi.id,
          name: { it: 'Paste', en: 'Pasta dishes' },
        });
        assert.equal(renamed.statusCode, 200);
        assert.deepEqual(withoutUpdatedAt(renamed.json.data), {
          ...withoutUpdatedAt(pasta),
          name: 'Pasta dishes',
          name_translations: { it: 'Paste', en: 'Pasta dishes' },
        });
        const publicPrimi = (await r.pub('/menu/en')).json.data.sections.find((x: any) => x.id === s.Primi.id);
        assert.deepEqual(
          publicPrimi.types.map((x: any) => x.name),
          ['Pasta dishes', 'Risottos'],
        );
        const off = await r.admin('PATCH', `/types/${pasta.id}`, { is_active: false });
        assert.deepEqual(withoutUpdatedAt(off.json.data), {
          ...withoutUpdatedAt(pasta),
          name: 'Paste',
          name_translations: renamed.json.data.name_translations,
          is_active: false,
        });
        assert.equal((await r.admin('PUT', '/types/999999', { is_active: true })).statusCode, 404);
        const bad = await r.admin('PATCH', `/types/${pasta.id}`, { category_id: 0, foo: 1 });
        assert.deepEqual(bad.json.errors, {
          category_id: ['Category id deve essere almeno 1.'],
          foo: ['Il campo foo non è consentito.'],
        });
      });

      test('the refusal to move a type in use talks about moving, not deleting', async () => {
        const r = await restaurant();
        const s = await r.sections();
        const pasta = (await r.types()).Pasta;
        const refused = await r.admin('PUT', `/types/${pasta.id}`, { category_id: s.Antipasti.id });
        assert.equal(refused.statusCode, 422);
        assert.doesNotMatch(refused.json.message, /eliminat/);
        assert.equal(
          refused.json.message,
          "La sottocategoria non può essere spostata in un'altra sezione perché è usata da alcuni piatti.",
        );
        // With another problem in the same body, both are listed at once.
        const both = await r.admin('PUT', `/types/${pasta.id}`, { category_id: s.Antipasti.id, name: { en: 'Pasta' } });
        assert.equal(both.statusCode, 422);
        assert.deepEqual(Object.keys(both.json.errors).sort(), ['category_id', 'name.it']);
        assert.match(both.json.errors.category_id[0], /non può essere spostata/);
      });

      test('DELETE refuses a type used by dishes (422, still there); an unused one answers 204 and is gone', async () => {
        const r = await restaurant();
        const s = await r.sections();
        const pasta = (await r.types()).Pasta;
        const refused = await r.admin('DELETE', `/types/${pasta.id}`);
        assert.equal(refused.statusCode, 422);
        assert.deepEqual(refused.json, { success: false, message: TYPE_IN_USE });
        const en = await r.admin('DELETE', `/types/${pasta.id}`, undefined, { 'accept-language': 'en' });
        assert.equal(en.json.message, 'The subcategory cannot be deleted because it is used by some dishes.');
        assert.equal((await r.admin('GET', `/types/${pasta.id}`)).statusCode, 200);
        assert.ok((await rows('types', r.id)).some((x) => x.id === pasta.id));
        assert.equal((await r.dish('Cacio e pepe')).type_id, pasta.id);

        const zuppe = (await r.admin('POST', '/types', { category_id: s.Primi.id, name: { it: 'Zuppe' } })).json.data;
        assert.equal((await r.pub(`/categories/${s.Primi.id}`)).json.data.types.length, 3);
        const res = await r.admin('DELETE', `/types/${zuppe.id}`);
        assert.equal(res.statusCode, 204);
        assert.equal(res.body, '');
        // The diner's very next request no longer shows it.
        assert.deepEqual(
          (await r.pub(`/categories/${s.Primi.id}`)).json.data.types.map((x: any) => x.name),
          ['Pasta', 'Risotti'],
        );
        const gone = await r.admin('GET', `/types/${zuppe.id}`);
        assert.equal(gone.statusCode, 404);
        assert.deepEqual(gone.json, NOT_FOUND);
        assert.ok(!(await rows('types', r.id)).some((x) => x.id === zuppe.id));
        assert.deepEqual((await r.admin('DELETE', `/types/${zuppe.id}`)).json, NOT_FOUND);
      });
    });
  });
}
