// Real-process smoke tests of `bin/menu.js`: everything else about the CLI is tested in process
// (test/cli/*.test.ts call `main`), so these prove only what needs a real process: the entry point
// loads and prints its usage, `serve` listens end to end and exits 0 on SIGTERM, and a command on an
// unmigrated database exits 1 with its message on stderr.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { BIN, type CliDatabase, cliDatabase, runCliProcess } from '../cli/run.js';
import { dialects } from '../helper.js';

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

describe('bin/menu.js as a process', () => {
  let database: CliDatabase;
  before(async () => {
    database = await cliDatabase('sqlite');
  });
  after(() => database.dispose());

  test('--help prints the usage on stdout and exits 0', async () => {
    const res = await runCliProcess(['--help'], database.env);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^Usage: menu <command>/);
  });

  test('a command on an unmigrated database exits 1 and names the command to run', async () => {
    const res = await runCliProcess(['tenant:list'], database.env);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /no tables yet: run `menu migrate`/);
    assert.equal(res.stdout, '');
  });
});

for (const dialect of dialects) {
  describe(`menu serve as a process (${dialect})`, () => {
    test('serve listens after migrating and seeding, serves the demo, and exits cleanly on SIGTERM', async () => {
      const fresh = await cliDatabase(dialect);
      let child: ReturnType<typeof spawn> | undefined;
      try {
        child = spawn(process.execPath, [BIN, 'serve', '--migrate', '--seed-demo'], {
          env: { PATH: process.env.PATH ?? '', ...fresh.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        });
        let output = '';
        const port = await new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no listening line: ${output}`)), 120_000);
          child!.stdout!.on('data', (d) => {
            output += d;
            const m = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
            if (m) {
              clearTimeout(timer);
              resolve(Number(m[1]));
            }
          });
          child!.on('exit', () => reject(new Error(`exited early: ${output}`)));
        });
        assert.match(output, /http:\/\/demo\.localhost:\d+\/api\/v1\/menu\/en/);
        assert.match(output, /Owner sign-in: owner@demo\.localhost \/ \S{12,}/);
        const res = await get(port, 'demo.localhost', '/api/v1/menu/en');
        assert.equal(res.status, 200);
        assert.equal(JSON.parse(res.body).data.settings.slug, 'demo');
        const exit = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        assert.equal(await exit, 0);
      } finally {
        // A failed assertion must not leave the server running (the file would never end).
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await fresh.dispose();
      }
    });
  });
}
