// /admin/import: the whole menu out (JSON, CSV, Excel) and in, on the same functions as the API's
// `GET /admin/menu/export` and `PUT /admin/menu`: a file is first applied as a dry run (the
// preview, import-preview.ts: rows created, changed, deleted, by name), then applied for
// real from the preview's form, in one transaction; a prune deleting every dish or more than half
// of them asks for a tick with the counts first. A file with any error lists every error by row,
// document path or (its encoding) the whole file (import-errors.ts), and changes nothing. The previewed file is kept
// in the database as the user's draft for an hour (features/sync/repo.ts: one per user, any
// instance can apply it; its bytes as base64, so a workbook or a Windows-1252 CSV is kept
// exactly); the preview's apply form is a small urlencoded form carrying only the draft's random
// key (and the prune's confirmation), never the file.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ownerSnapshot } from '../../catalog/write.js';
import { type FieldIssue, ValidationError } from '../../core/errors.js';
import { importMenu, type SyncChanges, type SyncDeletions, type SyncSummary } from '../../features/sync/apply.js';
import { exportCsv, exportOptionsCsv } from '../../features/sync/csv.js';
import { exportDocument } from '../../features/sync/document.js';
import { decodeSpreadsheetText } from '../../features/sync/encoding.js';
import { sheetIssues, sheetsToDocument } from '../../features/sync/menu-sheets.js';
import { deleteImportDraft, findImportDraft, saveImportDraft } from '../../features/sync/repo.js';
import { readSheet, writeXlsx } from '../../features/sync/sheet-jobs.js';
import { warmImport } from '../../features/sync/warm.js';
import { looksLikeXlsx, XLSX_TYPE, xlsxTables } from '../../features/sync/xlsx.js';
import { type Html, html } from '../../http/html.js';
import { type PanelContext, queryParam, seeOther, sendPage } from '../context.js';
import { asForm, checkbox, csrfField, hidden, notice, str } from '../forms.js';
import { renderPage } from '../layout.js';
import { UPLOAD_MAX_BYTES, uploadRoute } from '../uploads.js';
import { panelActor } from './actor.js';
import { errorList, inDocument, withCells } from './import-errors.js';
import { changeList, deletionList, summaryTable } from './import-preview.js';
import { importTexts } from './import-texts.js';

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
      try {
        return { ok: true, ...(await importMenu(app, ctx.tenantId, actor, doc, options)) };
      } catch (err) {
        if (err instanceof ValidationError) return { ok: false, issues: inDocument(err.issues, doc, ctx.locale) };
        throw err;
      }
    }
    const snapshot = await ownerSnapshot(app, ctx.tenantId);
    // Read by a worker thread (features/sync/sheet-jobs.ts), laid over the menu here.
    const tables = await readSheet(app, ctx.tenantId, file, xlsx);
    try {
      // With the prune box: what the file leaves out of the kinds it holds is deleted (sheet-prune.ts).
      const { doc, lines } = sheetsToDocument(snapshot, tables, { prune: options.prune });
      try {
        return { ok: true, ...(await importMenu(app, ctx.tenantId, actor, doc, options)) };
      } catch (err) {
        if (err instanceof ValidationError) throw new ValidationError(sheetIssues(err.issues, lines));
        throw err;
      }
    } catch (err) {
      if (err instanceof ValidationError) return { ok: false, issues: withCells(err.issues, tables) };
      throw err;
    }
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, issues: err.issues };
    throw err;
  }
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
    // The owner now picks a file: meanwhile the import's worker starts (it ends after a minute idle).
    if (ctx.session?.user.role === 'owner') void warmImport(app);
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
      const snapshot = await ownerSnapshot(app, ctx.tenantId);
      preview = html`${warning}<p>${t.previewIntro}</p>${summaryTable(t, outcome.summary)}${changeList(ctx, snapshot, t, outcome.changes)}${deletionList(ctx, snapshot, t, outcome.deletions)}${applyForm(ctx, key, outcome.confirmDelete)}`;
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
