// The many-restaurants benchmark (issue 10): `menu serve` from dist/ over 1,000 and 10,000 demo
// copies, wrk choosing a random restaurant and locale per request (uniform or Zipf-like), brotli;
// req/s, p99 and RSS after a warm-up; the first request's cost per encoding; WORKERS=2 when asked; and
// how long a write on one instance takes to be served by another (Redis, PostgreSQL).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { procCpuMicros, SERVE_ENV, SERVE_NODE_FLAGS } from './children.js';
import { parseWrk } from './load.js';
import { nginxInstalled, startNginxFiles } from './nginx.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin/menu.js');
const LOCALES = ['it', 'en', 'fr', 'de', 'es'];
/** The Zipf exponent of the skewed access (issue 22: s = 1.1; the k-th restaurant gets k^-s of the traffic). */
export const ZIPF_S = 1.1;

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
  /** Samples per encoding of a menu's first request after a change. */
  firstSamples: number;
  /** Up to this many restaurants, the bare node:http server holding every document is measured too. */
  bareMaxTenants: number;
  /** App/bare pairs measured in turns for the ratio (each run `pairSec`). */
  barePairs: number;
  /**
   * Seconds of each run of a pair (default `durationSec`). Shorter runs, more pairs: the VM's speed
   * drifts within 30 s (pairs of 15 s runs spread from 0.66 to 1.36), less within 10.
   */
  pairSec?: number;
  /**
   * Also run the first restaurant count with WORKERS=2, unpinned. Off by default: on a 2-core machine
   * wrk takes the other core, so two workers measure wrk, not the app (1.01–1.10× one worker).
   */
  workersRow: boolean;
}

export interface LoadRow {
  tenants: number;
  access: string;
  workers: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Same run: this row's req/s ÷ one restaurant's cached rate measured the same way (undefined for WORKERS > 1). */
  ratioToOne?: number;
  /** Same run, same documents: ÷ the bare node:http server holding them in a Map, ÷ nginx serving them as files. */
  ratioToBare?: number;
  /**
   * The app and the bare server measured in turns on the same pinned core (app, bare, bare, app...),
   * both running all along: each pair's ratio, whose median is `ratioToBare`. This VM's speed drifts
   * by 20-40% within minutes, so one run of each minutes apart could not tell 0.85 from 0.95.
   */
  pairRatios?: number[];
  /**
   * The app and the bare server loaded at the same time, both pinned to the same core (each with its
   * own wrk, both on the other core): the VM's drift then touches both alike. Per round, each
   * server's req/s and its CPU time per request (user + system, /proc/<pid>/stat); `rateRatio` and
   * `costRatio` (bare's µs per request ÷ the app's) are the medians. The core is shared by the
   * scheduler per thread, so the rate ratio also carries whatever share of the core each process
   * took; the cost ratio is what a request costs, whoever ran it.
   */
  sideBySide?: {
    rounds: { app: number; bare: number; appMicros: number; bareMicros: number }[];
    rateRatio: number;
    costRatio: number;
  };
  ratioToNginx?: number;
  /** The warm-up before the measured run (cold caches fill here). */
  warmup: { seconds: number; requestsPerSec: number; p99Ms: number; hitRatio?: number };
  /** From /metrics over the measured run (WORKERS=1 only: a scrape reaches one worker). */
  hitRatio?: number;
  /** Share of the measured run's requests answered from the disk tier (documents evicted from memory). */
  diskRatio?: number;
  evictions?: { documents: number; cheap: number };
  /** During the measured run: documents built (misses) and brotli-11 upgrades done in the background. */
  built?: number;
  upgrades?: number;
  cacheMb?: number;
  rssStartMb: number;
  rssEndMb: number;
  rssPeakMb: number;
  problems: string[];
}

/** A reference server over the same documents: bare node:http holding them in a Map, or nginx serving them as files. */
export interface ReferenceRow {
  tenants: number;
  access: string;
  server: 'bare node:http (Map)' | 'nginx (files)';
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  rssEndMb: number;
  problems: string[];
}

