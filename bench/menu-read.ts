// The menu-read benchmark: GET /api/v1/menu/it on the real app against a bare node:http server replaying its bytes.
import { writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { appCommand, type ServerProcess, scriptCommand, startServer } from './children.js';
import { BENCH_HOST, createFixtureDatabase, type FixtureFacts } from './fixture.js';
import { type LoadGenerator, type LoadResult, pinServer } from './load.js';
import { nginxInstalled, startNginx } from './nginx.js';
import type { RecordedResponse } from './recorded.js';

export const MENU_PATH = '/api/v1/menu/it';
/** app requests/s divided by bare requests/s must reach this. */
export const TARGET_RATIO = 0.9;
/** Below this server CPU (% of one core) a run was paced by the load generator, not by the server. */
export const SERVER_BOUND_CPU_PERCENT = 85;
/** Above this (% of one core) CPU used outside the two benchmark processes makes a run suspect. */
export const NOISY_OTHER_CPU_PERCENT = 25;
/**
 * Headers the bare server does not replay: node:http writes date, connection and keep-alive itself
 * (for both servers alike) and content-length follows from the body. Every other header of the
 * app's answer (content type and encoding, ETag, Vary, Cache-Control, CORS, security headers) is
 * replayed, so both servers send the same bytes.
 */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export interface MenuReadOptions {
  /** Seconds of each measured run. */
  durationSec: number;
  /** Seconds of load before each measured run, not counted. */
  warmupSec: number;
  connections: number;
  /** wrk or autocannon (see load.ts). */
  loadGenerator: LoadGenerator;
  /** Scratch directory for the SQLite file and the recorded responses; the caller removes it. */
  workDir: string;
  targetDishes: number;
  /** App/bare pairs measured per scenario; figures are the median round's. */
  rounds: number;
  /** Scenario names to measure (br, identity); all when undefined. */
  scenarios?: string[];
  /** When set, each server runs with --cpu-prof and writes its profiles under <dir>/<server>-<scenario>/ on exit. */
  cpuProfileDir?: string;
  /** Progress lines go here (stderr by default, so stdout carries only the report). */
  log?: (line: string) => void;
}

interface Scenario {
  name: 'br' | 'gzip' | 'identity';
  /** What the load generator sends; undefined = no Accept-Encoding header at all. */
  acceptEncoding: string | undefined;
  /** The Content-Encoding the app must answer with. */
  contentEncoding: string | undefined;
}

const SCENARIOS: Scenario[] = [
  // What browsers send.
  { name: 'br', acceptEncoding: 'br, gzip', contentEncoding: 'br' },
  // Older clients and some proxies.
  { name: 'gzip', acceptEncoding: 'gzip', contentEncoding: 'gzip' },
  { name: 'identity', acceptEncoding: undefined, contentEncoding: undefined },
];

export interface Measurement {
  /** Mean of the per-second request counts. */
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  /** Mean bytes per second received (headers + body), in MB (10^6 bytes). */
  throughputMBps: number;
  bodyBytes: number;
  /** Bytes received per response, headers included. */
  bytesPerResponse: number;
  responses: number;
  durationSec: number;
  /** CPU time of the server process over the measured run, as % of one core. */
  serverCpuPercent: number;
  /** Server CPU time per response, in µs: what a saturated server would pay per request, whoever set the pace. */
  serverCpuMicrosPerRequest: number;
  /** CPU time of the load generator over the measured run, as % of one core. */
  loadGeneratorCpuPercent: number;
  /** Busy time of the whole machine over the measured run, as % of all its cores. */
  machineBusyPercent: number;
  /**
   * Machine busy time not billed to the server or to this process, as % of one core: other
   * processes, and kernel network work. More than a few % means something else competed for the CPU.
   */
  otherCpuPercent: number;
  /** The server was the bottleneck (serverCpuPercent ≥ SERVER_BOUND_CPU_PERCENT). */
  serverBound: boolean;
}

export interface ScenarioReport {
  name: Scenario['name'];
  acceptEncoding: string | null;
  contentEncoding: string | null;
  app: Measurement;
  bare: Measurement;
  /** nginx serving the same bytes from a file (a reference, when nginx is installed). */
  nginx?: Measurement;
  /** app.requestsPerSec / nginx.requestsPerSec. */
  nginxRatio?: number;
  /** Every round, in order; `app` and `bare` above are the median ones by requests/s. */
  rounds: { app: Measurement; bare: Measurement; ratio: number }[];
  /** app.requestsPerSec / bare.requestsPerSec (medians over the rounds) */
  ratio: number;
  /**
   * bare.serverCpuMicrosPerRequest / app.serverCpuMicrosPerRequest: the ratio two saturated servers
   * would show, an estimate that holds even when the load generator set the pace.
   */
  cpuCostRatio: number;
  target: number;
  met: boolean;
}

export interface MenuReadReport {
  benchmark: 'menu-read';
  date: string;
  machine: {
    cpuModel: string;
    cores: number;
    node: string;
    platform: string;
    totalMemoryGiB: number;
  };
  settings: {
    loadGenerator: string;
    path: string;
    host: string;
    connections: number;
    pipelining: number;
    rounds: number;
    durationSec: number;
    warmupSec: number;
  };
  fixture: FixtureFacts & { dishesServed: number; identityBytes: number };
  scenarios: ScenarioReport[];
  targetMet: boolean;
}

interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * GET over a raw keep-alive-free socket, with exactly the request line and headers wrk sends (Host,
 * then the scenario's Accept-Encoding) and nothing else. node's header parser gives each sequence of
 * header names its own hidden class; a server that has seen other sequences (node:http's client
 * adds `Connection`) while garbage collections ran in between parses every later request's headers
 * on a slower path, CPU profiles showed (_addHeaderLine at 2–5% of the app's CPU against 0.1–0.5% for
 * the bare server, which was asked once). Recording and checking with wrk's own request keeps the two
 * servers' histories alike, so the ratio measures the app, not what traffic came before.
 */
function get(port: number, headers: Record<string, string>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const lines = [`GET ${MENU_PATH} HTTP/1.1`, `Host: ${BENCH_HOST}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`GET ${MENU_PATH} timed out`)), 10_000);
    const done = (err?: Error, response?: Response) => {
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(response!);
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...headerLines] = all.subarray(0, end).toString('latin1').split('\r\n');
      const parsed: IncomingHttpHeaders = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(parsed['content-length'] ?? 0);
      if (all.length < end + 4 + length) return;
      done(undefined, {
        status: Number(statusLine.split(' ')[1]),
        headers: parsed,
        body: all.subarray(end + 4, end + 4 + length),
      });
    });
    socket.on('error', (err) => done(err));
    socket.on('close', () => done(new Error(`GET ${MENU_PATH}: connection closed before a whole answer`)));
  });
}

function requestHeaders(scenario: Scenario): Record<string, string> {
  return scenario.acceptEncoding === undefined ? {} : { 'accept-encoding': scenario.acceptEncoding };
}

function decoded(response: Response): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  return response.body;
}

/** The app's response for a scenario, checked, as the bare server will replay it. */
async function record(app: ServerProcess, scenario: Scenario): Promise<RecordedResponse & { response: Response }> {
  let response = await get(app.port, requestHeaders(scenario));
  // A brotli document asked for again is recompressed at quality 11 in the background (the
  // steady state): wait for that form, so the bare server replays what the app will serve.
  for (let i = 0; i < 300 && /-br\d+"$/.test(String(response.headers.etag ?? '')); i++) {
    await new Promise((r) => setTimeout(r, 100));
    response = await get(app.port, requestHeaders(scenario));
  }
  if (response.status !== 200) {
    throw new Error(
      `GET ${MENU_PATH} (${scenario.name}) answered ${response.status}: ${response.body.toString().slice(0, 300)}`,
    );
  }
  if (response.headers['content-encoding'] !== scenario.contentEncoding) {
    throw new Error(
      `GET ${MENU_PATH} (${scenario.name}) came with content-encoding ${response.headers['content-encoding']}, expected ${scenario.contentEncoding ?? 'none'}`,
    );
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!NOT_REPLAYED.has(name) && typeof value === 'string') headers[name] = value;
  }
  return { headers, body: response.body.toString('base64'), response };
}

function decodedReplay(replay: RecordedResponse): Buffer {
  return decoded({
    status: 200,
    headers: { 'content-encoding': replay.headers['content-encoding'] },
    body: Buffer.from(replay.body, 'base64'),
  });
}

function dishesIn(json: Buffer): number {
  const doc = JSON.parse(json.toString('utf8')) as { data: { sections: { items: unknown[] }[] } };
  return doc.data.sections.reduce((sum, s) => sum + s.items.length, 0);
}

async function assertAllOk(result: LoadResult, label: string, port: number, scenario: Scenario): Promise<void> {
  if (result.problems.length === 0) return;
  // wrk counts bad answers without saying what they were: ask once more and show one.
  const sample = await get(port, requestHeaders(scenario)).then(
    (res) => `now answers ${res.status}: ${decoded(res).toString('utf8').slice(0, 200)}`,
    (err: Error) => `now fails: ${err.message}`,
  );
  throw new Error(`${label}: ${result.problems.join(', ')}; the server ${sample}`);
}

function load(port: number, scenario: Scenario, options: MenuReadOptions, seconds: number, title: string) {
  return options.loadGenerator.run({
    url: `http://127.0.0.1:${port}${MENU_PATH}`,
    headers: { host: BENCH_HOST, ...requestHeaders(scenario) },
    connections: options.connections,
    seconds,
    title,
  });
}

/** Idle and total CPU time of all cores so far (ms). */
function machineTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    idle += cpu.times.idle;
    total += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.idle + cpu.times.irq;
  }
  return { idle, total };
}

