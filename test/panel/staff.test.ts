// Staff and passwords over HTTP: owners add and remove users (a removed user's sessions and
// tokens stop at once), staff cannot; a user changes their own password (other sessions end);
// `menu user:password` resets one from the command line (every session ends).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../src/accounts/users/service.js';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { cliDatabase, runCli } from '../cli/run.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, dialects, testConfig } from '../helper.js';
import { PanelClient } from './client.js';
import { OWNER, type PanelBed, panelBed } from './setup.js';

const TOKEN = /(\d+\|[A-Za-z0-9]{48})/;

for (const dialect of dialects) {
  describe(`panel staff and passwords (${dialect})`, () => {
    let bed: PanelBed;
    let owner: PanelClient;
    before(async () => {
      bed = await panelBed(dialect);
      owner = await bed.owner();
    });
    after(() => bed.close());

    async function addUser(email: string, form: Record<string, string> = {}) {
      await owner.get('/admin/staff');
      return owner.post('/admin/staff', {
        email,
        name: 'Chef',
        role: 'staff',
        password: '',
        _nonce: owner.nonce,
        ...form,
      });
    }

    test('the owner adds a user with a generated password shown once; that user signs in; staff cannot manage users', async () => {
      const res = await addUser('Chef@Alpha.test');
      assert.equal(res.statusCode, 201);
      assert.equal(res.headers['cache-control'], 'no-store');
      const password = /id="new-password" class="token-value" type="text" readonly value="([^"]+)"/.exec(res.body)![1];
      assert.match(res.body, /chef@alpha.test can now sign in\./);
      const dup = await owner.post('/admin/staff', {
        email: 'chef@alpha.test',
        role: 'staff',
        password: 'long enough',
        _nonce: 'n'.repeat(24),
      });
      assert.equal(dup.statusCode, 422);
      assert.match(dup.body, /id="f-email-error">A user with this e-mail already exists\./);
      const short = await owner.post('/admin/staff', {
        email: 'x@alpha.test',
        role: 'staff',
        password: 'short',
        _nonce: 'm'.repeat(24),
      });
      assert.match(short.body, /id="f-password-error">The password must be at least 8 characters\./);
      // Every problem at once: a name too long does not hide a taken e-mail or a short password.
      const all = await owner.post('/admin/staff', {
        email: 'chef@alpha.test',
        name: 'n'.repeat(201),
        role: 'staff',
        password: 'short',
        _nonce: 'k'.repeat(24),
      });
      assert.equal(all.statusCode, 422);
      assert.match(all.body, /id="f-name-error">/);
      assert.match(all.body, /id="f-email-error">A user with this e-mail already exists\./);
      assert.match(all.body, /id="f-password-error">The password must be at least 8 characters\./);

      const chef = bed.client();
      assert.equal((await chef.signIn('chef@alpha.test', password)).statusCode, 303);
      const page = await chef.get('/admin/staff');
      assert.equal(page.statusCode, 403, 'staff do not even see the list');
      assert.doesNotMatch(page.body, /action="\/admin\/staff"/);
      const ownerRow = await bed.db.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', OWNER.email)
        .executeTakeFirstOrThrow();
      const refused = await chef.post(`/admin/staff/${ownerRow.id}/remove`, { confirmed: 'yes' });
      assert.equal(refused.statusCode, 403);
      assert.match(
        refused.body,
        /Only an owner of the restaurant can change this\./,
        'the panel’s 403 page, in its language',
      );
      assert.equal(
        (await chef.post('/admin/staff', { email: 'y@alpha.test', password: 'long enough', _nonce: 'o'.repeat(24) }))
          .statusCode,
        403,
      );
    });

    test('removing a user ends their sessions and tokens at once; an owner cannot remove themselves', async () => {
      const added = await addUser('waiter@alpha.test', { password: 'waiter-password' });
      assert.equal(added.statusCode, 201);
      assert.doesNotMatch(added.body, /id="new-password"/, 'a typed password is not shown back');
      const waiter = bed.client();
      await waiter.signIn('waiter@alpha.test', 'waiter-password');
      await waiter.get('/admin/api-tokens');
      const token = TOKEN.exec(
        (await waiter.post('/admin/api-tokens', { name: 'Mine', scopes: 'menu:read', _nonce: waiter.nonce })).body,
      )![1];
      const headers = { authorization: `Bearer ${token}` };
      assert.equal((await call(bed.app, { url: '/api/v1/admin/theme', host: 'alpha', headers })).statusCode, 200);

      const row = await bed.db.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'waiter@alpha.test')
        .executeTakeFirstOrThrow();
      await owner.get('/admin/staff');
      const done = await owner.post(`/admin/staff/${row.id}/remove`, { confirmed: 'yes' });
      assert.equal(done.statusCode, 303);
      assert.match((await owner.get(done.headers.location as string)).body, /waiter@alpha.test was removed/);
      assert.equal((await waiter.get('/admin')).statusCode, 303, 'their session is over');
      assert.equal((await call(bed.app, { url: '/api/v1/admin/theme', host: 'alpha', headers })).statusCode, 401);
      assert.equal((await bed.client().signIn('waiter@alpha.test', 'waiter-password')).statusCode, 422);

      const self = await bed.db.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', OWNER.email)
        .executeTakeFirstOrThrow();
      const refused = await owner.post(`/admin/staff/${self.id}/remove`, { confirmed: 'yes' });
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /You cannot remove yourself\./);
      // Brought back later: a new password, the old token stays revoked.
      assert.equal((await addUser('waiter@alpha.test', { password: 'waiter-again-1' })).statusCode, 201);
      assert.equal((await bed.client().signIn('waiter@alpha.test', 'waiter-again-1')).statusCode, 303);
      assert.equal((await call(bed.app, { url: '/api/v1/admin/theme', host: 'alpha', headers })).statusCode, 401);
    });

    test('changing one’s password needs the current one and ends the other sessions only', async () => {
      await createUser(bed.db.db, bed.alpha, { email: 'host@alpha.test', password: 'host-password-1', role: 'staff' });
      const here = bed.client();
      await here.signIn('host@alpha.test', 'host-password-1');
      const there = bed.client();
      await there.signIn('host@alpha.test', 'host-password-1');
      await here.get('/admin/account');
      const wrong = await here.post('/admin/account/password', {
        current: 'nope',
        next: 'host-password-2',
        confirm: 'host-password-2',
      });
      assert.equal(wrong.statusCode, 422);
      assert.match(wrong.body, /id="f-current-error">The current password is not correct\./);
      const mismatch = await here.post('/admin/account/password', {
        current: 'host-password-1',
        next: 'host-password-2',
        confirm: 'other',
      });
      assert.match(mismatch.body, /id="f-confirm-error">The two new passwords are not the same\./);
      const everything = await here.post('/admin/account/password', {
        current: 'nope',
        next: 'short',
        confirm: 'other',
      });
      assert.equal(everything.statusCode, 422);
      assert.match(everything.body, /id="f-current-error">The current password is not correct\./);
      assert.match(everything.body, /id="f-next-error">The password must be at least 8 characters\./);
      assert.match(everything.body, /id="f-confirm-error">The two new passwords are not the same\./);
      const ok = await here.post('/admin/account/password', {
        current: 'host-password-1',
        next: 'host-password-2',
        confirm: 'host-password-2',
      });
      assert.equal(ok.statusCode, 303);
      assert.equal((await here.get('/admin/account?changed=1')).statusCode, 200);
      assert.equal((await there.get('/admin')).statusCode, 303, 'the other session ended');
      assert.equal((await bed.client().signIn('host@alpha.test', 'host-password-1')).statusCode, 422);
      assert.equal((await bed.client().signIn('host@alpha.test', 'host-password-2')).statusCode, 303);
    });
  });

  describe(`menu user:password (${dialect})`, () => {
    test('resets a password, prints a generated one once, and ends every session of that user', async () => {
      const cli = await cliDatabase(dialect);
      const database = openDatabase(cli.env.DATABASE_URL, cli.env.DATABASE_SCHEMA);
      try {
        await migrateToLatest(database);
        const alpha = await createFixtureTenant(database.db, 'alpha', 'Alpha');
        await createUser(database.db, alpha, OWNER);
        const app = await buildApp(testConfig(), { database });
        try {
          const c = new PanelClient(app, 'alpha', { 'accept-language': 'en' });
          await c.signIn(OWNER.email, OWNER.password);
          assert.equal((await c.get('/admin')).statusCode, 200);
          const run = await runCli(['user:password', 'alpha', OWNER.email], cli.env);
          assert.equal(run.code, 0, run.stderr);
          const password = /New password \(shown once\): (\S+)/.exec(run.stdout)![1];
          assert.match(run.stdout, /1 panel session ended/);
          assert.equal((await c.get('/admin')).statusCode, 303);
          assert.equal((await c.signIn(OWNER.email, password)).statusCode, 303);
          const typed = await runCli(
            ['user:password', 'alpha', OWNER.email, '--password-stdin'],
            cli.env,
            'typed-password-9\n',
          );
          assert.equal(typed.code, 0, typed.stderr);
          assert.doesNotMatch(typed.stdout, /typed-password-9/);
          assert.equal((await new PanelClient(app, 'alpha').signIn(OWNER.email, 'typed-password-9')).statusCode, 303);
          const unknown = await runCli(['user:password', 'alpha', 'nobody@alpha.test'], cli.env);
          assert.equal(unknown.code, 1);
          assert.match(unknown.stderr, /No user "nobody@alpha.test"/);
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
        await cli.dispose();
      }
    });
  });
}
