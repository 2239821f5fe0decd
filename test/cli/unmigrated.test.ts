// A `menu` command on a database whose migrations were never applied says what to run and exits 1;
// `serve` refuses to listen on it unless --migrate is given.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { type CliDatabase, cliDatabase, runCli as run } from './run.js';

for (const dialect of dialects) {
  describe(`menu on an unmigrated database (${dialect})`, () => {
    let database: CliDatabase;
    before(async () => {
      database = await cliDatabase(dialect);
    });
    after(() => database.dispose());

    test('tenant and token commands refuse and name the command to run', async () => {
      for (const argv of [['tenant:list'], ['tenant:create', 'osteria', '--name', 'Osteria'], ['token:list', 'demo']]) {
        const { code, stderr } = await run(argv, database.env);
        assert.equal(code, 1, argv.join(' '));
        assert.match(stderr, /no tables yet: run `menu migrate`/, argv.join(' '));
      }
    });

    test('serve refuses to listen without --migrate', async () => {
      const { code, stderr } = await run(['serve'], { ...database.env, PORT: '0', HOST: '127.0.0.1' });
      assert.equal(code, 1);
      assert.match(stderr, /menu serve --migrate/);
    });
  });
}
