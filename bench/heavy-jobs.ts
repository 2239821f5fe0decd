// Does one restaurant's heavy job slow another restaurant's diners? (issue 30, point 4.) The real
// server (compiled, `menu serve` on SQLite) holds two restaurants; one owner downloads 120-card
// table-card PDFs back to back, each for a new table list (so each is built, never cached), while
// the other restaurant's cached menu is read by BENCH_HEAVY_CONNECTIONS clients. The same reads are
// measured first without the print job, in the same run: the figures are the reads' p50/p99/max
// with and without, and the sheets' build times. Run: npx tsx bench/heavy-jobs.ts (or as part of
// `npm run bench`); write the load average printed beside the figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTenant } from '../src/accounts/tenants/service.js';
import { createUser } from '../src/accounts/users/service.js';
import { openDatabase } from '../src/db/connect.js';
import { fillRestaurant } from '../src/seed/demo.js';
import { appCommand, ensureBuilt, startServer } from './children.js';
import { BENCH_BASE_DOMAIN, BENCH_HOST, benchRestaurant, createFixtureDatabase } from './fixture.js';

const OWNER = { email: 'owner@bench.test', password: 'bench-owner-password' };
const OTHER_HOST = `other.${BENCH_BASE_DOMAIN}`;

export interface HeavyJobsReport {
  loadAverage: number[];
  seconds: number;
  connections: number;
  alone: ReadFigures;
  duringPrint: ReadFigures;
  sheets: { built: number; cards: number; medianMs: number; maxMs: number; bytes: number };
}

interface ReadFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function send(
  agent: Agent,
  port: number,
  o: { host: string; path: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: o.path,
        method: o.method ?? 'GET',
        headers: { host: `${o.host}:${port}`, ...o.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Reads the other restaurant's menu with `connections` clients for `seconds`; every latency kept. */
async function readMenu(port: number, connections: number, seconds: number): Promise<ReadFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await send(agent, port, {
          host: OTHER_HOST,
          path: '/api/v1/menu/it',
          headers: { 'accept-encoding': 'br' },
        });
        if (res.status !== 200) throw new Error(`menu read answered ${res.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
  };
}

/** Signs the owner in through the panel's form; returns the session's cookie header. */
async function signIn(port: number): Promise<string> {
  const agent = new Agent({ keepAlive: false });
  const page = await send(agent, port, { host: BENCH_HOST, path: '/admin/login' });
  const csrf = /name="_csrf" value="([^"]*)"/.exec(page.body.toString())?.[1] ?? '';
  const cookies = ([] as string[]).concat(page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
  const form = new URLSearchParams({ _csrf: csrf, email: OWNER.email, password: OWNER.password, next: '/admin' });
  const res = await send(agent, port, {
    host: BENCH_HOST,
    path: '/admin/login',
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookies.join('; '),
      origin: `http://${BENCH_HOST}:${port}`,
    },
    body: form.toString(),
  });
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
  const session = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
  return [...cookies, ...session].join('; ');
}

export async function runHeavyJobs(o: {
  workDir: string;
  seconds: number;
  connections: number;
}): Promise<HeavyJobsReport> {
  const file = join(o.workDir, 'heavy-jobs.db');
  await createFixtureDatabase(file, 65);
  const handle = openDatabase(`sqlite:${file}`);
  try {
    const bench = await handle.db
      .selectFrom('tenants')
      .select('id')
      .where('slug', '=', 'bench')
      .executeTakeFirstOrThrow();
    await createUser(handle.db, bench.id, OWNER);
    const { restaurant } = benchRestaurant(65);
    await createTenant(handle.db, { slug: 'other', name: 'Other' }, BENCH_BASE_DOMAIN, (trx, id) =>
      fillRestaurant(trx, id, restaurant),
    );
  } finally {
    await handle.close();
  }
  const server = await startServer('app', appCommand(file));
  try {
    const cookie = await signIn(server.port);
    // Warm the other restaurant's menu (built and compressed once), then measure it alone.
    await readMenu(server.port, o.connections, 2);
    const alone = await readMenu(server.port, o.connections, o.seconds);
    const builds: number[] = [];
    let bytes = 0;
    let printing = true;
    const printer = (async () => {
      const agent = new Agent({ keepAlive: true });
      for (let n = 0; printing; n++) {
        // A new table list each time: built, not served from the cache.
        const started = performance.now();
        const res = await send(agent, server.port, {
          host: BENCH_HOST,
          path: `/admin/qr/sheet.pdf?tables=${n + 1}-${n + 120}`,
          headers: { cookie },
        });
        if (res.status !== 200) throw new Error(`the sheet answered ${res.status}`);
        builds.push(performance.now() - started);
        bytes = res.body.length;
      }
      agent.destroy();
    })();
    const duringPrint = await readMenu(server.port, o.connections, o.seconds);
    printing = false;
    await printer;
    builds.sort((a, b) => a - b);
    return {
      loadAverage: loadavg(),
      seconds: o.seconds,
      connections: o.connections,
      alone,
      duringPrint,
      sheets: { built: builds.length, cards: 120, medianMs: quantile(builds, 0.5), maxMs: builds.at(-1) ?? 0, bytes },
    };
  } finally {
    await server.stop();
  }
}

export function formatHeavyJobs(r: HeavyJobsReport): string {
  const row = (name: string, f: ReadFigures) =>
    `| ${name} | ${f.requests} | ${f.p50Ms.toFixed(1)} ms | ${f.p99Ms.toFixed(1)} ms | ${f.maxMs.toFixed(1)} ms |`;
  return [
    `Heavy jobs: another restaurant's cached menu reads (${r.connections} clients, ${r.seconds} s each), load average ${r.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
    '| reads | requests | p50 | p99 | max |',
    '|---|---|---|---|---|',
    row('alone', r.alone),
    row('while one restaurant prints 120-card PDFs', r.duringPrint),
    '',
    `${r.sheets.built} sheets of ${r.sheets.cards} cards built (each a new table list): median ${r.sheets.medianMs.toFixed(0)} ms, max ${r.sheets.maxMs.toFixed(0)} ms, ${(r.sheets.bytes / 1024).toFixed(0)} kB each`,
    `p99 during / alone: ${(r.duringPrint.p99Ms / r.alone.p99Ms).toFixed(2)}x (target: p99 during <= 50 ms)`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), 'menu-bench-heavy-'));
  try {
    ensureBuilt();
    const report = await runHeavyJobs({
      workDir,
      seconds: Number(process.env.BENCH_DURATION ?? 10),
      connections: Number(process.env.BENCH_HEAVY_CONNECTIONS ?? 10),
    });
    process.stdout.write(`${formatHeavyJobs(report)}\n`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
