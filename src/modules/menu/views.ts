// Views computed from a menu snapshot: the /menu document, the /categories tree and the ordered
// dish list behind /items. `openKey` is the diner's view (only active, open sections and active
// dishes); `null` is the owner's view in the admin API (everything, whatever its state or window).
import type { CategoryRow, ItemRow } from '../../db/schema.js';
import { isLocale, type Locale } from '../../i18n/locales.js';
import { type CategoryTree, type MenuSection, toSectionFields } from '../categories/schema.js';
import { type MenuItem, toMenuItem } from '../items/schema.js';
import { type Settings, toSettings } from '../settings/schema.js';
import { type Theme, toTheme } from '../theme/schema.js';
import { toSubCategory } from '../types/schema.js';
import { flatSections, type MenuSnapshot, visibleTree } from './snapshot.js';

/** Diner's view: the open-set key; owner's view: null. */
export type View = string | null;

export function defaultLocaleOf(snapshot: MenuSnapshot): Locale {
  const code = snapshot.settings.default_locale;
  return isLocale(code) ? code : 'it';
}

export function itemView(snapshot: MenuSnapshot, row: ItemRow, locale: Locale): MenuItem {
  const winery = row.winery_id === null ? undefined : snapshot.wineries.get(row.winery_id);
  return toMenuItem(row, winery, locale, defaultLocaleOf(snapshot));
}

function itemsOf(snapshot: MenuSnapshot, sectionId: number, view: View): ItemRow[] {
  const all = snapshot.items.get(sectionId) ?? [];
  return view === null ? all : all.filter((i) => i.is_active);
}

function sectionView(snapshot: MenuSnapshot, row: CategoryRow, locale: Locale, view: View): MenuSection {
  const fallback = defaultLocaleOf(snapshot);
  const types = snapshot.types.get(row.id) ?? [];
  return {
    ...toSectionFields(row, locale, fallback),
    items: itemsOf(snapshot, row.id, view).map((item) => itemView(snapshot, item, locale)),
    types: (view === null ? types : types.filter((t) => t.is_active)).map((t) => toSubCategory(t, locale, fallback)),
  };
}

export function settingsView(snapshot: MenuSnapshot): Settings {
  return toSettings(snapshot.settings, snapshot.slug);
}

export function themeView(snapshot: MenuSnapshot): Theme {
  return toTheme(snapshot.theme);
}

export interface MenuData {
  settings: Settings;
  theme: Theme;
  sections: MenuSection[];
}

export function menuData(snapshot: MenuSnapshot, openKey: string, locale: Locale): MenuData {
  return {
    settings: settingsView(snapshot),
    theme: themeView(snapshot),
    sections: flatSections(snapshot, openKey).map((row) => sectionView(snapshot, row, locale, openKey)),
  };
}

function treeOf(snapshot: MenuSnapshot, row: CategoryRow, children: CategoryRow[], locale: Locale, view: View) {
  return {
    ...sectionView(snapshot, row, locale, view),
    children: children.map((c) => ({ ...sectionView(snapshot, c, locale, view), children: [] })),
  };
}

/** Top-level sections by display_order, each with its sub-sections. */
export function categoryTrees(snapshot: MenuSnapshot, view: View, locale: Locale): CategoryTree[] {
  return visibleTree(snapshot, view, false).map(({ row, children }) => treeOf(snapshot, row, children, locale, view));
}

/** One section (top-level or sub-section) with its sub-sections, or undefined. */
export function categoryTree(snapshot: MenuSnapshot, view: View, locale: Locale, id: number): CategoryTree | undefined {
  for (const { row, children } of visibleTree(snapshot, view, false)) {
    if (row.id === id) return treeOf(snapshot, row, children, locale, view);
    const child = children.find((c) => c.id === id);
    if (child) return treeOf(snapshot, child, [], locale, view);
  }
  return undefined;
}

/** Every section, flat in /menu order, each as a tree (the admin list). */
export function allCategoryTrees(snapshot: MenuSnapshot, locale: Locale): CategoryTree[] {
  return visibleTree(snapshot, null, true).flatMap(({ row, children }) => [
    treeOf(snapshot, row, children, locale, null),
    ...children.map((c) => treeOf(snapshot, c, [], locale, null)),
  ]);
}

/** Dishes in /menu order: section order, then display_order, then id. */
export function orderedItems(snapshot: MenuSnapshot, view: View): ItemRow[] {
  return flatSections(snapshot, view).flatMap((section) => itemsOf(snapshot, section.id, view));
}

export interface ItemFilter {
  category_id?: number;
  type_id?: number;
  is_recommended?: 0 | 1;
  /** Folded search words; every one must occur in the dish's search text. */
  words: string[];
}

export function filterItems(items: ItemRow[], f: ItemFilter): ItemRow[] {
  return items.filter(
    (item) =>
      (f.category_id === undefined || item.category_id === f.category_id) &&
      (f.type_id === undefined || item.type_id === f.type_id) &&
      (f.is_recommended === undefined || Boolean(item.is_recommended) === (f.is_recommended === 1)) &&
      f.words.every((w) => item.search_text.includes(w)),
  );
}
