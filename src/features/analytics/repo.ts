// Analytics storage: raw events plus rollups updated in the same transaction (writes), and the
// range sums the reports read (reads). Every function is scoped by tenant.
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { AnalyticsDailyTable, AnalyticsEventTable } from '../../db/schema.js';

export type StoredEvent = Omit<AnalyticsEventTable, 'id' | 'tenant_id' | 'table_label' | 'event_id'> & {
  table_label?: string | null;
  event_id?: string | null;
};

const CHUNK = 400;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

function bump<K>(map: Map<string, K>, key: string, init: () => K, add: (k: K) => void) {
  let entry = map.get(key);
  if (!entry) {
    entry = init();
    map.set(key, entry);
  }
  add(entry);
}

type DailyCounts = Omit<AnalyticsDailyTable, 'tenant_id' | 'day'>;

const DAILY_COLUMN: Record<string, keyof DailyCounts> = {
  menu_view: 'menu_views',
  item_view: 'item_views',
  section_view: 'section_views',
  allergen_filter: 'allergen_filters',
  search: 'searches',
  locale_switch: 'locale_switches',
};

// biome-ignore lint/suspicious/noExplicitAny: the upsert helper is generic over the rollup tables
type Row = Record<string, any>;

/** INSERT … ON CONFLICT (key) DO UPDATE SET counter = counter + excluded.counter, on both databases. */
async function upsertAdd(db: Db, table: string, key: string[], counters: string[], rows: Row[]) {
  for (const part of chunks(rows)) {
    const set: Record<string, unknown> = {};
    for (const c of counters) set[c] = sql`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`;
    await (db as unknown as Kysely<Row>)
      .insertInto(table)
      .values(part)
      .onConflict((oc) => (counters.length > 0 ? oc.columns(key).doUpdateSet(set) : oc.columns(key).doNothing()))
      .execute();
  }
}

/** Stores one tenant's batch: raw rows and every rollup, in the caller's transaction. */
export async function storeEvents(db: Db, tenantId: number, sent: StoredEvent[]): Promise<void> {
  // An event sent again (a page that was offline resends what it kept) is stored and counted once:
  // once per batch here, once ever by the unique (tenant, event_id) index.
  const ids = new Set<string>();
  const unique = sent.filter((e) => !e.event_id || (!ids.has(e.event_id) && ids.add(e.event_id)));
  const stored = new Set<string>();
  for (const part of chunks(unique)) {
    const rows = await db
      .insertInto('analytics_events')
      .values(part.map((e) => ({ ...e, tenant_id: tenantId })))
      .onConflict((oc) => oc.columns(['tenant_id', 'event_id']).doNothing())
      .returning('event_id')
      .execute();
    for (const row of rows) if (row.event_id) stored.add(row.event_id);
  }
  const events = unique.filter((e) => !e.event_id || stored.has(e.event_id));
  if (events.length === 0) return;
  const daily = new Map<string, DailyCounts>();
  const hourly = new Map<string, number[]>();
  const locales = new Map<string, number[]>();
  const items = new Map<string, number[]>();
  const sections = new Map<string, number[]>();
  const allergens = new Map<string, number[]>();
  const sessions = new Set<string>();
  const tables = new Map<string, number[]>();
  const one = () => [0];
  for (const e of events) {
    bump(
      daily,
      e.day,
      () => ({ menu_views: 0, item_views: 0, section_views: 0, allergen_filters: 0, searches: 0, locale_switches: 0 }),
      (d) => {
        d[DAILY_COLUMN[e.type]]++;
      },
    );
    sessions.add(`${e.day}|${e.session_id}`);
    if (e.table_label && (e.type === 'menu_view' || e.type === 'item_view')) {
      bump(
        tables,
        `${e.day}|${e.table_label}`,
        () => [0, 0],
        (n) => n[e.type === 'menu_view' ? 0 : 1]++,
      );
    }
    if (e.type === 'menu_view') {
      bump(hourly, `${e.day}|${e.hour}`, one, (n) => n[0]++);
      bump(locales, `${e.day}|${e.locale}`, one, (n) => n[0]++);
    } else if (e.type === 'item_view' && e.item_id !== null) {
      bump(items, `${e.day}|${e.item_id}|${e.locale}`, one, (n) => n[0]++);
      if (e.category_id !== null)
        bump(
          sections,
          `${e.day}|${e.category_id}`,
          () => [0, 0],
          (n) => n[1]++,
        );
    } else if (e.type === 'section_view' && e.category_id !== null) {
      bump(
        sections,
        `${e.day}|${e.category_id}`,
        () => [0, 0],
        (n) => n[0]++,
      );
    } else if (e.type === 'allergen_filter' && e.allergens) {
      for (const key of JSON.parse(e.allergens) as string[]) bump(allergens, `${e.day}|${key}`, one, (n) => n[0]++);
    }
  }
  const t = { tenant_id: tenantId };
  await upsertAdd(
    db,
    'analytics_daily',
    ['tenant_id', 'day'],
    Object.values(DAILY_COLUMN),
    [...daily].map(([day, c]) => ({ ...t, day, ...c })),
  );
  await upsertAdd(
    db,
    'analytics_hourly',
    ['tenant_id', 'day', 'hour'],
    ['menu_views'],
    [...hourly].map(([k, [n]]) => {
      const [day, hour] = k.split('|');
      return { ...t, day, hour: Number(hour), menu_views: n };
    }),
  );
  await upsertAdd(
    db,
    'analytics_locale_daily',
    ['tenant_id', 'day', 'locale'],
    ['menu_views'],
    [...locales].map(([k, [n]]) => {
      const [day, locale] = k.split('|');
      return { ...t, day, locale, menu_views: n };
    }),
  );
  await upsertAdd(
    db,
    'analytics_item_daily',
    ['tenant_id', 'day', 'item_id', 'locale'],
    ['views'],
    [...items].map(([k, [n]]) => {
      const [day, item, locale] = k.split('|');
      return { ...t, day, item_id: Number(item), locale, views: n };
    }),
  );
  await upsertAdd(
    db,
    'analytics_section_daily',
    ['tenant_id', 'day', 'category_id'],
    ['views', 'item_views'],
    [...sections].map(([k, [views, itemViews]]) => {
      const [day, category] = k.split('|');
      return { ...t, day, category_id: Number(category), views, item_views: itemViews };
    }),
  );
  await upsertAdd(
    db,
    'analytics_allergen_daily',
    ['tenant_id', 'day', 'allergen'],
    ['filters'],
    [...allergens].map(([k, [n]]) => {
      const [day, allergen] = k.split('|');
      return { ...t, day, allergen, filters: n };
    }),
  );
  await upsertAdd(
    db,
    'analytics_table_daily',
    ['tenant_id', 'day', 'table_label'],
    ['menu_views', 'item_views'],
    [...tables].map(([k, [menuViews, itemViews]]) => {
      const i = k.indexOf('|');
      return { ...t, day: k.slice(0, i), table_label: k.slice(i + 1), menu_views: menuViews, item_views: itemViews };
    }),
  );
  await upsertAdd(
    db,
    'analytics_sessions',
    ['tenant_id', 'day', 'session_id'],
    [],
    [...sessions].map((k) => {
      const i = k.indexOf('|');
      return { ...t, day: k.slice(0, i), session_id: k.slice(i + 1) };
    }),
  );
}