async function measure(
  server: ServerProcess,
  scenario: Scenario,
  bodyBytes: number,
  options: MenuReadOptions,
): Promise<Measurement> {
  const label = `${scenario.name}/${server.name}`;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (options.warmupSec > 0) {
    log(`  ${label}: warm-up ${options.warmupSec} s`);
    const warmup = await load(server.port, scenario, options, options.warmupSec, `${label} warm-up`);
    await assertAllOk(warmup, `${label} warm-up`, server.port, scenario);
  }
  log(`  ${label}: measuring ${options.durationSec} s`);
  const serverCpu0 = await server.cpuMicros();
  const machine0 = machineTimes();
  const t0 = performance.now();
  const result = await load(server.port, scenario, options, options.durationSec, label);
  const wallMicros = (performance.now() - t0) * 1000;
  const machine1 = machineTimes();
  const serverCpu = (await server.cpuMicros()) - serverCpu0;
  await assertAllOk(result, label, server.port, scenario);
  const bytesPerResponse = result.bytesTotal / result.responses;
  if (bytesPerResponse < bodyBytes) {
    throw new Error(
      `${label}: ${bytesPerResponse.toFixed(0)} bytes per response, less than the ${bodyBytes}-byte body`,
    );
  }
  const serverCpuPercent = (serverCpu / wallMicros) * 100;
  const loadGeneratorCpuPercent = (result.cpuMicros / wallMicros) * 100;
  const machineBusy = 1 - (machine1.idle - machine0.idle) / (machine1.total - machine0.total);
  return {
    requestsPerSec: result.requestsPerSec,
    latencyP50Ms: result.latencyP50Ms,
    latencyP99Ms: result.latencyP99Ms,
    latencyMeanMs: result.latencyMeanMs,
    throughputMBps: result.bytesTotal / result.durationSec / 1e6,
    bodyBytes,
    bytesPerResponse: Math.round(bytesPerResponse),
    responses: result.responses,
    durationSec: result.durationSec,
    serverCpuPercent,
    serverCpuMicrosPerRequest: serverCpu / result.responses,
    loadGeneratorCpuPercent,
    machineBusyPercent: machineBusy * 100,
    otherCpuPercent: Math.max(0, machineBusy * os.cpus().length * 100 - serverCpuPercent - loadGeneratorCpuPercent),
    serverBound: serverCpuPercent >= SERVER_BOUND_CPU_PERCENT,
  };
}