/** The pass over every restaurant × locale before the measured runs (and the documents kept for the references). */
export interface WarmPassRow {
  tenants: number;
  documents: number;
  seconds: number;
  bytes: number;
}

export interface BaselineRow {
  tenants: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

export interface ScaleReport {
  machine: { loadavg: string; loadavgEnd?: string; cpus: number };
  seedSeconds: Record<string, number | 'cached'>;
  firstRequestMs: Record<string, { median: number; max: number; samples: number }>;
  /** One restaurant's cached rate, measured on the same server with the same script, before each many-restaurant run. */
  baseline: BaselineRow[];
  warmPass: WarmPassRow[];
  load: LoadRow[];
  references: ReferenceRow[];
  visibility: { transport: string; medianMs: number; maxMs: number; samples: number }[];
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
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
  return spawnServer(
    [...SERVE_NODE_FLAGS, BIN, 'serve'],
    { ...SERVE_ENV, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    port,
    pin,
    /Menu service listening/,
  );
}

/** The bare node:http server holding the warm pass's documents in a Map (bench/bare-many.mjs). */
function startBare(dumpDir: string, port: number, pin: boolean): Promise<Server> {
  return spawnServer(
    [...SERVE_NODE_FLAGS, join(ROOT, 'bench/bare-many.mjs'), dumpDir],
    { ...SERVE_ENV, PORT: String(port) },
    port,
    pin,
    /Bare server listening/,
  );
}

async function spawnServer(
  argv: string[],
  env: Record<string, string>,
  port: number,
  pin: boolean,
  ready: RegExp,
): Promise<Server> {
  const child = spawn(process.execPath, argv, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const kill = () => child.kill('SIGKILL');
  servers.add(kill);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c) => {
      out += c;
      if (ready.test(out)) resolve();
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
  for k = 1, n do total = total + k ^ (-${ZIPF_S}); cumulative[k] = total end
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

/** As `wrk`, without blocking: two loads run at once (LoadRow.sideBySide). Settled on 'close': its output is all read by then. */
function wrkAsync(port: number, script: string, seconds: number, connections: number, pin: boolean) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, `http://127.0.0.1:${port}/`];
  const child = pin ? spawn('taskset', ['-c', '1', 'wrk', ...args]) : spawn('wrk', args);
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  return new Promise<ReturnType<typeof parseWrk>>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(parseWrk(output.replace(/[ \t]+$/gm, ''), seconds))
        : reject(new Error(`wrk exited ${code}`)),
    );
  });
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: Math.round(sorted[Math.floor(sorted.length / 2)] * 100) / 100,
    max: Math.round(sorted[sorted.length - 1] * 100) / 100,
    samples: sorted.length,
  };
}

/** Headers a reference server should not replay as they were (written per response or per connection). */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * Every restaurant × locale once, as wrk asks (brotli), 8 at a time: after it, every document is
 * built and its compressed form on the disk tier. With `dump`, the answers are written there for
 * the reference servers: `files/<host>/api/v1/menu/<locale>` (nginx's root) and `index.json` (the
 * bare server's Map).
 */
async function warmPass(port: number, tenants: number, dump: string | undefined): Promise<WarmPassRow> {
  const pass = new Agent({ keepAlive: true, maxSockets: 8 });
  const index: { host: string; url: string; headers: Record<string, string>; file: string }[] = [];
  const started = process.hrtime.bigint();
  let bytes = 0;
  let next = 0;
  const total = tenants * LOCALES.length;
  const one = async (i: number) => {
    const host = `r${Math.floor(i / LOCALES.length)}.localhost`;
    const url = `/api/v1/menu/${LOCALES[i % LOCALES.length]}`;
    const res = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: url, agent: pass, headers: { host, 'accept-encoding': 'br, gzip' } },
          (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c) => chunks.push(c));
            r.on('end', () => {
              const headers: Record<string, string> = {};
              for (const [k, v] of Object.entries(r.headers)) if (!PER_RESPONSE.has(k)) headers[k] = String(v);
              resolve({ status: r.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
            });
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    if (res.status !== 200) throw new Error(`warm pass: ${host}${url} answered ${res.status}`);
    bytes += res.body.length;
    if (dump) {
      const file = join('files', host, url);
      mkdirSync(dirname(join(dump, file)), { recursive: true });
      writeFileSync(join(dump, file), res.body);
      index.push({ host, url, headers: res.headers, file });
    }
  };
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < total) await one(next++);
    }),
  );
  pass.destroy();
  if (dump) writeFileSync(join(dump, 'index.json'), JSON.stringify(index));
  return {
    tenants,
    documents: total,
    seconds: Math.round(Number(process.hrtime.bigint() - started) / 1e8) / 10,
    bytes,
  };
}

