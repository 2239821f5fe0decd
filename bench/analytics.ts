// Analytics benchmark: ingestion through the real server (events accepted and stored per second),
// and the time of each report over one million stored events on one tenant, on SQLite and PostgreSQL.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createTenant } from '../src/accounts/tenants/service.js';
import { createToken } from '../src/accounts/tokens/service.js';
import { createUser } from '../src/accounts/users/service.js';
import { buildApp } from '../src/app.js';
import { localDayHour } from '../src/catalog/clock.js';
import { loadConfig } from '../src/config.js';
import { type DbHandle, openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { type StoredEvent, storeEvents } from '../src/features/analytics/repo.js';
import { fillRestaurant } from '../src/seed/demo.js';
import { demoRestaurant } from '../src/seed/demo-data.js';
import { appCommand, startServer } from './children.js';

export interface AnalyticsOptions {
  workDir: string;
  durationSec: number;
  /** Events stored before timing the reports. */
  reportEvents: number;
  /** PostgreSQL server for the report timings; skipped when unreachable. */
  postgresUrl: string | undefined;
}

interface ReportTiming {
  report: string;
  medianMs: number;
  maxMs: number;
}

export interface AnalyticsReport {
  ingestion: {
    batchSize: number;
    connections: number;
    durationSec: number;
    requestsPerSec: number;
    acceptedEventsPerSec: number;
    storedEventsPerSec: number;
    refused: number;
    drainSec: number;
  };
  reports: { dialect: string; events: number; storeSec: number; storedEventsPerSec: number; timings: ReportTiming[] }[];
  skipped: string[];
}

const REPORTS = ['overview', 'items', 'sections', 'allergens', 'insights'];

export async function createBenchTenant(
  db: DbHandle,
): Promise<{ tenantId: number; itemIds: number[]; sectionIds: number[] }> {
  await migrateToLatest(db);
  const tenantId = await createTenant(db.db, { slug: 'bench', name: 'Bench' }, 'localhost', (trx, id) =>
    fillRestaurant(trx, id, { ...demoRestaurant, slug: 'bench' }),
  );
  const items = await db.db
    .selectFrom('items')
    .select(['id', 'category_id'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return { tenantId, itemIds: items.map((i) => i.id), sectionIds: [...new Set(items.map((i) => i.category_id))] };
}

/** Plausible events over the last `days` days: per visit a menu view, sections, dishes, sometimes filters. */
export function* generateEvents(total: number, itemIds: number[], sectionIds: number[], timezone: string, now: number) {
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const locales = ['it', 'it', 'it', 'en', 'en', 'de', 'fr', 'es'];
  const allergens = ['latte', 'cereali_glutine', 'frutta_guscio', 'uova', 'crostacei'];
  let produced = 0;
  let visit = 0;
  while (produced < total) {
    const at = now - Math.floor(rand() * 30 * 86_400_000);
    const { day, hour } = localDayHour(timezone, at);
    const base = {
      occurred_at: new Date(at).toISOString(),
      day,
      hour,
      session_id: `v${visit++}`,
      locale: locales[Math.floor(rand() * locales.length)],
    };
    const none = { category_id: null, item_id: null, allergens: null, query: null };
    const batch: StoredEvent[] = [{ ...base, ...none, type: 'menu_view' }];
    batch.push({
      ...base,
      ...none,
      type: 'section_view',
      category_id: sectionIds[Math.floor(rand() * sectionIds.length)],
    });
    for (let i = 0; i < 6; i++) {
      batch.push({
        ...base,
        ...none,
        type: 'item_view',
        item_id: itemIds[Math.floor(rand() ** 2 * itemIds.length)],
        category_id: sectionIds[0],
      });
    }
    if (rand() < 0.2)
      batch.push({
        ...base,
        ...none,
        type: 'allergen_filter',
        allergens: JSON.stringify([allergens[Math.floor(rand() * allergens.length)]]),
      });
    if (rand() < 0.1) batch.push({ ...base, ...none, type: 'search', query: 'tiramisu' });
    for (const e of batch) {
      if (produced++ >= total) return;
      yield e;
    }
  }
}

async function timeReports(db: DbHandle, dialect: string, events: number): Promise<AnalyticsReport['reports'][number]> {
  const { tenantId, itemIds, sectionIds } = await createBenchTenant(db);
  const now = Date.now();
  const started = performance.now();
  let chunk: StoredEvent[] = [];
  const flush = async () => {
    const rows = chunk;
    chunk = [];
    await db.db.transaction().execute((trx) => storeEvents(trx, tenantId, rows));
  };
  for (const event of generateEvents(events, itemIds, sectionIds, 'Europe/Rome', now)) {
    chunk.push(event);
    if (chunk.length === 20_000) await flush();
  }
  if (chunk.length > 0) await flush();
  const storeSec = (performance.now() - started) / 1000;

  await createUser(db.db, tenantId, { email: 'bench@example.test', password: 'benchmark-only' });
  const token = (
    await createToken(db.db, tenantId, { email: 'bench@example.test', name: 'bench', scopes: ['analytics:read'] })
  ).plain;
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'warn', ADMIN_RATE_LIMIT: '100000' }), { database: db });
  const timings: ReportTiming[] = [];
  try {
    for (const report of REPORTS) {
      const runs: number[] = [];
      for (let i = 0; i < 6; i++) {
        const t0 = performance.now();
        const res = await app.inject({
          url: `/api/v1/admin/analytics/${report}`,
          headers: { host: 'bench.localhost', authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 200) throw new Error(`${report} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        if (i > 0) runs.push(performance.now() - t0); // the first run warms the snapshot
      }
      runs.sort((a, b) => a - b);
      timings.push({ report, medianMs: round(runs[Math.floor(runs.length / 2)]), maxMs: round(runs[runs.length - 1]) });
    }
  } finally {
    await app.close();
  }
  return { dialect, events, storeSec: round(storeSec), storedEventsPerSec: Math.round(events / storeSec), timings };
}

const round = (n: number) => Math.round(n * 10) / 10;

async function measureIngestion(options: AnalyticsOptions): Promise<AnalyticsReport['ingestion']> {
  const file = join(options.workDir, 'analytics.db');
  const db = openDatabase(`sqlite:${file}`);
  const { tenantId, itemIds } = await createBenchTenant(db);
  await db.close();
  const batchSize = 100;
  const events = Array.from({ length: batchSize }, (_, i) =>
    i % 10 === 0
      ? { type: 'menu_view', session_id: `s${i}`, locale: 'en' }
      : { type: 'item_view', session_id: `s${i}`, item_id: itemIds[i % itemIds.length] },
  );
  const body = JSON.stringify({ events });
  const server = await startServer('app', appCommand(file));
  const connections = 20;
  try {
    const started = performance.now();
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}/api/v1/analytics/events`,
      method: 'POST',
      headers: { host: 'bench.localhost', 'content-type': 'application/json' },
      body,
      connections,
      duration: options.durationSec,
    });
    const accepted = result['2xx'] * batchSize;
    // Stored = visible in the database; the writer drains the queue at least once a second.
    const reader = openDatabase(`sqlite:${file}`);
    let stored = 0;
    const deadline = Date.now() + 120_000;
    try {
      while (Date.now() < deadline) {
        const row = await reader.db
          .selectFrom('analytics_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow();
        stored = Number(row.n);
        if (stored >= accepted) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await reader.close();
    }
    const totalSec = (performance.now() - started) / 1000;
    if (stored < accepted) throw new Error(`only ${stored} of ${accepted} accepted events were stored within 120 s`);
    return {
      batchSize,
      connections,
      durationSec: result.duration,
      requestsPerSec: round(result['2xx'] / result.duration),
      acceptedEventsPerSec: Math.round(accepted / result.duration),
      storedEventsPerSec: Math.round(stored / totalSec),
      refused: result.non2xx,
      drainSec: round(totalSec - result.duration),
    };
  } finally {
    await server.stop();
  }
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function runAnalytics(options: AnalyticsOptions): Promise<AnalyticsReport> {
  const skipped: string[] = [];
  process.stderr.write('analytics: ingestion through the server…\n');
  const ingestion = await measureIngestion(options);
  const reports: AnalyticsReport['reports'] = [];

  process.stderr.write(`analytics: storing ${options.reportEvents} events on SQLite…\n`);
  const sqlite = openDatabase(`sqlite:${join(options.workDir, 'reports.db')}`);
  try {
    reports.push(await timeReports(sqlite, 'sqlite', options.reportEvents));
  } finally {
    await sqlite.close();
  }

  if (options.postgresUrl && (await postgresReachable(options.postgresUrl))) {
    process.stderr.write(`analytics: storing ${options.reportEvents} events on PostgreSQL…\n`);
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const db = openDatabase(options.postgresUrl, schema);
    try {
      reports.push(await timeReports(db, 'postgres', options.reportEvents));
    } finally {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  } else {
    skipped.push(`PostgreSQL report timings: ${options.postgresUrl ?? 'BENCH_POSTGRES_URL unset'} not reachable`);
  }
  return { ingestion, reports, skipped };
}

export function formatAnalytics(r: AnalyticsReport): string {
  const i = r.ingestion;
  const lines = [
    'Analytics ingestion (POST /api/v1/analytics/events, batches of 100, SQLite, real server on loopback)',
    `  ${i.requestsPerSec} batches/s → ${i.acceptedEventsPerSec} events/s accepted (202); ` +
      `${i.storedEventsPerSec} events/s stored end to end (queue drained ${i.drainSec} s after the load); refused: ${i.refused}`,
    '',
    'Analytics reports over stored events on one tenant (default 30-day period; median and max of 5 runs)',
  ];
  for (const rep of r.reports) {
    lines.push(
      `  ${rep.dialect}: ${rep.events} events stored in ${rep.storeSec} s (${rep.storedEventsPerSec} events/s in bulk)`,
    );
    for (const t of rep.timings)
      lines.push(
        `    ${t.report.padEnd(10)} median ${String(t.medianMs).padStart(7)} ms   max ${String(t.maxMs).padStart(7)} ms`,
      );
  }
  for (const s of r.skipped) lines.push(`  skipped: ${s}`);
  return lines.join('\n');
}
