// The option groups and their options as a table (the spreadsheet twin of the document's
// `option_groups`): one row per option with its group's columns repeated (a group without options:
// one row with the option's cells empty). Export gives typed cells; import lays the rows over the
// current whole-menu document (groups found by external_id, else id, else their name in the
// default language; options by external_id, else id), so such a file changes groups and options
// only, and an error names its line. Dishes pick groups in the dishes' table (`option_groups`
// column), by a group's name, the name it had before the file renamed it, or its external id.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { FieldIssue } from '../../core/errors.js';
import { LOCALES } from '../../i18n/locales.js';
import { parsePrice } from '../../i18n/money.js';
import { foldText } from '../../i18n/text.js';
import { ALLERGEN_KEYS } from '../../resources/allergens/data.js';
import { DIETARY_KEYS } from '../../resources/dietary/data.js';
import { cellReader, type ExportCell, rowField, type SheetKind, type SheetRow, truthy } from './cells.js';
import { type DocOption, exportDocument } from './document.js';
import type { MenuRefs } from './refs.js';

export const OPTION_COLUMNS = [
  'group',
  'group_external_id',
  'group_id',
  'min_choices',
  'max_choices',
  ...LOCALES.map((l) => `group_name_${l}`),
  'id',
  'external_id',
  ...LOCALES.map((l) => `name_${l}`),
  'price_change',
  ...ALLERGEN_KEYS.map((k) => `allergen_${k}`),
  ...ALLERGEN_KEYS.map((k) => `trace_${k}`),
  ...DIETARY_KEYS.map((k) => `diet_${k}`),
  'is_active',
  'display_order',
];

/** Whether a file's header is the options table (it names groups, not sections). */
export function isOptionTable(header: string[]): boolean {
  const names = new Set(header.map((h) => h.trim().toLowerCase()));
  return names.has('group') && !names.has('section');
}

/** Every option of the menu as rows of typed cells in OPTION_COLUMNS order (a group without options: one row). */
export function optionTable(snapshot: MenuSnapshot): ExportCell[][] {
  const doc = exportDocument(snapshot);
  const locale = snapshot.settings.default_locale;
  const nameOf = (t: Record<string, string>) => t[locale] ?? Object.values(t)[0] ?? '';
  const rows: ExportCell[][] = [];
  for (const g of doc.option_groups ?? []) {
    const group: ExportCell[] = [
      nameOf(g.name),
      g.external_id ?? '',
      g.id ?? null,
      g.min_choices ?? 0,
      g.max_choices ?? null,
      ...LOCALES.map((l) => g.name[l] ?? ''),
    ];
    const options = g.options ?? [];
    if (options.length === 0) rows.push([...group, ...OPTION_COLUMNS.slice(group.length).map(() => null)]);
    for (const o of options) {
      rows.push([
        ...group,
        o.id ?? null,
        o.external_id ?? '',
        ...LOCALES.map((l) => o.name[l] ?? ''),
        o.price_change ?? 0,
        ...ALLERGEN_KEYS.map((k) => Boolean(o.allergens?.includes(k))),
        ...ALLERGEN_KEYS.map((k) => Boolean(o.allergen_traces?.includes(k))),
        ...DIETARY_KEYS.map((k) => Boolean(o.dietary?.includes(k))),
        Boolean(o.is_active),
        o.display_order ?? null,
      ]);
    }
  }
  return rows;
}

/** A whole number as typed (an empty cell: undefined), else the text for the API's rule to refuse. */
function count(cell: string | undefined): number | string | undefined {
  const typed = cell?.trim();
  if (!typed) return undefined;
  return /^\d{1,9}$/.test(typed) ? Number(typed) : typed;
}

/**
 * Lays the options table over the document `refs` holds (groups found by external_id, else
 * `group_id`, else — a row with neither — their name in the default language, as it is or as it
 * was; options by external_id, else id). A group renamed here stays one group, still found by its
 * old name in the dishes' `option_groups` cells (refs.ts). Problems go to `issues` with
 * their row (`kind` says which sheet); `lineOf` notes each group's and option's row. A group the
 * table creates gets `newId()`, a stand-in id the dishes' table may name it by.
 */
