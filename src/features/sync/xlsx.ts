// The menu as an Excel workbook (ExcelJS): the sheet "Dishes" holds the same columns as the CSV,
// prices as numbers shown with two decimals, allergens and other flags as `x` or empty, a frozen
// header row and columns wide enough to read; the sheets "Sections", "Sub-categories", "Wineries"
// (menu-sheets.ts) and "Options" (option-sheet.ts) hold those rows. Import reads each of those
// sheets the file holds (a workbook with none of those names: its first sheet, as the dishes),
// streamed: a cell holding a formula, an Excel error, or a date where a number belongs is an error
// naming its sheet and row, since its value is not what the owner sees.
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { type FieldIssue, ValidationError } from '../../core/errors.js';
import { rowField, SHEET_NAMES, type SheetKind, type SheetRow, type SheetTable, type SheetTables } from './cells.js';
import {
  referenceTables,
  SECTION_COLUMNS,
  SUB_CATEGORY_COLUMNS,
  sheetsToDocument,
  WINERY_COLUMNS,
} from './menu-sheets.js';
import { OPTION_COLUMNS, optionTable } from './option-sheet.js';
import { columnKind, DISH_COLUMNS, dishTable, type ExportCell, protectText } from './sheet.js';

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
export const DISHES_SHEET = SHEET_NAMES.dishes;

