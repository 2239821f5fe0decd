// The load generators behind the menu-read benchmark: wrk (Debian package, preferred when installed) or autocannon (npm).
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

export type LoadGeneratorName = 'wrk' | 'autocannon';

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  title: string;
}

/** What one load run saw, whichever tool ran it. */
export interface LoadResult {
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  /** Bytes received (headers + body) over the run. */
  bytesTotal: number;
  /** Successful (2xx) responses. */
  responses: number;
  durationSec: number;
  /** CPU time the load generator used, in µs (its own process: wrk; this process: autocannon). */
  cpuMicros: number;
  /** Anything that makes the run invalid: non-2xx answers, socket errors, timeouts. */
  problems: string[];
}

export interface LoadGenerator {
  name: LoadGeneratorName;
  /** Name and version, for the report. */
  label: string;
  /** A run; when `cpu` is set the tool runs on that CPU only (servers are then pinned elsewhere). */
  run(request: LoadRequest): Promise<LoadResult>;
  /** The CPU the tool is pinned to, or undefined when nothing is pinned. */
  cpu: number | undefined;
}

function has(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * wrk when it is installed (`apt-get install wrk`), since it is written in C and one core of it
 * outruns a Node server on this response; autocannon otherwise. `BENCH_LOADGEN` forces one.
 * With wrk on a machine of 2+ cores and `taskset` available, wrk runs on the last CPU and each
 * server on CPU 0, so neither steals the other's core.
 */
export function chooseLoadGenerator(forced: string | undefined, cpus: number): LoadGenerator {
  if (forced !== undefined && forced !== '' && forced !== 'wrk' && forced !== 'autocannon') {
    throw new Error(`BENCH_LOADGEN must be wrk or autocannon, got "${forced}"`);
  }
  // `wrk --version` exits 1, so ask the shell whether the command exists.
  const wrkInstalled = has('sh', ['-c', 'command -v wrk']);
  if (forced === 'wrk' && !wrkInstalled)
    throw new Error('BENCH_LOADGEN=wrk but wrk is not installed (apt-get install wrk)');
  if (forced === 'autocannon' || !wrkInstalled) return autocannonGenerator();
  const pin = cpus >= 2 && has('taskset', ['-c', '0', 'true']) ? cpus - 1 : undefined;
  return wrkGenerator(pin);
}

/** Pins every thread of a server process to CPU 0 (no-op when the load generator is not pinned). */
export function pinServer(generator: LoadGenerator, pid: number): void {
  if (generator.cpu === undefined) return;
  execFileSync('taskset', ['-a', '-p', '-c', '0', String(pid)], { stdio: 'ignore' });
}

// ---------------------------------------------------------------------------------------------- wrk

const UNITS_S: Record<string, number> = { us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
const UNITS_BYTES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

function durationMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!m) throw new Error(`wrk: cannot read the duration "${text}"`);
  return Number(m[1]) * UNITS_S[m[2]] * 1000;
}

/** Parses wrk's report (run with --latency) and the `times` line of the shell that ran it. */
export function parseWrk(output: string, seconds: number): Omit<LoadResult, 'cpuMicros'> {
  const line = (re: RegExp, what: string) => {
    const m = re.exec(output);
    if (!m) throw new Error(`wrk: no ${what} in its output:\n${output}`);
    return m;
  };
  const total = line(/(\d+) requests in ([\d.]+\w+), ([\d.]+)(B|KB|MB|GB|TB) read/, 'request count');
  const requests = Number(total[1]);
  const durationSec = durationMs(total[2]) / 1000;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const problems: string[] = [];
  if (requests === 0) problems.push('no response at all');
  if (non2xx > 0) problems.push(`${non2xx} non-2xx/3xx responses`);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  if (errors?.slice(1).some((n) => Number(n) > 0)) problems.push(`socket errors (${errors[0]})`);
  return {
    requestsPerSec: Number(line(/Requests\/sec:\s+([\d.]+)/, 'Requests/sec')[1]),
    latencyP50Ms: durationMs(line(/^\s+50%\s+(\S+)$/m, 'median latency')[1]),
    latencyP99Ms: durationMs(line(/^\s+99%\s+(\S+)$/m, 'p99 latency')[1]),
    latencyMeanMs: durationMs(line(/^\s+Latency\s+(\S+)/m, 'mean latency')[1]),
    bytesTotal: Number(total[3]) * UNITS_BYTES[total[4]],
    responses: requests - non2xx,
    durationSec: durationSec || seconds,
    problems,
  };
}

