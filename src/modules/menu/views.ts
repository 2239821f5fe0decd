// Public views computed from a menu snapshot: the /menu document, the /categories tree and the
// ordered list of visible dishes behind /items.
import type { CategoryRow, ItemRow } from '../../db/schema.js';
import { isLocale, type Locale } from '../../i18n/locales.js';
import { type CategoryTree, type MenuSection, toSectionFields } from '../categories/schema.js';
import { type MenuItem, toMenuItem } from '../items/schema.js';
import { type Settings, toSettings } from '../settings/schema.js';
import { type Theme, toTheme } from '../theme/schema.js';
import { toSubCategory } from '../types/schema.js';
import { flatSections, type MenuSnapshot, visibleTree } from './snapshot.js';

export function defaultLocaleOf(snapshot: MenuSnapshot): Locale {
  const code = snapshot.settings.default_locale;
  return isLocale(code) ? code : 'it';
}

export function itemView(snapshot: MenuSnapshot, row: ItemRow, locale: Locale): MenuItem {
  const winery = row.winery_id === null ? undefined : snapshot.wineries.get(row.winery_id);
  return toMenuItem(row, winery, locale, defaultLocaleOf(snapshot));
}

function sectionView(snapshot: MenuSnapshot, row: CategoryRow, locale: Locale): MenuSection {
  const fallback = defaultLocaleOf(snapshot);
  return {
    ...toSectionFields(row, locale, fallback),
    items: (snapshot.items.get(row.id) ?? []).map((item) => itemView(snapshot, item, locale)),
    types: (snapshot.types.get(row.id) ?? []).map((t) => toSubCategory(t, locale, fallback)),
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
    sections: flatSections(snapshot, openKey).map((row) => sectionView(snapshot, row, locale)),
  };
}

/** /categories: visible top-level sections by display_order, each with its visible sub-sections. */
export function categoryTrees(snapshot: MenuSnapshot, openKey: string, locale: Locale): CategoryTree[] {
  return visibleTree(snapshot, openKey, false).map(({ row, children }) => ({
    ...sectionView(snapshot, row, locale),
    children: children.map((child) => ({ ...sectionView(snapshot, child, locale), children: [] })),
  }));
}

/** /categories/{id}: a visible section (top-level or sub-section), or undefined. */
export function categoryTree(
  snapshot: MenuSnapshot,
  openKey: string,
  locale: Locale,
  id: number,
): CategoryTree | undefined {
  for (const { row, children } of visibleTree(snapshot, openKey, false)) {
    if (row.id === id) {
      return {
        ...sectionView(snapshot, row, locale),
        children: children.map((c) => ({ ...sectionView(snapshot, c, locale), children: [] })),
      };
    }
    const child = children.find((c) => c.id === id);
    if (child) return { ...sectionView(snapshot, child, locale), children: [] };
  }
  return undefined;
}

/** Every dish a diner can see now, in /menu order: section order, then display_order, then id. */
export function visibleItems(snapshot: MenuSnapshot, openKey: string): ItemRow[] {
  return flatSections(snapshot, openKey).flatMap((section) => snapshot.items.get(section.id) ?? []);
}
