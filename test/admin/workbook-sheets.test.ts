// The workbook's other sheets read back (issue 32): Sections, Sub-categories, Wineries and Options
// map onto the same whole-menu document as the JSON sync, on both databases. An untouched export
// changes nothing in any sheet or language; a section renamed, its fields changed, a winery and a
// sub-category added in Excel are previewed and applied exactly; a bad cell in the Sections sheet
// names its sheet, row and column and changes nothing; a workbook of dishes only works as before;
// every dish of an import changed at once is stored and recorded exactly (both databases send
// those updates together, catalog/row-cache.ts); another restaurant stays untouched.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

/** A sheet's row by the value of one of its columns, and a setter of its cells by column name. */
function rowWhere(sheet: ExcelJS.Worksheet, column: string, value: unknown) {
  const header = sheet.getRow(1).values as string[];
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(header.indexOf(column)).value === value) found = row;
  });
  assert.ok(found, `${sheet.name} has a row with ${column} = ${value}`);
  const row = found;
  return {
    number: row.number,
    get: (name: string) => row.getCell(header.indexOf(name)).value,
    set: (name: string, v: ExcelJS.CellValue) => {
      assert.ok(header.indexOf(name) > 0, `${sheet.name} has a column ${name}`);
      row.getCell(header.indexOf(name)).value = v;
    },
  };
}

/** Appends a row to a sheet, cells by column name. */
function addRow(sheet: ExcelJS.Worksheet, cells: Record<string, ExcelJS.CellValue>): number {
  const header = sheet.getRow(1).values as string[];
  const values: ExcelJS.CellValue[] = [];
  for (const [name, value] of Object.entries(cells)) {
    assert.ok(header.indexOf(name) > 0, `${sheet.name} has a column ${name}`);
    values[header.indexOf(name)] = value;
  }
  return sheet.addRow(values).number;
}

/** Takes out of a sheet every row whose `column` is not one of `values`. */
function keepRows(sheet: ExcelJS.Worksheet, column: string, values: ExcelJS.CellValue[]): void {
  const at = (sheet.getRow(1).values as string[]).indexOf(column);
  const out: number[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1 && !values.includes(row.getCell(at).value)) out.push(n);
  });
  for (const n of out.reverse()) sheet.spliceRows(n, 1);
}

