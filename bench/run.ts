// Entry point of `npm run bench`: the menu-read and analytics benchmarks; prints their tables, writes bench/results/*.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatAnalytics, runAnalytics } from './analytics.js';
import { ensureBuilt, killAllServers } from './children.js';
import { formatHeavyJobs, runHeavyJobs } from './heavy-jobs.js';
import { formatLiveStreams, runLiveStreams } from './live-streams.js';
import { chooseLoadGenerator } from './load.js';
import { formatMenuRead, runMenuRead } from './menu-read.js';
import { formatScale, runScale } from './scale.js';
import { formatWebhooksFair, runWebhooksFair } from './webhooks-fair.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

function seconds(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

const durationSec = seconds('BENCH_DURATION', 10, 1);
const warmupSec = seconds('BENCH_WARMUP', 3, 0);
const connections = seconds('BENCH_CONNECTIONS', 50, 1);
const rounds = seconds('BENCH_ROUNDS', 1, 1);
const cpuProfile = process.env.BENCH_CPU_PROF === '1';
const scenarios = process.env.BENCH_SCENARIOS ? process.env.BENCH_SCENARIOS.split(',').map((s) => s.trim()) : undefined;

const workDir = mkdtempSync(join(tmpdir(), 'menu-bench-'));
const cleanUp = () => {
  killAllServers();
  rmSync(workDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    process.stderr.write(`\n${signal}: stopping the servers\n`);
    process.exit(130);
  });
}

// Bounded runtime: at most 4 measured runs per round and their warm-ups, plus generous room for starting and stopping servers.
const analyticsEvents = seconds('BENCH_ANALYTICS_EVENTS', 1_000_000, 1000);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const skipAnalytics = process.env.BENCH_ANALYTICS === '0';
// Storing a million events takes about a minute per database here; allow for a slower machine.
const skipScale = process.env.BENCH_SCALE === '0';
const skipMenuRead = process.env.BENCH_MENU_READ === '0';
const skipHeavy = process.env.BENCH_HEAVY === '0';
const skipLive = process.env.BENCH_LIVE === '0';
const skipWebhooks = process.env.BENCH_WEBHOOKS === '0';
const scaleTenants = (process.env.BENCH_SCALE_TENANTS ?? '1000,10000').split(',').map(Number);
/** BENCH_SCALE_ACCESS=uniform (or zipf): one access pattern only, for a shorter run. */
const scaleAccesses = (process.env.BENCH_SCALE_ACCESS ?? 'uniform,zipf')
  .split(',')
  .filter((a): a is 'uniform' | 'zipf' => a === 'uniform' || a === 'zipf');
const scaleWarmup = seconds('BENCH_SCALE_WARMUP', 20, 0);
const scaleDuration = seconds('BENCH_SCALE_DURATION', 20, 1);
const budgetSec =
  4 * rounds * (warmupSec + durationSec + 10) +
  180 +
  (skipHeavy ? 0 : 2 * durationSec + 60) +
  (skipLive ? 0 : 3 * durationSec + 120) +
  (skipWebhooks ? 0 : 90) +
  (skipAnalytics ? 0 : 600 + durationSec) +
  (skipScale ? 0 : 1800 + 5 * (scaleWarmup + scaleDuration + 20));
setTimeout(() => {
  process.stderr.write(`Benchmark still running after ${budgetSec} s: giving up\n`);
  process.exit(1);
}, budgetSec * 1000).unref();

try {
  mkdirSync(RESULTS_DIR, { recursive: true });
  ensureBuilt();
  if (!skipMenuRead) {
    const report = await runMenuRead({
      durationSec,
      warmupSec,
      connections,
      loadGenerator: chooseLoadGenerator(process.env.BENCH_LOADGEN, cpus().length),
      rounds,
      workDir,
      targetDishes: 300,
      scenarios,
      cpuProfileDir: cpuProfile ? join(RESULTS_DIR, 'profiles') : undefined,
    });
    process.stdout.write(`\n${formatMenuRead(report)}\n`);
    const file = join(RESULTS_DIR, 'menu-read.json');
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`\nResults written to ${file}\n`);
    if (cpuProfile) process.stdout.write(`Server CPU profiles (.cpuprofile) under ${join(RESULTS_DIR, 'profiles')}\n`);
  }
  if (!skipHeavy) {
    const heavy = await runHeavyJobs({ workDir, seconds: durationSec, connections: 10 });
    process.stdout.write(`\n${formatHeavyJobs(heavy)}\n`);
    const heavyFile = join(RESULTS_DIR, 'heavy-jobs.json');
    writeFileSync(heavyFile, `${JSON.stringify(heavy, null, 2)}\n`);
    process.stdout.write(`\nResults written to ${heavyFile}\n`);
  }
  if (!skipWebhooks) {
    const hooks = await runWebhooksFair({ workDir, working: 20, silent: 40 });
    process.stdout.write(`\n${formatWebhooksFair(hooks)}\n`);
    writeFileSync(join(RESULTS_DIR, 'webhooks-fair.json'), `${JSON.stringify(hooks, null, 2)}\n`);
  }
  if (!skipLive) {
    const liveReport = await runLiveStreams({
      workDir,
      streams: Number(process.env.BENCH_STREAMS ?? 10_000),
      idleSeconds: 3 * durationSec,
    });
    process.stdout.write(`\n${formatLiveStreams(liveReport)}\n`);
    const liveFile = join(RESULTS_DIR, 'live-streams.json');
    writeFileSync(liveFile, `${JSON.stringify(liveReport, null, 2)}\n`);
    process.stdout.write(`\nResults written to ${liveFile}\n`);
  }
  if (!skipAnalytics) {
    const analytics = await runAnalytics({ workDir, durationSec, reportEvents: analyticsEvents, postgresUrl });
    process.stdout.write(`\n${formatAnalytics(analytics)}\n`);
    const analyticsFile = join(RESULTS_DIR, 'analytics.json');
    writeFileSync(analyticsFile, `${JSON.stringify(analytics, null, 2)}\n`);
    process.stdout.write(`\nResults written to ${analyticsFile}\n`);
  }
  if (!skipScale) {
    const scale = await runScale({
      workDir,
      tenantCounts: scaleTenants,
      accesses: scaleAccesses,
      warmupSec: scaleWarmup,
      durationSec: scaleDuration,
      connections,
      postgresUrl: process.env.BENCH_POSTGRES === '0' ? undefined : postgresUrl,
      redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      pin: cpus().length >= 2,
      firstSamples: seconds('BENCH_SCALE_FIRST', 50, 1),
      bareMaxTenants: seconds('BENCH_SCALE_BARE_MAX', 1000, 0),
      barePairs: seconds('BENCH_SCALE_PAIRS', 3, 0),
      pairSec: process.env.BENCH_SCALE_PAIR_SEC ? seconds('BENCH_SCALE_PAIR_SEC', 5, 1) : undefined,
      workersRow: process.env.BENCH_SCALE_WORKERS2 === '1',
    });
    process.stdout.write(`\n${formatScale(scale)}\n`);
    const scaleFile = join(RESULTS_DIR, 'scale.json');
    writeFileSync(scaleFile, `${JSON.stringify(scale, null, 2)}\n`);
    process.stdout.write(`\nResults written to ${scaleFile}\n`);
  }
  // A measurement, not a test: a missed target is reported above, not turned into a failure.
  process.exit(0);
} catch (err) {
  process.stderr.write(`\nBenchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
}
