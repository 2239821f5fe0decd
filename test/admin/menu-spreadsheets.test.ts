// The dishes in and out of spreadsheets (issue 32), on both databases: CSV in every encoding a
// spreadsheet writes (files made by ExcelJS's CSV writer and csv-stringify, re-encoded with
// iconv-lite as Excel saves them), Excel workbooks, formula-like text, exact round trips, and the
// guard that keeps a prune from emptying a menu by accident.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { insertAuditEntries } from '../../src/features/audit/repo.js';
import { flagChecks } from '../../src/features/translations/repo.js';
import { dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Accented dishes in the five languages a menu has, enough to edit thirty prices. */
const ACCENTED = Array.from({ length: 36 }, (_, i) => ({
  external_id: `acc-${i}`,
  name: {
    it: `Tagliatelle al ragù ${i}`,
    en: `Crème brûlée ${i}`,
    fr: `Pâté en croûte ${i}`,
    de: `Würstel mit Soße ${i}`,
    es: `Paella española ${i}`,
  },
  description: { it: 'Caffè, perché sì — «buono» € 2' },
  price: 10 + i,
  allergens: ['uova'],
}));

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

for (const dialect of dialects) {
  describe(`dishes in spreadsheets (${dialect})`, () => {
    const { suite, restaurant, rows } = menuSuite(dialect, 'sheet');

    /** A restaurant with the fixture's menu plus the accented dishes. */
    async function accented() {
      const r = await restaurant();
      const doc = (await r.admin('GET', '/menu/export')).json.data;
      doc.sections[0].items.push(...ACCENTED);
      const put = await r.admin('PUT', '/menu', doc);
      assert.equal(put.statusCode, 200, put.body);
      return r;
    }
    const dishState = async (tenantId: number) =>
      (await rows('items', tenantId)).map((d: any) => ({
        id: d.id,
        price: Number(d.price_cents),
        name: JSON.parse(d.name_translations),
        description: JSON.parse(d.description_translations),
      }));

    test('done means: export, edit 30 prices in Excel on Windows (Windows-1252, ;), import: exactly those 30 prices change, every accent intact', async () => {
      const r = await accented();
      const other = await accented();
      const otherBefore = await dishState(other.id);
      const res = await r.admin('GET', '/menu/export.csv?delimiter=semicolon');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.rawPayload.subarray(0, 3), BOM, 'UTF-8 with a byte order mark, so Excel reads the accents');
      const records: string[][] = parse(res.rawPayload, { bom: true, delimiter: ';' });
      const [header, ...dishes] = records;
      const price = header.indexOf('price');
      const nameIt = header.indexOf('name_it');
      assert.ok(dishes.some((d) => d[nameIt] === 'Tagliatelle al ragù 3'));
      const edited = new Map<string, number>();
      for (const row of dishes.filter((d) => d[nameIt].startsWith('Tagliatelle')).slice(0, 30)) {
        const cents = Math.round(Number(row[price].replace(',', '.')) * 100) + 55;
        row[price] = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
        edited.set(row[header.indexOf('id')], cents);
      }
      assert.equal(edited.size, 30);
      // What Excel's "CSV (separato dal separatore di elenco)" writes on an Italian Windows.
      const saved = iconv.encode(stringify(records, { delimiter: ';', record_delimiter: 'windows' }), 'windows-1252');
      assert.ok(!saved.includes(Buffer.from('ù')), 'the file really is single-byte');
      const before = await dishState(r.id);
      const put = await r.admin('PUT', '/menu', saved, { 'content-type': 'text/csv' });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json.data.summary.items.updated, 30);
      assert.equal(put.json.data.summary.items.created, 0);
      const after = await dishState(r.id);
      assert.equal(after.length, before.length);
      for (const [i, dish] of after.entries()) {
        const expected = edited.get(String(dish.id));
        assert.deepEqual(dish, { ...before[i], price: expected ?? before[i].price });
      }
      assert.ok(after.every((d) => !JSON.stringify(d).includes('\uFFFD')));
      assert.deepEqual(await dishState(other.id), otherBefore, 'the other restaurant is untouched');
    });

    test('an untouched export saved by a spreadsheet library as UTF-8, UTF-8 with BOM, UTF-16LE (BOM, tabs) and Windows-1252 with ; changes nothing', async () => {
      const r = await accented();
      const workbook = await workbookOf((await r.admin('GET', '/menu/export.xlsx')).rawPayload);
      const before = await dishState(r.id);
      const csvOf = async (delimiter: string) =>
        Buffer.from(await workbook.csv.writeBuffer({ sheetName: 'Dishes', formatterOptions: { delimiter } })).toString(
          'utf8',
        );
      const files: Record<string, Buffer> = {
        'UTF-8': Buffer.from(await csvOf(','), 'utf8'),
        // The byte order mark written by the CSV writer itself (fast-csv's writeBOM).
        'UTF-8 BOM': Buffer.from(
          await workbook.csv.writeBuffer({ sheetName: 'Dishes', formatterOptions: { delimiter: ';', writeBOM: true } }),
        ),
        // Excel's "Unicode text": UTF-16LE with a byte order mark, tab-separated.
        'UTF-16LE tab': iconv.encode(await csvOf('\t'), 'utf-16le', { addBOM: true }),
        'Windows-1252 ;': iconv.encode(await csvOf(';'), 'windows-1252'),
      };
      assert.deepEqual([...files['UTF-8 BOM'].subarray(0, 3)], [...BOM]);
      for (const [name, bytes] of Object.entries(files)) {
        const put = await r.admin('PUT', '/menu', bytes, { 'content-type': 'text/csv' });
        assert.equal(put.statusCode, 200, `${name}: ${put.body}`);
        assert.equal(put.json.data.changed, false, `${name}: ${JSON.stringify(put.json.data.summary)}`);
        assert.equal(put.json.data.summary.items.unchanged, before.length, name);
      }
      assert.deepEqual(await dishState(r.id), before);
    });

    test('a file whose encoding cannot be told, or holding U+FFFD, is refused in the caller’s language and changes nothing', async () => {
      const r = await accented();
      const other = await restaurant();
      const otherBefore = await dishState(other.id);
      const before = await dishState(r.id);
      const header = (await r.admin('GET', '/menu/export.csv')).body.split('\r\n')[0].replace(/^\uFEFF/, '');
      const japanese = iconv.encode(`${header}\r\n,,寿司,,,,12,寿司 特上\r\n`, 'shift_jis');
      const it = await r.admin('PUT', '/menu', japanese, { 'content-type': 'text/csv', 'accept-language': 'it' });
      assert.equal(it.statusCode, 422, it.body);
      assert.deepEqual(Object.keys(it.json.errors), ['file']);
      assert.match(it.json.errors.file[0], /codifica dei caratteri/);
      const en = await r.admin('PUT', '/menu', japanese, { 'content-type': 'text/csv', 'accept-language': 'en' });
      assert.match(en.json.errors.file[0], /character encoding cannot be recognised/);
      // UTF-16 without its byte order mark cannot be told from binary data either.
      const noBom = iconv.encode(`${header}\r\n`, 'utf-16le');
      assert.equal((await r.admin('PUT', '/menu', noBom, { 'content-type': 'text/csv' })).statusCode, 422);
      // Text already damaged by an earlier wrong conversion is not written again.
      const damaged = Buffer.from(`${header}\r\n,,Antipasti,,,,5,Tagliatelle al rag\uFFFD\r\n`, 'utf8');
      const refused = await r.admin('PUT', '/menu', damaged, { 'content-type': 'text/csv', 'accept-language': 'en' });
      assert.equal(refused.statusCode, 422);
      assert.match(refused.json.errors.file[0], /damaged characters \(�\) on line 2/);
      // A quote opened and never closed: the row where reading stopped, not a guess.
      const unclosed = Buffer.from(`${header}\r\n,,Antipasti,,,,5,"Olive\r\n`, 'utf8');
      const broken = await r.admin('PUT', '/menu', unclosed, { 'content-type': 'text/csv', 'accept-language': 'en' });
      assert.equal(broken.statusCode, 422);
      assert.deepEqual(Object.keys(broken.json.errors), ['rows[3]']);
      assert.match(
        broken.json.errors['rows[3]'][0],
        /The CSV cannot be read at line 3: check its quotes and separators\./,
      );
      // A quote inside an unquoted field is text, as a spreadsheet reads it.
      const inch = Buffer.from(`${header}\r\n,,Antipasti,,,,5,Pizza 12" bianca\r\n`, 'utf8');
      const dry = await r.admin('PUT', '/menu?dry_run=true', inch, { 'content-type': 'text/csv' });
      assert.equal(dry.statusCode, 200, dry.body);
      assert.equal(dry.json.data.summary.items.created, 1);
      assert.deepEqual(await dishState(r.id), before);
      assert.deepEqual(await dishState(other.id), otherBefore);
    });

    test('formula-like text is written with a leading apostrophe in CSV and xlsx and read back exactly; a leading tab and inner spaces are kept, spaces around a number are not', async () => {
      const r = await restaurant();
      const names = [
        '=HYPERLINK("http://evil.test","x")',
        '+39 menu',
        '-10% pranzo',
        '@chef',
        '\tTabulato',
        "'Nduja",
        "'=già protetto",
        'Pasta  e  fagioli ',
      ];
      const doc = (await r.admin('GET', '/menu/export')).json.data;
      doc.sections[0].items.push(...names.map((it, i) => ({ external_id: `f-${i}`, name: { it }, price: 5 })));
      assert.equal((await r.admin('PUT', '/menu', doc)).statusCode, 200);
      const stored = (await rows('items', r.id)).map((d: any) => JSON.parse(d.name_translations).it);
      for (const name of names) assert.ok(stored.includes(name), `stored as typed: ${JSON.stringify(name)}`);

      const csv = (await r.admin('GET', '/menu/export.csv')).rawPayload;
      const [header, ...records]: string[][] = parse(csv, { bom: true });
      const cells = records.map((row) => row[header.indexOf('name_it')]);
      const expected = [
        '\'=HYPERLINK("http://evil.test","x")',
        "'+39 menu",
        "'-10% pranzo",
        "'@chef",
        "'\tTabulato",
        "'Nduja",
        "''=già protetto",
        'Pasta  e  fagioli ',
      ];
      for (const cell of expected) assert.ok(cells.includes(cell), `CSV cell ${JSON.stringify(cell)}`);
      const workbook = await workbookOf((await r.admin('GET', '/menu/export.xlsx')).rawPayload);
      const sheet = workbook.getWorksheet('Dishes')!;
      const column = (sheet.getRow(1).values as string[]).indexOf('name_it');
      const xlsxCells = sheet.getColumn(column).values.slice(2);
      for (const cell of expected) assert.ok(xlsxCells.includes(cell), `xlsx cell ${JSON.stringify(cell)}`);

      const before = await dishState(r.id);
      const untouchedCsv = await r.admin('PUT', '/menu', csv, { 'content-type': 'text/csv' });
      assert.equal(untouchedCsv.json.data.changed, false, untouchedCsv.body);
      const untouchedXlsx = await r.admin('PUT', '/menu', (await r.admin('GET', '/menu/export.xlsx')).rawPayload, {
        'content-type': XLSX,
      });
      assert.equal(untouchedXlsx.json.data.changed, false, untouchedXlsx.body);
      // A spreadsheet pads a number: " 7,50 " is 7.5; the name beside it keeps its own spaces.
      const padded = records.map((row) => [...row]);
      const row = padded.find((cellsOf) => cellsOf[header.indexOf('name_it')] === 'Pasta  e  fagioli ')!;
      row[header.indexOf('price')] = ' 7.50 ';
      const put = await r.admin('PUT', '/menu', stringify([header, ...padded]), { 'content-type': 'text/csv' });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json.data.summary.items.updated, 1);
      const after = await dishState(r.id);
      const pasta = after.find((d) => d.name.it === 'Pasta  e  fagioli ')!;
      assert.equal(pasta.price, 750);
      assert.deepEqual(
        after.filter((d) => d.id !== pasta.id),
        before.filter((d) => d.id !== pasta.id),
      );
    });

    test('export.xlsx: a frozen header, prices as numbers with two decimals, allergens as x; an edited price imports, a formula or a date in a price cell is refused by row', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const res = await r.admin('GET', '/menu/export.xlsx');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], XLSX);
      assert.match(String(res.headers['content-disposition']), /filename="sheet\d+-dishes.xlsx"/);
      const workbook = await workbookOf(res.rawPayload);
      assert.deepEqual(
        workbook.worksheets.map((s) => s.name),
        ['Dishes', 'Sections', 'Sub-categories', 'Wineries', 'Options'],
      );
      const sheet = workbook.getWorksheet('Dishes')!;
      assert.equal(sheet.views[0].state, 'frozen');
      assert.equal((sheet.views[0] as ExcelJS.WorksheetViewFrozen).ySplit, 1);
      const header = sheet.getRow(1).values as string[];
      const at = (name: string) => header.indexOf(name);
      const bruschetta = sheet.getRow(2);
      assert.equal(bruschetta.getCell(at('name_it')).value, `Bruschetta ${r.label}`);
      assert.equal(bruschetta.getCell(at('price')).value, 6.5);
      assert.equal(bruschetta.getCell(at('price')).numFmt, '0.00');
      assert.equal(bruschetta.getCell(at('allergen_cereali_glutine')).value, 'x');
      assert.equal(bruschetta.getCell(at('allergen_latte')).value, null);
      assert.ok((sheet.getColumn(at('name_it')).width ?? 0) >= 20, 'wide enough to read a name');
      assert.ok(Object.keys(workbook.getWorksheet('Wineries')!.getRow(2).values).length > 0);
      assert.notDeepEqual(await rows('items', other.id), []);

      const before = await dishState(r.id);
      bruschetta.getCell(at('price')).value = 7.25;
      const edited = Buffer.from(await workbook.xlsx.writeBuffer());
      const put = await r.admin('PUT', '/menu?dry_run=true', edited, { 'content-type': XLSX });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json.data.summary.items.updated, 1);
      assert.deepEqual(await dishState(r.id), before, 'a dry run writes nothing');
      assert.equal((await r.admin('PUT', '/menu', edited, { 'content-type': XLSX })).statusCode, 200);
      assert.equal((await dishState(r.id)).find((d) => d.id === before[0].id)?.price, 725);

      bruschetta.getCell(at('price')).value = { formula: `${sheet.getColumn(at('price')).letter}3*2`, result: 18 };
      // As Excel stores a date typed into a price cell: a serial number with a date format.
      const dated = sheet.getRow(3).getCell(at('price'));
      dated.value = new Date(Date.UTC(2026, 2, 12));
      // (A style of its own: ExcelJS shares one style object among the column's cells.)
      dated.style = { ...dated.style, numFmt: 'dd/mm/yyyy' };
      const bad = Buffer.from(await workbook.xlsx.writeBuffer());
      const refused = await r.admin('PUT', '/menu', bad, { 'content-type': XLSX, 'accept-language': 'en' });
      assert.equal(refused.statusCode, 422, refused.body);
      assert.deepEqual(refused.json.errors, {
        'rows[2].price': ['The price cell holds a formula: type its value instead.'],
        'rows[3].price': ['The price cell holds a date, not a price: format it as a number.'],
      });
      // A sheet longer than any menu is refused as it is read, before it fills the memory.
      const long = new ExcelJS.Workbook();
      const rowsSheet = long.addWorksheet('Dishes');
      rowsSheet.addRow(['section', 'price', 'name_it']);
      for (let i = 0; i < 20_001; i++) rowsSheet.addRow(['Antipasti', 1, `Piatto ${i}`]);
      const tooLong = await r.admin('PUT', '/menu', Buffer.from(await long.xlsx.writeBuffer()), {
        'content-type': XLSX,
        'accept-language': 'en',
      });
      assert.equal(tooLong.statusCode, 422);
      assert.deepEqual(tooLong.json.errors, {
        file: ['The sheet has more than 20000 rows of dishes: split it into several files.'],
      });
      const notAWorkbook = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 1)]);
      const unreadable = await r.admin('PUT', '/menu', notAWorkbook, { 'content-type': XLSX });
      assert.equal(unreadable.statusCode, 422);
      assert.deepEqual(Object.keys(unreadable.json.errors), ['file']);
      assert.equal((await dishState(r.id)).find((d) => d.id === before[0].id)?.price, 725);
    });

    test('a prune of everything answers 422 with the counts unless confirm_delete names them; a dry run lists what it deletes by name', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const otherBefore = await dishState(other.id);
      const count = (await rows('items', r.id)).length;
      const empty = { sections: [] };
      const refused = await r.admin('PUT', '/menu?prune=true', empty, { 'accept-language': 'en' });
      assert.equal(refused.statusCode, 422, refused.body);
      assert.deepEqual(refused.json.errors, {
        confirm_delete: [
          `This import would delete ${count} of ${count} dishes: to confirm, repeat the request with confirm_delete=${count}.`,
        ],
      });
      assert.equal((await rows('items', r.id)).length, count);

      const dry = await r.admin('PUT', '/menu?prune=true&dry_run=true', empty);
      assert.equal(dry.statusCode, 200, dry.body);
      assert.deepEqual(dry.json.data.confirm_delete_required, { deleted: count, total: count });
      assert.equal(dry.json.data.deletions.items.length, count);
      assert.ok(dry.json.data.deletions.items.some((d: any) => d.name === 'Caprese'));
      assert.ok(dry.json.data.deletions.sections.some((d: any) => d.name === 'Antipasti'));
      assert.ok(dry.json.data.deletions.wineries.some((d: any) => d.name === `Cantina ${r.label}`));
      assert.equal((await rows('items', r.id)).length, count);

      const wrong = await r.admin('PUT', `/menu?prune=true&confirm_delete=${count - 1}`, empty);
      assert.equal(wrong.statusCode, 422);
      const done = await r.admin('PUT', `/menu?prune=true&confirm_delete=${count}`, empty);
      assert.equal(done.statusCode, 200, done.body);
      assert.equal(done.json.data.summary.items.deleted, count);
      assert.equal(done.json.data.confirm_delete_required, null);
      assert.equal((await rows('items', r.id)).length, 0);
      assert.deepEqual(await dishState(other.id), otherBefore, 'the other restaurant keeps its menu');

      // Deleting half or fewer needs no confirmation (the dry run still names it).
      const doc = (await other.admin('GET', '/menu/export')).json.data;
      const dropped = doc.sections[0].items.pop();
      const small = await other.admin('PUT', '/menu?prune=true&dry_run=true', doc);
      assert.equal(small.json.data.confirm_delete_required, null);
      assert.deepEqual(
        small.json.data.deletions.items.map((d: any) => d.id),
        [dropped.id],
      );
    });

    test('a big import’s audit entries and translation flags are written in parts: 4,000 entries and 12,000 flags pass SQLite’s bound-parameter limit', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const db = suite().db.db;
      const at = new Date().toISOString();
      const entries = Array.from({ length: 4000 }, (_, i) => ({
        tenant_id: r.id,
        occurred_at: at,
        via: 'import',
        user_id: null,
        user_email: null,
        token_id: null,
        token_name: 'bench',
        resource: 'items',
        resource_id: i + 1,
        action: 'updated',
        fields: ',price,',
        changes: '{}',
      }));
      await db.transaction().execute(async (trx) => {
        await insertAuditEntries(trx, entries);
        const keys = Array.from({ length: 3000 }, (_, i) =>
          ['en', 'fr', 'de', 'es'].map((locale) => ({ resource: 'items', resource_id: i + 1, field: 'name', locale })),
        ).flat();
        await flagChecks(trx, r.id, keys, at);
      });
      const count = async (table: 'audit_log' | 'translation_checks', tenantId: number) =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .where('tenant_id', '=', tenantId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      assert.ok((await count('audit_log', r.id)) >= 4000);
      assert.equal(await count('translation_checks', r.id), 12000);
      assert.equal(await count('translation_checks', other.id), 0);
    });
  });
}
