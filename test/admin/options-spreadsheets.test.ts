// Option groups in spreadsheets (issue 34, point 3): the options' own CSV (one row per option, its
// group's columns repeated) exported and sent back (changes only groups and options, errors named
// by row), a POS's groups loaded from the CSV alone, the dishes' `option_groups` column attaching
// groups by name in order, the workbook's Options sheet — on both databases, a second restaurant beside.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OPTION_COLUMNS } from '../../src/features/sync/option-sheet.js';
import { dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

for (const dialect of dialects) {
  describe(`option groups in spreadsheets (${dialect})`, () => {
    const { restaurant, rows } = menuSuite(dialect, 'optcsv');
    const putCsv = (r: any, body: string, query = '') =>
      r.admin('PUT', `/menu${query}`, body, { 'content-type': 'text/csv', 'accept-language': 'en' });

    test('a POS’s groups load from the options CSV alone; exported again they read the same; sent back unchanged nothing changes', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const file = csv([
        'group,group_external_id,min_choices,max_choices,group_name_en,id,external_id,name_it,name_en,price_change,allergen_latte,is_active',
        'Cottura,ML-COOK,1,1,Cooking,,M-RARE,Al sangue,Rare,,,1',
        'Cottura,ML-COOK,1,1,Cooking,,M-WELL,Ben cotta,Well done,,,1',
        'Aggiunte,ML-ADD,0,,Add-ons,,M-BUR,Burrata,Burrata,"3,00",x,1',
        'Aggiunte,ML-ADD,0,,Add-ons,,M-NOCHEESE,Senza formaggio,No cheese,-0.5,,1',
      ]);
      const dry = await putCsv(r, file, '?dry_run=true');
      assert.equal(dry.statusCode, 200, dry.body);
      assert.deepEqual(dry.json.data.summary.option_groups, { created: 2, updated: 0, deleted: 0, unchanged: 0 });
      assert.deepEqual(dry.json.data.summary.options, { created: 4, updated: 0, deleted: 0, unchanged: 0 });
      assert.equal(dry.json.data.summary.items.created + dry.json.data.summary.items.updated, 0, 'dishes untouched');
      const res = await putCsv(r, file);
      assert.equal(res.statusCode, 200, res.body);
      const groups = await rows('option_groups', r.id);
      assert.deepEqual(
        groups.map((g: any) => [g.external_id, JSON.parse(g.name_translations), g.min_choices, g.max_choices]),
        [
          ['ML-COOK', { it: 'Cottura', en: 'Cooking' }, 1, 1],
          ['ML-ADD', { it: 'Aggiunte', en: 'Add-ons' }, 0, null],
        ],
      );
      const options = await rows('options', r.id);
      assert.deepEqual(
        options.map((o: any) => [o.external_id, Number(o.price_change_cents), o.allergens]),
        [
          ['M-RARE', 0, '[]'],
          ['M-WELL', 0, '[]'],
          ['M-BUR', 300, '["latte"]'],
          ['M-NOCHEESE', -50, '[]'],
        ],
      );
      const exported = await r.admin('GET', '/menu/options.csv');
      assert.equal(exported.statusCode, 200);
      assert.match(String(exported.headers['content-type']), /^text\/csv/);
      const text = exported.body.replace(/^\uFEFF/, '');
      assert.equal(text.split('\r\n')[0], OPTION_COLUMNS.join(','));
      assert.equal(text.split('\r\n').filter(Boolean).length, 5);
      const again = await putCsv(r, text);
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.json.data.changed, false);
      assert.deepEqual(again.json.data.summary.options, { created: 0, updated: 0, deleted: 0, unchanged: 4 });
      // A price edited in the file changes that option only.
      const edited = text.replace(/(M-BUR,Burrata,[^\r]*?,)3\.00,/, '$13.50,');
      assert.notEqual(edited, text);
      const change = await putCsv(r, edited);
      assert.equal(change.json.data.summary.options.updated, 1, change.body);
      const burrata = (await rows('options', r.id)).find((o: any) => o.external_id === 'M-BUR');
      assert.equal(Number(burrata?.price_change_cents), 350);
      assert.equal((await rows('option_groups', other.id)).length, 0, 'the other restaurant untouched');
    });

    test('the dishes’ option_groups column attaches groups by name or external id, in order; an unknown one names its row', async () => {
      const r = await restaurant();
      await putCsv(
        r,
        csv([
          'group,group_external_id,min_choices,max_choices,id,external_id,name_it',
          'Cottura,ML-COOK,1,1,,M-RARE,Al sangue',
          'Aggiunte,,0,,,M-BUR,Burrata',
        ]),
      );
      const dishes = (await r.admin('GET', '/menu/export.csv')).body.replace(/^\uFEFF/, '').split('\r\n');
      const header = dishes[0].split(',');
      assert.equal(header.at(-1), 'option_groups');
      const first = dishes[1].split(',');
      assert.equal(first.at(-1), '', 'no groups yet');
      first[first.length - 1] = 'aggiunte | ML-COOK';
      const res = await putCsv(r, csv([dishes[0], first.join(',')]));
      assert.equal(res.statusCode, 200, res.body);
      const id = Number(first[0]);
      const dish = (await r.admin('GET', `/items/${id}`)).json.data;
      assert.deepEqual(
        dish.option_groups.map((g: any) => g.name),
        ['Aggiunte', 'Cottura'],
      );
      const exported = (await r.admin('GET', '/menu/export.csv')).body.replace(/^\uFEFF/, '').split('\r\n');
      const row = exported.find((line) => line.startsWith(`${id},`))!;
      assert.ok(row.endsWith(',Aggiunte | Cottura'), row);
      first[first.length - 1] = 'Aggiunte | Pizza';
      const bad = await putCsv(r, csv([dishes[0], first.join(',')]));
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json.errors), ['rows[2].option_groups']);
    });

    test('errors of the options CSV are named by row, all at once; nothing stored; the workbook has an Options sheet', async () => {
      const r = await restaurant();
      const res = await putCsv(
        r,
        csv([
          'group,min_choices,max_choices,external_id,name_it,price_change',
          'Cottura,3,1,M-RARE,Al sangue,',
          'Aggiunte,0,,M-BUR,Burrata,tre euro',
          ',0,,M-X,Senza gruppo,1',
        ]),
      );
      assert.equal(res.statusCode, 422, res.body);
      assert.deepEqual(Object.keys(res.json.errors).sort(), ['rows[4].group']);
      // A cell that is not a number stops the file at its shape; a broken rule is found row by row.
      const shape = await putCsv(
        r,
        csv(['group,min_choices,max_choices,external_id,name_it,price_change', 'Aggiunte,0,,M-BUR,Burrata,tre euro']),
      );
      assert.equal(shape.statusCode, 422);
      assert.deepEqual(Object.keys(shape.json.errors), ['rows[2].price_change']);
      const rules = await putCsv(
        r,
        csv([
          'group,min_choices,max_choices,external_id,name_it,price_change',
          'Cottura,3,1,M-RARE,Al sangue,',
          'Aggiunte,0,,M-BUR,Burrata,"3,001"',
        ]),
      );
      assert.equal(rules.statusCode, 422);
      assert.deepEqual(
        Object.keys(rules.json.errors).sort(),
        ['rows[2].min_choices', 'rows[3].price_change'],
        rules.body,
      );
      assert.equal((await rows('option_groups', r.id)).length, 0);
      const xlsx = await r.admin('GET', '/menu/export.xlsx');
      assert.equal(xlsx.statusCode, 200);
      const ExcelJS = (await import('exceljs')).default;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as any);
      const sheet = book.getWorksheet('Options');
      assert.ok(sheet, 'an Options sheet');
      assert.equal(sheet.getRow(1).getCell(1).value, 'group');
    });
  });
}
