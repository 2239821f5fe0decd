// A few weeks of plausible diner activity for the demo restaurant, so a new user sees real reports.
// Deterministic (seeded), shaped like a trattoria: lunch and dinner peaks, busier weekends,
// mostly Italian diners, recommended dishes opened more often.

import { addDays, localDayHour } from '../catalog/clock.js';
import { listItems, listSections } from '../catalog/repo.js';
import type { Db } from '../db/connect.js';
import { type StoredEvent, storeEvents } from '../features/analytics/repo.js';

/** Mulberry32: a tiny seeded generator, so every fresh demo shows the same story. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, weighted: [T, number][]): T {
  const total = weighted.reduce((a, [, w]) => a + w, 0);
  let r = rand() * total;
  for (const [value, w] of weighted) {
    r -= w;
    if (r <= 0) return value;
  }
  return weighted[weighted.length - 1][0];
}

const HOURS: [number, number][] = [
  [11, 2],
  [12, 10],
  [13, 12],
  [14, 4],
  [15, 1],
  [17, 2],
  [18, 4],
  [19, 9],
  [20, 14],
  [21, 11],
  [22, 4],
  [23, 1],
];
const LOCALE_MIX: [string, number][] = [
  ['it', 55],
  ['en', 20],
  ['de', 10],
  ['fr', 8],
  ['es', 7],
];
const ALLERGEN_MIX: [string, number][] = [
  ['latte', 30],
  ['cereali_glutine', 28],
  ['frutta_guscio', 14],
  ['uova', 10],
  ['crostacei', 6],
  ['pesce', 5],
  ['sedano', 3],
  ['soia', 2],
  ['sesamo', 2],
];
const SEARCHES = ['tiramisu', 'vegetariano', 'carbonara', 'senza glutine', 'vino rosso', 'caffe', 'pesce', 'risotto'];

/** The UTC instant of a local wall-clock time (offsets are whole quarter-hours; one correction suffices). */
function utcOf(timezone: string, day: string, hour: number, minute: number): number {
  const guess = Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  const local = localDayHour(timezone, guess);
  const shownAsUtc = Date.parse(`${local.day}T${String(local.hour).padStart(2, '0')}:00:00Z`);
  const offset = shownAsUtc - Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  return guess - offset;
}

/** Generates and stores `days` days of events ending yesterday (local time), in the caller's transaction. */
/** The demo's tables: twelve numbered and the terrace. */
const DEMO_TABLES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'terrace'];

export async function seedDemoAnalytics(
  trx: Db,
  tenantId: number,
  timezone: string,
  now: number,
  days = 21,
): Promise<number> {
  const rand = random(20261121);
  const sections = (await listSections(trx, tenantId)).filter((s) => s.is_active);
  const items = (await listItems(trx, tenantId)).filter((i) => i.is_active);
  if (items.length === 0) return 0;
  const dishWeights: [(typeof items)[number], number][] = items.map((i) => [
    i,
    (i.is_recommended ? 6 : 1) + rand() * 3,
  ]);
  const today = localDayHour(timezone, now).day;
  const events: StoredEvent[] = [];
  for (let d = days; d >= 1; d--) {
    const day = addDays(today, -d);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const visits = Math.round((weekday === 5 || weekday === 6 ? 120 : weekday === 0 ? 100 : 70) * (0.8 + rand() * 0.4));
    for (let v = 0; v < visits; v++) {
      const hour = pick(rand, HOURS);
      const locale = pick(rand, LOCALE_MIX);
      const session_id = `demo-${day}-${v}`;
      const minute = Math.floor(rand() * 50);
      const start = utcOf(timezone, day, hour, minute);
      const at = (offset: number) => new Date(start + offset * 60_000).toISOString();
      // Seven visits in ten scanned a table's code (the report by table); chosen without the
      // random sequence, so the other figures stay what they were.
      const table_label = v % 10 < 7 ? DEMO_TABLES[(v * 7 + d) % DEMO_TABLES.length] : null;
      const base = {
        day,
        hour,
        session_id,
        locale,
        category_id: null,
        item_id: null,
        allergens: null,
        query: null,
        table_label,
      };
      events.push({ ...base, type: 'menu_view', occurred_at: at(0) });
      for (let s = 0, n = 1 + Math.floor(rand() * 3); s < n; s++) {
        events.push({
          ...base,
          type: 'section_view',
          occurred_at: at(1),
          category_id: sections[Math.floor(rand() * sections.length)].id,
        });
      }
      for (let s = 0, n = 2 + Math.floor(rand() * 6); s < n; s++) {
        const dish = pick(rand, dishWeights);
        events.push({
          ...base,
          type: 'item_view',
          occurred_at: at(2),
          item_id: dish.id,
          category_id: dish.category_id,
        });
      }
      if (rand() < 0.12) {
        const first = pick(rand, ALLERGEN_MIX);
        const keys = rand() < 0.3 ? [...new Set([first, pick(rand, ALLERGEN_MIX)])] : [first];
        events.push({ ...base, type: 'allergen_filter', occurred_at: at(3), allergens: JSON.stringify(keys) });
      }
      if (rand() < 0.08)
        events.push({
          ...base,
          type: 'search',
          occurred_at: at(4),
          query: SEARCHES[Math.floor(rand() * SEARCHES.length)],
        });
      if (locale !== 'it' && rand() < 0.1) events.push({ ...base, type: 'locale_switch', occurred_at: at(5) });
    }
  }
  await storeEvents(trx, tenantId, events);
  return events.length;
}
