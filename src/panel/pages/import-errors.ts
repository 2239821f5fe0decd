// The import page's errors as an owner reads them, one form for every kind of file: a spreadsheet's
// by row and column as its header writes it, a JSON document's by the row's path and name and the
// field as the document writes it; the value quoted, the whole message in the panel's language
// (`Row 69, column "price": "dodici" is not a price`).
import type { FieldIssue } from '../../core/errors.js';
import { SHEET_NAMES, type SheetKind, type SheetTables } from '../../features/sync/cells.js';
import { type Html, html } from '../../http/html.js';
import { formatMessage } from '../../i18n/messages.js';
import type { PanelContext } from '../context.js';
import { type ImportTexts, importTexts } from './import-texts.js';

/** A document field of a dish or option as the spreadsheet's header names its column (`name.it` is `name_it`). */
function columnOf(field: string): string {
  const text = /^(name|description)\.([a-z]{2})$/.exec(field);
  if (text) return `${text[1]}_${text[2]}`;
  const variant = /^variants\[(\d+)\]\.(price|label\.([a-z]{2}))$/.exec(field);
  if (variant) {
    const n = Number(variant[1]) + 1;
    return variant[3] ? `variant_${n}_label_${variant[3]}` : `variant_${n}_price`;
  }
  if (/^option_groups(\[|$)/.test(field)) return 'option_groups';
  return { category_id: 'section', type_id: 'sub_category', winery_id: 'winery' }[field] ?? field;
}

/** A row's place as an error names it: `rows[5].price` in the dishes' table, `Sections.rows[5].name_en` in another sheet. */
const ROW_FIELD = /^(?:([A-Za-z-]+)\.)?rows\[(\d+)\]\.(.+)$/;

/** The table a sheet's name stands for in an error's field (none: the dishes' table, or a CSV's one table). */
function kindNamed(sheet: string | undefined): SheetKind | undefined {
  if (sheet === undefined) return 'dishes';
  return (Object.keys(SHEET_NAMES) as SheetKind[]).find((kind) => kind !== 'dishes' && SHEET_NAMES[kind] === sheet);
}

/**
 * A row's error with the column as the file's header writes it and the cell's text, so the panel
 * can say `Row 69, column "price": "dodici" is not a price` (and in which sheet, for the
 * workbook's other sheets).
 */
export function withCells(issues: FieldIssue[], tables: SheetTables): FieldIssue[] {
  return issues.map((issue) => {
    const m = ROW_FIELD.exec(issue.field);
    const kind = m ? kindNamed(m[1]) : undefined;
    const table = kind ? tables[kind] : undefined;
    if (!m || !table) return issue;
    const column = columnOf(m[3]!);
    const index = table.header.findIndex((h) => h.trim().toLowerCase() === column);
    const row = table.rows.find((r) => r.line === Number(m[2]));
    if (index < 0 || !row) return issue;
    return {
      ...issue,
      params: { ...issue.params, column: table.header[index]!.trim(), value: String(row.cells[index] ?? '') },
    };
  });
}

/**
 * A row of a whole-menu document and the field within it: `sections[0].items[1]` and
 * `variants[0].price`; a sub-section's rows and an option group's options too.
 */
const DOCUMENT_ROW =
  /^(sections\[\d+\](?:\.sections\[\d+\])?(?:\.(?:items|sub_categories)\[\d+\])?|wineries\[\d+\]|option_groups\[\d+\](?:\.options\[\d+\])?)\.(.+)$/;

/** The value at a document path (`sections[0].items[1].price`), and whether the file has one there. */
function valueAt(doc: unknown, path: string): { found: boolean; value?: unknown } {
  let at: unknown = doc;
  for (const step of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (at === null || typeof at !== 'object' || !(step in at)) return { found: false };
    at = (at as Record<string, unknown>)[step];
  }
  return { found: true, value: at };
}

/** A value as the file writes it, short enough for a table cell. */
function asTyped(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * A JSON document's errors with the row, its name, the field as the file writes it and the value
 * it holds, so the panel says them as it says a spreadsheet's: `sections[0].items[1] “Caprese”,
 * field “price”: “dodici” is not a price`.
 */
export function inDocument(issues: FieldIssue[], doc: unknown, locale: string): FieldIssue[] {
  return issues.map((issue) => {
    const m = DOCUMENT_ROW.exec(issue.field);
    if (!m) return issue;
    const names = valueAt(doc, `${m[1]}.name`).value;
    const name =
      typeof names === 'string'
        ? names
        : names !== null && typeof names === 'object'
          ? String(
              (names as Record<string, unknown>)[locale] ||
                Object.values(names as Record<string, unknown>).find((v) => typeof v === 'string' && v !== '') ||
                '',
            )
          : '';
    const held = valueAt(doc, issue.field);
    return {
      ...issue,
      params: {
        ...issue.params,
        row: m[1]!,
        row_name: name,
        path_field: m[2]!,
        ...(held.found && held.value !== undefined ? { typed: asTyped(held.value) } : {}),
      },
    };
  });
}

/** Where an error is, as an owner reads it: a row, the header, the whole file, or the document path. */
function placeOf(t: ImportTexts, field: string): { where: string; attribute: string } {
  if (field === 'file') return { where: t.wholeFile, attribute: t.file };
  if (field === 'confirm_delete') return { where: t.deleted, attribute: field };
  const row = /^(?:([A-Za-z-]+)\.)?rows\[(\d+)\](?:\.(.+))?$/.exec(field);
  if (row) {
    const where = row[1] ? t.sheetLine(row[1], Number(row[2])) : t.line(Number(row[2]));
    return { where, attribute: row[3] ?? '' };
  }
  const header = /^(?:([A-Za-z-]+)\.)?header\.(.+)$/.exec(field);
  if (header) return { where: header[1] ? t.sheetHeader(header[1]) : t.header, attribute: header[2]! };
  const at = field.lastIndexOf('.');
  return at < 0 ? { where: field, attribute: field } : { where: field.slice(0, at), attribute: field.slice(at + 1) };
}

const isPriceField = (field: string) => /(^|\.)(price|set_price|price_change)$/.test(field);

/** A rule's message naming the field as the file writes it, in quotes, after the value typed: `“pizza”: The selected “menu_type” is invalid.` */
function ruleMessage(ctx: PanelContext, issue: FieldIssue, field: string, typed: string | undefined): string {
  const { value: _cell, typed: _typed, ...params } = issue.params ?? {};
  const message = formatMessage(ctx.locale, issue.rule, { ...params, attribute: `“${field}”` });
  return typed === undefined ? message : `“${typed}”: ${message}`;
}

/** A cell's error in the panel's language: the row, the column as the header writes it, the value quoted. */
function cellError(
  ctx: PanelContext,
  t: ImportTexts,
  issue: FieldIssue,
): { where: string; message: string } | undefined {
  const row = /^(?:([A-Za-z-]+)\.)?rows\[(\d+)\]\./.exec(issue.field);
  const column = issue.params?.column;
  if (!row || typeof column !== 'string') return undefined;
  const value = String(issue.params?.value ?? '');
  const field = issue.field.slice(row[0].length);
  const where = row[1] ? t.sheetCell(row[1], Number(row[2]), column) : t.cell(Number(row[2]), column);
  if (value.trim() === '') return { where, message: t.cellEmpty };
  // A row of another sheet names a section by `parent` too, and a winery by `winery`.
  const missing = issue.rule === 'exists';
  const what =
    isPriceField(field) || /^variant_\d+_price$/.test(column)
      ? t.notPrice
      : field === 'section' || (missing && field === 'parent')
        ? t.notSection
        : field === 'sub_category'
          ? t.notSubCategory
          : missing && field === 'winery' && row[1]
            ? t.notWinery
            : undefined;
  return { where, message: what === undefined ? ruleMessage(ctx, issue, column, value) : `“${value}” ${what}` };
}

/** A JSON document's error as a cell's: the row (with its name), the field as written, the value quoted. */
function documentError(
  ctx: PanelContext,
  t: ImportTexts,
  issue: FieldIssue,
): { where: Html; message: string } | undefined {
  const { row, row_name: name, path_field: field, typed } = issue.params ?? {};
  if (typeof row !== 'string' || typeof field !== 'string') return undefined;
  const where = html`<code>${row}</code> ${t.documentField(String(name ?? ''), field)}`;
  const value = typed === undefined ? undefined : String(typed);
  const message =
    value !== undefined && isPriceField(field) && issue.rule !== 'required'
      ? `“${value}” ${t.notPriceJson}`
      : ruleMessage(ctx, issue, field, value);
  return { where, message };
}

export function errorList(ctx: PanelContext, issues: FieldIssue[]): Html {
  const t = importTexts(ctx.locale);
  const rows = issues.map((issue) => {
    const cell = cellError(ctx, t, issue) ?? documentError(ctx, t, issue);
    if (cell) {
      return html`<tr><td data-label="${t.where}"><div>${cell.where}</div></td><td data-label="${t.problem}"><div>${cell.message}</div></td></tr>`;
    }
    const { where, attribute } = placeOf(t, issue.field);
    const message =
      issue.rule === 'malformed_json' && issue.params?.detail
        ? String(issue.params.detail)
        : issue.rule === 'prune_confirm'
          ? t.pruneRefused(Number(issue.params?.deleted), Number(issue.params?.total))
          : formatMessage(ctx.locale, issue.rule, { attribute, ...issue.params });
    return html`<tr><td data-label="${t.where}"><div><code>${where}</code></div></td><td data-label="${t.problem}"><div>${message}</div></td></tr>`;
  });
  return html`<section aria-labelledby="import-errors" class="import-errors">
<div class="error-summary" role="alert" tabindex="-1"><h2 id="import-errors">${t.errorsTitle(issues.length)}</h2><p>${t.errorsIntro}</p></div>
<table class="list"><thead><tr><th scope="col">${t.where}</th><th scope="col">${t.problem}</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
}
