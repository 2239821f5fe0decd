// Crash safety (issue 24 point 4): starts the real server (`node bin/menu.js serve`), sends a burst
// of admin writes (new dishes) from several clients, kills the server with SIGKILL at a random
// moment, starts it again on the same database and counts
//   - acknowledged writes lost: a 201 was received, the dish is not there (or not as sent);
//   - half-written writes: a dish without the audit entry written in its transaction, or an audit
//     entry of a dish creation whose dish is not there.
// Both must be 0. CRASH_ROUNDS rounds (default 10) on SQLite, and on PostgreSQL when
// CRASH_DATABASE_URL (or TEST_DATABASE_URL) is set. Results: bench/results/crash.json.
// Run: npx tsx bench/crash.ts
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createToken } from '../src/accounts/tokens/service.js';
import { createUser } from '../src/accounts/users/service.js';
import { type DbHandle, openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createFixtureTenant } from '../test/fixtures.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 10);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 8);
const PG_URL = process.env.CRASH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Target {
  dialect: 'sqlite' | 'postgres';
  env: Record<string, string>;
  open(): DbHandle;
  dispose(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'menu-crash-'));
  const url = `sqlite:${join(dir, 'menu.db')}`;
  return {
    dialect: 'sqlite',
    env: { DATABASE_URL: url },
    open: () => openDatabase(url),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const schema = `crash_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    dialect: 'postgres',
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    open: () => openDatabase(url, schema),
    dispose: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: { host: 'crash.localhost', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function startServer(target: Target, port: number): ChildProcess {
  return spawn(process.execPath, [join(ROOT, 'bin', 'menu.js'), 'serve'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...target.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'fatal',
      ADMIN_RATE_LIMIT: '100000000',
      PUBLIC_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(port: number, child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await send(port, 'GET', '/readyz', {});
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error('server not ready within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

interface Ack {
  id: number;
  name: string;
  price: number;
}

interface Round {
  round: number;
  killAfterMs: number;
  acknowledged: number;
  inFlightAtKill: number;
  stored: number;
  lost: number;
  halfWritten: number;
  restartMs: number;
}

async function runDialect(target: Target): Promise<Round[]> {
  const setup = target.open();
  await migrateToLatest(setup);
  const tenantId = await createFixtureTenant(setup.db, 'crash', 'Crash');
  await createUser(setup.db, tenantId, { email: 'owner@crash.test', password: 'crash-owner-password' });
  const token = (
    await createToken(setup.db, tenantId, {
      email: 'owner@crash.test',
      name: 'crash',
      scopes: ['menu:read', 'menu:write'],
    })
  ).plain;
  const category = await setup.db
    .selectFrom('categories')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await setup.close();

  const port = await freePort();
  const results: Round[] = [];
  let server = startServer(target, port);
  await waitReady(port, server);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  for (let round = 1; round <= ROUNDS; round++) {
    const acks: Ack[] = [];
    let inFlight = 0;
    let killed = false;
    let seq = 0;
    const client = async (c: number) => {
      while (!killed) {
        seq += 1;
        const name = `crash r${round} c${c} n${seq}`;
        const price = (seq % 4000) / 100;
        inFlight++;
        try {
          const res = await send(
            port,
            'POST',
            '/api/v1/admin/items',
            headers,
            JSON.stringify({ category_id: category.id, name: { it: name }, price }),
          );
          if (res.status === 201) acks.push({ id: JSON.parse(res.body).data.id, name, price });
          else if (!killed) throw new Error(`write answered ${res.status}: ${res.body.slice(0, 200)}`);
        } catch (err) {
          if (!killed) throw err;
        } finally {
          inFlight--;
        }
      }
    };
    const killAfterMs = 300 + Math.floor(Math.random() * 1200);
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    await new Promise((r) => setTimeout(r, killAfterMs));
    const inFlightAtKill = inFlight;
    killed = true;
    server.kill('SIGKILL');
    await exited(server);
    await Promise.all(clients);
    agent.destroy();
    agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

    server = startServer(target, port);
    const restartMs = await waitReady(port, server);
    const db = target.open();
    try {
      const rows = await db.db
        .selectFrom('items')
        .select(['id', 'name_translations', 'price_cents'])
        .where('tenant_id', '=', tenantId)
        .where('name_translations', 'like', `%crash r${round} %`)
        .execute();
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const lost = acks.filter((a) => {
        const row = byId.get(a.id);
        return (
          !row ||
          JSON.parse(row.name_translations).it !== a.name ||
          Number(row.price_cents) !== Math.round(a.price * 100)
        );
      }).length;
      const audited = await db.db
        .selectFrom('audit_log')
        .select('resource_id')
        .where('tenant_id', '=', tenantId)
        .where('action', '=', 'created')
        .where('resource', 'in', ['item', 'items', 'dish'])
        .execute();
      const auditedIds = new Set(audited.map((a) => Number(a.resource_id)));
      if (rows.length > 0 && auditedIds.size === 0)
        throw new Error('no audit entry found at all: the check would prove nothing');
      const allIds = new Set(
        (await db.db.selectFrom('items').select('id').where('tenant_id', '=', tenantId).execute()).map((r) =>
          Number(r.id),
        ),
      );
      const halfWritten =
        rows.filter((r) => !auditedIds.has(Number(r.id))).length +
        [...auditedIds].filter((id) => !allIds.has(id)).length;
      results.push({
        round,
        killAfterMs,
        acknowledged: acks.length,
        inFlightAtKill,
        stored: rows.length,
        lost,
        halfWritten,
        restartMs: Math.round(restartMs),
      });
      const last = results.at(-1)!;
      console.log(
        `${target.dialect} round ${round}: kill after ${killAfterMs} ms, ${last.acknowledged} acknowledged, ${inFlightAtKill} in flight, ${last.stored} stored, lost ${lost}, half-written ${halfWritten}, restart ${last.restartMs} ms`,
      );
    } finally {
      await db.close();
    }
  }
  server.kill('SIGTERM');
  await exited(server);
  return results;
}

const targets: Array<() => Promise<Target>> = [sqliteTarget];
if (PG_URL) targets.push(() => postgresTarget(PG_URL));
const summary: Record<string, Round[]> = {};
for (const make of targets) {
  const target = await make();
  try {
    summary[target.dialect] = await runDialect(target);
  } finally {
    await target.dispose();
  }
}
console.log(
  '\n| database | rounds | acknowledged writes | in flight at the kill | lost | half-written | restart to ready (median) |',
);
console.log('|---|---|---|---|---|---|---|');
for (const [dialect, rounds] of Object.entries(summary)) {
  const sum = (k: keyof Round) => rounds.reduce((n, r) => n + r[k], 0);
  const restart = rounds.map((r) => r.restartMs).sort((a, b) => a - b)[Math.floor(rounds.length / 2)];
  console.log(
    `| ${dialect} | ${rounds.length} | ${sum('acknowledged')} | ${sum('inFlightAtKill')} | **${sum('lost')}** | **${sum('halfWritten')}** | ${restart} ms |`,
  );
}
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench', 'results', 'crash.json'),
  JSON.stringify({ at: new Date().toISOString(), summary }, null, 2),
);
const failed = Object.values(summary).some((rounds) => rounds.some((r) => r.lost > 0 || r.halfWritten > 0));
process.exit(failed ? 1 : 0);
