// What a diner sees of a snapshot: which sections are open now, the section tree, and the dish
// order behind /menu and /items. A view is the open-set key (diner) or null (the owner: everything).
import type { CategoryRow, ItemRow, OptionRow } from '../db/schema.js';
import { isScheduled, type MenuSnapshot, optionMark } from './snapshot.js';

/** Diner's view: the open-set key; owner's view: null. */
export type View = string | null;

export interface VisibleSection {
  row: CategoryRow;
  children: CategoryRow[];
}

/**
 * Top-level sections a diner sees now, each with its visible sub-sections. A section is visible
 * when active and inside its window; a hidden section hides its sub-sections.
 * `wineLast` applies the /menu rule: wine sections after every other one.
 */
export function visibleTree(snapshot: MenuSnapshot, openKey: View, wineLast: boolean): VisibleSection[] {
  const open = new Set((openKey ?? '').split('~')[0]!.split(',').filter(Boolean).map(Number));
  // openKey null: the owner's view, every section whatever its state or window.
  const shown = (s: CategoryRow) => openKey === null || (Boolean(s.is_active) && (!isScheduled(s) || open.has(s.id)));
  const tops = snapshot.sections.filter((s) => s.parent_id === null && shown(s));
  const ordered = wineLast
    ? [...tops.filter((s) => s.menu_type !== 'wine'), ...tops.filter((s) => s.menu_type === 'wine')]
    : tops;
  return ordered.map((row) => ({
    row,
    children: snapshot.sections.filter((s) => s.parent_id === row.id && shown(s)),
  }));
}

/** The flat /menu order: each top-level section followed by its sub-sections, wine last. */
export function flatSections(snapshot: MenuSnapshot, openKey: View): CategoryRow[] {
  return visibleTree(snapshot, openKey, true).flatMap((t) => [t.row, ...t.children]);
}

/** A section's dishes in display order: the active ones for a diner, all of them for the owner. */
export function itemsOf(snapshot: MenuSnapshot, sectionId: number, view: View): ItemRow[] {
  const all = snapshot.items.get(sectionId) ?? [];
  if (view === null) return all;
  // An inactive sub-category hides its dishes, as an inactive section does.
  const hidden = new Set((snapshot.types.get(sectionId) ?? []).filter((t) => !t.is_active).map((t) => t.id));
  return all.filter((i) => i.is_active && (i.type_id === null || !hidden.has(i.type_id)));
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

/**
 * Whether a dish is sold out at the moment of this key (openSetKey): marked, and not one whose
 * `sold_out_until` had come by then. Every read of one key agrees, so a cached document never
 * mixes two moments. The owner's view (null) is not a moment: take `SnapshotStore.openKey` instead.
 */
export function isSoldOut(row: ItemRow, key: string): boolean {
  return isMarked(row, row.id, key);
}

/** The same for an option (its mark is named `o<id>` in the key; see snapshot.ts optionMark). */
export function isOptionSoldOut(row: OptionRow, key: string): boolean {
  return isMarked(row, optionMark(row.id), key);
}

function isMarked(row: { sold_out: number; sold_out_until: string | null }, mark: number | string, key: string) {
  if (!row.sold_out) return false;
  if (row.sold_out_until === null) return true;
  const lapsed = key.split('~')[1] ?? '';
  return !`,${lapsed}`.includes(`,${mark},`);
}
