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