/** The round with the median requests/s (the lower middle one for an even count). */
function medianRound(rounds: Measurement[]): Measurement {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSec - b.requestsPerSec);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function profileArgs(options: MenuReadOptions, name: string): string[] {
  return options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(options.cpuProfileDir, name)}`] : [];
}

export async function runMenuRead(options: MenuReadOptions): Promise<MenuReadReport> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const unknown = (options.scenarios ?? []).filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown.length > 0)
    throw new Error(`Unknown scenario ${unknown.join(', ')} (known: ${SCENARIOS.map((s) => s.name).join(', ')})`);
  const selected = SCENARIOS.filter((s) => !options.scenarios || options.scenarios.includes(s.name));
  const dbFile = join(options.workDir, 'bench.db');
  log(`Building the fixture (${options.targetDishes} dishes target) in ${dbFile}`);
  const fixture = await createFixtureDatabase(dbFile, options.targetDishes);
  log(
    `  ${fixture.dishes} dishes (${fixture.activeDishes} active), ${fixture.sections} sections, ${fixture.locales} locales`,
  );

  const recorded = new Map<Scenario['name'], RecordedResponse>();
  const appResults = new Map<Scenario['name'], Measurement[]>(selected.map((s) => [s.name, []]));
  const bareResults = new Map<Scenario['name'], Measurement[]>(selected.map((s) => [s.name, []]));
  let dishesServed = 0;
  let identityBytes = 0;

  // Each round measures the app, then the bare server, back to back, so that a drift of the
  // machine's speed during the run weighs on both sides of a ratio alike. One server at a time.
  async function measurePair(scenario: Scenario, tag: string, recordFirst: boolean): Promise<void> {
    log(`${tag}: the app as \`menu serve\` runs it (compiled dist/)`);
    const app = await startServer('app', appCommand(dbFile, profileArgs(options, `app-${scenario.name}`)));
    pinServer(options.loadGenerator, app.pid);
    try {
      if (recordFirst) {
        for (const each of SCENARIOS) {
          const { response, ...replay } = await record(app, each);
          recorded.set(each.name, replay);
          const json = decoded(response);
          if (each.contentEncoding === undefined) {
            dishesServed = dishesIn(json);
            identityBytes = json.length;
          }
        }
        // Every encoding must carry the same document (one cached serialization).
        const [first, ...rest] = SCENARIOS.map((s) => decodedReplay(recorded.get(s.name)!));
        if (rest.some((other) => !other.equals(first))) {
          throw new Error('The br, gzip and identity responses carry different documents');
        }
      }
      const bodyBytes = Buffer.from(recorded.get(scenario.name)!.body, 'base64').length;
      appResults.get(scenario.name)!.push(await measure(app, scenario, bodyBytes, options));
    } finally {
      await app.stop();
    }

    log(`${tag}: bare node:http replaying the app's response (bench/bare-child.mjs)`);
    const replay = recorded.get(scenario.name)!;
    const file = join(options.workDir, `recorded-${scenario.name}.json`);
    writeFileSync(file, JSON.stringify(replay));
    const bare = await startServer(
      'bare',
      scriptCommand('./bare-child.mjs', [file], profileArgs(options, `bare-${scenario.name}`)),
    );
    pinServer(options.loadGenerator, bare.pid);
    try {
      const check = await get(bare.port, requestHeaders(scenario));
      const body = Buffer.from(replay.body, 'base64');
      const same =
        check.status === 200 &&
        check.body.equals(body) &&
        Object.entries(replay.headers).every(([name, value]) => check.headers[name] === value);
      if (!same) throw new Error(`The bare server does not replay the app's ${scenario.name} response exactly`);
      bareResults.get(scenario.name)!.push(await measure(bare, scenario, body.length, options));
    } finally {
      await bare.stop();
    }
  }

  let recordFirst = true;
  const nginxResults = new Map<Scenario['name'], Measurement>();
  for (const scenario of selected) {
    for (let round = 1; round <= options.rounds; round++) {
      const tag = options.rounds > 1 ? `${scenario.name} round ${round}/${options.rounds}` : scenario.name;
      await measurePair(scenario, tag, recordFirst);
      recordFirst = false;
    }
    if (nginxInstalled()) {
      log(`${scenario.name}: nginx serving the same bytes (a reference)`);
      const replay = recorded.get(scenario.name)!;
      const nginx = await startNginx(options.workDir, scenario.name, replay);
      pinServer(options.loadGenerator, nginx.pid);
      try {
        const check = await get(nginx.port, requestHeaders(scenario));
        const body = Buffer.from(replay.body, 'base64');
        if (check.status !== 200 || !check.body.equals(body)) {
          throw new Error(`nginx does not serve the app's ${scenario.name} bytes`);
        }
        nginxResults.set(scenario.name, await measure(nginx, scenario, body.length, options));
      } finally {
        await nginx.stop();
      }
    }
  }

  const scenarios = selected.map((scenario): ScenarioReport => {
    const appRounds = appResults.get(scenario.name)!;
    const bareRounds = bareResults.get(scenario.name)!;
    const app = medianRound(appRounds);
    const bare = medianRound(bareRounds);
    const ratio = app.requestsPerSec / bare.requestsPerSec;
    const nginx = nginxResults.get(scenario.name);
    return {
      name: scenario.name,
      acceptEncoding: scenario.acceptEncoding ?? null,
      contentEncoding: scenario.contentEncoding ?? null,
      app,
      bare,
      nginx,
      nginxRatio: nginx ? app.requestsPerSec / nginx.requestsPerSec : undefined,
      rounds: appRounds.map((a, i) => ({
        app: a,
        bare: bareRounds[i],
        ratio: a.requestsPerSec / bareRounds[i].requestsPerSec,
      })),
      ratio,
      cpuCostRatio: bare.serverCpuMicrosPerRequest / app.serverCpuMicrosPerRequest,
      target: TARGET_RATIO,
      met: ratio >= TARGET_RATIO,
    };
  });
  const cpus = os.cpus();
  return {
    benchmark: 'menu-read',
    date: new Date().toISOString(),
    machine: {
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      cores: cpus.length,
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      totalMemoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    },
    settings: {
      loadGenerator: options.loadGenerator.label,
      path: MENU_PATH,
      host: BENCH_HOST,
      connections: options.connections,
      pipelining: 1,
      rounds: options.rounds,
      durationSec: options.durationSec,
      warmupSec: options.warmupSec,
    },
    fixture: { ...fixture, dishesServed, identityBytes },
    scenarios,
    targetMet: scenarios.every((s) => s.met),
  };
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => n.toFixed(2);

