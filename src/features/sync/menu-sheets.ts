// The workbook's sheets besides the dishes — Sections, Sub-categories, Wineries — as tables, and
// every table of a file laid over the whole-menu document, so one apply (apply.ts, one transaction)
// writes what any sheet changes. Each sheet is laid in the order its rows are needed: wineries,
// sections, sub-categories, options, then dishes, which name the others by label (refs.ts: the
// name a row had, its new name, or what its sheet's row writes). A sheet the file does not hold
// changes nothing of its kind; a column it does not hold keeps that field. Rows are matched by
// external_id, else id, else (for a row with neither) by label; an unmatched row is created. Every
// problem names its sheet, row and column (`Sections.rows[4].display_order`; the dishes' table says
// `rows[4]` as it always has), and a file with any problem changes nothing.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { type FieldIssue, ValidationError } from '../../core/errors.js';
import { LOCALES } from '../../i18n/locales.js';
import { parsePrice } from '../../i18n/money.js';
import {
  cellReader,
  type ExportCell,
  rowField,
  SHEET_NAMES,
  type SheetTable,
  type SheetTables,
  setText,
  truthy,
} from './cells.js';
import { type DocSection, type DocSubCategory, type DocWinery, exportDocument, type MenuDocument } from './document.js';
import { isOptionTable, layOptions } from './option-sheet.js';
import { MenuRefs } from './refs.js';
import { layDishes } from './sheet.js';
import { leaveOutUnlisted } from './sheet-prune.js';

const texts = (field: string) => LOCALES.map((l) => `${field}_${l}`);

export const SECTION_COLUMNS = [
  'id',
  'external_id',
  /** The label the other sheets name it by: its name, `Parent > Child` for a sub-section. */
  'section',
  /** The top-level section a sub-section is in (its label); empty for a top-level section. */
  'parent',
  'menu_type',
  ...texts('name'),
  ...texts('notes'),
  'display_order',
  'is_active',
  'show_subcategories',
  'set_price',
];
export const SUB_CATEGORY_COLUMNS = [
  'id',
  'external_id',
  'section',
  'sub_category',
  ...texts('name'),
  'display_order',
  'is_active',
];
export const WINERY_COLUMNS = [
  'id',
  'external_id',
  'winery',
  'region',
  'country',
  ...texts('description'),
  'website_url',
];

/** The Sections, Sub-categories and Wineries sheets as rows of typed cells (flags as booleans). */
export function referenceTables(snapshot: MenuSnapshot): Record<'sections' | 'types' | 'wineries', ExportCell[][]> {
  const doc = exportDocument(snapshot);
  const refs = new MenuRefs(doc, snapshot.settings.default_locale);
  const sections: ExportCell[][] = [];
  const types: ExportCell[][] = [];
  for (const top of doc.sections) {
    const label = refs.name(top.name);
    const entries = [
      { section: top as DocSection, path: label, parent: '' },
      ...((top.sections ?? []) as DocSection[]).map((child) => ({
        section: child,
        path: `${label} > ${refs.name(child.name)}`,
        parent: label,
      })),
    ];
    for (const { section, path, parent } of entries) {
      sections.push([
        section.id ?? null,
        section.external_id ?? '',
        path,
        parent,
        section.menu_type ?? 'standard',
        ...LOCALES.map((l) => section.name[l] ?? ''),
        ...LOCALES.map((l) => section.notes?.[l] ?? ''),
        section.display_order ?? null,
        Boolean(section.is_active),
        Boolean(section.show_subcategories),
        section.set_price ?? null,
      ]);
      for (const type of section.sub_categories ?? []) {
        types.push([
          type.id ?? null,
          type.external_id ?? '',
          path,
          refs.name(type.name),
          ...LOCALES.map((l) => type.name[l] ?? ''),
          type.display_order ?? null,
          Boolean(type.is_active),
        ]);
      }
    }
  }
  const wineries = (doc.wineries ?? []).map((w) => [
    w.id ?? null,
    w.external_id ?? '',
    w.name,
    w.region ?? '',
    w.country ?? '',
    ...LOCALES.map((l) => w.description?.[l] ?? ''),
    w.website_url ?? '',
  ]);
  return { sections, types, wineries };
}

/** What laying a sheet needs: the document and its labels, where problems go, each row's place, stand-in ids. */
interface Laying {
  refs: MenuRefs;
  issues: FieldIssue[];
  lineOf: Map<object, string>;
  newId: () => number;
}

/** A whole number as typed, or the text itself for the document's schema to refuse by its row; empty: undefined. */
function integerCell(cell: string | undefined): number | undefined {
  if (!cell) return undefined;
  return (/^-?\d{1,9}$/.test(cell) ? Number(cell) : cell) as number;
}

