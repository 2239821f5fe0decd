// The dishes as CSV (the table of sheet.ts), read and written by csv-parse / csv-stringify. Export
// writes UTF-8 with a byte order mark (without it Excel reads UTF-8 as Windows-1252: "ragÃ¹"), and
// `,` or `;` (Italian Excel expects `;` and 12,50); import takes the bytes in any encoding a
// spreadsheet writes (encoding.ts), finds which delimiter the header uses (`,`, `;`, or the tab of
// Excel's UTF-16 "Unicode text"), and names errors by the
// spreadsheet's row number (the header is row 1; a quoted line break stays in its row).
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { ValidationError } from '../../core/errors.js';
import { formatAmount, machinePrice } from '../../i18n/money.js';
import type { SheetTables } from './cells.js';
import { decodeSpreadsheetText } from './encoding.js';
import { sheetIssues, sheetsToDocument } from './menu-sheets.js';
import { OPTION_COLUMNS, optionTable } from './option-sheet.js';
import { columnKind, DISH_COLUMNS, dishTable, type ExportCell, protectText, type SheetRow } from './sheet.js';

export type Delimiter = ',' | ';';
/** What a header may be separated by: also the tab of Excel's "Unicode text" (UTF-16, tab-separated). */
export type ReadDelimiter = Delimiter | '\t';
export const CSV_COLUMNS = DISH_COLUMNS;
/** Errors of a document made from a CSV, named by its row. */
export const csvIssues = sheetIssues;

/** A table as CSV bytes: UTF-8 with a byte order mark, a header row, CR LF line ends. */
function tableCsv(columns: string[], table: ExportCell[][], delimiter: Delimiter): Buffer {
  const kinds = columns.map(columnKind);
  // Italian Excel (the ';' file) reads 12,50 as a number; 12.5 would become a date.
  const money = (value: number) => (delimiter === ';' ? formatAmount(value, 'it') : machinePrice(value));
  const cell = (value: ExportCell, at: number): string => {
    if (value === null) return '';
    if (typeof value === 'boolean') return value ? '1' : '';
    if (typeof value === 'number') return kinds[at] === 'price' ? money(value) : String(value);
    return protectText(value);
  };
  const rows = table.map((row) => row.map(cell));
  const text = stringify([columns, ...rows], {
    delimiter,
    record_delimiter: 'windows',
    // Outer spaces quoted too, so no reader can take them for padding.
    quoted_match: /^\s|\s$/,
  });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

/** Every dish of the menu as CSV bytes. */
export function exportCsv(snapshot: MenuSnapshot, delimiter: Delimiter): Buffer {
  return tableCsv(DISH_COLUMNS, dishTable(snapshot), delimiter);
}

/** Every option group and option as CSV bytes (option-sheet.ts); sent back, it changes only them. */
export function exportOptionsCsv(snapshot: MenuSnapshot, delimiter: Delimiter): Buffer {
  return tableCsv(OPTION_COLUMNS, optionTable(snapshot), delimiter);
}

/** `,`, `;` or a tab, whichever the header line uses most (`,` when none). */
export function detectDelimiter(text: string): ReadDelimiter {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (d: string) => header.split(d).length - 1;
  return ([';', '\t'] as const).reduce<ReadDelimiter>((best, d) => (count(d) > count(best) ? d : best), ',');
}

/** RFC 4180 records (quoted fields may hold the delimiter, quotes and line breaks); rows of blank cells left out. */
export function parseCsv(text: string, delimiter: ReadDelimiter): SheetRow[] {
  let records: string[][];
  try {
    // relax_quotes: a quote inside an unquoted field (12" pizza) is kept as typed, as spreadsheets read it.
    records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? 1;
      throw new ValidationError([{ field: `rows[${line}]`, rule: 'csv_malformed', params: { line } }]);
    }
    throw err;
  }
  return records
    .map((cells, index) => ({ line: index + 1, cells }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
}

/** The CSV's table: a CSV is one table, the dishes' (or the options', told by its header). */
export function csvTables(text: string): SheetTables {
  const [header, ...rows] = parseCsv(text, detectDelimiter(text));
  return { dishes: { header: (header?.cells ?? []).map((c) => String(c)), rows } };
}

/** The CSV's bytes, laid over the current menu (see menu-sheets.ts `sheetsToDocument`). */
export function csvToDocument(snapshot: MenuSnapshot, bytes: Buffer | string, options: { prune?: boolean } = {}) {
  const text = typeof bytes === 'string' ? bytes.replace(/^\uFEFF/, '') : decodeSpreadsheetText(bytes).text;
  return sheetsToDocument(snapshot, csvTables(text), options);
}
