// The tenant's whole menu loaded once per menu version: every public read is answered from it
// without a database round trip until a write bumps the version.
import type { Db } from '../db/connect.js';
import type { CategoryRow, ItemRow, SettingsRow, ThemeRow, TypeRow, WineryRow } from '../db/schema.js';
import { isLocale, type Locale } from '../i18n/locales.js';
import type { TenantState } from '../modules/tenants/repo.js';
import { isWithinWindow, wallClock } from './clock.js';
import { findSettings, findTheme, listItems, listSections, listTypes, listWineries } from './repo.js';

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
  /** Active sections with a time window: the only inputs of "which sections are open now". */
  windowed: CategoryRow[];
  /** Serialized documents built from this snapshot (see document.ts), by locale and open set. */
  documents: Map<string, unknown>;
  /** The open-set key last computed, for the minute it was computed at (see SnapshotStore.openKey). */
  openKeyAt?: { hhmm: string; key: string };
  /** The document last handed out, so a run of identical requests skips building the cache key. */
  lastDocument?: { locale: string; openKey: string; doc: unknown };
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

export async function loadSnapshot(db: Db, tenant: TenantState): Promise<MenuSnapshot> {
  const tenantId = tenant.id;
  const [settings, theme, sections, types, items, wineries] = await Promise.all([
    findSettings(db, tenantId),
    findTheme(db, tenantId),
    listSections(db, tenantId),
    listTypes(db, tenantId),
    listItems(db, tenantId),
    listWineries(db, tenantId),
  ]);
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
    windowed: sections.filter((s) => s.is_active && s.time_visibility_enabled && s.time_start && s.time_end),
    documents: new Map(),
  };
}

/** Ids of the windowed sections open at `hhmm`, as a cache-key fragment ("" when none is windowed). */
export function openSetKey(snapshot: MenuSnapshot, hhmm: string): string {
  if (snapshot.windowed.length === 0) return '';
  let key = '';
  for (const s of snapshot.windowed) {
    if (isWithinWindow(s.time_start!, s.time_end!, hhmm)) key += `${s.id},`;
  }
  return key;
}

/** The restaurant's default locale (Italian if the stored value is not a service locale). */
export function defaultLocaleOf(snapshot: MenuSnapshot): Locale {
  const code = snapshot.settings.default_locale;
  return isLocale(code) ? code : 'it';
}

const offered = new WeakMap<MenuSnapshot, Locale[]>();

/** The locales the restaurant offers (`supported_locales`), always including its default one. */
export function offeredLocales(snapshot: MenuSnapshot): Locale[] {
  let list = offered.get(snapshot);
  if (!list) {
    let stored: unknown;
    try {
      stored = JSON.parse(snapshot.settings.supported_locales);
    } catch {
      stored = [];
    }
    list = (Array.isArray(stored) ? stored : []).filter(isLocale);
    const fallback = defaultLocaleOf(snapshot);
    if (!list.includes(fallback)) list.push(fallback);
    offered.set(snapshot, list);
  }
  return list;
}

/**
 * The locale a public read is served in: the requested one when the restaurant offers it;
 * otherwise (not offered, unknown, any text) Italian when offered, else the default locale.
 * No request for a locale gives the default locale.
 */
export function servedLocale(snapshot: MenuSnapshot, requested: string | undefined): Locale {
  if (requested === undefined || requested === '') return defaultLocaleOf(snapshot);
  const list = offeredLocales(snapshot);
  const code = requested.toLowerCase();
  if (isLocale(code) && list.includes(code)) return code;
  return list.includes('it') ? 'it' : defaultLocaleOf(snapshot);
}

export class SnapshotStore {
  private readonly ready = new Map<number, MenuSnapshot>();
  private readonly loading = new Map<string, Promise<MenuSnapshot>>();

  constructor(
    private readonly db: Db,
    /** The clock deciding which time windows are open (tests pass a fixed one). */
    private readonly now: () => number = Date.now,
    private readonly maxTenants = 1000,
  ) {}

  /** The snapshot of the tenant's current version if it is loaded already (the fast path's question). */
  peek(tenant: TenantState): MenuSnapshot | undefined {
    const current = this.ready.get(tenant.id);
    return current && current.version === tenant.menuVersion ? current : undefined;
  }

  /** The snapshot for the tenant's current version: at most one load per version, however many requests wait. */
  get(tenant: TenantState): MenuSnapshot | Promise<MenuSnapshot> {
    const current = this.ready.get(tenant.id);
    if (current && current.version === tenant.menuVersion) return current;
    const key = `${tenant.id}:${tenant.menuVersion}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = loadSnapshot(this.db, tenant)
        .then((snapshot) => {
          const existing = this.ready.get(tenant.id);
          if (!existing || existing.version <= snapshot.version) {
            this.ready.delete(tenant.id); // re-insert: Map order is the LRU order
            this.ready.set(tenant.id, snapshot);
            if (this.ready.size > this.maxTenants) this.ready.delete(this.ready.keys().next().value!);
          }
          return snapshot;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** The open-set key for this tenant now. */
  openKey(snapshot: MenuSnapshot, timezone: string): string {
    if (snapshot.windowed.length === 0) return '';
    // wallClock returns the same string all minute long, so this is one comparison per request.
    const hhmm = wallClock(timezone, this.now());
    if (snapshot.openKeyAt?.hhmm === hhmm) return snapshot.openKeyAt.key;
    const key = openSetKey(snapshot, hhmm);
    snapshot.openKeyAt = { hhmm, key };
    return key;
  }
}
