// /admin/import: the whole menu out (JSON, CSV, Excel) and in, on the same functions as the API's
// `GET /admin/menu/export` and `PUT /admin/menu`: a file is first applied as a dry run (the
// preview: rows created, changed, deleted, and by name what a prune deletes), then applied for
// real from the preview's form, in one transaction; a prune deleting every dish or more than half
// of them asks for a tick with the counts first. A file with any error lists every error by row,
// document path or (its encoding) the whole file, and changes nothing. The previewed file is kept
// in the database as the user's draft for an hour (features/sync/repo.ts: one per user, any
// instance can apply it; its bytes as base64, so a workbook or a Windows-1252 CSV is kept
// exactly); the preview's apply form is a small urlencoded form carrying only the draft's random
// key (and the prune's confirmation), never the file.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import { type FieldIssue, ValidationError } from '../../core/errors.js';
import { fieldChanges } from '../../features/audit/record.js';
import { importMenu, type SyncChanges, type SyncDeletions, type SyncSummary } from '../../features/sync/apply.js';
import { exportCsv, exportOptionsCsv } from '../../features/sync/csv.js';
import { exportDocument } from '../../features/sync/document.js';
import { decodeSpreadsheetText } from '../../features/sync/encoding.js';
import { deleteImportDraft, findImportDraft, saveImportDraft } from '../../features/sync/repo.js';
import { type SheetRow, sheetIssues, tableToDocument } from '../../features/sync/sheet.js';
import { readSheet, writeXlsx } from '../../features/sync/sheet-jobs.js';
import { looksLikeXlsx, XLSX_TYPE, xlsxTables } from '../../features/sync/xlsx.js';
import { type Html, html } from '../../http/html.js';
import { formatMessage } from '../../i18n/messages.js';
import { type PanelContext, queryParam, seeOther, sendPage } from '../context.js';
import { asForm, checkbox, csrfField, hidden, notice, str } from '../forms.js';
import { renderPage } from '../layout.js';
import { UPLOAD_MAX_BYTES, uploadRoute } from '../uploads.js';
import { panelActor } from './actor.js';
import { changeCells, fieldLabel } from './history.js';
import { historyTexts } from './history-texts.js';
import { type ImportTexts, importTexts } from './import-texts.js';

const KINDS = ['sections', 'sub_categories', 'items', 'wineries', 'option_groups', 'options'] as const;

type Outcome =
  | {
      ok: true;
      changed: boolean;
      summary: SyncSummary;
      deletions: SyncDeletions;
      changes: SyncChanges;
      confirmDelete: { deleted: number; total: number } | null;
    }
  | { ok: false; issues: FieldIssue[] };

