// The cells every spreadsheet table shares (dishes, options): typed export cells, rows read from a
// file, and the formula guard — `'` before text a spreadsheet would run as a formula, removed
// exactly on import (OWASP's CSV injection advice).

/** A cell of the export: text, a number (price or integer), a flag, or nothing. */
export type ExportCell = string | number | boolean | null;

/** Text a spreadsheet would run as a formula, also after prefixes already there (`'=…`). */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const PROTECTED = /^'+[=+\-@\t\r]/;

/** A text cell as written to a file: `'` before a formula-like text (OWASP's CSV injection advice). */
export function protectText(text: string): string {
  return FORMULA_LIKE.test(text) ? `'${text}` : text;
}

/** The text of a cell read from a file: exactly the one `'` protectText added is removed. */
export function unprotectText(text: string): string {
  return PROTECTED.test(text) ? text.slice(1) : text;
}

/** A row read from a file: its line (or sheet row) number and its cells, text as written or numbers (xlsx). */
export interface SheetRow {
  line: number;
  cells: (string | number)[];
}

/** A flag cell as people type one in a spreadsheet (1, x, yes, sì, true… in the five languages' spreadsheets). */
export const truthy = (cell: string | undefined) =>
  ['1', 'x', 'X', 'yes', 'sì', 'si', 'true', 'TRUE', 'VERO', 'WAHR', 'VRAI'].includes((cell ?? '').trim());

/** One table of a file: its header as written and its rows. */
export interface SheetTable {
  header: string[];
  rows: SheetRow[];
}

/** The kinds of table a spreadsheet file may hold; a CSV holds one (dishes, or options told by its header). */
export type SheetKind = 'dishes' | 'sections' | 'sub_categories' | 'wineries' | 'options';

/** A file's tables by kind: a kind absent (its sheet missing) changes nothing of that kind. */
export type SheetTables = Partial<Record<SheetKind, SheetTable>>;

/** The workbook's sheet of each kind, by the name export gives it (and import looks for). */
export const SHEET_NAMES: Record<SheetKind, string> = {
  dishes: 'Dishes',
  sections: 'Sections',
  sub_categories: 'Sub-categories',
  wineries: 'Wineries',
  options: 'Options',
};

/**
 * Where a row's errors are reported: `rows[5]` in the dishes' table (as CSV and older workbooks
 * always said), `Sections.rows[5]` in another sheet, so an error names its sheet too.
 */
export function rowField(kind: SheetKind, line: number): string {
  return kind === 'dishes' ? `rows[${line}]` : `${SHEET_NAMES[kind]}.rows[${line}]`;
}

/** A cell of a language column: absent column keeps the text, an empty cell removes it. */
export function setText(texts: Record<string, string>, locale: string, cell: string | undefined): void {
  if (cell === undefined) return;
  if (cell.trim() === '') delete texts[locale];
  else texts[locale] = cell;
}

/** A table's cells by column name (any case, outer spaces ignored), as text, typed, or trimmed. */
export function cellReader(header: string[]) {
  const column = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  return {
    has: (name: string) => column.has(name),
    row(cells: (string | number)[]) {
      /** The cell as read (a workbook's number stays a number); undefined: no such column. */
      const raw = (name: string) => {
        const at = column.get(name);
        return at === undefined ? undefined : (cells[at] ?? '');
      };
      /** A text cell exactly as typed, without the formula guard's prefix. */
      const text = (name: string) => {
        const value = raw(name);
        return value === undefined ? undefined : unprotectText(String(value));
      };
      /** A cell that names or counts something: the spaces a spreadsheet pads it with do not matter. */
      const plain = (name: string) => text(name)?.trim();
      return { raw, text, plain };
    },
  };
}