/** The headers every dumped answer shares (all but its ETag and type): what nginx adds to each file. */
function sharedHeaders(dump: string): { contentType: string; headers: Record<string, string> } {
  const index = JSON.parse(readFileSync(join(dump, 'index.json'), 'utf8')) as { headers: Record<string, string> }[];
  const { etag: _etag, 'content-type': contentType, ...headers } = index[0].headers;
  return { contentType, headers };
}

/**
 * A menu's first request after a change, on a warm server: a write (PUT settings through the API)
 * makes the next request of that restaurant load its menu, build the document and compress it.
 * `count` samples per encoding, one encoding after each write, so each sample is a real build.
 */
async function firstRequestsAfterChange(port: number, token: string, count: number) {
  const results: Record<string, number[]> = { identity: [], gzip: [], br: [] };
  // One unmeasured round first (each locale in each encoding): the load asked brotli only, and a
  // menu's first gzip request ever compresses it, once; this measures the first request after a
  // change of menus in use.
  for (let i = -LOCALES.length; i < count; i++) {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const put = await timedGet(
        port,
        'r0.localhost',
        '/api/v1/admin/settings',
        { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        'PUT',
        JSON.stringify({ name: `Bench ${i} ${encoding}` }),
      );
      if (put.status !== 200) throw new Error(`settings PUT answered ${put.status}: ${put.body}`);
      // As a diner's phone asks: a moment after the write (the announcement and any upgrade settle).
      await new Promise((r) => setTimeout(r, 20));
      const headers: Record<string, string> = encoding === 'identity' ? {} : { 'accept-encoding': encoding };
      const locale = LOCALES[(i + LOCALES.length) % LOCALES.length];
      const res = await timedGet(port, 'r0.localhost', `/api/v1/menu/${locale}`, headers);
      if (res.status !== 200) throw new Error(`first request answered ${res.status}`);
      if (encoding === 'identity' && !res.body.includes(`Bench ${i} ${encoding}`)) {
        throw new Error('first request served the old menu');
      }
      if (i >= 0) results[encoding].push(res.ms);
    }
  }
  return Object.fromEntries(Object.entries(results).map(([k, v]) => [k, summary(v)]));
}

/**
 * A menu nobody has asked for since the server started (the 20 restaurants no load touches): the
 * host looked up, the snapshot loaded, the document built and compressed on the request path, which
 * refresh-ahead never does for it. Each restaurant × locale once (100 documents), the encodings in turn.
 */
async function firstRequestsCold(port: number, tenants: number) {
  const results: Record<string, number[]> = { identity: [], gzip: [], br: [] };
  const encodings = ['identity', 'gzip', 'br'];
  for (let i = 0; i < 20 * LOCALES.length; i++) {
    const encoding = encodings[i % encodings.length];
    const headers: Record<string, string> = encoding === 'identity' ? {} : { 'accept-encoding': encoding };
    const host = `r${tenants + (i % 20)}.localhost`;
    const res = await timedGet(port, host, `/api/v1/menu/${LOCALES[Math.floor(i / 20)]}`, headers);
    if (res.status !== 200) throw new Error(`cold first request answered ${res.status}`);
    results[encoding].push(res.ms);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Object.fromEntries(Object.entries(results).map(([k, v]) => [k, summary(v)]));
}

interface CacheCounters {
  hits: number;
  /** Documents brought back from the disk tier (counted apart from memory hits and builds). */
  diskHits: number;
  misses: number;
  evictions: Map<string, number>;
  bytes: number;
  upgrades: number;
}

/** The cache counters of a WORKERS=1 server, from its /metrics (loopback callers need no token). */
/**
 * GET with exactly the header names wrk sends (Host, Accept-Encoding), over a raw socket closed by
 * the server's answer: a scrape between runs must not teach the server another header sequence (see
 * bench/README.md, "Compiled, no IPC, one request shape").
 */
function wrkShapedGet(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\n\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(all.subarray(0, Math.max(0, end)).toString('latin1'))?.[1]);
      if (end >= 0 && all.length >= end + 4 + length) {
        socket.destroy();
        resolve(all.subarray(end + 4, end + 4 + length).toString('utf8'));
      }
    });
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`GET ${path} timed out`)));
  });
}

