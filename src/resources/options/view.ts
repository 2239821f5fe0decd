// Option groups as the API shows them, from the snapshot: for the owner (everything, now) or for a
// diner at the moment of an open-set key (active groups and options only; a group left without a
// shown option is left out).
import { defaultLocaleOf, type MenuSnapshot, momentKey } from '../../catalog/snapshot.js';
import { isOptionSoldOut, type View } from '../../catalog/visibility.js';
import type { OptionGroupRow, OptionRow } from '../../db/schema.js';
import type { Locale } from '../../i18n/locales.js';
import { type DishOption, type OptionGroup, toDishOption, toOptionGroup } from './schema.js';

export function optionView(snapshot: MenuSnapshot, row: OptionRow, locale: Locale, view: View = null): DishOption {
  const soldOut = isOptionSoldOut(row, view ?? momentKey(snapshot));
  return toDishOption(row, locale, defaultLocaleOf(snapshot), soldOut);
}

/** A group's options as `view` sees them: all for the owner, the active ones for a diner. */
export function groupOptions(snapshot: MenuSnapshot, groupId: number, view: View): OptionRow[] {
  const all = snapshot.options.get(groupId) ?? [];
  return view === null ? all : all.filter((o) => o.is_active);
}

export function groupView(snapshot: MenuSnapshot, row: OptionGroupRow, locale: Locale, view: View = null): OptionGroup {
  const options = groupOptions(snapshot, row.id, view).map((o) => optionView(snapshot, o, locale, view));
  return toOptionGroup(row, options, locale, defaultLocaleOf(snapshot));
}

/** The groups a diner sees on a dish, in the dish's order (owner: every attached group). */
export function dishGroupRows(snapshot: MenuSnapshot, itemId: number, view: View): OptionGroupRow[] {
  const rows: OptionGroupRow[] = [];
  for (const id of snapshot.dishGroups.get(itemId) ?? []) {
    const group = snapshot.optionGroups.get(id);
    if (!group) continue;
    if (view !== null && (!group.is_active || groupOptions(snapshot, id, view).length === 0)) continue;
    rows.push(group);
  }
  return rows;
}

/** The dishes a group is attached to (ids, in dish id order). */
export function dishesCarryingGroup(snapshot: MenuSnapshot, groupId: number): number[] {
  const ids: number[] = [];
  for (const [itemId, groups] of snapshot.dishGroups) if (groups.includes(groupId)) ids.push(itemId);
  return ids.sort((a, b) => a - b);
}

/** Every option of the restaurant, group by group in the groups' order. */
export function allOptions(snapshot: MenuSnapshot): OptionRow[] {
  return [...snapshot.optionGroups.keys()].flatMap((id) => snapshot.options.get(id) ?? []);
}
