// The dishes as an Excel workbook (ExcelJS): the sheet "Dishes" holds the same columns as the CSV,
// prices as numbers shown with two decimals, allergens and other flags as `x` or empty, a frozen
// header row and columns wide enough to read; the sheets "Sections", "Sub-categories" and
// "Wineries" list the names the dishes' cells may use. Import reads the "Dishes" sheet (else the
// first one), streamed, like a CSV: a cell holding a formula, an Excel error, or a date where a
// price belongs is an error naming its row, since its value is not what the owner sees.
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { type FieldIssue, ValidationError } from '../../core/errors.js';
import { LOCALES } from '../../i18n/locales.js';
import { exportDocument } from './document.js';
import { OPTION_COLUMNS, optionTable } from './option-sheet.js';
import {
  columnKind,
  DISH_COLUMNS,
  dishTable,
  type ExportCell,
  protectText,
  type SheetRow,
  tableToDocument,
} from './sheet.js';

/**
 * ExcelJS and what it pulls in (about 400 modules, a third of a second) load with the first
 * workbook, in the worker that handles it, not with every server and test process.
 */
let Excel: typeof ExcelJS;
async function excel(): Promise<typeof ExcelJS> {
  Excel ??= (await import('exceljs')).default;
  return Excel;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DISHES_SHEET = 'Dishes';

/** An xlsx file is a zip archive: "PK\x03\x04". */
export function looksLikeXlsx(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

const KINDS = DISH_COLUMNS.map(columnKind);

function widthOf(column: string): number {
  const kind = columnKind(column);
  if (kind === 'flag') return Math.max(6, column.length * 0.9);
  if (kind === 'price' || kind === 'integer') return Math.max(10, column.length + 2);
  if (/^(name|section|sub_category|winery)/.test(column)) return 30;
  if (column.startsWith('description')) return 45;
  return Math.max(14, column.length + 2);
}

function addSheet(workbook: ExcelJS.Workbook, name: string, header: string[], rows: ExportCell[][]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((column) => ({ header: column, key: column, width: widthOf(column) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(row.map((value) => (typeof value === 'string' ? protectText(value) : value)));
  }
  return sheet;
}

/** The workbook of the menu's dishes (and the names they refer to), as the bytes of an .xlsx file. */
/** The workbook's sheets as plain rows (built from the snapshot here; written by `renderXlsx`, off the request thread). */
export interface XlsxTables {
  dishes: ExportCell[][];
  /** The option groups and their options (option-sheet.ts), for reference. */
  options: ExportCell[][];
  sections: ExportCell[][];
  types: ExportCell[][];
  wineries: ExportCell[][];
}

export function xlsxTables(snapshot: MenuSnapshot): XlsxTables {
  const dishes = dishTable(snapshot).map((row) =>
    row.map((value, at) => (KINDS[at] === 'flag' ? (value ? 'x' : null) : value === '' ? null : value)),
  );
  const doc = exportDocument(snapshot);
  const locale = snapshot.settings.default_locale;
  const nameOf = (t: Record<string, string> | undefined) => t?.[locale] ?? Object.values(t ?? {})[0] ?? '';
  const sectionRows: ExportCell[][] = [];
  const typeRows: ExportCell[][] = [];
  for (const top of doc.sections) {
    const label = nameOf(top.name);
    const entries = [
      { section: top, label },
      ...(top.sections ?? []).map((child) => ({ section: child, label: `${label} > ${nameOf(child.name)}` })),
    ];
    for (const { section, label: path } of entries) {
      sectionRows.push([
        section.id ?? null,
        section.external_id ?? null,
        path,
        ...LOCALES.map((l) => section.name[l] ?? null),
        section.is_active ? 'x' : null,
      ]);
      for (const type of section.sub_categories ?? []) {
        typeRows.push([path, nameOf(type.name), type.external_id ?? null, ...LOCALES.map((l) => type.name[l] ?? null)]);
      }
    }
  }
  const wineries = (doc.wineries ?? []).map((w) => [
    w.name,
    w.external_id ?? null,
    w.region ?? null,
    w.country ?? null,
  ]);
  const optionKinds = OPTION_COLUMNS.map(columnKind);
  const options = optionTable(snapshot).map((row) =>
    row.map((value, at) => (optionKinds[at] === 'flag' ? (value ? 'x' : null) : value === '' ? null : value)),
  );
  return { dishes, options, sections: sectionRows, types: typeRows, wineries };
}

/** The workbook's bytes from its tables: the CPU-heavy part (run by the worker pool, sheet-jobs.ts). */
export async function renderXlsx(tables: XlsxTables): Promise<Uint8Array> {
  const workbook = new (await excel()).Workbook();
  workbook.creator = 'menu-service';
  const dishes = addSheet(workbook, DISHES_SHEET, DISH_COLUMNS, tables.dishes);
  for (const [at, kind] of KINDS.entries()) {
    if (kind === 'price') dishes.getColumn(at + 1).numFmt = '0.00';
  }
  addSheet(
    workbook,
    'Sections',
    ['id', 'external_id', 'section', ...LOCALES.map((l) => `name_${l}`), 'is_active'],
    tables.sections,
  );
  addSheet(
    workbook,
    'Sub-categories',
    ['section', 'sub_category', 'external_id', ...LOCALES.map((l) => `name_${l}`)],
    tables.types,
  );
  addSheet(workbook, 'Wineries', ['winery', 'external_id', 'region', 'country'], tables.wineries);
  const options = addSheet(workbook, 'Options', OPTION_COLUMNS, tables.options);
  for (const [at, column] of OPTION_COLUMNS.entries()) {
    if (columnKind(column) === 'price') options.getColumn(at + 1).numFmt = '0.00';
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The whole workbook in this thread (the CLI; the server goes through the worker pool). */
export async function exportXlsx(snapshot: MenuSnapshot): Promise<Buffer> {
  return Buffer.from(await renderXlsx(xlsxTables(snapshot)));
}

/** A cell's value as the table reads it: text, or a number; problems go to `issues`. */
function cellValue(cell: ExcelJS.Cell, column: string, field: string, issues: FieldIssue[]): string | number {
  const value = cell.value;
  switch (cell.type) {
    case Excel.ValueType.Null:
    case Excel.ValueType.Merge:
      return '';
    case Excel.ValueType.Number:
      return value as number;
    case Excel.ValueType.String:
    case Excel.ValueType.SharedString:
      return String(value);
    case Excel.ValueType.RichText:
      return (value as ExcelJS.CellRichTextValue).richText.map((part) => part.text).join('');
    case Excel.ValueType.Hyperlink:
      return String((value as ExcelJS.CellHyperlinkValue).text ?? '');
    case Excel.ValueType.Boolean:
      return value ? '1' : '';
    case Excel.ValueType.Date:
      if (columnKind(column) !== 'text') {
        issues.push({ field, rule: 'xlsx_date', params: { attribute: column } });
        return '';
      }
      return (value as Date).toISOString().slice(0, 10);
    case Excel.ValueType.Formula:
      issues.push({ field, rule: 'xlsx_formula', params: { attribute: column } });
      return '';
    case Excel.ValueType.Error:
      issues.push({
        field,
        rule: 'xlsx_error_value',
        params: { attribute: column, value: String((value as ExcelJS.CellErrorValue).error) },
      });
      return '';
    default:
      return String(cell.text ?? '');
  }
}

/** Most dishes a workbook may hold: a 10 MiB upload cannot hold more than this many rows of real dishes anyway. */
export const XLSX_MAX_ROWS = 20_000;

/**
 * The header and dish rows of a workbook's bytes; throws a ValidationError for an unreadable file or
 * bad cells. Read as a stream (ExcelJS's WorkbookReader): the whole workbook's model of an 8,000-row
 * sheet does not fit the server's 192 MB heap, the rows of this table do.
 */
export async function readXlsx(bytes: Buffer): Promise<{ header: string[]; rows: SheetRow[] }> {
  try {
    return await readXlsxStream(bytes);
  } catch (err) {
    // ExcelJS's streaming reader now and then (about one read in a few hundred) fails on a
    // workbook it reads the next time: a small file is then read whole, the way Excel opens it.
    if (!(err instanceof ValidationError) || bytes.length > LOADED_MAX_BYTES) throw err;
    if (!err.issues.some((issue) => issue.rule === 'xlsx_unreadable')) throw err;
    return readXlsxLoaded(bytes);
  }
}

/** Workbooks up to this size may be read whole when the stream fails (well within a worker's heap). */
const LOADED_MAX_BYTES = 2 * 1024 * 1024;

/** Rows as either reader meets them: the first is the header, the others dishes (empty ones skipped). */
function sheetTable() {
  let header: string[] | undefined;
  const rows: SheetRow[] = [];
  const issues: FieldIssue[] = [];
  return {
    add(row: ExcelJS.Row): void {
      if (!header) {
        header = [];
        for (let c = 1; c <= row.cellCount; c++) header.push(String(row.getCell(c).text ?? '').trim());
        return;
      }
      const line = row.number;
      const cells = header.map((column, at) =>
        cellValue(row.getCell(at + 1), column, `rows[${line}].${column || `column_${at + 1}`}`, issues),
      );
      if (cells.some((cell) => String(cell).trim() !== '')) rows.push({ line, cells });
      if (rows.length > XLSX_MAX_ROWS) {
        throw new ValidationError([{ field: 'file', rule: 'xlsx_too_many_rows', params: { max: XLSX_MAX_ROWS } }]);
      }
    },
    /** The table read, or the bad cells' issues thrown. */
    done(): { header: string[]; rows: SheetRow[] } {
      if (issues.length > 0) throw new ValidationError(issues);
      return { header: header ?? [], rows };
    },
  };
}

async function readXlsxLoaded(bytes: Buffer): Promise<{ header: string[]; rows: SheetRow[] }> {
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new ValidationError([{ field: 'file', rule: 'xlsx_unreadable' }]);
  }
  const sheet = workbook.getWorksheet(DISHES_SHEET) ?? workbook.worksheets[0];
  if (!sheet) throw new ValidationError([{ field: 'file', rule: 'xlsx_unreadable' }]);
  const table = sheetTable();
  sheet.eachRow({ includeEmpty: false }, (row) => table.add(row));
  return table.done();
}

async function readXlsxStream(bytes: Buffer): Promise<{ header: string[]; rows: SheetRow[] }> {
  const reader = new (await excel()).stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const table = sheetTable();
  let read = false;
  try {
    for await (const worksheet of reader) {
      const sheets = ((reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []).map(
        (sheet) => sheet.name,
      );
      const wanted = sheets.includes(DISHES_SHEET) ? DISHES_SHEET : undefined;
      const name = (worksheet as unknown as { name?: string }).name;
      if (read || (wanted !== undefined && name !== wanted)) {
        // Read through, not left behind: a sheet left unread made one read in a few hundred fail.
        for await (const _ of worksheet);
        continue;
      }
      read = true;
      for await (const row of worksheet) table.add(row);
    }
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw new ValidationError([{ field: 'file', rule: 'xlsx_unreadable' }]);
  }
  if (!read) throw new ValidationError([{ field: 'file', rule: 'xlsx_unreadable' }]);
  return table.done();
}

/** The workbook's dishes laid over the current menu (see sheet.ts `tableToDocument`). */
export async function xlsxToDocument(snapshot: MenuSnapshot, bytes: Buffer) {
  const { header, rows } = await readXlsx(bytes);
  return tableToDocument(snapshot, header, rows);
}