async function cacheCounters(port: number): Promise<CacheCounters> {
  const res = { body: await wrkShapedGet(port, '/metrics') };
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(res.body)?.[1] ?? 0);
  const evictions = new Map<string, number>();
  for (const m of res.body.matchAll(/^menu_cache_kind_evictions_total\{kind="([^"]+)"\} (\S+)$/gm)) {
    evictions.set(m[1], Number(m[2]));
  }
  return {
    hits: value('menu_cache_hits_total'),
    diskHits: value('menu_cache_disk_hits_total'),
    misses: value('menu_cache_misses_total'),
    evictions,
    bytes: value('menu_cache_bytes'),
    upgrades: value('menu_brotli_upgrades_total'),
  };
}

/** Shares of requests answered from memory and from the disk tier, between two scrapes (the rest were built). */
function hitRatio(before: CacheCounters, after: CacheCounters): number {
  return shares(before, after).memory;
}

function shares(before: CacheCounters, after: CacheCounters): { memory: number; disk: number } {
  const hits = after.hits - before.hits;
  const disk = after.diskHits - before.diskHits;
  const misses = after.misses - before.misses;
  const all = hits + disk + misses;
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  return all === 0 ? { memory: 0, disk: 0 } : { memory: round(hits / all), disk: round(disk / all) };
}

/** Evictions between two scrapes: of documents and compressed forms, and of cheap entries (snapshots, identity bodies). */
function evictionsBetween(before: CacheCounters, after: CacheCounters) {
  const out = { documents: 0, cheap: 0 };
  for (const [kind, n] of after.evictions) {
    const delta = n - (before.evictions.get(kind) ?? 0);
    if (kind === 'snapshot' || kind.endsWith('.identity')) out.cheap += delta;
    else out.documents += delta;
  }
  return out;
}

/**
 * A SQLite file with `copies` demo restaurants r0… in `workDir`: seeded once and kept under
 * bench/.cache/ (seeding 10,000 takes minutes), then copied for each run; migrations newer than the copy
 * are applied to it before each run. Delete bench/.cache/ to seed afresh.
 */
