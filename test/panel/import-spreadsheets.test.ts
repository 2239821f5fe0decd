// /admin/import with the spreadsheets owners use (issue 32): an Excel workbook downloaded, edited
// and imported; a CSV saved by Excel on Windows (Windows-1252, `;`) with its accents; a file of
// unknown encoding refused in the panel's language; a prune that would empty the menu shown with
// its counts and names and applied only once ticked. Beta, the other restaurant, stays untouched.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { OWNER, type PanelBed, panelBed } from './setup.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The key of the draft a preview's apply form carries (the file itself waits on the server). */
function previewedDraft(body: string): string {
  const m =
    /<form method="post" action="\/admin\/import\/apply" class="actions">[\s\S]*?name="draft" value="([^"]+)"/.exec(
      body,
    );
  assert.ok(m, 'the preview has an apply form with its draft');
  return m[1];
}

/** Appends a row to a sheet, cells by column name. */
function addRow(sheet: ExcelJS.Worksheet, cells: Record<string, ExcelJS.CellValue>): void {
  const header = sheet.getRow(1).values as string[];
  const values: ExcelJS.CellValue[] = [];
  for (const [name, value] of Object.entries(cells)) {
    assert.ok(header.indexOf(name) > 0, `${sheet.name} has a column ${name}`);
    values[header.indexOf(name)] = value;
  }
  sheet.addRow(values);
}

/** Takes out of a sheet every row whose `column` holds `value`; says how many. */
function removeRows(sheet: ExcelJS.Worksheet, column: string, value: ExcelJS.CellValue): number {
  const at = (sheet.getRow(1).values as string[]).indexOf(column);
  const found: number[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(at).value === value) found.push(n);
  });
  for (const n of found.reverse()) sheet.spliceRows(n, 1);
  return found.length;
}