/** `times` prints the shell's own CPU time, then its children's: "0m1.234s 0m0.567s". */
function childCpuMicros(timesOutput: string): number {
  const lines = timesOutput.trim().split('\n');
  const children = lines[lines.length - 1].trim().split(/\s+/);
  return children.reduce((sum, part) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(part);
    return m ? sum + (Number(m[1]) * 60 + Number(m[2])) * 1e6 : sum;
  }, 0);
}

function wrkGenerator(cpu: number | undefined): LoadGenerator {
  const version = /wrk (\S+)/.exec(execVersion())?.[1] ?? '';
  return {
    name: 'wrk',
    label: `wrk ${version}`.trim() + (cpu === undefined ? '' : ` (1 thread on CPU ${cpu}; servers on CPU 0)`),
    cpu,
    run: (request) =>
      new Promise((resolve, reject) => {
        const args = ['-t1', `-c${request.connections}`, `-d${request.seconds}s`, '--latency', '--timeout', '10s'];
        for (const [name, value] of Object.entries(request.headers)) {
          // wrk adds its own "Host: <ip:port>" unless one is spelled exactly "Host"; two Host headers
          // would leave the tenant to chance.
          args.push('-H', `${name.toLowerCase() === 'host' ? 'Host' : name}: ${value}`);
        }
        args.push(request.url);
        const command = [...(cpu === undefined ? [] : ['taskset', '-c', String(cpu)]), 'wrk', ...args];
        // The shell's `times` reports wrk's CPU time once wrk has exited.
        const script = `"$@" && echo '--times--' && times`;
        const child = spawn('bash', ['-c', script, 'bash', ...command], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          err += chunk.toString();
        });
        child.on('error', reject);
        child.on('exit', (code) => {
          const [report, times] = out.split('--times--');
          if (code !== 0 || times === undefined) {
            reject(new Error(`wrk exited with code ${code}: ${err || out}`));
            return;
          }
          try {
            resolve({ ...parseWrk(report, request.seconds), cpuMicros: childCpuMicros(times) });
          } catch (error) {
            reject(error);
          }
        });
      }),
  };
}

function execVersion(): string {
  try {
    // wrk prints its version on stdout and exits 1 when asked for it.
    return execFileSync('sh', ['-c', 'wrk --version 2>&1 || true'], { encoding: 'utf8' });
  } catch {
    return '';
  }
}

// ------------------------------------------------------------------------------------- autocannon

const AUTOCANNON_VERSION = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('autocannon/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/**
 * autocannon 9 appends every body chunk of every response to a string (`req.body += chunk`, kept
 * for its onResponse/expectBody features, which this benchmark does not use). For a 27 kB body that
 * caps one load-generator core at ~1,600 requests/s and for a 400 kB body at ~120/s, far below what
 * either server can do, so without this the benchmark would measure autocannon. Bytes are still
 * counted from the raw socket chunks. The patched method is internal: if it moves, nothing is
 * patched and the report says so.
 */
let bodyBufferingDisabled = true;
function skipBodyBuffering(client: autocannon.Client): void {
  const queue = (client as unknown as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests;
  if (queue && typeof queue.addBody === 'function') queue.addBody = () => {};
  else bodyBufferingDisabled = false;
}

function autocannonGenerator(): LoadGenerator {
  return {
    name: 'autocannon',
    get label() {
      return `autocannon ${AUTOCANNON_VERSION} in the parent process (body buffering ${bodyBufferingDisabled ? 'off' : 'ON: figures are load-generator bound'})`;
    },
    cpu: undefined,
    run: async (request) => {
      const cpu0 = process.cpuUsage();
      const result = await autocannon({
        setupClient: skipBodyBuffering,
        url: request.url,
        headers: request.headers,
        connections: request.connections,
        pipelining: 1,
        duration: request.seconds,
        title: request.title,
      });
      const cpu = process.cpuUsage(cpu0);
      const problems: string[] = [];
      if (result['2xx'] === 0) problems.push('no 2xx response at all');
      if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses`);
      if (result.errors > 0) problems.push(`${result.errors} errors`);
      if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
      if (problems.length > 0) problems.push(`status codes: ${JSON.stringify(result.statusCodeStats)}`);
      return {
        requestsPerSec: result.requests.mean,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        latencyMeanMs: result.latency.mean,
        bytesTotal: result.throughput.total,
        responses: result['2xx'],
        durationSec: result.duration,
        cpuMicros: cpu.user + cpu.system,
        problems,
      };
    },
  };
}