// ---- Reads: sums over [from, to] (local dates, inclusive) ----

export async function dailyRows(db: Db, tenantId: number, from: string, to: string) {
  return db
    .selectFrom('analytics_daily')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
}

export async function sessionsPerDay(db: Db, tenantId: number, from: string, to: string) {
  return db
    .selectFrom('analytics_sessions')
    .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
}

export async function distinctSessions(db: Db, tenantId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('analytics_sessions')
    .select((eb) => eb.fn.count<number>('session_id').distinct().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function menuViewsByHour(db: Db, tenantId: number, from: string, to: string) {
  return db
    .selectFrom('analytics_hourly')
    .select(['hour', (eb) => eb.fn.sum<number>('menu_views').as('n')])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('hour')
    .execute();
}

export async function menuViewsByLocale(db: Db, tenantId: number, from: string, to: string) {
  return db
    .selectFrom('analytics_locale_daily')
    .select(['locale', (eb) => eb.fn.sum<number>('menu_views').as('n')])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('locale')
    .execute();
}

/** Menu and dish views per table (from the QR code's ?table=). */
export async function tableViews(db: Db, tenantId: number, from: string, to: string) {
  return db
    .selectFrom('analytics_table_daily')
    .select([
      'table_label',
      (eb) => eb.fn.sum<number>('menu_views').as('menu_views'),
      (eb) => eb.fn.sum<number>('item_views').as('item_views'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('table_label')
    .execute();
}

/** Dish views per dish and diner locale. */
export async function itemViews(db: Db, tenantId: number, from: string, to: string) {
  return db
    .selectFrom('analytics_item_daily')
    .select(['item_id', 'locale', (eb) => eb.fn.sum<number>('views').as('n')])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['item_id', 'locale'])
    .execute();
}

export async function sectionViews(db: Db, tenantId: number, from: string, to: string) {
  return db
    .selectFrom('analytics_section_daily')
    .select([
      'category_id',
      (eb) => eb.fn.sum<number>('views').as('views'),
      (eb) => eb.fn.sum<number>('item_views').as('item_views'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('category_id')
    .execute();
}

export async function allergenFilters(db: Db, tenantId: number, from: string, to: string) {
  return db
    .selectFrom('analytics_allergen_daily')
    .select(['allergen', (eb) => eb.fn.sum<number>('filters').as('n')])
    .where('tenant_id', '=', tenantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('allergen')
    .execute();
}

/**
 * Retention: deletes raw events of every restaurant recorded on a day before `beforeDay`, at most
 * `limit` rows per call (the caller repeats). The one cross-tenant query here: it is the job's
 * whole point, and the rollups reports read are left alone.
 */
export async function pruneEvents(db: Db, beforeDay: string, limit: number): Promise<number> {
  const doomed = db.selectFrom('analytics_events').select('id').where('day', '<', beforeDay).limit(limit);
  const result = await db.deleteFrom('analytics_events').where('id', 'in', doomed).executeTakeFirst();
  return Number(result.numDeletedRows);
}