/** Applies a file (JSON document, CSV or xlsx of dishes) as the API does; errors come back as data. */
async function runImport(
  app: FastifyInstance,
  ctx: PanelContext,
  file: Buffer,
  options: { dryRun: boolean; prune: boolean; confirmDelete?: number },
): Promise<Outcome> {
  const actor = { ...panelActor(ctx), via: 'import' as const };
  const t = importTexts(ctx.locale);
  try {
    const xlsx = looksLikeXlsx(file);
    const text = xlsx ? '' : decodeSpreadsheetText(file).text;
    if (/^\s*[[{]/.test(text)) {
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch (err) {
        return {
          ok: false,
          issues: [{ field: '', rule: 'malformed_json', params: { detail: t.notJson((err as Error).message) } }],
        };
      }
      return { ok: true, ...(await importMenu(app, ctx.tenantId, actor, doc, options)) };
    }
    const snapshot = await ownerSnapshot(app, ctx.tenantId);
    // Read by a worker thread (features/sync/sheet-jobs.ts), laid over the menu here.
    const { header, rows } = await readSheet(app, ctx.tenantId, file, xlsx);
    try {
      const { doc, lines } = tableToDocument(snapshot, header, rows);
      try {
        return { ok: true, ...(await importMenu(app, ctx.tenantId, actor, doc, options)) };
      } catch (err) {
        if (err instanceof ValidationError) throw new ValidationError(sheetIssues(err.issues, lines));
        throw err;
      }
    } catch (err) {
      if (err instanceof ValidationError) return { ok: false, issues: withCells(err.issues, header, rows) };
      throw err;
    }
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, issues: err.issues };
    throw err;
  }
}

/**
 * A row's error with the column as the file's header writes it and the cell's text, so the panel
 * can say `Row 69, column "price": "dodici" is not a price`.
 */
function withCells(issues: FieldIssue[], header: string[], rows: SheetRow[]): FieldIssue[] {
  return issues.map((issue) => {
    const m = /^rows\[(\d+)\]\.([a-z_]+)$/.exec(issue.field);
    if (!m) return issue;
    const index = header.findIndex((h) => h.trim().toLowerCase() === m[2]);
    const row = rows.find((r) => r.line === Number(m[1]));
    if (index < 0 || !row) return issue;
    return {
      ...issue,
      params: { ...issue.params, column: header[index]!.trim(), value: String(row.cells[index] ?? '') },
    };
  });
}

/** Where an error is, as an owner reads it: a row, the header, the whole file, or the document path. */
function placeOf(t: ImportTexts, field: string): { where: string; attribute: string } {
  if (field === 'file') return { where: t.wholeFile, attribute: t.file };
  if (field === 'confirm_delete') return { where: t.deleted, attribute: field };
  const row = /^rows\[(\d+)\](?:\.(.+))?$/.exec(field);
  if (row) return { where: t.line(Number(row[1])), attribute: row[2] ?? '' };
  if (field.startsWith('header.')) return { where: t.header, attribute: field.slice('header.'.length) };
  const at = field.lastIndexOf('.');
  return at < 0 ? { where: field, attribute: field } : { where: field.slice(0, at), attribute: field.slice(at + 1) };
}

/** A cell's error in the panel's language: the row, the column as the header writes it, the value quoted. */
function cellError(
  ctx: PanelContext,
  t: ImportTexts,
  issue: FieldIssue,
): { where: string; message: string } | undefined {
  const row = /^rows\[(\d+)\]\./.exec(issue.field);
  const column = issue.params?.column;
  if (!row || typeof column !== 'string') return undefined;
  const value = String(issue.params?.value ?? '');
  const field = issue.field.slice(row[0].length);
  const what =
    value.trim() === ''
      ? t.cellEmpty
      : field === 'price' || field.endsWith('price')
        ? t.notPrice
        : field === 'section'
          ? t.notSection
          : field === 'sub_category'
            ? t.notSubCategory
            : formatMessage(ctx.locale, issue.rule, { attribute: `"${column}"`, ...issue.params });
  return { where: t.cell(Number(row[1]), column), message: value.trim() === '' ? what : `“${value}” ${what}` };
}

function errorList(ctx: PanelContext, issues: FieldIssue[]): Html {
  const t = importTexts(ctx.locale);
  const rows = issues.map((issue) => {
    const cell = cellError(ctx, t, issue);
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

function summaryTable(t: ImportTexts, summary: SyncSummary): Html {
  const rows = KINDS.map(
    (kind) =>
      html`<tr data-kind="${kind}"><th scope="row" data-label="${t.kind}">${t[kind]}</th><td data-label="${t.created}"><div>${summary[kind].created}</div></td><td data-label="${t.changed}"><div>${summary[kind].updated}</div></td><td data-label="${t.deleted}"><div>${summary[kind].deleted}</div></td><td data-label="${t.unchanged}"><div>${summary[kind].unchanged}</div></td></tr>`,
  );
  return html`<table class="list"><thead><tr><th scope="col">${t.kind}</th><th scope="col">${t.created}</th><th scope="col">${t.changed}</th><th scope="col">${t.deleted}</th><th scope="col">${t.unchanged}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * Every row the import creates or changes, by name, kind by kind; for a change each field before →
 * after as the history shows it (prices in the panel's number format, allergens added and removed,
 * texts per changed language, sections by name).
 */
function changeList(ctx: PanelContext, snapshot: MenuSnapshot, t: ImportTexts, changes: SyncChanges): Html | string {
  const kinds = KINDS.filter((kind) => changes[kind].length > 0);
  if (kinds.length === 0) return '';
  const h = historyTexts(ctx.locale);
  const lists = kinds.map((kind) => {
    const items = changes[kind].map((row) => {
      if (row.action === 'created') {
        return html`<li data-row="${row.id}"><strong>${row.name}</strong> <span class="badge">${t.createdRow}</span></li>`;
      }
      const fields = fieldChanges({
        resource: 'items',
        id: row.id,
        action: 'updated',
        before: row.before,
        after: row.after,
      });
      const lines = Object.entries(fields).map(
        ([field, { before, after }]) =>
          html`<tr><th scope="row">${fieldLabel(ctx, field)}</th>${changeCells(ctx, snapshot, field, before, after)}</tr>`,
      );
      return html`<li data-row="${row.id}"><strong>${row.name}</strong> <span class="badge">${t.changedRow}</span><table class="changes"><thead><tr><th scope="col">${h.field}</th><th scope="col">${h.before}</th><th scope="col">${h.after}</th></tr></thead><tbody>${lines}</tbody></table></li>`;
    });
    return html`<h3>${t[kind]}: ${changes[kind].length}</h3><ul class="import-changes" data-kind="${kind}">${items}</ul>`;
  });
  return html`<section aria-labelledby="changes-title" class="import-changes"><h2 id="changes-title">${t.changesTitle}</h2>${lists}</section>`;
}

/** What a prune deletes, by name, kind by kind. */
function deletionList(t: ImportTexts, deletions: SyncDeletions): Html | string {
  const kinds = KINDS.filter((kind) => deletions[kind].length > 0);
  if (kinds.length === 0) return '';
  const lists = kinds.map(
    (kind) =>
      html`<h3>${t[kind]}: ${deletions[kind].length}</h3><ul class="deletions" data-kind="${kind}">${deletions[kind].map((row) => html`<li>${row.name}</li>`)}</ul>`,
  );
  return html`<section aria-labelledby="deleted-title" class="import-deletions"><h2 id="deleted-title">${t.deletedTitle}</h2>${lists}</section>`;
}

/**
 * The apply form of a preview: the draft's key only (the file waits on the server); a prune that
 * deletes every dish or more than half of them adds a required tick naming the counts.
 */
function applyForm(ctx: PanelContext, key: string, confirm: { deleted: number; total: number } | null): Html {
  const t = importTexts(ctx.locale);
  const ask = confirm
    ? html`<div class="check warning"><input type="checkbox" id="f-confirm-delete" name="confirm_delete" value="${confirm.deleted}" required><label for="f-confirm-delete">${t.pruneConfirm(confirm.deleted, confirm.total)}</label></div>`
    : '';
  return html`<form method="post" action="/admin/import/apply" class="actions">${csrfField(ctx)}${hidden('draft', key)}
${ask}<button type="submit" class="primary">${t.apply}</button> <a href="/admin/import">${t.startOver}</a></form>`;
}

function mainPage(ctx: PanelContext, top: Html | string = ''): Html {
  const t = importTexts(ctx.locale);
  const owner = ctx.session?.user.role === 'owner';
  const semicolonFirst = ctx.locale === 'it';
  const separators = [
    { value: 'semicolon', label: t.semicolon },
    { value: 'comma', label: t.comma },
  ];
  if (!semicolonFirst) separators.reverse();
  const radios = separators.map(
    (s, i) =>
      html`<div class="check"><input type="radio" id="sep-${s.value}" name="delimiter" value="${s.value}"${i === 0 ? html` checked` : ''}><label for="sep-${s.value}">${s.label}</label></div>`,
  );
  const upload = owner
    ? html`<form method="post" action="/admin/import/preview" enctype="multipart/form-data">${csrfField(ctx)}
<div class="field"><label for="f-file">${t.file}</label><p class="hint" id="f-file-hint">${t.importHelp}</p>
<input type="file" id="f-file" name="file" accept=".json,.csv,.xlsx,application/json,text/csv,${XLSX_TYPE}" required aria-describedby="f-file-hint"></div>
${checkbox({ name: 'prune', label: t.prune, hint: t.pruneCsv, checked: false })}
<div class="actions"><button type="submit" class="primary">${t.preview}</button></div></form>`
    : html`<p>${t.ownersOnly}</p>`;
  const body = html`${top}<p>${t.intro}</p>
<section aria-labelledby="export-title"><h2 id="export-title">${t.exportTitle}</h2>
<ul class="downloads"><li><a href="/admin/import/menu.json" download>${t.exportJson}</a> <span class="hint">${t.exportJsonHelp}</span></li>
<li><a href="/admin/import/dishes.xlsx" download>${t.exportXlsx}</a> <span class="hint">${t.exportXlsxHelp}</span></li>
<li><a href="/admin/import/options.csv" download>${t.exportOptions}</a> <span class="hint">${t.exportOptionsHelp}</span></li></ul>
<form method="get" action="/admin/import/dishes.csv"><fieldset class="field"><legend>${t.exportCsv}</legend><p class="hint">${t.exportCsvHelp}</p>
<fieldset class="field"><legend>${t.separator}</legend>${radios}</fieldset></fieldset>
<div class="actions"><button type="submit">${t.download}</button></div></form></section>
<section aria-labelledby="import-title"><h2 id="import-title">${t.importTitle}</h2>${upload}</section>`;
  return renderPage(ctx, { title: t.title, body, active: 'importExport' });
}

const isOn = (value: string) => value === '1' || value === 'on' || value === 'true';

export function registerImport(app: FastifyInstance, now: () => number = Date.now): void {
  app.get('/import', async (request, reply) => {
    const ctx = request.panel;
    const t = importTexts(ctx.locale);
    const applied = queryParam(request, 'applied');
    const top =
      applied === '1' ? notice('success', t.applied) : applied === '0' ? notice('info', t.appliedNothing) : '';
    return sendPage(reply, mainPage(ctx, top));
  });

  app.get('/import/menu.json', async (request, reply) => {
    const snapshot = await ownerSnapshot(app, request.panel.tenantId);
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${snapshot.slug}-menu.json"`)
      .send(`${JSON.stringify(exportDocument(snapshot), null, 2)}\n`);
  });

  app.get('/import/dishes.csv', async (request, reply) => {
    const ctx = request.panel;
    const chosen = queryParam(request, 'delimiter');
    // Italian Excel reads ';' (and 12,50); the English panel's default is ','.
    const semicolon = chosen === 'semicolon' || (chosen !== 'comma' && ctx.locale === 'it');
    const snapshot = await ownerSnapshot(app, ctx.tenantId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${snapshot.slug}-dishes.csv"`)
      .send(exportCsv(snapshot, semicolon ? ';' : ','));
  });

  app.get('/import/options.csv', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, ctx.tenantId);
    // As the dishes' file: ';' (and 12,50) for the Italian panel.
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${snapshot.slug}-options.csv"`)
      .send(exportOptionsCsv(snapshot, ctx.locale === 'it' ? ';' : ','));
  });

  app.get('/import/dishes.xlsx', async (request, reply) => {
    const snapshot = await ownerSnapshot(app, request.panel.tenantId);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${snapshot.slug}-dishes.xlsx"`)
      .send(await writeXlsx(app, snapshot.tenantId, xlsxTables(snapshot)));
  });

  const form = { fields: ['prune'], file: 'file', fileMax: UPLOAD_MAX_BYTES };
  uploadRoute(app, '/import/preview', { access: 'owner', form }, async (request, reply, upload) => {
    const ctx = request.panel;
    const t = importTexts(ctx.locale);
    const prune = isOn(upload.fields.prune ?? '');
    if (upload.file.length === 0) return sendPage(reply, mainPage(ctx, notice('error', t.noFile)), 422);
    const outcome = await runImport(app, ctx, upload.file, { dryRun: true, prune });
    if (!outcome.ok) return sendPage(reply, mainPage(ctx, errorList(ctx, outcome.issues)), 422);
    let preview: Html;
    if (outcome.changed) {
      const key = randomBytes(24).toString('base64url');
      const at = now();
      await saveImportDraft(app.database.db, ctx.tenantId, userOf(ctx), {
        key,
        body: draftBody(upload.file),
        prune,
        createdAt: new Date(at).toISOString(),
        expiredBefore: new Date(at - DRAFT_TTL_MS).toISOString(),
      });
      const warning = outcome.confirmDelete
        ? notice('error', t.pruneWarning(outcome.confirmDelete.deleted, outcome.confirmDelete.total))
        : '';
      preview = html`${warning}<p>${t.previewIntro}</p>${summaryTable(t, outcome.summary)}${changeList(ctx, await ownerSnapshot(app, ctx.tenantId), t, outcome.changes)}${deletionList(t, outcome.deletions)}${applyForm(ctx, key, outcome.confirmDelete)}`;
    } else {
      preview = html`${notice('info', t.previewNothing)}<p><a href="/admin/import">${t.startOver}</a></p>`;
    }
    const body = html`<section aria-labelledby="preview-title"><h2 id="preview-title">${t.previewTitle}</h2>${preview}</section>`;
    return sendPage(reply, renderPage(ctx, { title: t.title, body, active: 'importExport' }));
  });

  app.post('/import/apply', { config: { panelAccess: 'owner' } }, async (request, reply) => {
    const ctx = request.panel;
    const form = asForm(request.body);
    const key = str(form, 'draft');
    const notBefore = new Date(now() - DRAFT_TTL_MS).toISOString();
    const draft = key ? await findImportDraft(app.database.db, ctx.tenantId, userOf(ctx), key, notBefore) : undefined;
    // Applied already, expired, or another user's: nothing to apply, the import page again.
    if (!draft) return sendPage(reply, mainPage(ctx, notice('error', importTexts(ctx.locale).draftGone)), 422);
    const confirmed = Number(str(form, 'confirm_delete'));
    const outcome = await runImport(app, ctx, draftFile(draft.body), {
      dryRun: false,
      prune: draft.prune,
      confirmDelete: Number.isInteger(confirmed) && confirmed > 0 ? confirmed : undefined,
    });
    // The menu may have changed since the preview: the errors are shown as on a preview.
    if (!outcome.ok) return sendPage(reply, mainPage(ctx, errorList(ctx, outcome.issues)), 422);
    await deleteImportDraft(app.database.db, ctx.tenantId, userOf(ctx));
    return seeOther(reply, `/admin/import?applied=${outcome.changed ? 1 : 0}`);
  });
}

/** A previewed file as its draft's text: its bytes in base64 behind a mark (a workbook is binary, a CSV may be Windows-1252). */
const BASE64 = 'base64:';
const draftBody = (file: Buffer) => `${BASE64}${file.toString('base64')}`;
/** A draft's file; a draft without the mark is UTF-8 text (drafts saved before the mark). */
const draftFile = (body: string) =>
  body.startsWith(BASE64) ? Buffer.from(body.slice(BASE64.length), 'base64') : Buffer.from(body, 'utf8');

/** How long a previewed file waits to be applied. */
const DRAFT_TTL_MS = 60 * 60 * 1000;

/** The signed-in user (the guard let no one else reach an owner's route). */
function userOf(ctx: PanelContext): number {
  const user = ctx.session?.user;
  if (!user) throw new Error('import without a session');
  return user.id;
}
