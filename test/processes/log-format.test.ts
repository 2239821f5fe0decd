// Issue 30 point 8: `npm start` in a terminal prints readable logs, one line per answered request
// (pino-pretty), and JSON lines when LOG_FORMAT=json or when stdout is not a terminal. The terminal
// is a real pseudo-terminal (util-linux `script`), the server the real `menu serve`.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { openDatabase } from '../../src/db/connect.js';
import { BIN, type CliDatabase, cliDatabase, runCli } from '../cli/run.js';
import { createFixtureTenant } from '../fixtures.js';
import { dialects } from '../helper.js';

const hasScript = spawnSync('script', ['--version']).status === 0;

function get(port: number, host: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Starts `menu serve` (in a pseudo-terminal when `tty`), asks alpha's and beta's menus once each,
 * stops it, and returns what it printed (colour codes removed).
 */
async function serveAndAsk(env: Record<string, string>, tty: boolean): Promise<string> {
  const command = [process.execPath, BIN, 'serve'];
  const child = tty
    ? spawn('script', ['-qfec', command.map((a) => `'${a}'`).join(' '), '/dev/null'], {
        env,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      })
    : spawn(command[0], command.slice(1), { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
        if (m) {
          clearInterval(timer);
          resolve(Number(m[1]));
        }
      }, 50);
      child.once('exit', () => {
        clearInterval(timer);
        reject(new Error(`server exited: ${output.slice(-2000)}`));
      });
    });
    assert.equal(await get(port, 'alpha.localhost', '/api/v1/menu/it'), 200);
    assert.equal(await get(port, 'beta.localhost', '/api/v1/menu/en'), 200);
    // The log line is written when the answer is; give the pretty transport's thread a moment.
    for (let i = 0; i < 40 && !/GET \/api\/v1\/menu\/en/.test(output); i++) await new Promise((r) => setTimeout(r, 50));
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes of the terminal
  return output.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r/g, '');
}

for (const dialect of dialects) {
  describe(`log format of menu serve (${dialect})`, () => {
    let database: CliDatabase;
    let env: Record<string, string>;
    before(async () => {
      database = await cliDatabase(dialect);
      assert.equal((await runCli(['migrate'], database.env)).code, 0);
      const setup = openDatabase(database.env.DATABASE_URL, database.env.DATABASE_SCHEMA);
      await createFixtureTenant(setup.db, 'alpha', 'Alpha');
      await createFixtureTenant(setup.db, 'beta', 'Beta');
      await setup.close();
      env = { PATH: process.env.PATH ?? '', ...database.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    });
    after(() => database.dispose());

    test('in a terminal: one readable line per answered request, not JSON', {
      skip: !hasScript && 'no `script`',
    }, async () => {
      const out = await serveAndAsk(env, true);
      const lines = out.split('\n').filter((l) => l.includes('GET /api/v1/menu/'));
      assert.equal(lines.length, 2, out);
      for (const line of lines) {
        assert.doesNotMatch(line, /^\s*\{/, 'not a JSON line');
        assert.match(line, /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO.*: GET \/api\/v1\/menu\/(it|en) 200 [\d.]+ ms/);
      }
    });

    test('LOG_FORMAT=json in a terminal, and any output that is not a terminal: JSON lines', {
      skip: !hasScript && 'no `script`',
    }, async () => {
      for (const [extra, tty] of [
        [{ LOG_FORMAT: 'json' }, true],
        [{}, false],
      ] as const) {
        const out = await serveAndAsk({ ...env, ...extra }, tty);
        const lines = out.split('\n').filter((l) => l.includes('GET /api/v1/menu/'));
        assert.equal(lines.length, 2, out);
        for (const line of lines) {
          const entry = JSON.parse(line);
          assert.match(entry.msg, /^GET \/api\/v1\/menu\/(it|en) 200 [\d.]+ ms$/);
          assert.equal(entry.status, 200);
        }
      }
    });
  });
}
