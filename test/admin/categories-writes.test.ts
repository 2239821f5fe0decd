// Admin API /api/v1/admin/categories writes: time windows, partial updates, menu_type changes, deletion rules, validation messages (the CRUD contract is in crud.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { menuSuite, NOT_FOUND, withoutUpdatedAt } from './menu-suite.js';
import { adminCall } from './tokens.js';

const NOT_EMPTY = {
  success: false,
  message: 'La sezione non può essere eliminata perché contiene piatti o sottosezioni.',
};

for (const dialect of dialects) {
  describe(`admin category writes (${dialect})`, () => {
    const { suite, restaurant, rows } = menuSuite(dialect, 'cat', '/api/v1/admin/categories');

    test('a time window needs both ends in HH:MM format (the contract says H:i; the message names the form people read)', async () => {
      const r = await restaurant();
      const before = await rows('categories', r.id);
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
        message: 'Time start non corrisponde al formato HH:MM.',
        errors: { time_start: ['Time start non corrisponde al formato HH:MM.'] },
      });
      for (const value of ['9:00', '12:60', '12:00:00', 'noon', '24:00']) {
        const bad = await r.admin('POST', '', { name: { it: 'Brunch' }, time_end: value });
        assert.equal(bad.statusCode, 422, value);
        assert.deepEqual(bad.json.errors, { time_end: ['Time end non corrisponde al formato HH:MM.'] }, value);
      }
      assert.deepEqual(await rows('categories', r.id), before);

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
      // updated_at moves with the write (when the clock passed a second since the read): compared apart.
      assert.deepEqual(withoutUpdatedAt(put.json.data), {
        ...withoutUpdatedAt(original),
        notes: 'Nuove note',
        notes_translations: { it: 'Nuove note' },
      });
      assert.ok(put.json.data.updated_at >= original.updated_at);
      assert.equal((await r.pub('/categories')).json.data[0].notes, 'Nuove note');

      const patch = await r.admin('PATCH', `/${original.id}`, { is_active: false, show_subcategories: true });
      assert.equal(patch.statusCode, 200);
      assert.deepEqual(withoutUpdatedAt(patch.json.data), {
        ...withoutUpdatedAt(original),
        notes: 'Nuove note',
        notes_translations: { it: 'Nuove note' },
        is_active: false,
        show_subcategories: true,
      });
      const row = (await rows('categories', r.id)).find((s) => s.id === original.id)!;
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
      const rossiRow = (await rows('categories', r.id)).find((s) => s.id === all.Rossi.id)!;
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
      const sectionsBefore = await rows('categories', r.id);
      const itemsBefore = await suite().db.db.selectFrom('items').selectAll().where('tenant_id', '=', r.id).execute();
      const typesBefore = await suite().db.db.selectFrom('types').selectAll().where('tenant_id', '=', r.id).execute();
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
      assert.deepEqual(await rows('categories', r.id), sectionsBefore);
      assert.deepEqual(
        await suite().db.db.selectFrom('items').selectAll().where('tenant_id', '=', r.id).execute(),
        itemsBefore,
      );
      assert.deepEqual(
        await suite().db.db.selectFrom('types').selectAll().where('tenant_id', '=', r.id).execute(),
        typesBefore,
      );
      assert.equal((await r.admin('GET', `/${all.Vini.id}`)).statusCode, 200);
    });

    test('DELETE of an empty section answers 204 with no body, takes its types along, and it is gone', async () => {
      const r = await restaurant();
      const created = (await r.admin('POST', '', { name: { it: 'Contorni' } })).json.data;
      const type = await adminCall(suite().app, r.token, {
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
        (await rows('categories', r.id)).find((s) => s.id === created.id),
        undefined,
      );
      const types = await suite().db.db.selectFrom('types').selectAll().where('category_id', '=', created.id).execute();
      assert.deepEqual(types, []);
      const typeGone = await adminCall(suite().app, r.token, {
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
      const before = await rows('categories', r.id);
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
        menu_type: ['Il valore scelto per il campo menu type non è valido.'],
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
      assert.deepEqual(await rows('categories', r.id), before);
    });

    test('a non-object JSON body gets a readable 400', async () => {
      const r = await restaurant();
      const res = await r.admin('POST', '', [{ name: { it: 'Contorni' } }]);
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json, { success: false, message: 'Il corpo della richiesta deve essere un oggetto JSON.' });
      const scalar = await r.admin('PUT', `/${(await r.sections()).Dolci.id}`, 42);
      assert.equal(scalar.statusCode, 400);
    });
  });
}
