// `menu export` and `menu import [--dry-run] [--prune]`: the whole-menu document from the command
// line, through the same writeMenu as the API (audit log marked `import`).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
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
  });
}
