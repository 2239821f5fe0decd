// The five analytics reports, computed from the rollups (never the raw events) and the tenant's
// current menu (names, recommended flags, translations, allergens).

import { addDays, daysBetween } from '../../catalog/clock.js';
import { defaultLocaleOf, type MenuSnapshot } from '../../catalog/snapshot.js';
import type { Db } from '../../db/connect.js';
import type { ItemRow } from '../../db/schema.js';
import { LOCALES, type Locale } from '../../i18n/locales.js';
import { parseJson, pickText, type Translations } from '../../i18n/text.js';
import { ALLERGEN_KEYS, allergenName } from '../../resources/allergens/data.js';
import {
  allergenFilters,
  dailyRows,
  distinctSessions,
  itemViews,
  menuViewsByHour,
  menuViewsByLocale,
  sectionViews,
  sessionsPerDay,
  tableViews,
} from './repo.js';

export interface Range {
  tenantId: number;
  from: string;
  to: string;
}

const num = (v: unknown) => Number(v ?? 0);

export async function overview(db: Db, r: Range) {
  const [days, sessions, unique, hours, locales] = await Promise.all([
    dailyRows(db, r.tenantId, r.from, r.to),
    sessionsPerDay(db, r.tenantId, r.from, r.to),
    distinctSessions(db, r.tenantId, r.from, r.to),
    menuViewsByHour(db, r.tenantId, r.from, r.to),
    menuViewsByLocale(db, r.tenantId, r.from, r.to),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const sessionsByDay = new Map(sessions.map((s) => [s.day, num(s.n)]));
  const sum = (k: 'menu_views' | 'item_views' | 'section_views' | 'allergen_filters' | 'searches') =>
    days.reduce((acc, d) => acc + num(d[k]), 0);
  const hourMap = new Map(hours.map((h) => [num(h.hour), num(h.n)]));
  const localeMap = new Map(locales.map((l) => [l.locale, num(l.n)]));
  return {
    from: r.from,
    to: r.to,
    totals: {
      menu_views: sum('menu_views'),
      unique_sessions: unique,
      item_views: sum('item_views'),
      section_views: sum('section_views'),
      allergen_filters: sum('allergen_filters'),
      searches: sum('searches'),
    },
    by_day: Array.from({ length: daysBetween(r.from, r.to) }, (_, i) => {
      const date = addDays(r.from, i);
      const d = byDay.get(date);
      return {
        date,
        menu_views: num(d?.menu_views),
        unique_sessions: sessionsByDay.get(date) ?? 0,
        item_views: num(d?.item_views),
      };
    }),
    // Every service locale, most viewed first (ties in the service's locale order).
    by_locale: LOCALES.map((locale) => ({ locale, menu_views: localeMap.get(locale) ?? 0 })).sort(
      (a, b) => b.menu_views - a.menu_views,
    ),
    by_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, menu_views: hourMap.get(hour) ?? 0 })),
  };
}

function allItems(snapshot: MenuSnapshot): ItemRow[] {
  return [...snapshot.items.values()].flat();
}

function dishName(snapshot: MenuSnapshot, item: ItemRow | undefined, id: number, locale: Locale): string {
  if (!item) return `#${id}`; // a dish deleted since: its views stay in the history
  return pickText(parseJson<Translations>(item.name_translations, {}), locale, defaultLocaleOf(snapshot));
}

export interface ItemReportRow {
  item_id: number;
  name: string;
  category_id: number | null;
  views: number;
  share: number;
  is_active: boolean;
  is_recommended: boolean;
}

