// The `menu` CLI: migrate, demo, tenant:create/list/suspend/resume, and serve (listen after seeding, exit on SIGTERM).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { BIN, type CliDatabase, cliDatabase, runCli } from './run.js';

function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

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

    test('an unknown command or a bad DATABASE_URL exits non-zero with a message', async () => {
      const unknown = await runCli(['frobnicate'], database.env);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /Unknown command/);
      const badUrl = await runCli(['tenant:list'], { DATABASE_URL: 'mysql://x' });
      assert.equal(badUrl.code, 1);
      assert.match(badUrl.stderr, /DATABASE_URL must start with/);
    });

    test('serve listens after migrating and seeding, serves the demo, and exits cleanly on SIGTERM', async () => {
      const fresh = await cliDatabase(dialect);
      try {
        const child = spawn(process.execPath, [BIN, 'serve', '--migrate', '--seed-demo'], {
          env: { PATH: process.env.PATH ?? '', ...fresh.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        });
        let output = '';
        const port = await new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no listening line: ${output}`)), 20000);
          child.stdout.on('data', (d) => {
            output += d;
            const m = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
            if (m) {
              clearTimeout(timer);
              resolve(Number(m[1]));
            }
          });
          child.on('exit', () => reject(new Error(`exited early: ${output}`)));
        });
        assert.match(output, /http:\/\/demo\.localhost:\d+\/api\/v1\/menu\/en/);
        assert.match(output, /Owner sign-in: owner@demo\.localhost \/ \S{12,}/);
        const res = await get(port, 'demo.localhost', '/api/v1/menu/en');
        assert.equal(res.status, 200);
        assert.equal(JSON.parse(res.body).data.settings.slug, 'demo');
        const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        assert.equal(await exit, 0);
      } finally {
        await fresh.dispose();
      }
    });
  });
}
