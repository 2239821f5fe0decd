// `menu export` and `menu import [--dry-run] [--prune [--confirm-delete N]]`: the whole-menu
// document, and the dishes as an Excel workbook or a CSV, from the command line, through the same
// writeMenu as the API (audit log marked `import`); a prune of everything waits for its count.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { dialects } from '../helper.js';
import { type CliDatabase, cliDatabase, runCli } from './run.js';

for (const dialect of dialects) {
  describe(`menu export / import (${dialect})`, () => {
    let database: CliDatabase;
    const file = join(tmpdir(), `menu-sync-${process.pid}-${dialect}.json`);
    before(async () => {
      database = await cliDatabase(dialect);
      assert.equal((await runCli(['demo'], database.env)).code, 0);
      assert.equal((await runCli(['tenant:create', 'beta', '--name', 'Beta'], database.env)).code, 0);
    });
    after(() => database.dispose());

    test('export to a file, import it back: nothing to change; a dry run of an edit writes nothing; the edit imports', async () => {
      const exported = await runCli(['export', 'demo', '--out', file], database.env);
      assert.equal(exported.code, 0, exported.stderr);
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      const same = await runCli(['import', 'demo', file], database.env);
      assert.equal(same.code, 0, same.stderr);
      assert.match(same.stdout, /Nothing to change\./);
      doc.sections[0].items[0].price = 99.5;
      writeFileSync(file, JSON.stringify(doc));
      const dry = await runCli(['import', 'demo', file, '--dry-run'], database.env);
      assert.match(dry.stdout, /items: 0 created, 1 updated, 0 deleted/);
      assert.match(dry.stdout, /Dry run: nothing was written\./);
      const again = JSON.parse((await runCli(['export', 'demo'], database.env)).stdout);
      assert.notEqual(again.sections[0].items[0].price, 99.5);
      const real = await runCli(['import', 'demo', file], database.env);
      assert.match(real.stdout, /Imported\./);
      const after = JSON.parse((await runCli(['export', 'demo'], database.env)).stdout);
      assert.equal(after.sections[0].items[0].price, 99.5);
      // The other restaurant is untouched.
      const beta = JSON.parse((await runCli(['export', 'beta'], database.env)).stdout);
      assert.deepEqual(beta.sections, []);
    });

    test('a document with errors lists each with its path and changes nothing; an unknown tenant fails clearly', async () => {
      const doc = JSON.parse((await runCli(['export', 'demo'], database.env)).stdout);
      doc.sections[0].items[0].price = -1;
      writeFileSync(file, JSON.stringify(doc));
      const bad = await runCli(['import', 'demo', file], database.env);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /sections\[0\]\.items\[0\]\.price: /);
      assert.match(bad.stderr, /nothing was changed/);
      const unknown = await runCli(['export', 'nope'], database.env);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /Unknown tenant "nope"/);
    });

    test('the dishes as xlsx and as CSV: exported, edited, imported; a Windows-1252 CSV keeps its accents', async () => {
      const xlsx = join(tmpdir(), `menu-sync-${process.pid}-${dialect}.xlsx`);
      const csv = join(tmpdir(), `menu-sync-${process.pid}-${dialect}.csv`);
      const exported = await runCli(['export', 'demo', '--out', xlsx], database.env);
      assert.equal(exported.code, 0, exported.stderr);
      assert.match(exported.stdout, /the dishes of "demo"/);
      const same = await runCli(['import', 'demo', xlsx], database.env);
      assert.equal(same.code, 0, same.stderr);
      assert.match(same.stdout, /Nothing to change\./);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(xlsx);
      const sheet = workbook.getWorksheet('Dishes')!;
      const price = (sheet.getRow(1).values as string[]).indexOf('price');
      sheet.getRow(2).getCell(price).value = 42.5;
      await workbook.xlsx.writeFile(xlsx);
      const real = await runCli(['import', 'demo', xlsx], database.env);
      assert.equal(real.code, 0, real.stderr);
      assert.match(real.stdout, /items: 0 created, 1 updated, 0 deleted/);
      const doc = JSON.parse((await runCli(['export', 'demo'], database.env)).stdout);
      assert.equal(doc.sections[0].items[0].price, 42.5);

      assert.equal((await runCli(['export', 'demo', '--out', csv, '--semicolon'], database.env)).code, 0);
      const text = readFileSync(csv);
      assert.deepEqual([...text.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      const name = doc.sections[0].items[0].name.it as string;
      const renamed = text.toString('utf8').slice(1).replace(`;${name};`, `;${name} è;`);
      writeFileSync(csv, iconv.encode(renamed, 'windows-1252'));
      const latin = await runCli(['import', 'demo', csv], database.env);
      assert.equal(latin.code, 0, latin.stderr);
      assert.match(latin.stdout, /items: 0 created, 1 updated, 0 deleted/);
      const after = JSON.parse((await runCli(['export', 'demo'], database.env)).stdout);
      assert.equal(after.sections[0].items[0].name.it, `${name} è`);
    });

    test('a prune of every dish is refused with the counts until --confirm-delete names them; the dry run lists them by name', async () => {
      assert.equal((await runCli(['tenant:create', 'gamma', '--name', 'Gamma'], database.env)).code, 0);
      const doc = JSON.parse((await runCli(['export', 'demo'], database.env)).stdout);
      writeFileSync(file, JSON.stringify(doc));
      assert.equal((await runCli(['import', 'gamma', file], database.env)).code, 0);
      const count = doc.sections.flatMap((s: any) => [...s.items, ...s.sections.flatMap((c: any) => c.items)]).length;
      writeFileSync(file, JSON.stringify({ sections: [] }));
      const dry = await runCli(['import', 'gamma', file, '--prune', '--dry-run'], database.env);
      assert.equal(dry.code, 0, dry.stderr);
      assert.match(
        dry.stdout,
        new RegExp(`The prune deletes ${count} of ${count} dishes: apply it with --confirm-delete ${count}\\.`),
      );
      assert.match(dry.stdout, new RegExp(`deletes items \\d+: ${doc.sections[0].items[0].name.it}`));
      const refused = await runCli(['import', 'gamma', file, '--prune'], database.env);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, new RegExp(`would delete ${count} of ${count} dishes`));
      const confirmed = await runCli(
        ['import', 'gamma', file, '--prune', '--confirm-delete', String(count)],
        database.env,
      );
      assert.equal(confirmed.code, 0, confirmed.stderr);
      assert.match(confirmed.stdout, new RegExp(`items: 0 created, 0 updated, ${count} deleted`));
      const demo = JSON.parse((await runCli(['export', 'demo'], database.env)).stdout);
      assert.equal(demo.sections.length, doc.sections.length, 'demo keeps its menu');
    });
  });
}
