// WORKERS=2: two workers on one port share the rate-limit budget through the primary (no Redis),
// a killed worker is replaced, and SIGTERM stops them all.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN } from '../cli/run.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A new connection each time, so the primary hands requests to both workers in turn.
    const req = request({ host: '127.0.0.1', port, path, agent: false, headers: { host: 'demo.localhost' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Collects the child's stdout and waits for lines matching a pattern. */
function watch(child: ChildProcess, errors: () => string) {
  let out = '';
  const waiters: { pattern: RegExp; count: number; resolve: () => void }[] = [];
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    out += chunk;
    for (const w of [...waiters]) {
      if ((out.match(new RegExp(w.pattern, 'g')) ?? []).length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  });
  return {
    output: () => out,
    until: (pattern: RegExp, count = 1) =>
      new Promise<void>((resolve, reject) => {
        if ((out.match(new RegExp(pattern, 'g')) ?? []).length >= count) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${pattern}; output:\n${out}\nerrors:\n${errors()}`)),
          60_000,
        );
        waiters.push({
          pattern,
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
  };
}

test('WORKERS=2: one port, one rate-limit budget, a killed worker replaced, SIGTERM stops all', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'menu-cluster-'));
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'serve', '--migrate', '--seed-demo'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: `sqlite:${join(dir, 'menu.db')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: '2',
      PUBLIC_RATE_LIMIT: '6',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c) => {
    stderr += c;
  });
  const out = watch(child, () => stderr);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await out.until(/Menu service listening on .*2 workers/);
    // Both workers answer (their process ids differ) ...
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) pids.add(JSON.parse((await get(port, '/healthz')).body).pid);
    assert.equal(pids.size, 2, `two workers answered: ${[...pids]}`);
    // ... and count against one budget: 6 allowed in a row, whichever worker answers, then 429.
    const remaining: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await get(port, '/api/v1/menu/it');
      assert.equal(res.status, 200);
      remaining.push(res.headers['x-ratelimit-remaining'] as string);
    }
    assert.deepEqual(remaining, ['5', '4', '3', '2', '1', '0']);
    for (let i = 0; i < 2; i++) assert.equal((await get(port, '/api/v1/menu/it')).status, 429);

    // A worker killed outright is replaced, and the service keeps answering.
    const [victim] = pids;
    process.kill(victim, 'SIGKILL');
    await out.until(new RegExp(`Worker ${victim} stopped`));
    await out.until(/Worker \d+ listening/, 3);
    const after = new Set<number>();
    for (let i = 0; i < 6; i++) after.add(JSON.parse((await get(port, '/healthz')).body).pid);
    assert.equal(after.size, 2);
    assert.ok(!after.has(victim));

    // SIGTERM: every worker stops, the primary exits 0.
    child.kill('SIGTERM');
    assert.equal(await exited, 0, stderr);
    for (const pid of after) assert.throws(() => process.kill(pid, 0), /ESRCH/);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