/** Every current dish and every dish viewed in the period, most viewed first, then menu order by id. */
export async function itemsReport(db: Db, r: Range, snapshot: MenuSnapshot, locale: Locale): Promise<ItemReportRow[]> {
  const rows = await itemViews(db, r.tenantId, r.from, r.to);
  const views = new Map<number, number>();
  for (const row of rows) views.set(row.item_id, (views.get(row.item_id) ?? 0) + num(row.n));
  const total = [...views.values()].reduce((a, b) => a + b, 0);
  const items = new Map(allItems(snapshot).map((i) => [i.id, i]));
  const ids = new Set([...items.keys(), ...views.keys()]);
  return [...ids]
    .map((id) => {
      const item = items.get(id);
      const v = views.get(id) ?? 0;
      return {
        item_id: id,
        name: dishName(snapshot, item, id, locale),
        category_id: item?.category_id ?? null,
        views: v,
        share: total === 0 ? 0 : Math.round((v / total) * 10000) / 10000,
        is_active: Boolean(item?.is_active),
        is_recommended: Boolean(item?.is_recommended),
      };
    })
    .sort((a, b) => b.views - a.views || a.item_id - b.item_id);
}

export async function sectionsReport(db: Db, r: Range, snapshot: MenuSnapshot, locale: Locale) {
  const rows = await sectionViews(db, r.tenantId, r.from, r.to);
  const byId = new Map(rows.map((row) => [row.category_id, row]));
  const current = new Map(snapshot.sections.map((s) => [s.id, s]));
  const ids = new Set([...current.keys(), ...byId.keys()]);
  return [...ids]
    .map((id) => {
      const s = current.get(id);
      const names = s ? parseJson<Translations>(s.name_translations, {}) : {};
      return {
        category_id: id,
        name: s ? pickText(names, locale, defaultLocaleOf(snapshot)) : `#${id}`,
        views: num(byId.get(id)?.views),
        item_views: num(byId.get(id)?.item_views),
      };
    })
    .sort((a, b) => b.views - a.views || b.item_views - a.item_views || a.category_id - b.category_id);
}

export async function allergensReport(db: Db, r: Range, snapshot: MenuSnapshot, locale: Locale) {
  const rows = await allergenFilters(db, r.tenantId, r.from, r.to);
  const filters = new Map(rows.map((row) => [row.allergen, num(row.n)]));
  const active = allItems(snapshot).filter((i) => i.is_active);
  const allergensOf = new Map(active.map((i) => [i.id, parseJson<string[]>(i.allergens, [])]));
  return ALLERGEN_KEYS.map((key, order) => ({
    key,
    name: allergenName(key, locale),
    filters: filters.get(key) ?? 0,
    dishes_containing: active.filter((i) => allergensOf.get(i.id)?.includes(key)).length,
    order,
  }))
    .sort((a, b) => b.filters - a.filters || a.order - b.order)
    .map(({ order: _order, ...rest }) => rest);
}

/** Dish views per (dish, diner locale): the input of the untranslated-dishes insight. */
export async function itemViewsByLocale(db: Db, r: Range) {
  return (await itemViews(db, r.tenantId, r.from, r.to)).map((row) => ({
    item_id: row.item_id,
    locale: row.locale,
    views: num(row.n),
  }));
}

/**
 * Where diners scanned: menu and dish views per table, most viewed first, and the menu views that
 * came without a table (the restaurant's own code, a link, a search engine). Shares are of all
 * menu views in the period.
 */
export async function tablesReport(db: Db, r: Range) {
  const [rows, daily] = await Promise.all([
    tableViews(db, r.tenantId, r.from, r.to),
    dailyRows(db, r.tenantId, r.from, r.to),
  ]);
  const total = daily.reduce((sum, d) => sum + num(d.menu_views), 0);
  const tables = rows
    .map((row) => ({ table: row.table_label, menu_views: num(row.menu_views), item_views: num(row.item_views) }))
    .sort((a, b) => b.menu_views - a.menu_views || a.table.localeCompare(b.table, 'en', { numeric: true }));
  const atTables = tables.reduce((sum, t) => sum + t.menu_views, 0);
  const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 1000) / 10);
  return {
    tables: tables.map((t) => ({ ...t, share: share(t.menu_views) })),
    without_table: { menu_views: Math.max(0, total - atTables), share: share(Math.max(0, total - atTables)) },
  };
}