export function layOptions(
  refs: MenuRefs,
  header: string[],
  rows: SheetRow[],
  kind: SheetKind,
  issues: FieldIssue[],
  lineOf: Map<object, string>,
  newId: () => number,
): void {
  const reader = cellReader(header);
  const doc = refs.doc;
  const defaultLocale = refs.defaultLocale;
  const label = (t: Record<string, string>) => foldText(refs.name(t));
  doc.option_groups ??= [];
  const groups = doc.option_groups;
  for (const { line, cells } of rows) {
    const { raw, text, plain } = reader.row(cells);
    const groupKey = plain('group_external_id') || undefined;
    const groupId = Number(plain('group_id'));
    const byId = Number.isInteger(groupId) && groupId > 0;
    const groupName = plain('group') ?? '';
    let group =
      (groupKey ? groups.find((g) => g.external_id === groupKey) : undefined) ??
      (byId ? groups.find((g) => g.id === groupId) : undefined) ??
      (!groupKey && !byId && groupName
        ? (groups.find((g) => label(g.name) === foldText(groupName)) ?? refs.optionGroup(groupName))
        : undefined);
    if (!group) {
      if (!groupKey && !groupName) {
        issues.push({ field: `${rowField(kind, line)}.group`, rule: 'required' });
        continue;
      }
      group = {
        id: byId ? groupId : newId(),
        name: groupName ? { [defaultLocale]: groupName } : {},
        options: [],
        ...(groupKey ? { external_id: groupKey } : {}),
      };
      groups.push(group);
    }
    // The dishes' cells may name it by the label this row writes, as by its old and new names.
    if (groupName) refs.alias(group, groupName);
    if (!lineOf.has(group)) lineOf.set(group, rowField(kind, line));
    const names: Record<string, string> = { ...group.name };
    for (const locale of LOCALES) {
      const cell = text(`group_name_${locale}`);
      if (cell === undefined) continue;
      if (cell.trim() === '') delete names[locale];
      else names[locale] = cell;
    }
    group.name = names;
    if (reader.has('min_choices')) group.min_choices = (count(plain('min_choices')) ?? 0) as number;
    if (reader.has('max_choices')) group.max_choices = (count(plain('max_choices')) ?? null) as number | null;
    // The option's own cells: a row without any is the group alone.
    const optionKey = text('external_id') || undefined;
    const id = Number(plain('id'));
    const optionNames = LOCALES.map((l) => text(`name_${l}`)).filter(
      (cell) => cell !== undefined && cell.trim() !== '',
    );
    if (!optionKey && !(id > 0) && optionNames.length === 0) continue;
    const same = (o: DocOption) =>
      (optionKey !== undefined && o.external_id === optionKey) ||
      (optionKey === undefined && Number.isInteger(id) && id > 0 && o.id === id);
    group.options ??= [];
    let option = group.options.find(same);
    if (!option) {
      // An option may move to another group: take it out of where it was.
      for (const other of groups) {
        const at = (other.options ?? []).findIndex(same);
        if (at >= 0) [option] = other.options!.splice(at, 1);
      }
      option ??= { name: {}, ...(optionKey ? { external_id: optionKey } : {}), ...(id > 0 ? { id } : {}) } as DocOption;
      group.options.push(option);
    }
    lineOf.set(option, rowField(kind, line));
    const optionTexts: Record<string, string> = { ...option.name };
    for (const locale of LOCALES) {
      const cell = text(`name_${locale}`);
      if (cell === undefined) continue;
      if (cell.trim() === '') delete optionTexts[locale];
      else optionTexts[locale] = cell;
    }
    option.name = optionTexts;
    const price = raw('price_change');
    if (price !== undefined) {
      option.price_change = (
        typeof price === 'number' ? price : price.trim() === '' ? 0 : (parsePrice(price) ?? price.trim())
      ) as number;
    }
    if (ALLERGEN_KEYS.some((k) => reader.has(`allergen_${k}`)))
      option.allergens = ALLERGEN_KEYS.filter((k) => truthy(plain(`allergen_${k}`)));
    if (ALLERGEN_KEYS.some((k) => reader.has(`trace_${k}`)))
      option.allergen_traces = ALLERGEN_KEYS.filter((k) => truthy(plain(`trace_${k}`)));
    if (DIETARY_KEYS.some((k) => reader.has(`diet_${k}`)))
      option.dietary = DIETARY_KEYS.filter((k) => truthy(plain(`diet_${k}`)));
    if (reader.has('is_active')) option.is_active = truthy(plain('is_active'));
    const order = plain('display_order');
    if (order) option.display_order = Number(order);
  }
}