/** The report as the plain-text table `npm run bench` prints. */
export function formatMenuRead(report: MenuReadReport): string {
  const { machine, settings, fixture } = report;
  const lines: string[] = [];
  lines.push(`menu-read benchmark — ${report.date}`);
  lines.push(
    `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.totalMemoryGiB} GiB RAM, Node ${machine.node}, ${machine.platform}`,
  );
  lines.push(
    `Load:    GET ${settings.path} (Host: ${settings.host}), ${settings.connections} connections, pipelining ${settings.pipelining}, ` +
      `${settings.warmupSec} s warm-up + ${settings.durationSec} s measured per run` +
      (settings.rounds > 1 ? `, ${settings.rounds} app/bare rounds per scenario (figures: median round)` : ''),
  );
  lines.push(`         ${settings.loadGenerator}, each server alone in its own process`);
  lines.push(
    `Menu:    ${fixture.dishes} dishes (${fixture.dishesServed} served), ${fixture.sections} sections, ${fixture.locales} locales; ` +
      `document ${int(fixture.identityBytes)} bytes uncompressed`,
  );
  lines.push('');
  const header = [
    'Scenario',
    'Server',
    'Req/s (mean)',
    ...(settings.rounds > 1 ? ['Req/s range'] : []),
    'p50 ms',
    'p99 ms',
    'MB/s',
    'Body bytes',
    'Server CPU',
    'µs/req',
    'Loadgen CPU',
    'Other CPU',
  ];
  const rows: string[][] = [];
  for (const s of report.scenarios) {
    for (const [name, m] of [
      ['app', s.app],
      ['bare', s.bare],
      ...(s.nginx ? [['nginx', s.nginx] as const] : []),
    ] as const) {
      const all = name === 'nginx' ? [m.requestsPerSec] : s.rounds.map((r) => r[name].requestsPerSec);
      rows.push([
        name === 'app' ? `${s.name}` : '',
        name,
        int(m.requestsPerSec),
        ...(settings.rounds > 1 ? [`${int(Math.min(...all))}–${int(Math.max(...all))}`] : []),
        ms(m.latencyP50Ms),
        ms(m.latencyP99Ms),
        m.throughputMBps.toFixed(1),
        int(m.bodyBytes),
        `${m.serverCpuPercent.toFixed(0)}%${m.serverBound ? ' ' : '*'}`,
        m.serverCpuMicrosPerRequest.toFixed(1),
        `${m.loadGeneratorCpuPercent.toFixed(0)}%`,
        `${m.otherCpuPercent.toFixed(0)}%`,
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  lines.push(pad(header, widths));
  lines.push(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) lines.push(pad(row, widths));
  const paced = report.scenarios
    .flatMap((s) => [s.app, s.bare, ...(s.nginx ? [s.nginx] : [])])
    .some((m) => !m.serverBound);
  if (paced) {
    lines.push(
      `* server under ${SERVER_BOUND_CPU_PERCENT}% of a core: the load generator, not this server, set the pace of that run.`,
    );
  }
  const noisy = report.scenarios
    .flatMap((s) => s.rounds.flatMap((r) => [r.app, r.bare]))
    .some((m) => m.otherCpuPercent > NOISY_OTHER_CPU_PERCENT);
  if (noisy) {
    lines.push(
      `Other CPU above ${NOISY_OTHER_CPU_PERCENT}% of a core in some run: something else was busy on the machine; rerun when it is quiet.`,
    );
  }
  lines.push('');
  for (const s of report.scenarios) {
    const encoding = s.acceptEncoding === null ? 'no Accept-Encoding' : `Accept-Encoding: ${s.acceptEncoding}`;
    const caveat = !s.bare.serverBound
      ? s.app.serverBound
        ? '  (bare was not saturated: the true ratio is lower)'
        : '  (neither server was saturated: see the CPU-cost ratio)'
      : '';
    lines.push(`Ratio app/bare, ${s.name} (${encoding}):`);
    lines.push(
      `  requests/s          ${s.ratio.toFixed(3)}  target ≥ ${s.target.toFixed(2)}  ${s.met ? 'MET' : 'NOT MET'}${caveat}`,
    );
    if (s.rounds.length > 1) {
      lines.push(`  per round           ${s.rounds.map((r) => r.ratio.toFixed(3)).join('  ')}`);
    }
    lines.push(
      `  server CPU per req  ${s.cpuCostRatio.toFixed(3)}  (bare µs/req ÷ app µs/req: the requests/s ratio of two saturated servers)`,
    );
    if (s.nginxRatio !== undefined && s.nginx) {
      lines.push(
        `  app/nginx           ${s.nginxRatio.toFixed(3)}  (nginx ${int(s.nginx.requestsPerSec)} req/s for the same bytes; a reference, not a target)`,
      );
    }
  }
  lines.push(
    report.targetMet ? 'Target met in every scenario.' : 'Target NOT met (see bench/README.md on reading the ratio).',
  );
  return lines.join('\n');
}
