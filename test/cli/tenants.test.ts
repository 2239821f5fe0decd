// The `menu` CLI in process: help, migrate, demo, tenant:create/list/suspend/resume. `serve` and
// bin/menu.js itself are proven by the real-process smoke tests in process.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { type CliDatabase, cliDatabase, runCli } from './run.js';

for (const dialect of dialects) {
  describe(`menu CLI (${dialect})`, () => {
    let database: CliDatabase;
    before(async () => {
      database = await cliDatabase(dialect);
    });
    after(() => database.dispose());

    test('migrate applies the migrations once, then reports up to date', async () => {
      const first = await runCli(['migrate'], database.env);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /Applied: 2026112101_initial/);
      const second = await runCli(['migrate'], database.env);
      assert.equal(second.code, 0);
      assert.match(second.stdout, /up to date/);
    });

    test('demo seeds the demo restaurant once (idempotent)', async () => {
      const first = await runCli(['demo'], database.env);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /Demo restaurant created/);
      const second = await runCli(['demo'], database.env);
      assert.equal(second.code, 0);
      assert.match(second.stdout, /already present/);
    });

    test('tenant:create makes a tenant; bad and duplicate input fails with a clear message', async () => {
      const ok = await runCli(
        ['tenant:create', 'trattoria', '--name', 'Da Mario', '--domain', 'menu.damario.it'],
        database.env,
      );
      assert.equal(ok.code, 0, ok.stderr);
      assert.match(ok.stdout, /http:\/\/trattoria\.localhost/);
      const dup = await runCli(['tenant:create', 'trattoria', '--name', 'Again'], database.env);
      assert.equal(dup.code, 1);
      assert.match(dup.stderr, /already exists/);
      const bad = await runCli(['tenant:create', 'Bad_Slug!', '--name', 'X'], database.env);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /Invalid slug/);
      const noName = await runCli(['tenant:create', 'noname'], database.env);
      assert.equal(noName.code, 2);
      assert.match(noName.stderr, /--name is required/);
      const dupDomain = await runCli(
        ['tenant:create', 'other', '--name', 'O', '--domain', 'menu.damario.it'],
        database.env,
      );
      assert.equal(dupDomain.code, 1);
      assert.match(dupDomain.stderr, /already registered/);
    });

    test('reserved words are refused by the command line as by sign-up', async () => {
      for (const word of ['operator', 'signup', 'www']) {
        const res = await runCli(['tenant:create', word, '--name', 'X'], database.env);
        assert.equal(res.code, 1, word);
        assert.match(res.stderr, /is reserved/);
      }
    });

    test('invite:create shows a code once (only its hash is stored); invite:list tells used from unused', async () => {
      const made = await runCli(['invite:create', '--note', 'for Mario', '--days', '7'], database.env);
      assert.equal(made.code, 0, made.stderr);
      const code = /Invite code \(shown once\): ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(made.stdout)?.[1];
      assert.ok(code, made.stdout);
      const list = await runCli(['invite:list'], database.env);
      assert.equal(list.code, 0);
      assert.match(list.stdout, /\tunused\t.*\tfor Mario/);
      assert.ok(!list.stdout.includes(code), 'the code itself is never shown again');
      const bad = await runCli(['invite:create', '--days', '0'], database.env);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--days must be a whole number from 1 to 365/);
    });

    test('operator:create makes a console account (a generated password shown once); again: a new password', async () => {
      const made = await runCli(['operator:create', 'ops@example.test'], database.env);
      assert.equal(made.code, 0, made.stderr);
      assert.match(made.stdout, /Operator ops@example\.test created\. Password \(shown once\): \S{8,}/);
      assert.match(made.stdout, /Console: http:\/\/localhost:3000\/operator/);
      const again = await runCli(['operator:create', 'OPS@example.test'], database.env);
      assert.match(again.stdout, /given a new password/);
      const bad = await runCli(['operator:create', 'not-an-email'], database.env);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /Invalid e-mail address/);
    });

    test('tenant:suspend --reason keeps the reason the API gives', async () => {
      await runCli(['tenant:create', 'pausa', '--name', 'Pausa'], database.env);
      const res = await runCli(['tenant:suspend', 'pausa', '--reason', 'Asked by the owner'], database.env);
      assert.equal(res.code, 0, res.stderr);
      assert.match((await runCli(['tenant:list'], database.env)).stdout, /pausa\tsuspended/);
    });

    test('tenant:list, tenant:suspend and tenant:resume', async () => {
      const list = await runCli(['tenant:list'], database.env);
      assert.equal(list.code, 0);
      assert.match(list.stdout, /demo\tactive\tTrattoria Al Portico/);
      assert.match(list.stdout, /trattoria\tactive\tDa Mario\tmenu\.damario\.it/);
      const suspend = await runCli(['tenant:suspend', 'trattoria'], database.env);
      assert.equal(suspend.code, 0);
      assert.match((await runCli(['tenant:list'], database.env)).stdout, /trattoria\tsuspended/);
      assert.equal((await runCli(['tenant:resume', 'trattoria'], database.env)).code, 0);
      const unknown = await runCli(['tenant:suspend', 'nobody'], database.env);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /Unknown tenant "nobody"/);
    });

    test('help prints the usage and exits 0; no command prints it and exits 2', async () => {
      const help = await runCli(['--help'], database.env);
      assert.equal(help.code, 0);
      assert.match(help.stdout, /^Usage: menu <command>/);
      assert.match(help.stdout, /token:revoke <tenant> <token-id>/);
      const none = await runCli([], database.env);
      assert.equal(none.code, 2);
      assert.match(none.stdout, /^Usage: menu <command>/);
      const badFlag = await runCli(['tenant:list', '--bogus'], database.env);
      assert.equal(badFlag.code, 2);
      assert.match(badFlag.stderr, /Usage: menu tenant:list/);
    });

    test('an unknown command or a bad DATABASE_URL exits non-zero with a message', async () => {
      const unknown = await runCli(['frobnicate'], database.env);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /Unknown command/);
      const badUrl = await runCli(['tenant:list'], { DATABASE_URL: 'mysql://x' });
      assert.equal(badUrl.code, 1);
      assert.match(badUrl.stderr, /DATABASE_URL must start with/);
    });
  });
}