/** A price cell: a workbook's number, a price typed either way (12,50 / 12.50), empty: null, else the text to refuse. */
function priceCell(cell: string | number | undefined): number | null | undefined {
  if (cell === undefined || typeof cell === 'number') return cell;
  if (cell.trim() === '') return null;
  return (parsePrice(cell) ?? cell.trim()) as number;
}

/** Translations with a language column each laid over; the stored object kept when the cells say the same. */
function translatedCells(
  current: Record<string, string> | null | undefined,
  cell: (name: string) => string | undefined,
  field: string,
): Record<string, string> | null | undefined {
  if (!LOCALES.some((l) => cell(`${field}_${l}`) !== undefined)) return current;
  const next: Record<string, string> = { ...current };
  for (const l of LOCALES) setText(next, l, cell(`${field}_${l}`));
  const before = current ?? {};
  const same =
    Object.keys(next).length === Object.keys(before).length && Object.entries(next).every(([l, t]) => before[l] === t);
  return same ? current : next;
}

/** Where `row` is: the top-level section holding it (null: it is top-level itself). */
function parentOf(doc: MenuDocument, row: DocSection): DocSection | null {
  return doc.sections.find((top) => (top.sections ?? []).includes(row)) ?? null;
}

/** Puts a section last among the top-level sections, or among `parent`'s sub-sections. */
function placeSection(doc: MenuDocument, section: DocSection, parent: DocSection | null): void {
  if (parent) parent.sections = [...(parent.sections ?? []), section];
  else doc.sections.push(section);
}

function laySections({ refs, issues, lineOf, newId }: Laying, table: SheetTable): void {
  const reader = cellReader(table.header);
  if (!['section', 'id', 'external_id'].some((c) => reader.has(c))) {
    issues.push({ field: `${SHEET_NAMES.sections}.header.section`, rule: 'required' });
    return;
  }
  const doc = refs.doc;
  for (const { line, cells } of table.rows) {
    const at = rowField('sections', line);
    const { raw, text, plain } = reader.row(cells);
    const id = Number(plain('id'));
    const externalId = text('external_id') || undefined;
    const label = plain('section') ?? '';
    const all = refs.allSections();
    let section =
      (externalId ? all.find((s) => s.external_id === externalId) : undefined) ??
      (Number.isInteger(id) && id > 0 ? all.find((s) => s.id === id) : undefined) ??
      (!externalId && !(id > 0) && label ? refs.section(label) : undefined);
    // The parent: the `parent` cell; a new row of an older file without it may say `Parent > Child`.
    let parent: DocSection | null | undefined;
    let name = label;
    if (reader.has('parent')) {
      const typed = plain('parent') ?? '';
      parent = typed ? refs.topSection(typed) : null;
      if (typed && !parent) {
        issues.push({ field: `${at}.parent`, rule: 'exists' });
        continue;
      }
      if (parent && label.includes('>')) name = label.slice(label.lastIndexOf('>') + 1).trim();
    } else if (!section && label.includes('>')) {
      const cut = label.lastIndexOf('>');
      parent = refs.topSection(label.slice(0, cut)) ?? null;
      if (parent) name = label.slice(cut + 1).trim();
    }
    const creating = !section;
    if (!section) {
      section = {
        id: Number.isInteger(id) && id > 0 ? id : newId(),
        name: {},
        ...(externalId ? { external_id: externalId } : {}),
        sub_categories: [],
        items: [],
      };
      placeSection(doc, section, parent ?? null);
    } else if (parent !== undefined && parent !== parentOf(doc, section)) {
      // Nesting is one level deep: a section with sub-sections stays top-level.
      if (parent === section || (parent && (section.sections ?? []).length > 0)) {
        issues.push({ field: `${at}.parent`, rule: 'exists' });
        continue;
      }
      const from = parentOf(doc, section);
      const siblings = from ? (from.sections ?? []) : doc.sections;
      siblings.splice(siblings.indexOf(section), 1);
      placeSection(doc, section, parent);
    }
    const names = { ...translatedCells(section.name, text, 'name') };
    // A new row without a name in the default language takes its label's.
    if (creating && !names[refs.defaultLocale] && name) names[refs.defaultLocale] = name;
    section.name = names;
    const notes = translatedCells(section.notes, text, 'notes');
    if (notes !== section.notes) section.notes = notes && Object.keys(notes).length > 0 ? notes : null;
    const menuType = plain('menu_type');
    if (menuType) section.menu_type = menuType as 'standard';
    const order = integerCell(plain('display_order'));
    if (order !== undefined) section.display_order = order;
    if (reader.has('is_active')) section.is_active = truthy(plain('is_active'));
    if (reader.has('show_subcategories')) section.show_subcategories = truthy(plain('show_subcategories'));
    const setPrice = priceCell(raw('set_price'));
    if (setPrice !== undefined) section.set_price = setPrice;
    lineOf.set(section, at);
    if (label) refs.alias(section, label);
    refs.changed();
  }
}

