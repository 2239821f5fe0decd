// The tenant's whole menu loaded once per menu version: every public read is answered from it
// without a database round trip until a write bumps the version.

import type { TenantState } from '../accounts/tenants/repo.js';
import type { Db } from '../db/connect.js';
import type {
  CategoryRow,
  ItemOptionGroupRow,
  ItemRow,
  OptionGroupRow,
  OptionRow,
  SettingsRow,
  ThemeRow,
  TypeRow,
  WineryRow,
} from '../db/schema.js';
import { isLocale, type Locale, servedLocaleFrom } from '../i18n/locales.js';
import { type BudgetEntry, CacheBudget, estimateRowBytes } from './budget.js';
import { isWithinWindow, type LocalMoment, localMoment } from './clock.js';
import {
  findSettings,
  findTheme,
  listDishGroupLinks,
  listItems,
  listOptionGroups,
  listOptions,
  listSections,
  listStaleTexts,
  listTypes,
  listWineries,
} from './repo.js';

export interface MenuSnapshot {
  tenantId: number;
  slug: string;
  version: number;
  settings: SettingsRow;
  theme: ThemeRow;
  /** Every section, active or not, by display_order then id. */
  sections: CategoryRow[];
  /** Sub-categories per section, active or not, by display_order then id. */
  types: Map<number, TypeRow[]>;
  /** Dishes per section, active or not, by display_order then id. */
  items: Map<number, ItemRow[]>;
  wineries: Map<number, WineryRow>;
  /** Option groups by id, active or not, in display order. */
  optionGroups: Map<number, OptionGroupRow>;
  /** Options per group, active or not, by display_order then id. */
  options: Map<number, OptionRow[]>;
  /** The option groups of each dish (group ids), in the dish's order. */
  dishGroups: Map<number, number[]>;
  /** Active sections with a schedule (window, weekdays, season): the only inputs of "which sections are open now". */
  windowed: CategoryRow[];
  /** Dishes and options sold out until a given moment: the only inputs of "which sold-out marks have lapsed". */
  soldOutTimed: TimedSoldOut[];
  /** The open-set key last computed, for the minute it was computed at (see SnapshotStore.openKey). */
  openKeyAt?: { minute: number; key: string };
  /** The clock of the store that loaded it: what "now" means for its windows and sold-out marks. */
  now: () => number;
  /**
   * The rows as stored, for owners (admin API, panel, export), when some diner text is flagged "to
   * check": this snapshot, the diners', leaves every flagged translation out, so a diner in that
   * language reads the default language's current text (a price in words must never be old).
   * Undefined when nothing is flagged: owners and diners see the same rows.
   */
  raw?: MenuSnapshot;
}

/** A dish (`id`: its id) or an option (`o<id>`) marked sold out until `untilMs` (a whole minute). */
export interface TimedSoldOut {
  id: number | string;
  untilMs: number;
}

/** How an option's sold-out mark is named in the open-set key (dish ids are bare numbers). */
export const optionMark = (id: number) => `o${id}`;

