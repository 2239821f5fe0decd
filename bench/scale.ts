// The many-restaurants benchmark (issue 10): `menu serve` from dist/ over 1,000 and 10,000 demo
// copies, wrk choosing a random restaurant and locale per request (uniform or Zipf-like), brotli;
// req/s, p99 and RSS after a warm-up; the first request's cost per encoding; WORKERS=1 vs 2; and
// how long a write on one instance takes to be served by another (Redis, PostgreSQL).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parseWrk } from './load.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin/menu.js');
const LOCALES = ['it', 'en', 'fr', 'de', 'es'];

export interface ScaleOptions {
  workDir: string;
  tenantCounts: number[];
  accesses: ('uniform' | 'zipf')[];
  warmupSec: number;
  durationSec: number;
  connections: number;
  postgresUrl: string | undefined;
  redisUrl: string | undefined;
  /** Pin the server to CPU 0 and wrk to the last CPU. */
  pin: boolean;
}

export interface LoadRow {
  tenants: number;
  access: string;
  workers: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  rssStartMb: number;
  rssEndMb: number;
  rssPeakMb: number;
  problems: string[];
}

export interface ScaleReport {
  machine: { loadavg: string; cpus: number };
  seedSeconds: Record<string, number>;
  firstRequestMs: Record<string, { median: number; max: number; samples: number }>;
  load: LoadRow[];
  visibility: { transport: string; medianMs: number; maxMs: number; samples: number }[];
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Builds dist/ now, so `menu serve` runs compiled (as in production), not from the sources through tsx. */
function ensureBuilt(): void {
  log('building dist/ (npm run build) so `menu serve` runs compiled, as in production');
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.js')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

function menu(args: string[], env: Record<string, string>): string {
  return execFileSync(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

interface Server {
  pid: number;
  port: number;
  stop(): Promise<void>;
}

const servers = new Set<() => void>();
process.on('exit', () => {
  for (const kill of servers) kill();
});

async function startServer(env: Record<string, string>, port: number, pin: boolean): Promise<Server> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const kill = () => child.kill('SIGKILL');
  servers.add(kill);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c) => {
      out += c;
      if (/Menu service listening/.test(out)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  if (pin) execFileSync('taskset', ['-a', '-p', '-c', '0', String(child.pid)], { stdio: 'ignore' });
  return {
    pid: child.pid!,
    port,
    stop: async () => {
      servers.delete(kill);
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** RSS of a process and all its descendants (WORKERS > 1), in MB. */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const pids = [pid];
  try {
    const children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean);
    pids.push(...children.map(Number));
  } catch {
    // no children
  }
  let kb = 0;
  for (const p of pids) {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${p}/status`, 'utf8'));
    kb += m ? Number(m[1]) : 0;
  }
  return Math.round(kb / 1024);
}

function luaScript(tenants: number, access: 'uniform' | 'zipf'): string {
  return `
math.randomseed(os.time() + math.floor(os.clock() * 1000000))
local n = ${tenants}
local locales = {${LOCALES.map((l) => `"${l}"`).join(',')}}
local cumulative = {}
if "${access}" == "zipf" then
  local total = 0
  for k = 1, n do total = total + 1 / k; cumulative[k] = total end
  for k = 1, n do cumulative[k] = cumulative[k] / total end
end
local function pick()
  if "${access}" ~= "zipf" then return math.random(n) - 1 end
  local u = math.random()
  local lo, hi = 1, n
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if cumulative[mid] < u then lo = mid + 1 else hi = mid end
  end
  return lo - 1
end
request = function()
  return wrk.format("GET", "/api/v1/menu/" .. locales[math.random(5)],
    { ["Host"] = "r" .. pick() .. ".localhost", ["Accept-Encoding"] = "br, gzip" })
end
`;
}

function wrk(port: number, script: string, seconds: number, connections: number, pin: boolean) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, `http://127.0.0.1:${port}/`];
  const command = pin ? 'taskset' : 'wrk';
  const full = pin ? ['-c', '1', 'wrk', ...args] : args;
  const output = execFileSync(command, full, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  // wrk pads second-scale latencies ("1.13s ") with a space the shared parser does not expect.
  return parseWrk(output.replace(/[ \t]+$/gm, ''), seconds);
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function timedGet(
  port: number,
  host: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<{ ms: number; status: number; etag: string; body: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path, method, agent, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          status: res.statusCode ?? 0,
          etag: String(res.headers.etag ?? ''),
          body: Buffer.concat(chunks).toString('latin1'),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: Math.round(sorted[Math.floor(sorted.length / 2)] * 100) / 100,
    max: Math.round(sorted[sorted.length - 1] * 100) / 100,
    samples: sorted.length,
  };
}

async function firstRequests(port: number, firstCold: number, count: number) {
  const results: Record<string, number[]> = { identity: [], gzip: [], br: [] };
  let next = firstCold;
  for (let i = 0; i < count; i++) {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const headers: Record<string, string> = encoding === 'identity' ? {} : { 'accept-encoding': encoding };
      const res = await timedGet(port, `r${next++}.localhost`, '/api/v1/menu/it', headers);
      if (res.status !== 200) throw new Error(`first request answered ${res.status}`);
      results[encoding].push(res.ms);
    }
  }
  return Object.fromEntries(Object.entries(results).map(([k, v]) => [k, summary(v)]));
}

async function visibility(
  label: string,
  env: Record<string, string>,
  ports: [number, number],
  samples: number,
): Promise<ScaleReport['visibility'][number]> {
  menu(['demo', '--copies', '3', '--prefix', 'r'], env);
  menu(['user:create', 'r0', 'bench@example.test'], env);
  const token = menu(
    ['token:create', 'r0', 'bench@example.test', '--name', 'bench', '--scopes', 'menu:read,menu:write'],
    env,
  ).trim();
  const a = await startServer(env, ports[0], false);
  const b = await startServer(env, ports[1], false);
  const delays: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const before = await timedGet(b.port, 'r0.localhost', '/api/v1/menu/it');
      const name = `Bench ${i} ${randomBytes(3).toString('hex')}`;
      const put = await timedGet(
        a.port,
        'r0.localhost',
        '/api/v1/admin/settings',
        { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        'PUT',
        JSON.stringify({ name }),
      );
      if (put.status !== 200) throw new Error(`settings PUT answered ${put.status}: ${put.body}`);
      const written = process.hrtime.bigint();
      for (;;) {
        const now = await timedGet(b.port, 'r0.localhost', '/api/v1/menu/it');
        if (now.etag !== before.etag && now.body.includes(name)) break;
        if (Number(process.hrtime.bigint() - written) / 1e6 > 5000) throw new Error('not visible after 5 s');
      }
      delays.push(Number(process.hrtime.bigint() - written) / 1e6);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await a.stop();
    await b.stop();
  }
  const s = summary(delays);
  return { transport: label, medianMs: s.median, maxMs: s.max, samples: s.samples };
}

export async function runScale(options: ScaleOptions): Promise<ScaleReport> {
  ensureBuilt();
  const report: ScaleReport = {
    machine: { loadavg: readFileSync('/proc/loadavg', 'utf8').trim(), cpus: 0 },
    seedSeconds: {},
    firstRequestMs: {},
    load: [],
    visibility: [],
  };
  report.machine.cpus = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  let port = 41000 + Math.floor(Math.random() * 1000);
  const script = join(options.workDir, 'scale.lua');
  for (const tenants of options.tenantCounts) {
    const file = join(options.workDir, `scale-${tenants}.db`);
    const env = { DATABASE_URL: `sqlite:${file}`, PUBLIC_RATE_LIMIT: '0' };
    // 20 extra restaurants that no load touches: their first requests are measured cold.
    const started = Date.now();
    log(`creating ${tenants} + 20 demo copies…`);
    menu(['demo', '--copies', String(tenants + 20), '--prefix', 'r'], env);
    report.seedSeconds[String(tenants + 20)] = Math.round((Date.now() - started) / 100) / 10;
    for (const workers of tenants === options.tenantCounts[0] ? [1, 2] : [1]) {
      for (const access of workers === 1 ? options.accesses : (['uniform'] as const)) {
        const server = await startServer({ ...env, WORKERS: String(workers) }, port++, options.pin && workers === 1);
        try {
          if (workers === 1 && access === options.accesses[0]) {
            const first = await firstRequests(server.port, tenants, 6);
            for (const [encoding, s] of Object.entries(first)) report.firstRequestMs[`${encoding} (${tenants})`] = s;
          }
          const rssStartMb = rssMb(server.pid);
          writeFileSync(script, luaScript(tenants, access));
          log(
            `${tenants} restaurants, ${access}, WORKERS=${workers}: ${options.warmupSec} s warm-up, ${options.durationSec} s measured`,
          );
          if (options.warmupSec > 0)
            wrk(server.port, script, options.warmupSec, options.connections, options.pin && workers === 1);
          const result = wrk(
            server.port,
            script,
            options.durationSec,
            options.connections,
            options.pin && workers === 1,
          );
          report.load.push({
            tenants,
            access,
            workers,
            requestsPerSec: Math.round(result.requestsPerSec),
            p50Ms: Math.round(result.latencyP50Ms * 100) / 100,
            p99Ms: Math.round(result.latencyP99Ms * 100) / 100,
            rssStartMb,
            rssEndMb: rssMb(server.pid),
            rssPeakMb: rssMb(server.pid, 'VmHWM'),
            problems: result.problems,
          });
        } finally {
          await server.stop();
        }
      }
    }
  }
  // Cross-instance visibility: a settings write through instance A, polled on instance B.
  const sqliteEnv = (name: string) => ({
    DATABASE_URL: `sqlite:${join(options.workDir, name)}`,
    PUBLIC_RATE_LIMIT: '0',
  });
  report.visibility.push(
    await visibility('SQLite, no Redis (data_version, 1 s)', sqliteEnv('visibility-a.db'), [port++, port++], 5),
  );
  if (options.redisUrl) {
    const prefix = `bench:${randomBytes(4).toString('hex')}:`;
    const env = { ...sqliteEnv('visibility-b.db'), REDIS_URL: options.redisUrl, REDIS_PREFIX: prefix };
    report.visibility.push(await visibility('Redis pub/sub', env, [port++, port++], 10));
  }
  if (options.postgresUrl) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const env = { DATABASE_URL: options.postgresUrl, DATABASE_SCHEMA: schema, PUBLIC_RATE_LIMIT: '0' };
      report.visibility.push(await visibility('PostgreSQL LISTEN/NOTIFY', env, [port++, port++], 10));
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }
  return report;
}

export function formatScale(report: ScaleReport): string {
  const lines = [
    `Many restaurants (machine: ${report.machine.cpus} CPUs, load average at start ${report.machine.loadavg})`,
    '',
    '| restaurants | access | WORKERS | req/s | p50 ms | p99 ms | RSS start / end / peak MB | problems |',
    '|---|---|---|---|---|---|---|---|',
    ...report.load.map(
      (r) =>
        `| ${r.tenants} | ${r.access} | ${r.workers} | ${r.requestsPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${r.rssStartMb} / ${r.rssEndMb} / ${r.rssPeakMb} | ${r.problems.join('; ') || '—'} |`,
    ),
    '',
    '| first request of a cold restaurant (client-side, loopback) | median ms | max ms | samples |',
    '|---|---|---|---|',
    ...Object.entries(report.firstRequestMs).map(([k, s]) => `| ${k} | ${s.median} | ${s.max} | ${s.samples} |`),
    '',
    '| write on A → served by B | median ms | max ms | samples |',
    '|---|---|---|---|',
    ...report.visibility.map((v) => `| ${v.transport} | ${v.medianMs} | ${v.maxMs} | ${v.samples} |`),
    '',
    `Seeding: ${Object.entries(report.seedSeconds)
      .map(([n, s]) => `${n} copies in ${s} s`)
      .join(', ')}`,
  ];
  return lines.join('\n');
}
