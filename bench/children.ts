// Starts the benchmark's server processes (one at a time) and makes sure none outlives the run.
//
// Servers run as production runs them: the app is `node bin/menu.js serve` from the compiled dist/
// (see ensureBuilt), with no IPC channel to this process. A server says it listens on its stdout;
// its CPU time is read from /proc. Why it matters for the figures: bench/README.md, "Compiled, no
// IPC, one request shape".
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

const live = new Set<ChildProcess>();

/** Builds dist/ now: every server the benchmarks start runs the compiled app, as `menu serve` does in production. */
export function ensureBuilt(): void {
  process.stderr.write('building dist/ (npm run build) so the servers run compiled, as in production\n');
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.js')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

/** Last resort: whatever way the benchmark ends, its servers end with it. */
process.on('exit', killAllServers);

export function killAllServers(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

export interface ServerProcess {
  name: string;
  pid: number;
  port: number;
  /** CPU time (user + system) the server process has used so far, in microseconds. */
  cpuMicros(): Promise<number>;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
}

/** CPU time (user + system) of a process so far, in µs, from /proc/<pid>/stat. */
export function procCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command name (which may hold spaces, closed by the last ')'): utime and stime are the 12th and 13th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
}

export interface ServerCommand {
  /** Arguments after `node` (node options first, then the script and its arguments). */
  argv: string[];
  env?: Record<string, string>;
}

/**
 * Node's options for `menu serve`, as the Dockerfile and `npm start` run it: the old generation
 * capped at 192 MB (without a cap V8 let the heap grow to three times its live size under a
 * thousand restaurants' misses; see docs/scaling.md, "One instance, many restaurants").
 */
export const SERVE_NODE_FLAGS = [
  '--max-old-space-size=192',
  // The writer's wait ends with a major collection on a quiet loop (features/menu/cached.ts).
  '--expose-gc',
  // BENCH_PROFILE_DIR=<folder>: each server (the app and the reference servers) writes a CPU profile
  // there when it stops, to compare where their time goes (docs/scaling.md).
  ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []),
];

/**
 * The environment `npm start` and the Dockerfile give `menu serve`: glibc maps every block of 16 kB
 * or more on its own, so the memory of an evicted or temporary document returns to the system (under
 * 10,000 restaurants' misses malloc's heap otherwise held ~150 MB of free holes between live
 * documents; docs/scaling.md, "One instance, many restaurants").
 */
export const SERVE_ENV = { MALLOC_MMAP_THRESHOLD_: '16384' };

/** The app as `menu serve` runs it, on a SQLite file, on a free port of 127.0.0.1. */
export function appCommand(sqliteFile: string, nodeArgs: string[] = []): ServerCommand {
  return {
    argv: [...SERVE_NODE_FLAGS, ...nodeArgs, join(ROOT, 'bin/menu.js'), 'serve'],
    env: {
      ...SERVE_ENV,
      DATABASE_URL: `sqlite:${sqliteFile}`,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      // Public rate limiting would turn a load test into a 429 test.
      PUBLIC_RATE_LIMIT: '0',
    },
  };
}

/** A plain-JavaScript server script under bench/ (it prints "listening on 127.0.0.1:<port>"). */
export function scriptCommand(script: string, args: string[], nodeArgs: string[] = []): ServerCommand {
  return { argv: [...nodeArgs, fileURLToPath(new URL(script, import.meta.url)), ...args] };
}

/** Starts a server and waits until it prints the port it listens on. */
export async function startServer(name: string, command: ServerCommand): Promise<ServerProcess> {
  const child = spawn(process.execPath, command.argv, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...command.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  live.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      live.delete(child);
      resolve();
    }),
  );

  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`${name} server did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on [^\s:]+:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} server exited before listening (code ${code}, signal ${signal}): ${out}`));
    });
  }).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  // Keep reading its output, so a chatty server never blocks on a full pipe.
  child.stdout!.resume();

  return {
    name,
    pid: child.pid!,
    port,
    cpuMicros: async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} server exited`);
      return procCpuMicros(child.pid!);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