function timedSoldOut(items: ItemRow[], options: OptionRow[]): TimedSoldOut[] {
  const timed = (r: { sold_out: number; sold_out_until: string | null }) => r.sold_out && r.sold_out_until !== null;
  return [
    ...items.filter(timed).map((i) => ({ id: i.id, untilMs: Date.parse(i.sold_out_until!) })),
    ...options.filter(timed).map((o) => ({ id: optionMark(o.id), untilMs: Date.parse(o.sold_out_until!) })),
  ];
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

export async function loadSnapshot(db: Db, tenant: TenantState, now: () => number = Date.now): Promise<MenuSnapshot> {
  const tenantId = tenant.id;
  const [settings, theme, sections, types, items, wineries, optionGroups, options, links, stale] = await Promise.all([
    findSettings(db, tenantId),
    findTheme(db, tenantId),
    listSections(db, tenantId),
    listTypes(db, tenantId),
    listItems(db, tenantId),
    listWineries(db, tenantId),
    listOptionGroups(db, tenantId),
    listOptions(db, tenantId),
    listDishGroupLinks(db, tenantId),
    listStaleTexts(db, tenantId),
  ]);
  const rows: SnapshotRows = { settings, theme, sections, types, items, wineries, optionGroups, options, links };
  const raw = assemble(tenant, rows, now);
  if (stale.length === 0) return raw;
  return { ...assemble(tenant, withoutStaleTexts(rows, stale), now), raw };
}

interface SnapshotRows {
  settings: SettingsRow;
  theme: ThemeRow;
  sections: CategoryRow[];
  types: TypeRow[];
  items: ItemRow[];
  wineries: WineryRow[];
  optionGroups: OptionGroupRow[];
  options: OptionRow[];
  links: ItemOptionGroupRow[];
}

type StaleText = { resource: string; resource_id: number; field: string; locale: string };

/**
 * The rows with each flagged translation left out (`<field>_translations` without that language;
 * a variant's label, `variants.<n>.label`, likewise), so every view falls back to the default
 * language as for an empty translation. Rows without a flag are the same objects.
 */
export function withoutStaleTexts(rows: SnapshotRows, stale: StaleText[]): SnapshotRows {
  const byRow = new Map<string, StaleText[]>();
  for (const s of stale) {
    const key = `${s.resource}/${s.resource_id}`;
    byRow.set(key, [...(byRow.get(key) ?? []), s]);
  }
  const mask = <R extends { id: number }>(resource: string, row: R): R => {
    const flags = byRow.get(`${resource}/${row.id}`);
    if (!flags) return row;
    const copy: Record<string, unknown> = { ...row };
    for (const { field, locale } of flags) {
      const variant = /^variants\.(\d+)\.label$/.exec(field);
      if (variant && typeof copy.variants === 'string') {
        copy.variants = editJson(copy.variants, (list) => {
          const entry = Array.isArray(list) ? list[Number(variant[1])] : undefined;
          if (entry && typeof entry === 'object' && entry.label && typeof entry.label === 'object')
            delete entry.label[locale];
        });
        continue;
      }
      const column = `${field}_translations`;
      if (typeof copy[column] !== 'string') continue;
      copy[column] = editJson(copy[column] as string, (texts) => {
        if (texts && typeof texts === 'object' && !Array.isArray(texts)) delete texts[locale];
      });
    }
    return copy as R;
  };
  return {
    settings: mask('settings', rows.settings),
    theme: mask('theme', rows.theme),
    sections: rows.sections.map((r) => mask('categories', r)),
    types: rows.types.map((r) => mask('types', r)),
    items: rows.items.map((r) => mask('items', r)),
    wineries: rows.wineries.map((r) => mask('wineries', r)),
    optionGroups: rows.optionGroups.map((r) => mask('option_groups', r)),
    options: rows.options.map((r) => mask('options', r)),
    links: rows.links,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: stored JSON of any shape, edited in place on a fresh parse
function editJson(text: string, edit: (value: any) => void): string {
  try {
    const value: unknown = JSON.parse(text);
    edit(value);
    return JSON.stringify(value);
  } catch {
    return text;
  }
}

function assemble(tenant: TenantState, rows: SnapshotRows, now: () => number): MenuSnapshot {
  const { settings, theme, sections, types, items, wineries, optionGroups, options, links } = rows;
  const dishGroups = new Map<number, number[]>();
  for (const link of links) dishGroups.set(link.item_id, [...(dishGroups.get(link.item_id) ?? []), link.group_id]);
  const tenantId = tenant.id;
  return {
    tenantId,
    slug: tenant.slug,
    version: tenant.menuVersion,
    settings,
    theme,
    sections,
    types: groupBy(types, (t) => t.category_id),
    items: groupBy(items, (i) => i.category_id),
    wineries: new Map(wineries.map((w) => [w.id, w])),
    optionGroups: new Map(optionGroups.map((g) => [g.id, g])),
    options: groupBy(options, (o) => o.group_id),
    dishGroups,
    windowed: sections.filter((s) => s.is_active && isScheduled(s)),
    soldOutTimed: timedSoldOut(items, options),
    now,
    openKeyAt: undefined,
  };
}

/**
 * What changes with the clock alone, as a cache-key fragment: the ids of the scheduled sections
 * open at the local moment `at` (time window, weekdays, season), then, when some dish is sold out until a given moment, `~` and the ids of those whose
 * moment has come by `minute` (minutes since the epoch). "" when nothing depends on the time. Every
 * instance computes the same key from the same version and minute, so a sold-out mark lapses
 * everywhere at once, like a time window, with no write.
 */
export function openSetKey(
  snapshot: { windowed: CategoryRow[]; soldOutTimed: TimedSoldOut[] },
  at: LocalMoment,
  minute: number,
): string {
  let key = '';
  for (const s of snapshot.windowed) {
    if (isOpenAt(s, at)) key += `${s.id},`;
  }
  if (snapshot.soldOutTimed.length === 0) return key;
  key += '~';
  for (const d of snapshot.soldOutTimed) if (d.untilMs <= minute * 60_000) key += `${d.id},`;
  return key;
}

/** A section shown only at some times: a time window, chosen weekdays, or a season (dates). */
export function isScheduled(s: CategoryRow): boolean {
  return (
    Boolean(s.time_visibility_enabled && s.time_start && s.time_end) ||
    s.weekdays !== '[]' ||
    s.date_from !== null ||
    s.date_to !== null
  );
}

/** Whether a scheduled section is shown at this local moment: every rule it has must hold. */
export function isOpenAt(s: CategoryRow, at: LocalMoment): boolean {
  if (s.time_visibility_enabled && s.time_start && s.time_end && !isWithinWindow(s.time_start, s.time_end, at.hhmm)) {
    return false;
  }
  if (s.weekdays !== '[]' && !parseWeekdays(s.weekdays).includes(at.weekday)) return false;
  if (s.date_from !== null && at.day < s.date_from) return false;
  if (s.date_to !== null && at.day > s.date_to) return false;
  return true;
}

const weekdayCache = new Map<string, number[]>();
function parseWeekdays(json: string): number[] {
  let days = weekdayCache.get(json);
  if (!days) {
    try {
      days = (JSON.parse(json) as unknown[]).filter((d): d is number => typeof d === 'number');
    } catch {
      days = [];
    }
    if (weekdayCache.size < 1000) weekdayCache.set(json, days);
  }
  return days;
}

/** The restaurant's default locale (Italian if the stored value is not a service locale). */
export function defaultLocaleOf(snapshot: MenuSnapshot): Locale {
  const code = snapshot.settings.default_locale;
  return isLocale(code) ? code : 'it';
}

const offered = new WeakMap<MenuSnapshot, string[]>();

/** The locale a public read of this snapshot is served in (see servedLocaleFrom). */
export function servedLocale(snapshot: MenuSnapshot, requested: string | undefined): Locale {
  let list = offered.get(snapshot);
  if (!list) {
    let stored: unknown;
    try {
      stored = JSON.parse(snapshot.settings.supported_locales);
    } catch {
      stored = [];
    }
    list = Array.isArray(stored) ? stored.filter((code): code is string => typeof code === 'string') : [];
    offered.set(snapshot, list);
  }
  return servedLocaleFrom(defaultLocaleOf(snapshot), list, requested);
}

/**
 * What the fast path needs to find a cached document without the snapshot: the version it belongs
 * to, the time zone and default locale, and the time windows deciding which sections are open.
 * A few hundred bytes per restaurant, kept while the snapshot itself may be evicted.
 */
export interface Schedule {
  version: number;
  timezone: string;
  defaultLocale: Locale;
  /** settings.supported_locales, parsed (the page picks a diner's language among them). */
  supportedLocales: string[];
  windowed: CategoryRow[];
  soldOutTimed: TimedSoldOut[];
  /** The open-set key last computed, for the minute it was computed at. */
  openKeyAt?: { minute: number; key: string };
}

interface Held {
  snapshot: MenuSnapshot;
  entry: BudgetEntry;
}

/**
 * Snapshots may hold at most this share of the byte budget. They are what a document is built
 * from, not what diners are served: a restaurant's documents are built within moments of its
 * snapshot loading, and a later one (another language, the next time window) loads it again with
 * six quick queries. Held without a cap, a thousand snapshots (~240 kB of small objects each) took
 * most of the budget from the compressed documents, and their churn grew the JS heap to twice its
 * live size between collections (RSS over 600 MB).
 */
export const SNAPSHOT_SHARE = 0.25;
/**
 * And never more than this: snapshots are the cache's only objects on the JS heap (documents and
 * their compressed forms are buffers outside it), so the heap stays small whatever CACHE_MAX_MB is,
 * and the heap cap the service runs with (`--max-old-space-size=192`, see the Dockerfile) holds.
 * 16 MB (about 60 demo-size snapshots), not 64: with 1,000 restaurants the live heap after a full
 * collection was 95 MB with 64 and 62 MB with 16 (`--trace-gc`), and every major collection marks
 * all of it, in steps that run between requests (the slow first requests of issue 37, point 3).
 * A snapshot is only needed to build a document, and is loaded again by six quick queries.
 */
export const SNAPSHOT_MAX_BYTES = 16 * 1024 * 1024;

export class SnapshotStore {
  /** Least recently used first (a use moves a snapshot to the end). */
  private readonly ready = new Map<number, Held>();
  /** Estimated bytes of the snapshots in `ready`. */
  private heldBytes = 0;
  private readonly schedules = new Map<number, Schedule>();
  private readonly loading = new Map<string, Promise<MenuSnapshot>>();
  /** Snapshots loaded from the database since start (a metric; one per version per tenant when warm). */
  builds = 0;

  constructor(
    private readonly db: Db,
    /** The clock deciding which time windows are open (tests pass a fixed one). */
    private readonly now: () => number = Date.now,
    readonly budget: CacheBudget = new CacheBudget(256 * 1024 * 1024),
  ) {}

  /** The snapshot of the tenant's current version if it is loaded already. */
  peek(tenant: TenantState): MenuSnapshot | undefined {
    const held = this.ready.get(tenant.id);
    if (!held || held.snapshot.version !== tenant.menuVersion) return undefined;
    this.budget.touch(held.entry);
    this.ready.delete(tenant.id);
    this.ready.set(tenant.id, held);
    return held.snapshot;
  }

  /** The schedule of the tenant's current version, if known (it outlives an evicted snapshot). */
  schedule(tenant: TenantState): Schedule | undefined {
    const schedule = this.schedules.get(tenant.id);
    return schedule && schedule.version === tenant.menuVersion ? schedule : undefined;
  }

  /** The snapshot for the tenant's current version: at most one load per version, however many requests wait. */
  get(tenant: TenantState): MenuSnapshot | Promise<MenuSnapshot> {
    const current = this.peek(tenant);
    if (current) return current;
    const key = `${tenant.id}:${tenant.menuVersion}`;
    let pending = this.loading.get(key);
    if (!pending) {
      this.builds++;
      pending = loadSnapshot(this.db, tenant, this.now)
        .then((snapshot) => {
          this.keep(snapshot);
          return snapshot;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Drops what is held for a tenant (suspended, removed, or changed elsewhere). */
  forget(tenantId: number): void {
    this.drop(tenantId);
    this.schedules.delete(tenantId);
  }

  /** Snapshots held now (a metric). */
  get size(): number {
    return this.ready.size;
  }

  private keep(snapshot: MenuSnapshot): void {
    const existing = this.ready.get(snapshot.tenantId);
    if (existing && existing.snapshot.version > snapshot.version) return;
    const tenantId = snapshot.tenantId;
    this.drop(tenantId);
    const entry: BudgetEntry = {
      bytes: estimateSnapshotBytes(snapshot),
      stamp: 0,
      kind: 'snapshot',
      tenantId,
      // One query per table brings it back; the documents built from it are what diners are served.
      cheap: true,
      evict: () => {
        if (this.ready.get(tenantId)?.entry === entry) {
          this.ready.delete(tenantId);
          this.heldBytes -= entry.bytes;
        }
      },
    };
    this.ready.set(tenantId, { snapshot, entry });
    this.heldBytes += entry.bytes;
    const known = this.schedules.get(tenantId);
    if (!known || known.version < snapshot.version) {
      this.schedules.set(tenantId, scheduleOf(snapshot));
    }
    this.budget.charge(entry);
    // Over the snapshots' share: the least recently used go (never the one just loaded).
    const cap = Math.min(this.budget.maxBytes * SNAPSHOT_SHARE, SNAPSHOT_MAX_BYTES);
    for (const oldest of this.ready.keys()) {
      if (this.heldBytes <= cap || oldest === tenantId) break;
      this.drop(oldest);
    }
  }

  /** Lets go of a tenant's snapshot (its schedule stays). */
  private drop(tenantId: number): void {
    const held = this.ready.get(tenantId);
    if (!held) return;
    this.budget.release(held.entry);
    this.ready.delete(tenantId);
    this.heldBytes -= held.entry.bytes;
  }

  /** The open-set key for this tenant now. */
  openKey(snapshot: MenuSnapshot, timezone: string): string {
    return keyAt(snapshot, timezone, this.now());
  }

  /** The open-set key now, from the schedule alone. */
  scheduleKey(schedule: Schedule): string {
    return keyAt(schedule, schedule.timezone, this.now());
  }
}

/** The open-set key at `now`, computed once per minute (then one comparison per request). */
function keyAt(s: MenuSnapshot | Schedule, timezone: string, now: number): string {
  if (s.windowed.length === 0 && s.soldOutTimed.length === 0) return '';
  const minute = Math.floor(now / 60_000);
  if (s.openKeyAt?.minute === minute) return s.openKeyAt.key;
  const key = openSetKey(s, localMoment(timezone, now), minute);
  s.openKeyAt = { minute, key };
  return key;
}

/** The snapshot's open-set key now, by its own clock (what the owner's views use for sold-out marks). */
export function momentKey(snapshot: MenuSnapshot): string {
  return keyAt(snapshot, snapshot.settings.timezone, snapshot.now());
}

/** The schedule of a snapshot (see Schedule). */
export function scheduleOf(snapshot: MenuSnapshot): Schedule {
  return {
    version: snapshot.version,
    timezone: snapshot.settings.timezone,
    defaultLocale: defaultLocaleOf(snapshot),
    supportedLocales: parseLocales(snapshot.settings.supported_locales),
    windowed: snapshot.windowed,
    soldOutTimed: snapshot.soldOutTimed,
    // Set from the first request on (keyAt): present from the start, so the object keeps its class.
    openKeyAt: undefined,
  };
}

function parseLocales(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function estimateSnapshotBytes(snapshot: MenuSnapshot): number {
  let bytes = snapshot.raw ? estimateSnapshotBytes(snapshot.raw) : 0;
  bytes += estimateRowBytes([snapshot.settings, snapshot.theme]) + estimateRowBytes(snapshot.sections);
  for (const rows of snapshot.types.values()) bytes += estimateRowBytes(rows);
  for (const rows of snapshot.items.values()) bytes += estimateRowBytes(rows);
  for (const rows of snapshot.options.values()) bytes += estimateRowBytes(rows);
  bytes += estimateRowBytes([...snapshot.optionGroups.values()]) + snapshot.dishGroups.size * 64;
  return bytes + estimateRowBytes([...snapshot.wineries.values()]);
}