for (const dialect of dialects) {
  describe(`panel import of spreadsheets (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
    });
    after(() => bed.close());

    const dishes = async (tenantId: number) =>
      (
        await bed.db.db
          .selectFrom('items')
          .select(['id', 'price_cents', 'name_translations'])
          .where('tenant_id', '=', tenantId)
          .orderBy('id')
          .execute()
      ).map((r) => ({ id: r.id, price: Number(r.price_cents) / 100, name: JSON.parse(r.name_translations).it }));

    test('the Excel workbook downloaded here, a price edited, is previewed and applied', async () => {
      const page = await c.get('/admin/import');
      assert.match(page.body, /href="\/admin\/import\/dishes.xlsx" download/);
      assert.match(page.body, /accept="[^"]*\.xlsx[^"]*"/);
      const betaBefore = await dishes(bed.beta);
      const res = await c.get('/admin/import/dishes.xlsx');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], XLSX);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.getWorksheet('Dishes')!;
      const header = sheet.getRow(1).values as string[];
      let edited = 0;
      sheet.eachRow((row, n) => {
        if (n > 1 && row.getCell(header.indexOf('name_it')).value === 'Caprese') {
          row.getCell(header.indexOf('price')).value = 9.75;
          edited++;
        }
      });
      assert.equal(edited, 1);
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      const before = await dishes(bed.alpha);
      const preview = await c.postMultipart(
        '/admin/import/preview',
        {},
        { field: 'file', filename: 'menu.xlsx', type: XLSX, data: file },
      );
      assert.equal(preview.statusCode, 200, preview.body);
      assert.match(
        preview.body,
        /data-kind="items"><th scope="row" data-label="Rows">Dishes<\/th><td data-label="Created"><div>0<\/div><\/td><td data-label="Changed"><div>1<\/div>/,
      );
      assert.deepEqual(await dishes(bed.alpha), before, 'a preview writes nothing');
      const applied = await c.post('/admin/import/apply', { draft: previewedDraft(preview.body) });
      assert.equal(applied.statusCode, 303);
      assert.equal(applied.headers.location, '/admin/import?applied=1');
      const after = await dishes(bed.alpha);
      assert.deepEqual(
        after,
        before.map((d) => (d.name === 'Caprese' ? { ...d, price: 9.75 } : d)),
      );
      assert.deepEqual(await dishes(bed.beta), betaBefore);
    });

    test('a CSV saved by Excel on Windows (Windows-1252, ;) keeps its accents; an encoding that cannot be told is refused in Italian', async () => {
      const csv = (await c.get('/admin/import/dishes.csv', { 'accept-language': 'it' })).rawPayload;
      const records: string[][] = parse(csv, { bom: true, delimiter: ';' });
      const nameIt = records[0].indexOf('name_it');
      const row = records.find((r) => r[nameIt] === 'Caprese' || r[nameIt] === 'Caprese di bufala è')!;
      row[nameIt] = 'Caprese di bufala è';
      const windows = iconv.encode(stringify(records, { delimiter: ';', record_delimiter: 'windows' }), 'windows-1252');
      const preview = await c.postMultipart(
        '/admin/import/preview',
        {},
        { field: 'file', filename: 'piatti.csv', type: 'text/csv', data: windows },
      );
      assert.equal(preview.statusCode, 200, preview.body);
      const applied = await c.post('/admin/import/apply', { draft: previewedDraft(preview.body) });
      assert.equal(applied.statusCode, 303);
      assert.ok((await dishes(bed.alpha)).some((d) => d.name === 'Caprese di bufala è'));

      const before = await dishes(bed.alpha);
      const japanese = iconv.encode(`${records[0].join(';')}\r\n;;寿司;;;;12;寿司 特上\r\n`, 'shift_jis');
      const refused = await c.postMultipart(
        '/admin/import/preview',
        {},
        { field: 'file', filename: 'menu.csv', type: 'text/csv', data: japanese },
      );
      assert.equal(refused.statusCode, 422);
      const it = bed.client('alpha', { 'accept-language': 'it' });
      await it.signIn(OWNER.email, OWNER.password);
      await it.get('/admin/import');
      const inItalian = await it.postMultipart(
        '/admin/import/preview',
        {},
        { field: 'file', filename: 'menu.csv', type: 'text/csv', data: japanese },
      );
      assert.equal(inItalian.statusCode, 422);
      assert.match(inItalian.body, /<code>Tutto il file<\/code>/);
      assert.match(inItalian.body, /Non si riesce a capire la codifica dei caratteri del file/);
      assert.match(refused.body, /The file(&#39;|')s character encoding cannot be recognised/);
      assert.deepEqual(await dishes(bed.alpha), before);
    });

    test('an xlsx with a formula where a price belongs is refused naming the row', async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await c.get('/admin/import/dishes.xlsx')).rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.getWorksheet('Dishes')!;
      const price = (sheet.getRow(1).values as string[]).indexOf('price');
      sheet.getRow(3).getCell(price).value = { formula: 'SUM(1,2)', result: 3 };
      const before = await dishes(bed.alpha);
      const res = await c.postMultipart(
        '/admin/import/preview',
        {},
        { field: 'file', filename: 'menu.xlsx', type: XLSX, data: Buffer.from(await workbook.xlsx.writeBuffer()) },
      );
      assert.equal(res.statusCode, 422);
      assert.match(res.body, /<code>Line 3<\/code>/);
      assert.match(res.body, /The price cell holds a formula: type its value instead\./);
      assert.deepEqual(await dishes(bed.alpha), before);
    });

    test('the workbook’s Sections sheet: a rename is previewed by name and applied; a bad cell is named by sheet, row and column in Italian', async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await c.get('/admin/import/dishes.xlsx')).rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.getWorksheet('Sections')!;
      const header = sheet.getRow(1).values as string[];
      let dolci: ExcelJS.Row | undefined;
      sheet.eachRow((row, n) => {
        if (n > 1 && row.getCell(header.indexOf('name_it')).value === 'Dolci') dolci = row;
      });
      assert.ok(dolci);
      dolci.getCell(header.indexOf('name_it')).value = 'Dessert della casa';
      const sections = () =>
        bed.db.db
          .selectFrom('categories')
          .select(['id', 'name_translations', 'display_order'])
          .where('tenant_id', '=', bed.alpha)
          .orderBy('id')
          .execute();
      const before = await sections();
      const betaBefore = await dishes(bed.beta);
      const preview = await c.postMultipart(
        '/admin/import/preview',
        {},
        { field: 'file', filename: 'menu.xlsx', type: XLSX, data: Buffer.from(await workbook.xlsx.writeBuffer()) },
      );
      assert.equal(preview.statusCode, 200, preview.body);
      assert.match(
        preview.body,
        /data-kind="sections"><th scope="row" data-label="Rows">Sections<\/th><td data-label="Created"><div>0<\/div><\/td><td data-label="Changed"><div>1<\/div>/,
      );
      const changed = /<ul class="import-changes" data-kind="sections">([\s\S]*?)<\/ul>/.exec(preview.body)?.[1] ?? '';
      assert.match(changed, /Dolci/);
      assert.match(changed, /Dessert della casa/);
      assert.deepEqual(await sections(), before, 'a preview writes nothing');
      const applied = await c.post('/admin/import/apply', { draft: previewedDraft(preview.body) });
      assert.equal(applied.statusCode, 303);
      const after = await sections();
      assert.ok(after.some((s) => JSON.parse(s.name_translations).it === 'Dessert della casa'));

      dolci.getCell(header.indexOf('display_order')).value = 'ultimo';
      const it = bed.client('alpha', { 'accept-language': 'it' });
      await it.signIn(OWNER.email, OWNER.password);
      await it.get('/admin/import');
      const refused = await it.postMultipart(
        '/admin/import/preview',
        {},
        { field: 'file', filename: 'menu.xlsx', type: XLSX, data: Buffer.from(await workbook.xlsx.writeBuffer()) },
      );
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, new RegExp(`Foglio “Sections”, riga ${dolci.number}, colonna “display_order”`));
      assert.match(refused.body, /“ultimo”: “display_order” deve essere un numero intero\./);
      assert.deepEqual(await sections(), after);
      assert.deepEqual(await dishes(bed.beta), betaBefore);
    });

    test('the prune box with a workbook deletes what its sheets leave out (a dish, a section, a sub-category, a winery), named in the preview; unticked, nothing', async () => {
      const betaBefore = await dishes(bed.beta);
      const names = async (table: 'categories' | 'types') =>
        (
          await bed.db.db.selectFrom(table).select('name_translations').where('tenant_id', '=', bed.alpha).execute()
        ).map((r) => JSON.parse(r.name_translations).it);
      const wineries = async () =>
        (await bed.db.db.selectFrom('wineries').select('name').where('tenant_id', '=', bed.alpha).execute()).map(
          (r) => r.name,
        );
      const exported = async () => {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load((await c.get('/admin/import/dishes.xlsx')).rawPayload as unknown as ExcelJS.Buffer);
        return workbook;
      };
      const upload = (workbook: ExcelJS.Workbook, fields: Record<string, string>) =>
        workbook.xlsx.writeBuffer().then((data) =>
          c.postMultipart('/admin/import/preview', fields, {
            field: 'file',
            filename: 'menu.xlsx',
            type: XLSX,
            data: Buffer.from(data),
          }),
        );
      // First a workbook adds a section with a sub-category, a winery and a dish in them.
      const adding = await exported();
      addRow(adding.getWorksheet('Sections')!, { section: 'Fuori menu', name_en: 'Off the menu' });
      addRow(adding.getWorksheet('Sub-categories')!, { section: 'Fuori menu', sub_category: 'Assaggi' });
      addRow(adding.getWorksheet('Wineries')!, { winery: 'Cantina Vecchia', country: 'Italia' });
      addRow(adding.getWorksheet('Dishes')!, {
        section: 'Fuori menu',
        sub_category: 'Assaggi',
        name_it: 'Polpette',
        price: 7,
        winery: 'Cantina Vecchia',
      });
      const added = await upload(adding, {});
      assert.equal(added.statusCode, 200, added.body);
      assert.equal((await c.post('/admin/import/apply', { draft: previewedDraft(added.body) })).statusCode, 303);
      const before = await dishes(bed.alpha);
      assert.ok(before.some((d) => d.name === 'Polpette'));
      assert.ok((await names('types')).includes('Assaggi'));

      // The next export, those rows taken out of their sheets, and Spritz out of the dishes.
      const workbook = await exported();
      assert.equal(removeRows(workbook.getWorksheet('Sections')!, 'section', 'Fuori menu'), 1);
      assert.equal(removeRows(workbook.getWorksheet('Sub-categories')!, 'sub_category', 'Assaggi'), 1);
      assert.equal(removeRows(workbook.getWorksheet('Wineries')!, 'winery', 'Cantina Vecchia'), 1);
      assert.equal(removeRows(workbook.getWorksheet('Dishes')!, 'name_it', 'Polpette'), 1);
      assert.equal(removeRows(workbook.getWorksheet('Dishes')!, 'name_it', 'Spritz'), 1);
      const unticked = await upload(workbook, {});
      assert.equal(unticked.statusCode, 200, unticked.body);
      assert.match(unticked.body, /This file matches the menu as it is: importing it would change nothing\./);

      const preview = await upload(workbook, { prune: '1' });
      assert.equal(preview.statusCode, 200, preview.body);
      const deleted = (kind: string) =>
        [
          ...(
            new RegExp(`<ul class="deletions" data-kind="${kind}">([\\s\\S]*?)</ul>`).exec(preview.body)?.[1] ?? ''
          ).matchAll(/<strong>([^<]*)<\/strong>/g),
        ].map((m) => m[1]);
      assert.deepEqual(deleted('items').sort(), ['Polpette', 'Spritz']);
      assert.deepEqual(deleted('sections'), ['Off the menu']);
      assert.deepEqual(deleted('sub_categories'), ['Assaggi']);
      assert.deepEqual(deleted('wineries'), ['Cantina Vecchia']);
      assert.match(
        preview.body,
        /data-kind="items"><th scope="row" data-label="Rows">Dishes<\/th><td data-label="Created"><div>0<\/div><\/td><td data-label="Changed"><div>0<\/div><\/td><td data-label="Deleted"><div>2<\/div>/,
      );
      // Two of ten dishes: no confirmation asked.
      assert.doesNotMatch(preview.body, /f-confirm-delete/);
      assert.deepEqual(await dishes(bed.alpha), before, 'a preview writes nothing');
      const applied = await c.post('/admin/import/apply', { draft: previewedDraft(preview.body) });
      assert.equal(applied.statusCode, 303);
      assert.deepEqual(
        await dishes(bed.alpha),
        before.filter((d) => d.name !== 'Polpette' && d.name !== 'Spritz'),
      );
      assert.ok(!(await names('categories')).includes('Fuori menu'));
      assert.ok((await names('categories')).includes('Aperitivo'), 'a section its sheet lists stays, empty');
      assert.ok(!(await names('types')).includes('Assaggi'));
      assert.deepEqual(await wineries(), ['Cantina Alpha']);
      assert.deepEqual(await dishes(bed.beta), betaBefore, 'the other restaurant is untouched');
    });

    test('the prune box with a CSV deletes the dishes it leaves out, after the tick with the counts; sections stay', async () => {
      const before = await dishes(bed.alpha);
      const betaBefore = await dishes(bed.beta);
      const sections = () =>
        bed.db.db
          .selectFrom('categories')
          .select(['id', 'name_translations'])
          .where('tenant_id', '=', bed.alpha)
          .execute();
      const sectionsBefore = await sections();
      const records: string[][] = parse((await c.get('/admin/import/dishes.csv')).rawPayload, { bom: true });
      const nameIt = records[0].indexOf('name_it');
      const kept = records.filter((r, i) => i === 0 || r[nameIt] === 'Tiramisù' || r[nameIt] === 'Caffè');
      assert.equal(kept.length, 3);
      const file = Buffer.from(stringify(kept, { record_delimiter: 'windows' }));
      const n = before.length;
      const preview = await c.postMultipart(
        '/admin/import/preview',
        { prune: '1' },
        { field: 'file', filename: 'dishes.csv', type: 'text/csv', data: file },
      );
      assert.equal(preview.statusCode, 200, preview.body);
      assert.match(preview.body, new RegExp(`This file would delete ${n - 2} of the ${n} dishes of the menu\\.`));
      assert.match(preview.body, /<ul class="deletions" data-kind="items">[\s\S]*<strong>Cacio e pepe<\/strong>/);
      assert.doesNotMatch(preview.body, /data-kind="sections"><\/ul>|<ul class="deletions" data-kind="sections">/);
      assert.match(
        preview.body,
        new RegExp(
          `name="confirm_delete" value="${n - 2}" required><label for="f-confirm-delete">Yes, delete ${n - 2} of ${n} dishes</label>`,
        ),
      );
      const draft = previewedDraft(preview.body);
      const refused = await c.post('/admin/import/apply', { draft });
      assert.equal(refused.statusCode, 422);
      assert.deepEqual(await dishes(bed.alpha), before);
      const ticked = await c.post('/admin/import/apply', { draft, confirm_delete: String(n - 2) });
      assert.equal(ticked.statusCode, 303);
      assert.deepEqual(
        (await dishes(bed.alpha)).map((d) => d.name),
        ['Tiramisù', 'Caffè'],
      );
      assert.deepEqual(await sections(), sectionsBefore, 'a CSV of dishes deletes dishes only');
      assert.deepEqual(await dishes(bed.beta), betaBefore);
    });

    test('a prune that would delete every dish shows the counts and the names and asks; unticked, nothing is deleted', async () => {
      const before = await dishes(bed.alpha);
      const betaBefore = await dishes(bed.beta);
      const n = before.length;
      const empty = JSON.stringify({ sections: [] });
      const preview = await c.postMultipart(
        '/admin/import/preview',
        { prune: '1' },
        { field: 'file', filename: 'menu.json', type: 'application/json', data: empty },
      );
      assert.equal(preview.statusCode, 200, preview.body);
      assert.match(preview.body, new RegExp(`This file would delete every dish of the menu \\(${n}\\)\\.`));
      assert.match(
        preview.body,
        /<ul class="deletions" data-kind="items">[\s\S]*<strong>Tiramisù<\/strong> <span class="hint">in “Desserts”<\/span>/,
      );
      assert.match(
        preview.body,
        new RegExp(
          `<input type="checkbox" id="f-confirm-delete" name="confirm_delete" value="${n}" required><label for="f-confirm-delete">Yes, delete ${n} of ${n} dishes</label>`,
        ),
      );
      const draft = previewedDraft(preview.body);
      const unticked = await c.post('/admin/import/apply', { draft });
      assert.equal(unticked.statusCode, 422);
      assert.match(unticked.body, new RegExp(`The import would delete ${n} of ${n} dishes`));
      assert.deepEqual(await dishes(bed.alpha), before);
      // The refusal keeps the draft: the owner ticks and applies the same preview.
      const ticked = await c.post('/admin/import/apply', { draft, confirm_delete: String(n) });
      assert.equal(ticked.statusCode, 303);
      assert.deepEqual(await dishes(bed.alpha), []);
      assert.deepEqual(await dishes(bed.beta), betaBefore);
    });
  });
}
