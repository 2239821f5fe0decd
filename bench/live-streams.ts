// What open menu pages cost (issue 36 point 2): the real server (compiled, `menu serve` on SQLite)
// holds BENCH_STREAMS live-update streams (default 10,000) of one restaurant, opened from many
// loopback addresses (127.0.x.y: each address may hold 16); measured: its RSS idle and with the
// streams open, its CPU while nothing changes (BENCH_DURATION s, heartbeats included), and how
// long one change (a dish sold out through the admin API) takes to reach every stream.
// Run: npx tsx bench/live-streams.ts (also part of `npm run bench`); write the load average beside it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToken } from '../src/accounts/tokens/service.js';
import { createUser } from '../src/accounts/users/service.js';
import { openDatabase } from '../src/db/connect.js';
import { appCommand, ensureBuilt, startServer } from './children.js';
import { BENCH_HOST, createFixtureDatabase } from './fixture.js';

export interface LiveStreamsReport {
  loadAverage: number[];
  streams: number;
  rssIdleMb: number;
  rssOpenMb: number;
  idleCpuPercentOfOneCore: number;
  idleSeconds: number;
  fanOutMs: { all: number; median: number };
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
};

export async function runLiveStreams(o: {
  workDir: string;
  streams: number;
  idleSeconds: number;
}): Promise<LiveStreamsReport> {
  const file = join(o.workDir, 'live.db');
  await createFixtureDatabase(file, 65);
  const handle = openDatabase(`sqlite:${file}`);
  let token: string;
  let dish: number;
  try {
    const tenant = await handle.db
      .selectFrom('tenants')
      .select('id')
      .where('slug', '=', 'bench')
      .executeTakeFirstOrThrow();
    await createUser(handle.db, tenant.id, { email: 'owner@bench.test', password: 'bench-owner-password' });
    token = (
      await createToken(handle.db, tenant.id, { email: 'owner@bench.test', name: 'bench', scopes: ['menu:write'] })
    ).plain;
    dish = (
      await handle.db.selectFrom('items').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow()
    ).id;
  } finally {
    await handle.close();
  }
  const command = appCommand(file);
  command.env = { ...command.env, ADMIN_RATE_LIMIT: '1000' };
  const server = await startServer('app', command);
  try {
    await new Promise((r) => setTimeout(r, 2000));
    const rssIdleMb = rssMb(server.pid);
    // Every stream: a socket of its own from one of many loopback addresses, its events counted.
    const events: number[] = new Array(o.streams).fill(0);
    const eventAt: number[] = new Array(o.streams).fill(0);
    const sockets: { destroy(): void }[] = [];
    const open = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const localAddress = `127.0.${1 + Math.floor(i / (16 * 250))}.${1 + (Math.floor(i / 16) % 250)}`;
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            path: '/api/v1/events',
            localAddress,
            agent: new Agent({ keepAlive: false }),
            headers: { host: `${BENCH_HOST}:${server.port}` },
          },
          (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream ${i} answered ${res.statusCode}`));
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              const n = chunk.split('event: menu').length - 1;
              if (n > 0) {
                events[i] += n;
                eventAt[i] = performance.now();
                if (events[i] === 1) resolve();
              }
            });
          },
        );
        req.on('error', reject);
        req.end();
        sockets.push(req);
      });
    for (let i = 0; i < o.streams; i += 500) {
      await Promise.all(Array.from({ length: Math.min(500, o.streams - i) }, (_, k) => open(i + k)));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const rssOpenMb = rssMb(server.pid);
    const cpu0 = await server.cpuMicros();
    await new Promise((r) => setTimeout(r, o.idleSeconds * 1000));
    const idleCpu = (await server.cpuMicros()) - cpu0;
    // One change: every stream's second event, timed from the write's answer... and before it.
    const sent = performance.now();
    await new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({ sold_out: true });
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'PATCH',
          path: `/api/v1/admin/items/${dish}`,
          headers: {
            host: `${BENCH_HOST}:${server.port}`,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`PATCH answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    const deadline = performance.now() + 30_000;
    while (events.some((n) => n < 2) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const reached = eventAt.filter((_, i) => events[i]! >= 2).map((t) => t - sent);
    if (reached.length < o.streams) throw new Error(`${o.streams - reached.length} streams never heard of the change`);
    reached.sort((a, b) => a - b);
    for (const s of sockets) s.destroy();
    return {
      loadAverage: loadavg(),
      streams: o.streams,
      rssIdleMb,
      rssOpenMb,
      idleCpuPercentOfOneCore: (idleCpu / 1e6 / o.idleSeconds) * 100,
      idleSeconds: o.idleSeconds,
      fanOutMs: { all: reached.at(-1)!, median: reached[Math.floor(reached.length / 2)]! },
    };
  } finally {
    await server.stop();
  }
}

export function formatLiveStreams(r: LiveStreamsReport): string {
  return [
    `Live streams: ${r.streams} open on one instance, load average ${r.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
    `RSS ${r.rssIdleMb.toFixed(0)} MB idle -> ${r.rssOpenMb.toFixed(0)} MB with the streams (+${(r.rssOpenMb - r.rssIdleMb).toFixed(0)} MB; target <= +150 MB)`,
    `CPU while nothing changes: ${r.idleCpuPercentOfOneCore.toFixed(2)}% of one core over ${r.idleSeconds} s (target <= 5%)`,
    `One change reached every stream in ${r.fanOutMs.all.toFixed(0)} ms (median ${r.fanOutMs.median.toFixed(0)} ms; target <= 1,000 ms)`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), 'menu-bench-live-'));
  try {
    ensureBuilt();
    const report = await runLiveStreams({
      workDir,
      streams: Number(process.env.BENCH_STREAMS ?? 10_000),
      idleSeconds: Number(process.env.BENCH_DURATION ?? 30),
    });
    process.stdout.write(`${formatLiveStreams(report)}\n`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  process.exit(0);
}
