// The `menu` CLI for admin users and API tokens: user:create (--role), user:role, token:create/list/revoke.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/connect.js';
import { call, dialects, testConfig } from '../helper.js';
import { type CliDatabase, cliDatabase, runCli } from './run.js';

for (const dialect of dialects) {
  describe(`menu CLI users and tokens (${dialect})`, () => {
    let database: CliDatabase;
    before(async () => {
      database = await cliDatabase(dialect);
      assert.equal((await runCli(['demo'], database.env)).code, 0);
      assert.equal((await runCli(['tenant:create', 'beta', '--name', 'Beta'], database.env)).code, 0);
    });
    after(() => database.dispose());

    test('user:create with --password-stdin, then duplicates and bad input fail clearly', async () => {
      const ok = await runCli(
        ['user:create', 'demo', 'Chef@Example.test', '--password-stdin'],
        database.env,
        'a long password\n',
      );
      assert.equal(ok.code, 0, ok.stderr);
      assert.match(ok.stdout, /User Chef@Example.test created/);
      const dup = await runCli(
        ['user:create', 'demo', 'chef@example.test', '--password-stdin'],
        database.env,
        'another one!\n',
      );
      assert.equal(dup.code, 1);
      assert.match(dup.stderr, /already exists/);
      const short = await runCli(
        ['user:create', 'demo', 'x@example.test', '--password-stdin'],
        database.env,
        'short\n',
      );
      assert.equal(short.code, 1);
      assert.match(short.stderr, /at least 8 characters/);
      const badEmail = await runCli(['user:create', 'demo', 'not-an-email'], database.env);
      assert.equal(badEmail.code, 1);
      assert.match(badEmail.stderr, /Invalid e-mail/);
      const noTenant = await runCli(['user:create', 'nobody', 'x@example.test'], database.env);
      assert.equal(noTenant.code, 1);
      assert.match(noTenant.stderr, /Unknown tenant "nobody"/);
      const generated = await runCli(['user:create', 'beta', 'owner@beta.test'], database.env);
      assert.equal(generated.code, 0);
      assert.match(generated.stdout, /Password \(shown once\): \S{12,}/);
    });

    test('token:create prints only the token; it works on its tenant only; list and revoke', async () => {
      const created = await runCli(
        ['token:create', 'demo', 'chef@example.test', '--name', 'POS', '--scopes', 'menu:read,menu:write'],
        database.env,
      );
      assert.equal(created.code, 0, created.stderr);
      const token = created.stdout.trim();
      assert.match(token, /^\d+\|[A-Za-z0-9]{48}$/);
      assert.equal(created.stdout, `${token}\n`, 'nothing but the token on stdout');

      const handle = openDatabase(database.env.DATABASE_URL, database.env.DATABASE_SCHEMA);
      const app = await buildApp(testConfig({ adminRateLimit: 1000 }), { database: handle });
      try {
        const headers = { authorization: `Bearer ${token}` };
        assert.equal((await call(app, { url: '/api/v1/admin/items', host: 'demo', headers })).statusCode, 200);
        assert.equal((await call(app, { url: '/api/v1/admin/items', host: 'beta', headers })).statusCode, 401);

        const list = await runCli(['token:list', 'demo'], database.env);
        assert.equal(list.code, 0);
        const id = token.split('|')[0];
        assert.match(
          list.stdout,
          new RegExp(`^${id}\\tPOS\\tmenu:read,menu:write\\tchef@example.test\\tactive\\tlast used 20`, 'm'),
        );
        assert.doesNotMatch(list.stdout, new RegExp(token.split('|')[1]), 'the secret is never listed');

        const revoke = await runCli(['token:revoke', 'demo', id], database.env);
        assert.equal(revoke.code, 0, revoke.stderr);
        assert.equal((await call(app, { url: '/api/v1/admin/items', host: 'demo', headers })).statusCode, 401);
        assert.match((await runCli(['token:list', 'demo'], database.env)).stdout, /\trevoked 20/);
        const again = await runCli(['token:revoke', 'demo', id], database.env);
        assert.equal(again.code, 1);
        const otherTenant = await runCli(['token:revoke', 'beta', id], database.env);
        assert.equal(otherTenant.code, 1, "a tenant cannot revoke another tenant's token");
      } finally {
        await app.close();
        await handle.close();
      }
    });

    test('token:create refuses bad scopes, names and unknown users', async () => {
      const cases: [string[], RegExp][] = [
        [['token:create', 'demo', 'chef@example.test', '--name', 'X', '--scopes', 'menu:admin'], /Unknown scope/],
        [['token:create', 'demo', 'chef@example.test', '--name', 'X', '--scopes', ','], /at least one scope/],
        [
          ['token:create', 'demo', 'chef@example.test', '--name', 'x'.repeat(101), '--scopes', 'menu:read'],
          /1-100 characters/,
        ],
        [['token:create', 'demo', 'ghost@example.test', '--name', 'X', '--scopes', 'menu:read'], /No user/],
        [['token:create', 'beta', 'chef@example.test', '--name', 'X', '--scopes', 'menu:read'], /No user/],
      ];
      for (const [args, message] of cases) {
        const res = await runCli(args, database.env);
        assert.equal(res.code, 1, args.join(' '));
        assert.match(res.stderr, message);
        assert.equal(res.stdout, '');
      }
      const missing = await runCli(['token:create', 'demo', 'chef@example.test', '--name', 'X'], database.env);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--scopes is required/);
    });

    test('user:create --role staff, user:role both ways; staff get no write token; the last owner stays an owner', async () => {
      const role = async (email: string, slug = 'beta') => {
        const handle = openDatabase(database.env.DATABASE_URL, database.env.DATABASE_SCHEMA);
        try {
          const row = await handle.db
            .selectFrom('users')
            .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
            .select('users.role')
            .where('tenants.slug', '=', slug)
            .where('users.email', '=', email)
            .executeTakeFirst();
          return row?.role;
        } finally {
          await handle.close();
        }
      };
      const made = await runCli(['user:create', 'beta', 'waiter@beta.test', '--role', 'staff'], database.env);
      assert.equal(made.code, 0, made.stderr);
      assert.match(made.stdout, /User waiter@beta.test created \(staff\)/);
      assert.equal(await role('waiter@beta.test'), 'staff');
      const bad = await runCli(['user:create', 'beta', 'x@beta.test', '--role', 'admin'], database.env);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /The role is owner or staff, got "admin"/);
      const write = await runCli(
        ['token:create', 'beta', 'waiter@beta.test', '--name', 'POS', '--scopes', 'menu:read,menu:write'],
        database.env,
      );
      assert.equal(write.code, 1);
      assert.match(write.stderr, /waiter@beta.test is staff: a token for them may not have menu:write/);
      const read = await runCli(
        ['token:create', 'beta', 'waiter@beta.test', '--name', 'POS', '--scopes', 'menu:read'],
        database.env,
      );
      assert.equal(read.code, 0, read.stderr);

      const up = await runCli(['user:role', 'beta', 'waiter@beta.test', 'owner'], database.env);
      assert.equal(up.code, 0, up.stderr);
      assert.match(up.stdout, /waiter@beta.test is now an owner\./);
      assert.equal(await role('waiter@beta.test'), 'owner');
      const down = await runCli(['user:role', 'beta', 'waiter@beta.test', 'staff'], database.env);
      assert.equal(down.code, 0, down.stderr);
      assert.equal(await role('waiter@beta.test'), 'staff');
      assert.equal(await role('waiter@beta.test', 'demo'), undefined, 'another restaurant untouched');
      // owner@beta.test is now the only owner of beta: it cannot become staff.
      const last = await runCli(['user:role', 'beta', 'owner@beta.test', 'staff'], database.env);
      assert.equal(last.code, 1);
      assert.match(last.stderr, /only owner/);
      assert.equal(await role('owner@beta.test'), 'owner');
      const nobody = await runCli(['user:role', 'beta', 'nobody@beta.test', 'owner'], database.env);
      assert.equal(nobody.code, 1);
      assert.match(nobody.stderr, /No user "nobody@beta.test"/);
    });
  });
}