function laySubCategories({ refs, issues, lineOf, newId }: Laying, table: SheetTable): void {
  const reader = cellReader(table.header);
  if (!['sub_category', 'id', 'external_id'].some((c) => reader.has(c))) {
    issues.push({ field: `${SHEET_NAMES.sub_categories}.header.sub_category`, rule: 'required' });
    return;
  }
  for (const { line, cells } of table.rows) {
    const at = rowField('sub_categories', line);
    const { text, plain } = reader.row(cells);
    const id = Number(plain('id'));
    const externalId = text('external_id') || undefined;
    const label = plain('sub_category') ?? '';
    const sectionLabel = plain('section') ?? '';
    const section = sectionLabel ? refs.section(sectionLabel) : undefined;
    if (sectionLabel && !section) {
      issues.push({ field: `${at}.section`, rule: 'exists' });
      continue;
    }
    const holders = refs.allSections().flatMap((s) => (s.sub_categories ?? []).map((type) => ({ s, type })));
    let found =
      (externalId ? holders.find((h) => h.type.external_id === externalId) : undefined) ??
      (Number.isInteger(id) && id > 0 ? holders.find((h) => h.type.id === id) : undefined);
    if (!found && !externalId && !(id > 0) && section && label) {
      const type = refs.subCategory(section, label);
      if (type) found = { s: section, type };
    }
    let type: DocSubCategory;
    if (found) {
      type = found.type;
      // Moved to another section: its dishes there must move too (the apply says so otherwise).
      if (section && section !== found.s) {
        found.s.sub_categories!.splice(found.s.sub_categories!.indexOf(type), 1);
        section.sub_categories = [...(section.sub_categories ?? []), type];
      }
    } else {
      if (!section) {
        issues.push({ field: `${at}.section`, rule: 'required' });
        continue;
      }
      type = {
        id: Number.isInteger(id) && id > 0 ? id : newId(),
        name: {},
        ...(externalId ? { external_id: externalId } : {}),
      };
      section.sub_categories = [...(section.sub_categories ?? []), type];
    }
    const names = { ...translatedCells(type.name, text, 'name') };
    if (!found && !names[refs.defaultLocale] && label) names[refs.defaultLocale] = label;
    type.name = names;
    const order = integerCell(plain('display_order'));
    if (order !== undefined) type.display_order = order;
    if (reader.has('is_active')) type.is_active = truthy(plain('is_active'));
    lineOf.set(type, at);
    if (label) refs.alias(type, label);
  }
}

function layWineries({ refs, issues, lineOf, newId }: Laying, table: SheetTable): void {
  const reader = cellReader(table.header);
  if (!['winery', 'id', 'external_id'].some((c) => reader.has(c))) {
    issues.push({ field: `${SHEET_NAMES.wineries}.header.winery`, rule: 'required' });
    return;
  }
  const doc = refs.doc;
  doc.wineries ??= [];
  for (const { line, cells } of table.rows) {
    const at = rowField('wineries', line);
    const { text, plain } = reader.row(cells);
    const id = Number(plain('id'));
    const externalId = text('external_id') || undefined;
    const name = text('winery');
    let winery: DocWinery | undefined =
      (externalId ? doc.wineries.find((w) => w.external_id === externalId) : undefined) ??
      (Number.isInteger(id) && id > 0 ? doc.wineries.find((w) => w.id === id) : undefined) ??
      (!externalId && !(id > 0) && name?.trim() ? refs.winery(name) : undefined);
    if (!winery) {
      winery = {
        id: Number.isInteger(id) && id > 0 ? id : newId(),
        name: '',
        ...(externalId ? { external_id: externalId } : {}),
      };
      doc.wineries.push(winery);
    }
    // The one name a winery has: an empty cell is refused by the winery's own rule.
    if (name !== undefined) winery.name = name.trim() === '' ? '' : name;
    if (reader.has('region')) winery.region = text('region') ?? '';
    if (reader.has('country')) winery.country = text('country') ?? '';
    const description = translatedCells(winery.description, text, 'description');
    if (description) winery.description = description;
    if (reader.has('website_url')) winery.website_url = plain('website_url') ?? '';
    lineOf.set(winery, at);
    if (name?.trim()) refs.alias(winery, name);
    refs.changed();
  }
}

/**
 * Lays every table of a file over the current menu: the document to apply and, for each of its
 * rows that came from the file, that row's place (`sections[0].items[3]` → `rows[5]`,
 * `sections[1]` → `Sections.rows[3]`). Throws one ValidationError with every sheet's problems.
 * With `prune`, the rows of each kind the file has a table of that it does not list are left out
 * (sheet-prune.ts), for the apply's prune to delete.
 */
