// The dishes as a table, the one shape behind the CSV and the xlsx files: one row per dish, a column
// per language for names and descriptions, one per allergen and dietary label, a price and labels
// per variant. Export gives typed cells (text, number, flag) that each file format writes its way;
// import lays the rows over the whole-menu document (sections, sub-categories and wineries found by
// name or external_id, refs.ts: as they are, or as the workbook's other sheets make them,
// menu-sheets.ts), so this table changes dishes only; an error names its line.
//
// Exactness: text cells are kept as typed (inner and outer whitespace, a leading tab); only the
// cells that hold numbers (prices, id, order) and flags are trimmed, since spreadsheets pad those.
// A text cell that a spreadsheet would run as a formula (it begins with = + - @, a tab or a
// carriage return) is written with the OWASP prefix `'`, and import removes exactly that prefix.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { FieldIssue } from '../../core/errors.js';
import { LOCALES } from '../../i18n/locales.js';
import { parsePrice } from '../../i18n/money.js';
import { ALLERGEN_KEYS } from '../../resources/allergens/data.js';
import { DIETARY_KEYS } from '../../resources/dietary/data.js';
import { cellReader, type ExportCell, rowField, type SheetRow, setText, truthy } from './cells.js';
import { type DocItem, type DocSection, exportDocument } from './document.js';
import type { MenuRefs } from './refs.js';

export { type ExportCell, protectText, type SheetRow, setText, unprotectText } from './cells.js';

const NAME_COLUMNS = LOCALES.map((l) => `name_${l}`);
const DESCRIPTION_COLUMNS = LOCALES.map((l) => `description_${l}`);
const ALLERGEN_COLUMNS = ALLERGEN_KEYS.map((k) => `allergen_${k}`);
const TRACE_COLUMNS = ALLERGEN_KEYS.map((k) => `trace_${k}`);
const DIETARY_COLUMNS = DIETARY_KEYS.map((k) => `diet_${k}`);
/** A dish's several prices (glass / bottle): `variant_1_price`, `variant_1_label_it`… up to 6; variant 1 is the first price. */
const VARIANT_NUMBERS = [1, 2, 3, 4, 5, 6];
const VARIANT_COLUMNS = VARIANT_NUMBERS.flatMap((n) => [
  `variant_${n}_price`,
  ...LOCALES.map((l) => `variant_${n}_label_${l}`),
]);

export const DISH_COLUMNS = [
  'id',
  'external_id',
  'section',
  'section_external_id',
  'sub_category',
  'winery',
  'price',
  ...NAME_COLUMNS,
  ...DESCRIPTION_COLUMNS,
  ...ALLERGEN_COLUMNS,
  ...TRACE_COLUMNS,
  ...DIETARY_COLUMNS,
  'is_active',
  'is_recommended',
  'display_order',
  ...VARIANT_COLUMNS,
  /** The dish's option groups by name (default language) or external_id, in order, separated by `|`. */
  'option_groups',
];

/** What a column holds, so each format writes and reads it right. */
export type ColumnKind = 'text' | 'price' | 'integer' | 'flag';
export function columnKind(column: string): ColumnKind {
  if (column === 'price' || column === 'price_change' || column === 'set_price' || /^variant_\d+_price$/.test(column))
    return 'price';
  if (column === 'id' || column === 'display_order' || column === 'min_choices' || column === 'max_choices')
    return 'integer';
  if (/^(allergen|trace|diet)_/.test(column) || /^(is_active|is_recommended|show_subcategories)$/.test(column))
    return 'flag';
  return 'text';
}

/** Every dish of the menu as rows of typed cells in DISH_COLUMNS order, in menu order. */
export function dishTable(snapshot: MenuSnapshot): ExportCell[][] {
  const doc = exportDocument(snapshot);
  const locale = snapshot.settings.default_locale;
  const nameOf = (t: Record<string, string> | undefined) => t?.[locale] ?? Object.values(t ?? {})[0] ?? '';
  const wineries = new Map((doc.wineries ?? []).map((w) => [w.id, w.name]));
  const groups = new Map((doc.option_groups ?? []).map((g) => [g.id, nameOf(g.name)]));
  const rows: ExportCell[][] = [];
  const sectionRows = (section: DocSection, label: string) => {
    const types = new Map((section.sub_categories ?? []).map((t) => [t.id, nameOf(t.name)]));
    for (const item of section.items ?? []) {
      rows.push([
        item.id ?? null,
        item.external_id ?? '',
        label,
        section.external_id ?? '',
        item.type_id ? (types.get(item.type_id) ?? '') : '',
        item.winery_id ? (wineries.get(item.winery_id) ?? '') : '',
        item.price,
        ...LOCALES.map((l) => item.name[l] ?? ''),
        ...LOCALES.map((l) => item.description?.[l] ?? ''),
        ...ALLERGEN_KEYS.map((k) => Boolean(item.allergens?.includes(k))),
        ...ALLERGEN_KEYS.map((k) => Boolean(item.allergen_traces?.includes(k))),
        ...DIETARY_KEYS.map((k) => Boolean(item.dietary?.includes(k))),
        Boolean(item.is_active),
        Boolean(item.is_recommended),
        item.display_order ?? null,
        ...VARIANT_NUMBERS.flatMap((n) => {
          const v = item.variants?.[n - 1];
          return [v ? v.price : null, ...LOCALES.map((l) => v?.label[l] ?? '')];
        }),
        (item.option_groups ?? []).map((ref) => groups.get(ref.id ?? 0) ?? '').join(' | '),
      ]);
    }
  };
  for (const section of doc.sections) {
    const label = nameOf(section.name);
    sectionRows(section, label);
    for (const child of section.sections ?? []) sectionRows(child as DocSection, `${label} > ${nameOf(child.name)}`);
  }
  return rows;
}