function seededDatabase(workDir: string, copies: number): { file: string; seconds: number | 'cached' } {
  const cacheDir = join(ROOT, 'bench/.cache');
  mkdirSync(cacheDir, { recursive: true });
  const cached = join(cacheDir, `scale-${copies}.db`);
  const file = join(workDir, `scale-${copies}.db`);
  if (existsSync(cached)) {
    copyFileSync(cached, file);
    // Migrations added since the copy was seeded.
    menu(['migrate'], { DATABASE_URL: `sqlite:${file}` });
    return { file, seconds: 'cached' };
  }
  const started = Date.now();
  log(`creating ${copies} demo copies (kept in bench/.cache/ for the next run)…`);
  menu(['demo', '--copies', String(copies), '--prefix', 'r'], { DATABASE_URL: `sqlite:${file}` });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  copyFileSync(file, `${cached}.tmp`);
  renameSync(`${cached}.tmp`, cached);
  return { file, seconds };
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
  const report: ScaleReport = {
    machine: { loadavg: readFileSync('/proc/loadavg', 'utf8').trim(), cpus: 0 },
    seedSeconds: {},
    firstRequestMs: {},
    baseline: [],
    warmPass: [],
    load: [],
    references: [],
    visibility: [],
  };
  report.machine.cpus = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  let port = 41000 + Math.floor(Math.random() * 1000);
  const script = join(options.workDir, 'scale.lua');
  const pinned = (workers: number) => options.pin && workers === 1;
  const run = (server: Server, tenants: number, access: 'uniform' | 'zipf', seconds: number, workers: number) => {
    writeFileSync(script, luaScript(tenants, access));
    return wrk(server.port, script, seconds, options.connections, pinned(workers));
  };
  for (const tenants of options.tenantCounts) {
    // 20 extra restaurants that no load touches.
    const { file, seconds } = seededDatabase(options.workDir, tenants + 20);
    report.seedSeconds[String(tenants + 20)] = seconds;
    // The first requests after a change are 150 writes in a row: no admin limit in the way.
    const env = { DATABASE_URL: `sqlite:${file}`, PUBLIC_RATE_LIMIT: '0', ADMIN_RATE_LIMIT: '1000000' };
    // The first requests after a change are measured on r0 with a token of its owner.
    menu(['user:create', 'r0', 'bench@example.test'], env);
    const token = menu(
      ['token:create', 'r0', 'bench@example.test', '--name', 'bench', '--scopes', 'menu:read,menu:write'],
      env,
    ).trim();
    const dump = join(options.workDir, `documents-${tenants}`);
    for (const workers of tenants === options.tenantCounts[0] && options.workersRow ? [1, 2] : [1]) {
      const server = await startServer({ ...env, WORKERS: String(workers) }, port++, pinned(workers));
      try {
        let oneRate: number | undefined;
        if (workers === 1) {
          // One restaurant, same script, same connections, same server: the rate to compare with.
          log(`${tenants} restaurants: one restaurant's cached rate first (5 s warm-up, ${options.durationSec} s)`);
          run(server, 1, 'uniform', 5, workers);
          const one = run(server, 1, 'uniform', options.durationSec, workers);
          oneRate = one.requestsPerSec;
          report.baseline.push({
            tenants,
            requestsPerSec: Math.round(one.requestsPerSec),
            p50Ms: Math.round(one.latencyP50Ms * 100) / 100,
            p99Ms: Math.round(one.latencyP99Ms * 100) / 100,
          });
          // Every document built once (and kept, for the reference servers).
          log(`${tenants} restaurants: warm pass over every restaurant and locale`);
          report.warmPass.push(await warmPass(server.port, tenants, dump));
        }
        for (const access of workers === 1 ? options.accesses : (['uniform'] as const)) {
          const rssStartMb = rssMb(server.pid);
          log(
            `${tenants} restaurants, ${access}, WORKERS=${workers}: ${options.warmupSec} s warm-up, ${options.durationSec} s measured`,
          );
          const c0 = workers === 1 ? await cacheCounters(server.port) : undefined;
          const warm = options.warmupSec > 0 ? run(server, tenants, access, options.warmupSec, workers) : undefined;
          const c1 = workers === 1 ? await cacheCounters(server.port) : undefined;
          const result = run(server, tenants, access, options.durationSec, workers);
          const c2 = workers === 1 ? await cacheCounters(server.port) : undefined;
          report.load.push({
            tenants,
            access,
            workers,
            requestsPerSec: Math.round(result.requestsPerSec),
            p50Ms: Math.round(result.latencyP50Ms * 100) / 100,
            p99Ms: Math.round(result.latencyP99Ms * 100) / 100,
            ratioToOne: oneRate ? Math.round((result.requestsPerSec / oneRate) * 1000) / 1000 : undefined,
            warmup: {
              seconds: options.warmupSec,
              requestsPerSec: Math.round(warm?.requestsPerSec ?? 0),
              p99Ms: Math.round((warm?.latencyP99Ms ?? 0) * 100) / 100,
              hitRatio: c0 && c1 ? hitRatio(c0, c1) : undefined,
            },
            hitRatio: c1 && c2 ? hitRatio(c1, c2) : undefined,
            diskRatio: c1 && c2 ? shares(c1, c2).disk : undefined,
            evictions: c1 && c2 ? evictionsBetween(c1, c2) : undefined,
            built: c1 && c2 ? c2.misses - c1.misses : undefined,
            upgrades: c1 && c2 ? c2.upgrades - c1.upgrades : undefined,
            cacheMb: c2 ? Math.round(c2.bytes / 1024 / 1024) : undefined,
            rssStartMb,
            rssEndMb: rssMb(server.pid),
            rssPeakMb: rssMb(server.pid, 'VmHWM'),
            problems: [...(warm?.problems ?? []).map((p) => `warm-up: ${p}`), ...result.problems],
          });
        }
        if (workers === 1 && tenants <= options.bareMaxTenants && options.barePairs > 0) {
          // The bare server beside the app, measured in turns with it (see LoadRow.pairRatios).
          const bare = await startBare(dump, port++, options.pin);
          try {
            for (const access of options.accesses) {
              const pairSec = options.pairSec ?? options.durationSec;
              log(
                `${tenants} restaurants, ${access}: app and bare server in turns, ${options.barePairs} pairs of ${pairSec} s runs`,
              );
              run(bare, tenants, access, 5, 1);
              const appRates: number[] = [];
              const bareRates: number[] = [];
              const bareRuns: ReturnType<typeof run>[] = [];
              for (let pair = 0; pair < options.barePairs; pair++) {
                // Every other pair the bare server goes first (app, bare, bare, app...): a drift of
                // the VM's speed within a pair then favours each side in turn, not always the same.
                const appFirst = pair % 2 === 0;
                const a = appFirst ? run(server, tenants, access, pairSec, 1) : undefined;
                const b = run(bare, tenants, access, pairSec, 1);
                appRates.push((a ?? run(server, tenants, access, pairSec, 1)).requestsPerSec);
                bareRates.push(b.requestsPerSec);
                bareRuns.push(b);
              }
              const ratios = appRates.map((a, i) => Math.round((a / bareRates[i]) * 1000) / 1000);
              const middle = bareRuns[bareRuns.length >> 1];
              report.references.push({
                tenants,
                access,
                server: 'bare node:http (Map)',
                requestsPerSec: Math.round(median(bareRates)),
                p50Ms: Math.round(middle.latencyP50Ms * 100) / 100,
                p99Ms: Math.round(middle.latencyP99Ms * 100) / 100,
                rssEndMb: rssMb(bare.pid),
                problems: bareRuns.flatMap((r) => r.problems),
              });
              const row = report.load.find((r) => r.tenants === tenants && r.access === access && r.workers === 1);
              if (row) {
                row.pairRatios = ratios;
                row.ratioToBare = Math.round(median(ratios) * 1000) / 1000;
              }
              if (options.pin) {
                log(
                  `${tenants} restaurants, ${access}: app and bare server side by side, ${options.barePairs} rounds of ${pairSec} s`,
                );
                writeFileSync(script, luaScript(tenants, access));
                const rounds: NonNullable<LoadRow['sideBySide']>['rounds'] = [];
                for (let round = 0; round < options.barePairs; round++) {
                  const cpu0 = [procCpuMicros(server.pid), procCpuMicros(bare.pid)];
                  const [a, b] = await Promise.all([
                    wrkAsync(server.port, script, pairSec, options.connections, true),
                    wrkAsync(bare.port, script, pairSec, options.connections, true),
                  ]);
                  const cpu1 = [procCpuMicros(server.pid), procCpuMicros(bare.pid)];
                  const micros = (used: number, r: typeof a) => used / (r.requestsPerSec * pairSec);
                  rounds.push({
                    app: Math.round(a.requestsPerSec),
                    bare: Math.round(b.requestsPerSec),
                    appMicros: Math.round(micros(cpu1[0] - cpu0[0], a) * 100) / 100,
                    bareMicros: Math.round(micros(cpu1[1] - cpu0[1], b) * 100) / 100,
                  });
                }
                const r3 = (x: number) => Math.round(x * 1000) / 1000;
                if (row)
                  row.sideBySide = {
                    rounds,
                    rateRatio: r3(median(rounds.map((r) => r.app / r.bare))),
                    costRatio: r3(median(rounds.map((r) => r.bareMicros / r.appMicros))),
                  };
              }
            }
          } finally {
            await bare.stop();
          }
        }
        if (workers === 1) {
          // A warm server (compiled code, caches full): the first request of a menu after a change,
          // first still pinned to the load's one core, then as `npm start` runs it on this machine
          // (both cores: no load runs now, so none is wrk's; issue 37 point 3 asks for a quiet
          // server on a 2-core machine).
          if (pinned(workers)) {
            const first = await firstRequestsAfterChange(server.port, token, options.firstSamples);
            for (const [encoding, s] of Object.entries(first))
              report.firstRequestMs[`pinned to one core: ${encoding} (${tenants})`] = s;
            execFileSync('taskset', ['-a', '-p', '-c', `0-${report.machine.cpus - 1}`, String(server.pid)], {
              stdio: 'ignore',
            });
          }
          const first = await firstRequestsAfterChange(server.port, token, options.firstSamples);
          for (const [encoding, s] of Object.entries(first)) report.firstRequestMs[`${encoding} (${tenants})`] = s;
          const cold = await firstRequestsCold(server.port, tenants);
          for (const [encoding, s] of Object.entries(cold))
            report.firstRequestMs[`never asked before, built on request: ${encoding} (${tenants})`] = s;
        }
      } finally {
        await server.stop();
      }
    }
    // The references, right after the app, on the same documents, pinned the same way.
    const references: { server: ReferenceRow['server']; start: () => Promise<Server> }[] = [];
    if (tenants <= options.bareMaxTenants && options.barePairs === 0) {
      references.push({ server: 'bare node:http (Map)', start: () => startBare(dump, port++, options.pin) });
    }
    if (nginxInstalled()) {
      references.push({
        server: 'nginx (files)',
        start: async () => {
          const shared = sharedHeaders(dump);
          const nginx = await startNginxFiles(options.workDir, join(dump, 'files'), shared.contentType, shared.headers);
          if (options.pin) execFileSync('taskset', ['-a', '-p', '-c', '0', String(nginx.pid)], { stdio: 'ignore' });
          return nginx;
        },
      });
    }
    for (const reference of references) {
      const server = await reference.start();
      try {
        for (const access of options.accesses) {
          log(`${tenants} restaurants, ${access}: ${reference.server}, 5 s warm-up, ${options.durationSec} s measured`);
          run(server, tenants, access, 5, 1);
          const result = run(server, tenants, access, options.durationSec, 1);
          report.references.push({
            tenants,
            access,
            server: reference.server,
            requestsPerSec: Math.round(result.requestsPerSec),
            p50Ms: Math.round(result.latencyP50Ms * 100) / 100,
            p99Ms: Math.round(result.latencyP99Ms * 100) / 100,
            rssEndMb: rssMb(server.pid),
            problems: result.problems,
          });
          const app = report.load.find((r) => r.tenants === tenants && r.access === access && r.workers === 1);
          if (app) {
            const ratio = Math.round((app.requestsPerSec / result.requestsPerSec) * 1000) / 1000;
            if (reference.server === 'nginx (files)') app.ratioToNginx = ratio;
            else app.ratioToBare = ratio;
          }
        }
      } finally {
        await server.stop();
      }
    }
    rmSync(dump, { recursive: true, force: true });
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
  report.machine.loadavgEnd = readFileSync('/proc/loadavg', 'utf8').trim();
  return report;
}

export function formatScale(report: ScaleReport): string {
  const pct = (x: number | undefined) => (x === undefined ? 'n/a' : `${(x * 100).toFixed(1)}%`);
  const lines = [
    `Many restaurants (machine: ${report.machine.cpus} CPUs, load average at start ${report.machine.loadavg}${
      report.machine.loadavgEnd ? `, at end ${report.machine.loadavgEnd}` : ''
    })`,
    '',
    '| restaurants | one restaurant, same script: req/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    ...report.baseline.map((b) => `| ${b.tenants} | ${b.requestsPerSec} | ${b.p50Ms} | ${b.p99Ms} |`),
    '',
    '| restaurants | documents | warm pass s | documents/s | MB (brotli) |',
    '|---|---|---|---|---|',
    ...report.warmPass.map(
      (w) =>
        `| ${w.tenants} | ${w.documents} | ${w.seconds} | ${Math.round(w.documents / w.seconds)} | ${Math.round(w.bytes / 1e6)} |`,
    ),
    '',
    '| restaurants | access | reference server | req/s | p50 ms | p99 ms | RSS MB | problems |',
    '|---|---|---|---|---|---|---|---|',
    ...report.references.map(
      (r) =>
        `| ${r.tenants} | ${r.access} | ${r.server} | ${r.requestsPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${r.rssEndMb} | ${r.problems.join('; ') || '—'} |`,
    ),
    '',
    '| restaurants | access | WORKERS | req/s | × bare | × nginx | × one | p50 ms | p99 ms | hit ratio memory / disk | built / brotli-11 upgrades | evictions docs / cheap | cache MB | RSS start / end / peak MB | warm-up req/s, p99, hit ratio | problems |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...report.load.map(
      (r) =>
        `| ${r.tenants} | ${r.access} | ${r.workers} | ${r.requestsPerSec} | ${r.ratioToBare ?? 'n/a'}${r.pairRatios ? ` (pairs: ${r.pairRatios.join(', ')})` : ''} | ${r.ratioToNginx ?? 'n/a'} | ${r.ratioToOne ?? 'n/a'} | ${r.p50Ms} | ${r.p99Ms} | ${pct(r.hitRatio)} / ${pct(r.diskRatio)} | ${r.built ?? 'n/a'} / ${r.upgrades ?? 'n/a'} | ${
          r.evictions ? `${r.evictions.documents} / ${r.evictions.cheap}` : 'n/a'
        } | ${r.cacheMb ?? 'n/a'} | ${r.rssStartMb} / ${r.rssEndMb} / ${r.rssPeakMb} | ${r.warmup.seconds} s: ${r.warmup.requestsPerSec}, ${r.warmup.p99Ms} ms, ${pct(r.warmup.hitRatio)} | ${r.problems.join('; ') || '—'} |`,
    ),
    '',
    '| restaurants | access | side by side with bare (same core, same time): rate ratio | CPU per request ratio (bare ÷ app) | rounds: app / bare req/s, app / bare µs per request |',
    '|---|---|---|---|---|',
    ...report.load
      .filter((r) => r.sideBySide)
      .map(
        (r) =>
          `| ${r.tenants} | ${r.access} | ${r.sideBySide!.rateRatio} | ${r.sideBySide!.costRatio} | ${r
            .sideBySide!.rounds.map((x) => `${x.app} / ${x.bare}, ${x.appMicros} / ${x.bareMicros}`)
            .join('; ')} |`,
      ),
    '',
    '| first request of a menu after a change (a write, 20 ms, the request, after one unmeasured round of each locale in each encoding: refresh-ahead has rebuilt what was held), and of a menu never asked before (built on request), warm server (client-side, loopback) | median ms | max ms | samples |',
    '|---|---|---|---|',
    ...Object.entries(report.firstRequestMs).map(([k, s]) => `| ${k} | ${s.median} | ${s.max} | ${s.samples} |`),
    '',
    '| write on A → served by B | median ms | max ms | samples |',
    '|---|---|---|---|',
    ...report.visibility.map((v) => `| ${v.transport} | ${v.medianMs} | ${v.maxMs} | ${v.samples} |`),
    '',
    `Seeding: ${Object.entries(report.seedSeconds)
      .map(([n, s]) => (s === 'cached' ? `${n} copies from bench/.cache/` : `${n} copies in ${s} s`))
      .join(', ')}`,
  ];
  return lines.join('\n');
}