for (const dialect of dialects) {
  describe(`the workbook's every sheet imported (${dialect})`, () => {
    const { suite, restaurant, rows } = menuSuite(dialect, 'book');

    /** Everything a workbook can change, as stored (updated_at aside). */
    const menuState = async (tenantId: number) => {
      const strip = (list: any[]) => list.map(({ updated_at: _u, created_at: _c, ...rest }) => rest);
      return {
        sections: strip(await rows('categories', tenantId)),
        types: strip(await rows('types', tenantId)),
        wineries: strip(await rows('wineries', tenantId)),
        items: strip(await rows('items', tenantId)),
        groups: strip(await rows('option_groups', tenantId)),
        options: strip(await rows('options', tenantId)),
      };
    };

    /** A restaurant whose menu fills every language column, notes, a set price and an option group. */
    async function rich() {
      const r = await restaurant();
      const doc = (await r.admin('GET', '/menu/export')).json.data;
      const antipasti = doc.sections.find((s: any) => s.name.it === 'Antipasti');
      antipasti.name = { it: 'Antipasti', en: 'Starters', fr: 'Entrées', de: 'Vorspeisen', es: 'Entrantes' };
      antipasti.notes = { it: 'Pane fatto in casa', en: 'Home-made bread', de: '=Brot' };
      const dolci = doc.sections.find((s: any) => s.name.it === 'Dolci');
      dolci.set_price = 12.5;
      dolci.show_subcategories = true;
      const primi = doc.sections.find((s: any) => s.name.it === 'Primi');
      primi.sub_categories[0].name = { it: 'Pasta', en: 'Pasta', fr: 'Pâtes', de: 'Nudeln', es: 'Pasta' };
      doc.wineries[0].description = { it: 'Sulle colline', en: 'On the hills' };
      doc.wineries[0].website_url = 'https://cantina.example';
      doc.option_groups = [
        {
          external_id: 'g-cottura',
          name: { it: 'Cottura', en: 'Cooking' },
          min_choices: 1,
          max_choices: 1,
          options: [{ name: { it: 'Al sangue', en: 'Rare' }, price_change: 0 }],
        },
      ];
      const put = await r.admin('PUT', '/menu', doc);
      assert.equal(put.statusCode, 200, put.body);
      return r;
    }

    test('an untouched export imported back changes nothing, in any sheet or language column', async () => {
      const r = await rich();
      const before = await menuState(r.id);
      const bytes = (await r.admin('GET', '/menu/export.xlsx')).rawPayload;
      const workbook = await workbookOf(bytes);
      assert.deepEqual(
        workbook.worksheets.map((s) => s.name),
        ['Dishes', 'Sections', 'Sub-categories', 'Wineries', 'Options'],
      );
      const sections = workbook.getWorksheet('Sections')!;
      assert.deepEqual((sections.getRow(1).values as string[]).slice(1, 6), [
        'id',
        'external_id',
        'section',
        'parent',
        'menu_type',
      ]);
      assert.equal(rowWhere(sections, 'name_it', 'Rossi').get('parent'), 'Vini');
      assert.equal(rowWhere(sections, 'name_it', 'Antipasti').get('notes_de'), "'=Brot", 'the formula guard');
      const dry = await r.admin('PUT', '/menu?dry_run=true', bytes, { 'content-type': XLSX });
      assert.equal(dry.statusCode, 200, dry.body);
      assert.equal(dry.json.data.changed, false, JSON.stringify(dry.json.data.summary));
      const { summary } = dry.json.data;
      assert.equal(summary.sections.unchanged, before.sections.length);
      assert.equal(summary.sub_categories.unchanged, before.types.length);
      assert.equal(summary.wineries.unchanged, before.wineries.length);
      assert.equal(summary.options.unchanged, before.options.length);
      const put = await r.admin('PUT', '/menu', bytes, { 'content-type': XLSX });
      assert.equal(put.json.data.changed, false);
      assert.deepEqual(await menuState(r.id), before);
    });

    test('a section renamed and its fields changed, a winery and a sub-category added in Excel: previewed, then applied exactly', async () => {
      const r = await rich();
      const other = await rich();
      const otherBefore = await menuState(other.id);
      const workbook = await workbookOf((await r.admin('GET', '/menu/export.xlsx')).rawPayload);
      const antipasti = rowWhere(workbook.getWorksheet('Sections')!, 'name_it', 'Antipasti');
      antipasti.set('name_it', 'Per cominciare');
      antipasti.set('name_fr', null);
      antipasti.set('notes_en', 'Bread baked here');
      antipasti.set('show_subcategories', 'x');
      antipasti.set('display_order', 5);
      antipasti.set('set_price', 19.9);
      // A new sub-section of Vini, named by its path as the dishes' sheet would name it.
      addRow(workbook.getWorksheet('Sections')!, { section: 'Vini > Bianchi', parent: 'Vini', name_en: 'Whites' });
      addRow(workbook.getWorksheet('Wineries')!, {
        winery: 'Tenuta Nuova',
        region: 'Friuli',
        country: 'Italia',
        description_en: 'By the sea',
      });
      addRow(workbook.getWorksheet('Sub-categories')!, {
        section: 'Primi',
        sub_category: 'Gnocchi',
        name_en: 'Dumplings',
      });
      // The dishes' sheet still names "Antipasti" (as the untouched rows do); one dish takes the new rows.
      const dishes = workbook.getWorksheet('Dishes')!;
      const cacio = rowWhere(dishes, 'name_it', 'Cacio e pepe');
      cacio.set('sub_category', 'Gnocchi');
      const barolo = rowWhere(dishes, 'name_it', 'Barolo');
      barolo.set('winery', 'Tenuta Nuova');
      addRow(dishes, { section: 'Vini > Bianchi', name_it: 'Ribolla gialla', price: 30, winery: 'Tenuta Nuova' });
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      const before = await menuState(r.id);

      const dry = await r.admin('PUT', '/menu?dry_run=true', file, { 'content-type': XLSX });
      assert.equal(dry.statusCode, 200, dry.body);
      const { summary } = dry.json.data;
      assert.deepEqual(summary.sections, { created: 1, updated: 1, deleted: 0, unchanged: before.sections.length - 1 });
      assert.deepEqual(summary.wineries, { created: 1, updated: 0, deleted: 0, unchanged: before.wineries.length });
      assert.deepEqual(summary.sub_categories, { created: 1, updated: 0, deleted: 0, unchanged: before.types.length });
      assert.equal(summary.items.created, 1);
      assert.equal(summary.items.updated, 2);
      assert.deepEqual(await menuState(r.id), before, 'a preview writes nothing');

      const put = await r.admin('PUT', '/menu', file, { 'content-type': XLSX });
      assert.equal(put.statusCode, 200, put.body);
      const after = await menuState(r.id);
      const section = after.sections.find((s: any) => s.id === antipasti.get('id'))!;
      assert.deepEqual(JSON.parse(section.name_translations), {
        it: 'Per cominciare',
        en: 'Starters',
        de: 'Vorspeisen',
        es: 'Entrantes',
      });
      assert.deepEqual(JSON.parse(section.notes_translations), {
        it: 'Pane fatto in casa',
        en: 'Bread baked here',
        de: '=Brot',
      });
      assert.equal(Number(section.show_subcategories), 1);
      assert.equal(Number(section.display_order), 5);
      assert.equal(Number(section.set_price_cents), 1990);
      const vini = after.sections.find((s: any) => JSON.parse(s.name_translations).it === 'Vini')!;
      const bianchi = after.sections.find((s: any) => JSON.parse(s.name_translations).it === 'Bianchi')!;
      assert.equal(bianchi.parent_id, vini.id);
      assert.deepEqual(JSON.parse(bianchi.name_translations), { it: 'Bianchi', en: 'Whites' });
      const tenuta = after.wineries.find((w: any) => w.name === 'Tenuta Nuova')!;
      assert.equal(tenuta.region, 'Friuli');
      assert.deepEqual(JSON.parse(tenuta.description_translations), { en: 'By the sea' });
      const gnocchi = after.types.find((t: any) => JSON.parse(t.name_translations).it === 'Gnocchi')!;
      assert.deepEqual(JSON.parse(gnocchi.name_translations), { it: 'Gnocchi', en: 'Dumplings' });
      const dish = (name: string) => after.items.find((i: any) => JSON.parse(i.name_translations).it === name)!;
      assert.equal(dish('Cacio e pepe').type_id, gnocchi.id);
      assert.equal(gnocchi.category_id, dish('Cacio e pepe').category_id);
      assert.equal(dish('Barolo').winery_id, tenuta.id);
      assert.equal(dish('Ribolla gialla').category_id, bianchi.id);
      assert.equal(dish('Ribolla gialla').winery_id, tenuta.id);
      // Nothing else moved: every other row is as it was.
      const untouched = (list: any[], ids: number[]) => list.filter((row) => !ids.includes(row.id));
      assert.deepEqual(untouched(after.sections, [section.id, bianchi.id]), untouched(before.sections, [section.id]));
      assert.deepEqual(
        untouched(after.items, [dish('Cacio e pepe').id, dish('Barolo').id, dish('Ribolla gialla').id]),
        untouched(before.items, [dish('Cacio e pepe').id, dish('Barolo').id]),
      );
      assert.deepEqual(await menuState(other.id), otherBefore, 'the other restaurant is untouched');

      // The new export, untouched, changes nothing either.
      const exported = (await r.admin('GET', '/menu/export.xlsx')).rawPayload;
      const again = await r.admin('PUT', '/menu?dry_run=true', exported, { 'content-type': XLSX });
      assert.equal(again.json.data.changed, false, JSON.stringify(again.json.data.summary));
    });

    test('bad cells in the Sections sheet are named by sheet, row and column in the caller’s language; nothing changes', async () => {
      const r = await rich();
      const workbook = await workbookOf((await r.admin('GET', '/menu/export.xlsx')).rawPayload);
      const sheet = workbook.getWorksheet('Sections')!;
      const antipasti = rowWhere(sheet, 'name_it', 'Antipasti');
      antipasti.set('name_it', 'Per cominciare');
      antipasti.set('display_order', 'primo');
      const dolci = rowWhere(sheet, 'name_it', 'Dolci');
      dolci.set('set_price', 'dodici');
      dolci.set('name_en', { formula: 'A1&"x"', result: 'idx' });
      const rossi = rowWhere(sheet, 'name_it', 'Rossi');
      rossi.set('parent', 'Bevande');
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      const before = await menuState(r.id);
      // The formula is refused as the workbook is read, with its sheet and row.
      const read = await r.admin('PUT', '/menu?dry_run=true', file, { 'content-type': XLSX, 'accept-language': 'en' });
      assert.equal(read.statusCode, 422, read.body);
      assert.deepEqual(read.json.errors, {
        [`Sections.rows[${dolci.number}].name_en`]: ['The name_en cell holds a formula: type its value instead.'],
      });
      dolci.set('name_en', 'Desserts');
      // A parent that is no section of the menu is refused as the sheets are laid over the menu.
      const laid = await r.admin('PUT', '/menu', Buffer.from(await workbook.xlsx.writeBuffer()), {
        'content-type': XLSX,
        'accept-language': 'en',
      });
      assert.equal(laid.statusCode, 422, laid.body);
      assert.deepEqual(laid.json.errors, {
        [`Sections.rows[${rossi.number}].parent`]: [`The selected Sections.rows[${rossi.number}].parent is invalid.`],
      });
      rossi.set('parent', 'Vini');
      // Values the section's own rules refuse, by the row and column they came from.
      const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
      const en = await r.admin('PUT', '/menu', fixed, { 'content-type': XLSX, 'accept-language': 'en' });
      assert.equal(en.statusCode, 422, en.body);
      assert.deepEqual(Object.keys(en.json.errors).sort(), [
        `Sections.rows[${antipasti.number}].display_order`,
        `Sections.rows[${dolci.number}].set_price`,
      ]);
      assert.match(en.json.errors[`Sections.rows[${antipasti.number}].display_order`][0], /must be an integer/);
      const it = await r.admin('PUT', '/menu', fixed, { 'content-type': XLSX, 'accept-language': 'it' });
      assert.match(
        it.json.errors[`Sections.rows[${antipasti.number}].display_order`][0],
        /deve essere un numero intero/,
      );
      assert.deepEqual(await menuState(r.id), before, 'nothing changed, not even the rename');
    });

    test('every dish changed in one import is stored and recorded exactly (on PostgreSQL their updates go together)', async () => {
      const r = await rich();
      const other = await rich();
      const otherBefore = await menuState(other.id);
      const doc = (await r.admin('GET', '/menu/export')).json.data;
      const dishes = doc.sections.flatMap((s: any) => [...s.items, ...(s.sections ?? []).flatMap((c: any) => c.items)]);
      for (const dish of dishes) dish.price = Math.round((dish.price + 1.25) * 100) / 100;
      // One dish also takes an option group (its groups go after its own update) and a new name.
      const caprese = dishes.find((d: any) => d.name.it === 'Caprese');
      caprese.option_groups = [{ external_id: 'g-cottura' }];
      caprese.name = { ...caprese.name, it: 'Caprese di bufala' };
      const before = await menuState(r.id);
      const put = await r.admin('PUT', '/menu', doc);
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json.data.summary.items.updated, dishes.length);
      const after = await menuState(r.id);
      for (const row of after.items) {
        const was = before.items.find((b: any) => b.id === row.id)!;
        const name = JSON.parse(was.name_translations).it;
        assert.equal(Number(row.price_cents), Number(was.price_cents) + 125, name);
        assert.equal(
          JSON.parse(row.name_translations).it,
          name === 'Caprese' ? 'Caprese di bufala' : name,
          'each dish keeps its own values',
        );
      }
      const stored = await r.admin('GET', `/items/${caprese.id}`);
      assert.equal(stored.json.data.price, caprese.price);
      const audit = await suite()
        .db.db.selectFrom('audit_log')
        .selectAll()
        .where('tenant_id', '=', r.id)
        .where('resource', '=', 'items')
        .where('resource_id', '=', caprese.id)
        .orderBy('id', 'desc')
        .execute();
      const fields = audit.slice(0, 2).map((entry) => entry.fields);
      assert.ok(
        fields.some((f) => f.includes(',price,') && f.includes(',name,')),
        JSON.stringify(fields),
      );
      assert.ok(
        fields.some((f) => f.includes('option_group')),
        JSON.stringify(fields),
      );
      const priceEntry = audit.find((entry) => entry.fields.includes(',price,'))!;
      const change = JSON.parse(priceEntry.changes);
      assert.deepEqual(
        [change.price?.before ?? change.before?.price, change.price?.after ?? change.after?.price],
        [caprese.price - 1.25, caprese.price],
        priceEntry.changes,
      );
      assert.deepEqual(await menuState(other.id), otherBefore);
    });

    test('an option group renamed in the Options sheet stays the same group, still found by its old name in the Dishes sheet', async () => {
      const r = await rich();
      const other = await rich();
      const otherBefore = await menuState(other.id);
      // A group made in the panel has no external id: only its id and name say which it is.
      const doc = (await r.admin('GET', '/menu/export')).json.data;
      doc.option_groups.push({
        name: { it: 'Aggiunte', en: 'Extras' },
        options: [{ name: { it: 'Burrata' }, price_change: 3 }],
      });
      assert.equal((await r.admin('PUT', '/menu', doc)).statusCode, 200);
      const groups = await rows('option_groups', r.id);
      const idOf = (name: string) => groups.find((g: any) => JSON.parse(g.name_translations).it === name)!.id;
      const [aggiunte, cottura] = [idOf('Aggiunte'), idOf('Cottura')];
      const withGroups = (await r.admin('GET', '/menu/export')).json.data;
      const cacio = withGroups.sections.flatMap((s: any) => s.items).find((i: any) => i.name.it === 'Cacio e pepe');
      cacio.option_groups = [{ id: aggiunte }, { id: cottura }];
      assert.equal((await r.admin('PUT', '/menu', withGroups)).statusCode, 200);

      const workbook = await workbookOf((await r.admin('GET', '/menu/export.xlsx')).rawPayload);
      const options = workbook.getWorksheet('Options')!;
      assert.equal(rowWhere(options, 'group', 'Aggiunte').get('group_id'), aggiunte, 'the sheet carries the group id');
      // "Aggiunte" renamed in both its cells; "Cottura" in its name only, as a section is renamed.
      const extra = rowWhere(options, 'group', 'Aggiunte');
      extra.set('group', 'Extra');
      extra.set('group_name_it', 'Extra');
      rowWhere(options, 'group', 'Cottura').set('group_name_it', 'Cotture');
      // The Dishes sheet is left as exported: it still names both groups by their old names.
      assert.equal(
        rowWhere(workbook.getWorksheet('Dishes')!, 'name_it', 'Cacio e pepe').get('option_groups'),
        'Aggiunte | Cottura',
      );
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      const before = await menuState(r.id);

      const dry = await r.admin('PUT', '/menu?dry_run=true', file, { 'content-type': XLSX });
      assert.equal(dry.statusCode, 200, dry.body);
      const { summary } = dry.json.data;
      assert.deepEqual(summary.option_groups, { created: 0, updated: 2, deleted: 0, unchanged: 0 });
      assert.deepEqual(summary.options, { created: 0, updated: 0, deleted: 0, unchanged: before.options.length });
      assert.equal(summary.items.created + summary.items.updated, 0, JSON.stringify(summary.items));
      assert.deepEqual(await menuState(r.id), before, 'a preview writes nothing');

      const put = await r.admin('PUT', '/menu', file, { 'content-type': XLSX });
      assert.equal(put.statusCode, 200, put.body);
      const after = await menuState(r.id);
      assert.deepEqual(
        after.groups.map((g: any) => [g.id, JSON.parse(g.name_translations)]),
        [
          [cottura, { it: 'Cotture', en: 'Cooking' }],
          [aggiunte, { it: 'Extra', en: 'Extras' }],
        ],
      );
      assert.deepEqual(after.options, before.options, 'every option stays in its group');
      const dish = (await r.admin('GET', `/items/${cacio.id}`)).json.data;
      assert.deepEqual(
        dish.option_groups.map((g: any) => [g.id, g.name]),
        [
          [aggiunte, 'Extra'],
          [cottura, 'Cotture'],
        ],
      );
      // The new names work in the Dishes sheet too, and a fresh export changes nothing.
      const again = await workbookOf((await r.admin('GET', '/menu/export.xlsx')).rawPayload);
      rowWhere(again.getWorksheet('Dishes')!, 'name_it', 'Cacio e pepe').set('option_groups', 'cotture | extra');
      const swapped = await r.admin('PUT', '/menu', Buffer.from(await again.xlsx.writeBuffer()), {
        'content-type': XLSX,
      });
      assert.equal(swapped.statusCode, 200, swapped.body);
      assert.equal(swapped.json.data.summary.items.updated, 1);
      assert.deepEqual(
        (await r.admin('GET', `/items/${cacio.id}`)).json.data.option_groups.map((g: any) => g.id),
        [cottura, aggiunte],
      );
      const fresh = (await r.admin('GET', '/menu/export.xlsx')).rawPayload;
      const none = await r.admin('PUT', '/menu?dry_run=true', fresh, { 'content-type': XLSX });
      assert.equal(none.json.data.changed, false, JSON.stringify(none.json.data.summary));
      assert.deepEqual(await menuState(other.id), otherBefore, 'the other restaurant is untouched');
    });

    test('prune=true with a workbook deletes what its sheets leave out, behind the same guard; a group left out of Options leaves its dishes', async () => {
      const r = await rich();
      const other = await rich();
      const otherBefore = await menuState(other.id);
      const doc = (await r.admin('GET', '/menu/export')).json.data;
      doc.option_groups.push({ name: { it: 'Aggiunte' }, options: [{ name: { it: 'Burrata' }, price_change: 3 }] });
      const cacio = doc.sections.flatMap((s: any) => s.items).find((i: any) => i.name.it === 'Cacio e pepe');
      cacio.option_groups = [{ external_id: 'g-cottura' }];
      assert.equal((await r.admin('PUT', '/menu', doc)).statusCode, 200);
      const workbook = await workbookOf((await r.admin('GET', '/menu/export.xlsx')).rawPayload);
      // Two dishes kept of all; the Dishes sheet still names Cottura, Aggiunte is left out of Options.
      keepRows(workbook.getWorksheet('Dishes')!, 'name_it', ['Cacio e pepe', 'Tiramisù']);
      keepRows(workbook.getWorksheet('Options')!, 'group', ['Cottura']);
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      const before = await menuState(r.id);
      const total = before.items.length;

      const kept = await r.admin('PUT', '/menu?dry_run=true', file, { 'content-type': XLSX });
      assert.equal(kept.json.data.changed, false, 'without prune the rows left out stay');
      const dry = await r.admin('PUT', '/menu?dry_run=true&prune=true', file, { 'content-type': XLSX });
      assert.equal(dry.statusCode, 200, dry.body);
      const { summary, deletions, confirm_delete_required } = dry.json.data;
      assert.equal(summary.items.deleted, total - 2);
      assert.deepEqual(confirm_delete_required, { deleted: total - 2, total });
      assert.ok(deletions.items.some((d: any) => d.name === 'Caprese'));
      assert.deepEqual(
        deletions.option_groups.map((d: any) => d.name),
        ['Aggiunte'],
      );
      assert.deepEqual(
        deletions.options.map((d: any) => d.name),
        ['Burrata'],
      );
      // Sections, sub-categories and wineries are all still listed in their sheets: none deleted.
      for (const kind of ['sections', 'sub_categories', 'wineries']) assert.equal(summary[kind].deleted, 0, kind);
      const refused = await r.admin('PUT', '/menu?prune=true', file, { 'content-type': XLSX });
      assert.equal(refused.statusCode, 422);
      assert.deepEqual(Object.keys(refused.json.errors), ['confirm_delete']);
      assert.deepEqual(await menuState(r.id), before, 'refused: nothing written');
      const put = await r.admin('PUT', `/menu?prune=true&confirm_delete=${total - 2}`, file, { 'content-type': XLSX });
      assert.equal(put.statusCode, 200, put.body);
      const after = await menuState(r.id);
      assert.deepEqual(after.items.map((i: any) => JSON.parse(i.name_translations).it).sort(), [
        'Cacio e pepe',
        'Tiramisù',
      ]);
      assert.deepEqual(
        after.groups.map((g: any) => JSON.parse(g.name_translations).it),
        ['Cottura'],
      );
      assert.deepEqual(after.sections, before.sections);
      const dish = (await r.admin('GET', `/items/${cacio.id}`)).json.data;
      assert.deepEqual(
        dish.option_groups.map((g: any) => g.name),
        ['Cottura'],
      );
      assert.deepEqual(await menuState(other.id), otherBefore, 'the other restaurant is untouched');
    });

    test('a workbook of dishes only (an older file) changes dishes as before; sheets left out change nothing', async () => {
      const r = await rich();
      const workbook = await workbookOf((await r.admin('GET', '/menu/export.xlsx')).rawPayload);
      // The sections' sheet says something else, then is taken out: without it sections stay as they are.
      rowWhere(workbook.getWorksheet('Sections')!, 'name_it', 'Antipasti').set('name_it', 'Ignored');
      for (const name of ['Sections', 'Sub-categories', 'Wineries', 'Options']) {
        workbook.removeWorksheet(workbook.getWorksheet(name)!.id);
      }
      rowWhere(workbook.getWorksheet('Dishes')!, 'name_it', 'Caprese').set('price', 10.5);
      const before = await menuState(r.id);
      const put = await r.admin('PUT', '/menu', Buffer.from(await workbook.xlsx.writeBuffer()), {
        'content-type': XLSX,
      });
      assert.equal(put.statusCode, 200, put.body);
      const { summary } = put.json.data;
      assert.equal(summary.items.updated, 1);
      for (const kind of ['sections', 'sub_categories', 'wineries', 'options', 'option_groups']) {
        assert.equal(summary[kind].created + summary[kind].updated + summary[kind].deleted, 0, kind);
      }
      const after = await menuState(r.id);
      assert.deepEqual(after.sections, before.sections);
      const caprese = after.items.find((i: any) => JSON.parse(i.name_translations).it === 'Caprese')!;
      assert.equal(Number(caprese.price_cents), 1050);

      // A workbook whose one sheet has another name is read as the dishes, as before.
      const single = new ExcelJS.Workbook();
      const sheet = single.addWorksheet('Foglio1');
      sheet.addRow(['id', 'section', 'name_it', 'price']);
      sheet.addRow([caprese.id, 'Antipasti', 'Caprese', 11]);
      const one = await r.admin('PUT', '/menu', Buffer.from(await single.xlsx.writeBuffer()), {
        'content-type': XLSX,
      });
      assert.equal(one.statusCode, 200, one.body);
      assert.equal(one.json.data.summary.items.updated, 1);
    });
  });
}
