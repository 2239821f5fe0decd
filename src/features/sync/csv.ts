// The dishes as a spreadsheet: one row per dish, a column per language for names and
// descriptions, one per allergen and dietary label, and a price and labels per variant. Export writes `,` or `;` (Italian Excel
// expects `;`); import detects which one the header uses. An imported CSV changes dishes only: it
// is laid over the current whole-menu document (sections, sub-categories and wineries as they
// are, found by name or external_id), then applied like any document; an error names its line.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { type FieldIssue, ValidationError } from '../../core/errors.js';
import { LOCALES } from '../../i18n/locales.js';
import { formatAmount, machinePrice, parsePrice } from '../../i18n/money.js';
import { foldText } from '../../i18n/text.js';
import { ALLERGEN_KEYS } from '../../resources/allergens/data.js';
import { DIETARY_KEYS } from '../../resources/dietary/data.js';
import { type DocItem, type DocSection, exportDocument, type MenuDocument } from './document.js';

export type Delimiter = ',' | ';';

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

export const CSV_COLUMNS = [
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
];

function quote(value: string, delimiter: Delimiter): string {
  return /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replaceAll('"', '""')}"` : value;
}

const yes = (on: boolean | undefined) => (on ? '1' : '');

/** Every dish of the menu as CSV text (with a header line), in menu order. */
export function exportCsv(snapshot: MenuSnapshot, delimiter: Delimiter): string {
  const doc = exportDocument(snapshot);
  const locale = snapshot.settings.default_locale;
  const nameOf = (t: Record<string, string> | undefined) => t?.[locale] ?? Object.values(t ?? {})[0] ?? '';
  const wineries = new Map((doc.wineries ?? []).map((w) => [w.id, w.name]));
  const lines = [CSV_COLUMNS.join(delimiter)];
  // Italian Excel (the ';' file) reads 12,50 as a number; 12.5 would become a date.
  const money = (value: number) => (delimiter === ';' ? formatAmount(value, 'it') : machinePrice(value));
  const sectionRows = (section: DocSection, label: string) => {
    const types = new Map((section.sub_categories ?? []).map((t) => [t.id, nameOf(t.name)]));
    for (const item of section.items ?? []) {
      const cells: string[] = [
        String(item.id ?? ''),
        item.external_id ?? '',
        label,
        section.external_id ?? '',
        item.type_id ? (types.get(item.type_id) ?? '') : '',
        item.winery_id ? (wineries.get(item.winery_id) ?? '') : '',
        money(item.price),
        ...LOCALES.map((l) => item.name[l] ?? ''),
        ...LOCALES.map((l) => item.description?.[l] ?? ''),
        ...ALLERGEN_KEYS.map((k) => yes(item.allergens?.includes(k))),
        ...ALLERGEN_KEYS.map((k) => yes(item.allergen_traces?.includes(k))),
        ...DIETARY_KEYS.map((k) => yes(item.dietary?.includes(k))),
        yes(item.is_active),
        yes(item.is_recommended),
        String(item.display_order ?? ''),
        ...VARIANT_NUMBERS.flatMap((n) => {
          const v = item.variants?.[n - 1];
          return [v ? money(v.price) : '', ...LOCALES.map((l) => v?.label[l] ?? '')];
        }),
      ];
      lines.push(cells.map((c) => quote(c, delimiter)).join(delimiter));
    }
  };
  for (const section of doc.sections) {
    const label = nameOf(section.name);
    sectionRows(section, label);
    for (const child of section.sections ?? []) sectionRows(child as DocSection, `${label} > ${nameOf(child.name)}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `,` or `;`, whichever the header line uses more (outside quotes). */
export function detectDelimiter(text: string): Delimiter {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** RFC 4180 records: quoted fields may hold the delimiter, quotes ("") and line breaks. */
export function parseCsv(text: string, delimiter: Delimiter): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** A cell of a language column: absent column keeps the text, an empty cell removes it. */
function setText(texts: Record<string, string>, locale: string, cell: string | undefined): void {
  if (cell === undefined) return;
  if (cell === '') delete texts[locale];
  else texts[locale] = cell;
}

const truthy = (cell: string | undefined) =>
  ['1', 'x', 'X', 'yes', 'sì', 'si', 'true', 'TRUE'].includes((cell ?? '').trim());

/** Errors of a document made from a CSV, named by the CSV line of the dish (`rows[5].price`). */
export function csvIssues(issues: FieldIssue[], lines: Map<string, number>): FieldIssue[] {
  return issues.map((issue) => {
    const match = /^(sections\[\d+\](?:\.sections\[\d+\])?\.items\[\d+\])\.(.+)$/.exec(issue.field);
    const line = match ? lines.get(match[1]) : undefined;
    return line === undefined ? issue : { ...issue, field: `rows[${line}].${match![2]}` };
  });
}

/** A price as people type it in a spreadsheet (`12,50`, `1.234,50`, `€ 12`): the money module's reading. */
function priceOf(cell: string): number | string {
  return parsePrice(cell) ?? cell;
}

/**
 * Lays the CSV's dishes over the current document. Returns the document to apply and, for each
 * dish path in it, the CSV line it came from (so errors can name the line).
 */
export function csvToDocument(snapshot: MenuSnapshot, text: string): { doc: MenuDocument; lines: Map<string, number> } {
  const delimiter = detectDelimiter(text);
  const [header, ...rows] = parseCsv(text, delimiter);
  const issues: FieldIssue[] = [];
  const column = new Map((header ?? []).map((name, i) => [name.trim().toLowerCase(), i]));
  for (const required of ['section', 'price']) {
    if (!column.has(required)) issues.push({ field: `header.${required}`, rule: 'required' });
  }
  if (!NAME_COLUMNS.some((c) => column.has(c)))
    issues.push({ field: `header.name_${snapshot.settings.default_locale}`, rule: 'required' });
  if (issues.length > 0) throw new ValidationError(issues);

  const doc = exportDocument(snapshot);
  const defaultLocale = snapshot.settings.default_locale;
  const label = (t: Record<string, string>) => foldText(t[defaultLocale] ?? Object.values(t)[0] ?? '');
  const sections = new Map<string, DocSection>();
  for (const section of doc.sections) {
    sections.set(label(section.name), section);
    for (const child of section.sections ?? []) {
      sections.set(`${label(section.name)} > ${label(child.name)}`, child as DocSection);
    }
  }
  const wineries = new Map((doc.wineries ?? []).map((w) => [foldText(w.name), w]));
  const lines = new Map<string, number>();
  const csvLineOf = new Map<DocItem, number>();

  for (const [index, row] of rows.entries()) {
    const line = index + 2; // the header is line 1
    const cell = (name: string) => {
      const at = column.get(name);
      return at === undefined ? undefined : (row[at] ?? '').trim();
    };
    const sectionKey = cell('section_external_id');
    const byExternal = sectionKey ? [...sections.values()].find((s) => s.external_id === sectionKey) : undefined;
    const sectionName = cell('section') ?? '';
    const section =
      byExternal ??
      sections.get(
        sectionName
          .split('>')
          .map((part) => foldText(part.trim()))
          .join(' > '),
      );
    if (!section) {
      issues.push({ field: `rows[${line}].section`, rule: 'exists' });
      continue;
    }
    section.items ??= [];
    const id = Number(cell('id'));
    const externalId = cell('external_id') || undefined;
    let item = section.items.find(
      (i) =>
        (externalId !== undefined && i.external_id === externalId) ||
        (externalId === undefined && Number.isInteger(id) && id > 0 && i.id === id),
    );
    if (!item) {
      // A dish may move between sections: take it out of where it was.
      for (const other of sections.values()) {
        const at = (other.items ?? []).findIndex(
          (i) =>
            (externalId !== undefined && i.external_id === externalId) ||
            (externalId === undefined && id > 0 && i.id === id),
        );
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
    csvLineOf.set(item, line);
    const names: Record<string, string> = { ...item.name };
    const descriptions: Record<string, string> = { ...item.description };
    for (const locale of LOCALES) {
      setText(names, locale, cell(`name_${locale}`));
      setText(descriptions, locale, cell(`description_${locale}`));
    }
    item.name = names;
    item.description = descriptions;
    const price = cell('price');
    if (price !== undefined) item.price = priceOf(price) as number;
    if (ALLERGEN_COLUMNS.some((c) => column.has(c))) {
      item.allergens = ALLERGEN_KEYS.filter((k) => truthy(cell(`allergen_${k}`)));
    }
    if (TRACE_COLUMNS.some((c) => column.has(c))) {
      item.allergen_traces = ALLERGEN_KEYS.filter((k) => truthy(cell(`trace_${k}`)));
    }
    if (DIETARY_COLUMNS.some((c) => column.has(c)))
      item.dietary = DIETARY_KEYS.filter((k) => truthy(cell(`diet_${k}`)));
    if (column.has('is_active')) item.is_active = truthy(cell('is_active'));
    if (column.has('is_recommended')) item.is_recommended = truthy(cell('is_recommended'));
    if (VARIANT_COLUMNS.some((c) => column.has(c))) {
      // Filled rows in order; variant 1 without a price of its own takes the dish's price.
      const variants = VARIANT_NUMBERS.flatMap((n) => {
        const label: Record<string, string> = {};
        for (const locale of LOCALES) setText(label, locale, cell(`variant_${n}_label_${locale}`));
        const typed = cell(`variant_${n}_price`) ?? '';
        if (typed === '' && Object.keys(label).length === 0) return [];
        const price = typed === '' && n === 1 ? item.price : priceOf(typed);
        return [{ label, price: price as number }];
      });
      item.variants = variants;
    }
    const order = cell('display_order');
    if (order) item.display_order = Number(order);
    const typeName = cell('sub_category');
    if (typeName !== undefined) {
      const type = typeName
        ? (section.sub_categories ?? []).find((t) => label(t.name) === foldText(typeName))
        : undefined;
      if (typeName && !type) issues.push({ field: `rows[${line}].sub_category`, rule: 'exists' });
      item.type_id = type?.id ?? null;
      item.type_external_id = null;
    }
    const wineryName = cell('winery');
    if (wineryName !== undefined) {
      const winery = wineryName ? wineries.get(foldText(wineryName)) : undefined;
      if (wineryName && !winery) issues.push({ field: `rows[${line}].winery`, rule: 'exists' });
      item.winery_id = winery?.id ?? null;
      item.winery_external_id = null;
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  // Paths of the dishes in the document, for errors: `sections[0].items[3]` → its CSV line.
  for (const [i, section] of doc.sections.entries()) {
    const note = (s: DocSection, path: string) => {
      for (const [j, item] of (s.items ?? []).entries()) {
        const line = csvLineOf.get(item as DocItem);
        if (line !== undefined) lines.set(`${path}.items[${j}]`, line);
      }
    };
    note(section, `sections[${i}]`);
    for (const [j, child] of (section.sections ?? []).entries())
      note(child as DocSection, `sections[${i}].sections[${j}]`);
  }
  return { doc, lines };
}