/** An xlsx file is a zip archive: "PK\x03\x04". */
export function looksLikeXlsx(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function widthOf(column: string): number {
  const kind = columnKind(column);
  if (kind === 'flag') return Math.max(6, column.length * 0.9);
  if (kind === 'price' || kind === 'integer') return Math.max(10, column.length + 2);
  if (/^(name|section|sub_category|winery|parent)/.test(column)) return 30;
  if (/^(description|notes)/.test(column)) return 45;
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
  /** The option groups and their options (option-sheet.ts). */
  options: ExportCell[][];
  sections: ExportCell[][];
  types: ExportCell[][];
  wineries: ExportCell[][];
}

/** A table's typed cells as the workbook writes them: flags as `x` or empty, empty text as an empty cell. */
function workbookCells(columns: string[], table: ExportCell[][]): ExportCell[][] {
  const kinds = columns.map(columnKind);
  return table.map((row) =>
    row.map((value, at) => (kinds[at] === 'flag' ? (value ? 'x' : null) : value === '' ? null : value)),
  );
}

export function xlsxTables(snapshot: MenuSnapshot): XlsxTables {
  const { sections, types, wineries } = referenceTables(snapshot);
  return {
    dishes: workbookCells(DISH_COLUMNS, dishTable(snapshot)),
    options: workbookCells(OPTION_COLUMNS, optionTable(snapshot)),
    sections: workbookCells(SECTION_COLUMNS, sections),
    types: workbookCells(SUB_CATEGORY_COLUMNS, types),
    wineries: workbookCells(WINERY_COLUMNS, wineries),
  };
}

/** The workbook's bytes from its tables: the CPU-heavy part (run by the worker pool, sheet-jobs.ts). */
export async function renderXlsx(tables: XlsxTables): Promise<Uint8Array> {
  const workbook = new (await excel()).Workbook();
  workbook.creator = 'menu-service';
  const sheets: [string, string[], ExportCell[][]][] = [
    [SHEET_NAMES.dishes, DISH_COLUMNS, tables.dishes],
    [SHEET_NAMES.sections, SECTION_COLUMNS, tables.sections],
    [SHEET_NAMES.sub_categories, SUB_CATEGORY_COLUMNS, tables.types],
    [SHEET_NAMES.wineries, WINERY_COLUMNS, tables.wineries],
    [SHEET_NAMES.options, OPTION_COLUMNS, tables.options],
  ];
  for (const [name, columns, rows] of sheets) {
    const sheet = addSheet(workbook, name, columns, rows);
    // Prices as numbers shown with two decimals.
    for (const [at, column] of columns.entries()) {
      if (columnKind(column) === 'price') sheet.getColumn(at + 1).numFmt = '0.00';
    }
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

/** Most rows a sheet may hold: a 10 MiB upload cannot hold more than this many rows of real dishes anyway. */
export const XLSX_MAX_ROWS = 20_000;

/**
 * The tables of a workbook's bytes: the sheets named as export names them (Dishes, Sections,
 * Sub-categories, Wineries, Options), each present one read; a workbook with none of those names
 * has its first sheet read as the dishes (or the options, told by its header), as before. Throws a
 * ValidationError for an unreadable file or bad cells (every sheet's). Read as a stream (ExcelJS's
 * WorkbookReader): the whole workbook's model of an 8,000-row sheet does not fit the server's 192
 * MB heap, the rows of these tables do.
 */
export async function readXlsx(bytes: Buffer): Promise<SheetTables> {
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

/** Which table a sheet holds, by its name (as export writes it, any case); undefined: not one of ours. */
function kindOfSheet(name: string | undefined): SheetKind | undefined {
  const wanted = (name ?? '').trim().toLowerCase();
  return (Object.keys(SHEET_NAMES) as SheetKind[]).find((kind) => SHEET_NAMES[kind].toLowerCase() === wanted);
}

/** Which sheets of a workbook to read: each of ours by name, else (none of ours) the first as the dishes. */
function sheetChooser(names: string[]) {
  const ours = names.some((name) => kindOfSheet(name) !== undefined);
  const taken = new Set<SheetKind>();
  return (name: string | undefined, index: number): SheetKind | undefined => {
    const kind = ours ? kindOfSheet(name) : index === 0 ? 'dishes' : undefined;
    // A second sheet of the same name (two cases of one word) is not read twice.
    if (kind === undefined || taken.has(kind)) return undefined;
    taken.add(kind);
    return kind;
  };
}

/** Rows as either reader meets them: the first is the header, the others the table's rows (empty ones skipped). */
function sheetTable(kind: SheetKind, issues: FieldIssue[]) {
  let header: string[] | undefined;
  const rows: SheetRow[] = [];
  return {
    add(row: ExcelJS.Row): void {
      if (!header) {
        header = [];
        for (let c = 1; c <= row.cellCount; c++) header.push(String(row.getCell(c).text ?? '').trim());
        return;
      }
      const line = row.number;
      const at = rowField(kind, line);
      // findCell, not getCell: a cell the file leaves out (most of a row's 84 columns) is empty, and
      // getCell would make a Cell object (and its address) for each of them.
      const cells = header.map((column, i) => {
        const cell = row.findCell(i + 1);
        return cell === undefined ? '' : cellValue(cell, column, `${at}.${column || `column_${i + 1}`}`, issues);
      });
      if (cells.some((cell) => String(cell).trim() !== '')) rows.push({ line, cells });
      if (rows.length > XLSX_MAX_ROWS) {
        throw new ValidationError([{ field: 'file', rule: 'xlsx_too_many_rows', params: { max: XLSX_MAX_ROWS } }]);
      }
    },
    table(): SheetTable {
      return { header: header ?? [], rows };
    },
  };
}

/** Collects the tables of the sheets read; throws every bad cell's issue at the end. */
function tablesCollector() {
  const issues: FieldIssue[] = [];
  const tables: SheetTables = {};
  const open: { kind: SheetKind; table: ReturnType<typeof sheetTable> }[] = [];
  return {
    sheet(kind: SheetKind) {
      const table = sheetTable(kind, issues);
      open.push({ kind, table });
      return table;
    },
    done(): SheetTables {
      if (open.length === 0) throw new ValidationError([{ field: 'file', rule: 'xlsx_unreadable' }]);
      if (issues.length > 0) throw new ValidationError(issues);
      for (const { kind, table } of open) tables[kind] = table.table();
      return tables;
    },
  };
}

async function readXlsxLoaded(bytes: Buffer): Promise<SheetTables> {
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new ValidationError([{ field: 'file', rule: 'xlsx_unreadable' }]);
  }
  const choose = sheetChooser(workbook.worksheets.map((sheet) => sheet.name));
  const collector = tablesCollector();
  for (const [index, sheet] of workbook.worksheets.entries()) {
    const kind = choose(sheet.name, index);
    if (kind === undefined) continue;
    const table = collector.sheet(kind);
    sheet.eachRow({ includeEmpty: false }, (row) => table.add(row));
  }
  return collector.done();
}

async function readXlsxStream(bytes: Buffer): Promise<SheetTables> {
  const reader = new (await excel()).stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const collector = tablesCollector();
  let choose: ReturnType<typeof sheetChooser> | undefined;
  let index = 0;
  try {
    for await (const worksheet of reader) {
      choose ??= sheetChooser(
        ((reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []).map(
          (sheet) => sheet.name,
        ),
      );
      const kind = choose((worksheet as unknown as { name?: string }).name, index++);
      if (kind === undefined) {
        // Read through, not left behind: a sheet left unread made one read in a few hundred fail.
        for await (const _ of worksheet);
        continue;
      }
      const table = collector.sheet(kind);
      for await (const row of worksheet) table.add(row);
    }
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw new ValidationError([{ field: 'file', rule: 'xlsx_unreadable' }]);
  }
  return collector.done();
}

/** The workbook's sheets laid over the current menu (see menu-sheets.ts `sheetsToDocument`). */
export async function xlsxToDocument(snapshot: MenuSnapshot, bytes: Buffer, options: { prune?: boolean } = {}) {
  return sheetsToDocument(snapshot, await readXlsx(bytes), options);
}
