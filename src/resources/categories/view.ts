// Sections as the API shows them, from the snapshot: with their dishes and sub-categories (the
// /menu shape) and as trees with their sub-sections (the /categories shape).
import { defaultLocaleOf, type MenuSnapshot } from '../../catalog/snapshot.js';
import { itemsOf, type View, visibleTree } from '../../catalog/visibility.js';
import type { CategoryRow } from '../../db/schema.js';
import type { Locale } from '../../i18n/locales.js';
import { itemView } from '../items/view.js';
import { toSubCategory } from '../types/schema.js';
import { type CategoryTree, type MenuSection, toSectionFields } from './schema.js';

export function sectionView(snapshot: MenuSnapshot, row: CategoryRow, locale: Locale, view: View): MenuSection {
  const fallback = defaultLocaleOf(snapshot);
  const types = snapshot.types.get(row.id) ?? [];
  return {
    ...toSectionFields(row, locale, fallback),
    items: itemsOf(snapshot, row.id, view).map((item) => itemView(snapshot, item, locale, view)),
    types: (view === null ? types : types.filter((t) => t.is_active)).map((t) => toSubCategory(t, locale, fallback)),
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