export function sheetsToDocument(
  snapshot: MenuSnapshot,
  tables: SheetTables,
  options: { prune?: boolean } = {},
): { doc: MenuDocument; lines: Map<string, string> } {
  const doc = exportDocument(snapshot);
  let stand = 0;
  const laying: Laying = {
    refs: new MenuRefs(doc, snapshot.settings.default_locale),
    issues: [],
    lineOf: new Map(),
    // Rows a sheet creates get negative stand-in ids (never stored): the apply maps them to the
    // ids they are created with, so a dish can name a winery or sub-category made by the same file.
    newId: () => --stand,
  };
  const { refs, issues, lineOf, newId } = laying;
  if (tables.wineries) layWineries(laying, tables.wineries);
  if (tables.sections) laySections(laying, tables.sections);
  if (tables.sub_categories) laySubCategories(laying, tables.sub_categories);
  if (tables.options) {
    layOptions(refs, tables.options.header, tables.options.rows, 'options', issues, lineOf, newId);
  }
  const dishes = tables.dishes;
  const optionsTable = dishes !== undefined && isOptionTable(dishes.header);
  if (dishes) {
    // A CSV of options is told by its header: it names groups, not sections.
    if (optionsTable) layOptions(refs, dishes.header, dishes.rows, 'dishes', issues, lineOf, newId);
    else layDishes(refs, dishes.header, dishes.rows, issues, lineOf);
  }
  if (issues.length > 0) throw new ValidationError(issues);
  if (options.prune) {
    const covered = {
      items: dishes !== undefined && !optionsTable,
      sections: tables.sections !== undefined,
      sub_categories: tables.sub_categories !== undefined,
      wineries: tables.wineries !== undefined,
      option_groups: tables.options !== undefined || optionsTable,
    };
    leaveOutUnlisted(doc, covered, new Set(lineOf.keys()));
  }
  return { doc, lines: documentLines(doc, lineOf) };
}

/** The document path of every row that came from the file, with its place in the file. */
function documentLines(doc: MenuDocument, lineOf: Map<object, string>): Map<string, string> {
  const lines = new Map<string, string>();
  const note = (row: object, path: string) => {
    const line = lineOf.get(row);
    if (line !== undefined) lines.set(path, line);
  };
  for (const [i, w] of (doc.wineries ?? []).entries()) note(w, `wineries[${i}]`);
  for (const [i, g] of (doc.option_groups ?? []).entries()) {
    note(g, `option_groups[${i}]`);
    for (const [j, o] of (g.options ?? []).entries()) note(o, `option_groups[${i}].options[${j}]`);
  }
  const section = (s: DocSection, path: string) => {
    note(s, path);
    for (const [k, t] of (s.sub_categories ?? []).entries()) note(t, `${path}.sub_categories[${k}]`);
    for (const [k, item] of (s.items ?? []).entries()) note(item, `${path}.items[${k}]`);
  };
  for (const [i, top] of doc.sections.entries()) {
    section(top, `sections[${i}]`);
    for (const [j, child] of (top.sections ?? []).entries())
      section(child as DocSection, `sections[${i}].sections[${j}]`);
  }
  return lines;
}

/** A document field of a row from a named sheet, as that sheet's column (`name.it` → `name_it`). */
function columnOf(place: string, field: string): string {
  const translated = /^(name|notes|description)\.([a-z]{2})$/.exec(field);
  if (translated) return `${translated[1]}_${translated[2]}`;
  if (field === 'parent_id') return 'parent';
  if (field === 'category_id') return 'section';
  if (field === 'name' && place.startsWith(`${SHEET_NAMES.wineries}.`)) return 'winery';
  return field;
}

/**
 * Errors of a document made from a file, named by the row they came from: `sections[0].items[1].price`
 * → `rows[5].price`, `sections[2].name.en` → `Sections.rows[4].name_en`. A path with no row of the
 * file (a row the file left as it was) keeps its document path.
 */
export function sheetIssues(issues: FieldIssue[], lines: Map<string, string>): FieldIssue[] {
  return issues.map((issue) => {
    const parts = issue.field.split('.');
    for (let cut = parts.length - 1; cut > 0; cut--) {
      const place = lines.get(parts.slice(0, cut).join('.'));
      const rest = parts.slice(cut).join('.');
      // A section's row does not answer for its dishes' or sub-categories' own problems.
      if (place === undefined || /^(items|sub_categories|sections|options)\[/.test(rest)) continue;
      const named = place.includes('.rows[');
      return { ...issue, field: `${place}.${named ? columnOf(place, rest) : rest}` };
    }
    return issue;
  });
}
