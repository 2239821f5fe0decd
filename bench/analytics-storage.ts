// Analytics storage cost (issue 24 point 5): stores STORAGE_EVENTS plausible events (visits of a
// menu view, a section, six dishes, sometimes a filter or a search) spread over 30 days through the
// writer's own storeEvents, in batches of 500 per transaction as the writer does, then measures on
// each database the bytes of the raw events table with its indexes, and of the daily rollups with
// theirs. SQLite: the dbstat table (the pages each table and index occupies); PostgreSQL: pg_total_relation_size.
// Run: npx tsx bench/analytics-storage.ts  (PostgreSQL with STORAGE_DATABASE_URL or TEST_DATABASE_URL)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type DbHandle, openDatabase } from '../src/db/connect.js';
import { type StoredEvent, storeEvents } from '../src/features/analytics/repo.js';
import { createBenchTenant, generateEvents } from './analytics.js';

const EVENTS = Number(process.env.STORAGE_EVENTS ?? 100_000);
const DAYS = 30;
const BATCH = 500;
const PG_URL = process.env.STORAGE_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const RAW = ['analytics_events'];
const ROLLUPS = [
  'analytics_daily',
  'analytics_hourly',
  'analytics_locale_daily',
  'analytics_item_daily',
  'analytics_section_daily',
  'analytics_allergen_daily',
  'analytics_sessions',
];

/** Bytes of each table with its indexes (and TOAST on PostgreSQL). */
async function tableBytes(handle: DbHandle): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  if (handle.dialect === 'sqlite') {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db);
    const rows = await sql<{ tbl: string; bytes: number }>`
      SELECT m.tbl_name AS tbl, SUM(d.pgsize) AS bytes
      FROM dbstat d JOIN sqlite_master m ON m.name = d.name
      GROUP BY m.tbl_name`.execute(handle.db);
    for (const r of rows.rows) out[r.tbl] = Number(r.bytes);
    return out;
  }
  await sql`VACUUM ANALYZE`.execute(handle.db).catch(() => undefined);
  for (const table of [...RAW, ...ROLLUPS]) {
    const r = await sql<{
      bytes: number;
    }>`SELECT pg_total_relation_size(${sql.lit(`${handle.schema}.${table}`)}::regclass) AS bytes`.execute(handle.db);
    out[table] = Number(r.rows[0].bytes);
  }
  return out;
}

const sum = (bytes: Record<string, number>, tables: string[]) => tables.reduce((n, t) => n + (bytes[t] ?? 0), 0);

interface Result {
  dialect: string;
  events: number;
  perDay: number;
  sessionsPerDay: number;
  rawPerEvent: number;
  rollupsPerDay: number;
  rollupsPerEvent: number;
  totalPerEvent: number;
}

async function measure(handle: DbHandle): Promise<Result> {
  const { tenantId, itemIds, sectionIds } = await createBenchTenant(handle);
  const before = await tableBytes(handle);
  const now = Date.UTC(2026, 10, 25, 12);
  let batch: StoredEvent[] = [];
  const sessions = new Set<string>();
  const flush = async () => {
    const events = batch;
    batch = [];
    await handle.db.transaction().execute((trx) => storeEvents(trx, tenantId, events));
  };
  for (const event of generateEvents(EVENTS, itemIds, sectionIds, 'Europe/Rome', now)) {
    sessions.add(`${event.day} ${event.session_id}`);
    batch.push(event);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  const after = await tableBytes(handle);
  const grown = (tables: string[]) => sum(after, tables) - sum(before, tables);
  const raw = grown(RAW);
  const rollups = grown(ROLLUPS);
  return {
    dialect: handle.dialect,
    events: EVENTS,
    perDay: Math.round(EVENTS / DAYS),
    sessionsPerDay: Math.round(sessions.size / DAYS),
    rawPerEvent: raw / EVENTS,
    rollupsPerDay: rollups / DAYS,
    rollupsPerEvent: rollups / EVENTS,
    totalPerEvent: (raw + rollups) / EVENTS,
  };
}

const results: Result[] = [];
const dir = mkdtempSync(join(tmpdir(), 'menu-storage-'));
try {
  const handle = openDatabase(`sqlite:${join(dir, 'menu.db')}`);
  try {
    results.push(await measure(handle));
  } finally {
    await handle.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (PG_URL) {
  const schema = `storage_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const handle = openDatabase(PG_URL, schema);
  try {
    results.push(await measure(handle));
  } finally {
    await handle.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
console.log(
  `${EVENTS} events over ${DAYS} days (${results[0].perDay} a day, ${results[0].sessionsPerDay} visits a day), demo menu`,
);
console.log('| database | raw event (row + indexes) | rollups per day | rollups per event | total per event |');
console.log('|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.dialect} | ${r.rawPerEvent.toFixed(0)} B | ${kb(r.rollupsPerDay)} | ${r.rollupsPerEvent.toFixed(0)} B | ${r.totalPerEvent.toFixed(0)} B |`,
  );
}
