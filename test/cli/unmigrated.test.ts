// A `menu` command on a database whose migrations were never applied says what to run and exits 1;
// `serve` refuses to listen on it unless --migrate is given.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { dialects, openTestDb, runScopedName } from '../helper.js';
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

// PostgreSQL only: other schemas of the same database come and go (other instances', parallel test
// files'). Kysely's own introspector asked a privilege of every schema by name and failed with
// "schema … does not exist" when one was dropped meanwhile; ours looks only at the search path.
if (dialects.includes('postgres')) {
  describe('migrations while other schemas are dropped (postgres)', () => {
    test('a migration run is not disturbed by schemas dropped beside it', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const others = Array.from({ length: 40 }, () => runScopedName('gone'));
      try {
        for (const name of others) await admin.query(`CREATE SCHEMA ${name}; CREATE TABLE ${name}.t (id int)`);
        const dropping = (async () => {
          for (const name of others) await admin.query(`DROP SCHEMA ${name} CASCADE`);
        })();
        const runs: Promise<void>[] = [];
        for (let i = 0; i < 4; i++) {
          runs.push(
            (async () => {
              const db = await openTestDb('postgres');
              await db.dispose();
            })(),
          );
        }
        await Promise.all([dropping, ...runs]);
      } finally {
        for (const name of others) await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
        await admin.end();
      }
    });
  });
}