/**
 * Lays the dishes' table over the document `refs` holds: each row updates the dish it names (by
 * external_id, else id; a dish may move to another section) or adds one. Problems go to `issues`
 * with their row; `lineOf` notes each dish's row (`rows[5]`) so the apply's errors can name it.
 */
export function layDishes(
  refs: MenuRefs,
  header: string[],
  rows: SheetRow[],
  issues: FieldIssue[],
  lineOf: Map<object, string>,
): void {
  const reader = cellReader(header);
  const missing: FieldIssue[] = [];
  for (const required of ['section', 'price']) {
    if (!reader.has(required)) missing.push({ field: `header.${required}`, rule: 'required' });
  }
  if (!NAME_COLUMNS.some((c) => reader.has(c)))
    missing.push({ field: `header.name_${refs.defaultLocale}`, rule: 'required' });
  if (missing.length > 0) {
    issues.push(...missing);
    return;
  }
  const sections = refs.allSections();

  for (const { line, cells } of rows) {
    const { raw, text, plain } = reader.row(cells);
    const priceOf = (name: string): number | string | undefined => {
      const value = raw(name);
      if (typeof value === 'number') return value;
      return value === undefined ? undefined : (parsePrice(value) ?? value.trim());
    };
    const section = refs.section(plain('section') ?? '', plain('section_external_id') || undefined);
    if (!section) {
      issues.push({ field: `rows[${line}].section`, rule: 'exists' });
      continue;
    }
    section.items ??= [];
    const id = Number(plain('id'));
    const externalId = text('external_id') || undefined;
    const same = (i: DocItem) =>
      (externalId !== undefined && i.external_id === externalId) ||
      (externalId === undefined && Number.isInteger(id) && id > 0 && i.id === id);
    let item = section.items.find(same);
    if (!item) {
      // A dish may move between sections: take it out of where it was.
      for (const other of sections) {
        const at = (other.items ?? []).findIndex(same);
        if (at >= 0) [item] = other.items!.splice(at, 1);
      }
      item ??= {
        name: {},
        price: 0,
        ...(externalId ? { external_id: externalId } : {}),
        ...(id > 0 ? { id } : {}),
      } as DocItem;
      section.items.push(item);
    }
    lineOf.set(item, rowField('dishes', line));
    const names: Record<string, string> = { ...item.name };
    const descriptions: Record<string, string> = { ...item.description };
    for (const locale of LOCALES) {
      setText(names, locale, text(`name_${locale}`));
      setText(descriptions, locale, text(`description_${locale}`));
    }
    item.name = names;
    item.description = descriptions;
    const price = priceOf('price');
    if (price !== undefined) item.price = price as number;
    if (ALLERGEN_COLUMNS.some((c) => reader.has(c))) {
      item.allergens = ALLERGEN_KEYS.filter((k) => truthy(plain(`allergen_${k}`)));
    }
    if (TRACE_COLUMNS.some((c) => reader.has(c))) {
      item.allergen_traces = ALLERGEN_KEYS.filter((k) => truthy(plain(`trace_${k}`)));
    }
    if (DIETARY_COLUMNS.some((c) => reader.has(c)))
      item.dietary = DIETARY_KEYS.filter((k) => truthy(plain(`diet_${k}`)));
    if (reader.has('is_active')) item.is_active = truthy(plain('is_active'));
    if (reader.has('is_recommended')) item.is_recommended = truthy(plain('is_recommended'));
    if (VARIANT_COLUMNS.some((c) => reader.has(c))) {
      // Filled rows in order; variant 1 without a price of its own takes the dish's price.
      const variants = VARIANT_NUMBERS.flatMap((n) => {
        const label: Record<string, string> = {};
        for (const locale of LOCALES) setText(label, locale, text(`variant_${n}_label_${locale}`));
        const typed = priceOf(`variant_${n}_price`) ?? '';
        if (typed === '' && Object.keys(label).length === 0) return [];
        const price = typed === '' && n === 1 ? item.price : typed;
        return [{ label, price: price as number }];
      });
      item.variants = variants;
    }
    const order = plain('display_order');
    if (order) item.display_order = Number(order);
    const typeName = plain('sub_category');
    if (typeName !== undefined) {
      const type = typeName ? refs.subCategory(section, typeName) : undefined;
      if (typeName && !type) issues.push({ field: `rows[${line}].sub_category`, rule: 'exists' });
      item.type_id = type?.id ?? null;
      item.type_external_id = null;
    }
    const groupNames = plain('option_groups');
    if (groupNames !== undefined) {
      // By external_id, else the name in the default language (or the one it had before the
      // file's Options sheet renamed it); an empty cell: no groups.
      item.option_groups = [];
      for (const typed of groupNames
        .split('|')
        .map((n) => n.trim())
        .filter(Boolean)) {
        const group = refs.optionGroup(typed);
        if (group) item.option_groups.push({ id: group.id });
        else issues.push({ field: `rows[${line}].option_groups`, rule: 'exists' });
      }
    }
    const wineryName = plain('winery');
    if (wineryName !== undefined) {
      const winery = wineryName ? refs.winery(wineryName) : undefined;
      if (wineryName && !winery) issues.push({ field: `rows[${line}].winery`, rule: 'exists' });
      item.winery_id = winery?.id ?? null;
      item.winery_external_id = null;
    }
  }
}
