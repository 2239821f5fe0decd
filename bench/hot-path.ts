// The app's request listener alone against a bare Map handler (issue 37, point 1): what the fast
// path costs a request without sockets, with the CPU caches warm and then cold. Under load the
// kernel's socket work between two requests evicts the app's objects from the caches; touching
// BENCH_HOT_COLD_KB of other memory between calls stands in for it. Each call is timed on its own
// (the eviction is not counted). Needs the many-restaurants database (`npm run bench` seeds it
// under bench/.cache/, or `DATABASE_URL=sqlite:<file> node bin/menu.js demo --copies 1020 --prefix r`).
//
//   taskset -c 0 npx tsx bench/hot-path.ts [sqlite file]   (BENCH_HOT_CALLS, BENCH_HOT_COLD_KB)
import { copyFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const source = process.argv[2] ?? join(import.meta.dirname, '.cache/scale-1020.db');
const tenants = 1000;
const calls = Number(process.env.BENCH_HOT_CALLS ?? 200_000);
const coldKb = (process.env.BENCH_HOT_COLD_KB ?? '0,1024,4096').split(',').map(Number);
const LOCALES = ['it', 'en', 'fr', 'de', 'es'];
// One handler alone and one round (BENCH_HOT_ONLY=app|bare, BENCH_HOT_ROUNDS=1): for counting
// instructions and cache misses under valgrind's cachegrind, which does not depend on the load
// (run twice with two BENCH_HOT_CALLS; the difference over the difference in calls is per call).
const only = process.env.BENCH_HOT_ONLY;
const rounds = Number(process.env.BENCH_HOT_ROUNDS ?? 3);

interface StandIn {
  method: string;
  url: string;
  headers: Record<string, string>;
  socket: { remoteAddress: string };
}
type Handler = (req: StandIn, res: typeof response) => void;

const response = {
  statusCode: 0,
  headers: undefined as unknown,
  body: undefined as unknown,
  writableLength: 0,
  writeHead(status: number, headers: unknown) {
    this.statusCode = status;
    this.headers = headers;
    return this;
  },
  end(body?: unknown) {
    this.body = body;
  },
  once() {},
};

async function main() {
  // A copy: the app migrates and writes its usage counts.
  const file = join(tmpdir(), `hot-path-${process.pid}.db`);
  copyFileSync(source, file);
  const app = await buildApp(loadConfig({ DATABASE_URL: `sqlite:${file}`, PUBLIC_RATE_LIMIT: '0', LOG_LEVEL: 'warn' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  // Every document built once, through HTTP, as diners would.
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let next = 0;
  const warm = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          agent,
          path: `/api/v1/menu/${LOCALES[i % 5]}`,
          headers: { host: `r${Math.floor(i / 5)}.localhost`, 'accept-encoding': 'br, gzip' },
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end();
    });
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < tenants * 5) await warm(next++);
    }),
  );
  agent.destroy();

  const listener = app.server.listeners('request')[0] as unknown as Handler;
  const answers = new Map<string, { body: Buffer; headers: Record<string, string> }>();
  for (let i = 0; i < tenants * 5; i++) {
    answers.set(`r${Math.floor(i / 5)}.localhost /api/v1/menu/${LOCALES[i % 5]}`, {
      body: Buffer.alloc(16),
      headers: { 'content-type': 'application/json' },
    });
  }
  const bare: Handler = (req, res) => {
    const answer = answers.get(`${req.headers.host} ${req.url}`)!;
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  };
  const run = (handler: Handler, cold: Uint8Array) => {
    let inside = 0;
    let failed = 0;
    for (let n = 0; n < calls; n++) {
      const i = Math.floor(Math.random() * tenants * 5);
      // New strings each time, as the HTTP parser makes them.
      const req: StandIn = {
        method: 'GET',
        url: `/api/v1/menu/${LOCALES[i % 5]}`,
        headers: { host: `r${Math.floor(i / 5)}.localhost`, 'accept-encoding': 'br, gzip' },
        socket: { remoteAddress: '127.0.0.1' },
      };
      for (let j = 0; j < cold.length; j += 64) cold[j]++;
      const began = performance.now();
      handler(req, response);
      inside += performance.now() - began;
      if (response.statusCode !== 200) failed++;
    }
    if (failed > 0) throw new Error(`${failed} calls not answered 200`);
    return (inside * 1000) / calls;
  };
  const load = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim();
  console.log(`hot path alone, ${tenants} restaurants x 5 locales, ${calls} calls a round (load ${load})`);
  console.log('| other memory touched between calls | app µs/call | bare µs/call | difference |');
  console.log('|---|---|---|---|');
  for (const kb of coldKb) {
    const cold = new Uint8Array(kb * 1024);
    const apps: number[] = [];
    const bares: number[] = [];
    for (let round = 0; round < rounds; round++) {
      if (only !== 'bare') apps.push(run(listener, cold));
      if (only !== 'app') bares.push(run(bare, cold));
    }
    const median = (xs: number[]) => (xs.length === 0 ? 0 : xs.sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]);
    const a = median(apps);
    const b = median(bares);
    console.log(`| ${kb} kB | ${a.toFixed(3)} | ${b.toFixed(3)} | ${(a - b).toFixed(3)} |`);
  }
  await app.close();
}

await main();
