// examples/pos/pos-sync.ts, the point-of-sale example built on the generated client, run as a
// real process against `menu serve` as a real process: first load by import, a safe price change,
// changes since a moment, a signed webhook verified by its receiver.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { describe, test } from 'node:test';
import { BIN, cliDatabase, runCli } from '../cli/run.js';
import { dialects } from '../helper.js';

const ROOT = dirname(dirname(BIN));

function run(args: string[], env: Record<string, string>, onLine?: (line: string) => void) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
    for (const line of String(d).split('\n')) if (line) onLine?.(line);
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done, output: () => stdout };
}

for (const dialect of dialects) {
  describe(`the POS example against a running server (${dialect})`, () => {
    test('first load, a price change with If-Match and Idempotency-Key, changes since, a photo, a CSV round trip, a verified webhook', async () => {
      const database = await cliDatabase(dialect);
      const serverEnv = {
        ...database.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
      };
      const server = run([BIN, 'serve', '--migrate', '--seed-demo'], serverEnv);
      try {
        const port = await new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no listening line: ${server.output()}`)), 120_000);
          server.child.stdout.on('data', () => {
            const m = /listening on 127\.0\.0\.1:(\d+)/.exec(server.output());
            if (m) {
              clearTimeout(timer);
              resolve(Number(m[1]));
            }
          });
          server.child.on('exit', () => reject(new Error(`server exited: ${server.output()}`)));
        });
        const made = await runCli(
          ['token:create', 'demo', 'owner@demo.localhost', '--name', 'POS', '--scopes', 'menu:read,menu:write'],
          database.env,
        );
        assert.equal(made.code, 0, made.stderr);
        const token = /(\d+\|[A-Za-z0-9]{48})/.exec(made.stdout)?.[1];
        assert.ok(token, made.stdout);
        const example = run(
          [...process.execArgv.filter((a) => !a.startsWith('--test')), '--import', 'tsx', 'examples/pos/pos-sync.ts'],
          {
            MENU_URL: `http://demo.localhost:${port}`,
            MENU_CONNECT: `127.0.0.1:${port}`,
            MENU_TOKEN: token,
          },
        );
        const result = await example.done;
        assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
        assert.match(result.stdout, /dry run: 3 dishes to create, 0 to update/);
        assert.match(result.stdout, /first load: \{"created":3,"updated":0,"deleted":0,"unchanged":0\}/);
        assert.match(result.stdout, /price of POS-ANT-2: 15 \(a stale If-Match answers 412\)/);
        assert.match(result.stdout, /changed since .*: .*POS-ANT-2/);
        assert.match(result.stdout, /photo of POS-ANT-1: \/media\/[0-9a-f]+-\d+\.jpg/);
        assert.match(result.stdout, /CSV import: 1 dish\(es\) updated \(dry run said 1\)/);
        assert.match(result.stdout, /webhook: menu\.updated with 1 change\(s\), signature verified/);
        assert.match(result.stdout, /POS example: done/);
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
        await server.done;
        await database.dispose();
      }
    });
  });
}
