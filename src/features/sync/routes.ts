// GET /api/v1/admin/menu/export and PUT /api/v1/admin/menu: the whole menu as one document, and
// that document applied in one transaction (one menu version, one webhook event, audit entries
// marked `import`). `?dry_run=true` answers the same summary and changes nothing; `?prune=true`
// deletes what the document leaves out (refused with 422 when it would delete every dish or more
// than half of them, unless `confirm_delete` names how many). The dishes also travel as a
// spreadsheet: CSV (any encoding a spreadsheet writes) and Excel (.xlsx, with sheets for the
// sections, sub-categories, wineries and options too), both ways. A document
// that changes nothing commits nothing.

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { READ_SCOPES, WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { apiActor, ownerSnapshot } from '../../catalog/write.js';
import { ValidationError } from '../../core/errors.js';
import { menuTag } from '../../http/etag.js';
import { adminErrorResponses, adminWriteErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { validatorCompiler } from '../../http/validator.js';
import { importMenu } from './apply.js';
import { exportCsv, exportOptionsCsv } from './csv.js';
import { ExportedMenuDocument, exportDocument, MenuDocument } from './document.js';
import { sheetIssues, sheetsToDocument } from './menu-sheets.js';
import { readSheet, writeXlsx } from './sheet-jobs.js';
import { XLSX_TYPE, xlsxTables } from './xlsx.js';

/** GET /admin/menu/export.csv, as the document describes it. */
const DISHES_CSV =
  'UTF-8 with a byte order mark (so Excel reads the accents). A column per language for names and descriptions, one per allergen and dietary label (1 = yes), variant_<n>_price and variant_<n>_label_<lang> (n = 1..6) for several prices. delimiter=semicolon for Italian Excel (prices then read 12,50). A text cell beginning with =, +, -, @, a tab or a carriage return is written with a leading apostrophe so spreadsheets show it as text, not a formula; import removes exactly that apostrophe. Send it back (edited) with PUT /admin/menu and Content-Type: text/csv.';
/** GET /admin/menu/options.csv, as the document describes it. */
const OPTIONS_CSV =
  "Like export.csv, for the option groups: group, group_external_id, group_id, min_choices, max_choices, group_name_<lang>, then the option (id, external_id, name_<lang>, price_change, a column per allergen, trace and dietary label, is_active, display_order); a group without options is one row with the option cells empty. Sent back with PUT /admin/menu and Content-Type: text/csv (the header, naming `group` and no `section`, tells it from the dishes), it changes option groups and options only. Dishes name their groups in the dishes file's option_groups column (names or external ids separated by |).";

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const Tally = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  deleted: Type.Integer(),
  unchanged: Type.Integer(),
});
const Deleted = Type.Array(
  Type.Object({ id: Type.Integer(), name: Type.String({ description: "In the restaurant's default language." }) }),
);
const ImportResult = Type.Object({
  dry_run: Type.Boolean(),
  prune: Type.Boolean(),
  /** False when the document matched what is stored: nothing was written. */
  changed: Type.Boolean(),
  summary: Type.Object({
    wineries: Tally,
    option_groups: Tally,
    options: Tally,
    sections: Tally,
    sub_categories: Tally,
    items: Tally,
  }),
  deletions: Type.Object(
    {
      wineries: Deleted,
      option_groups: Deleted,
      options: Deleted,
      sections: Deleted,
      sub_categories: Deleted,
      items: Deleted,
    },
    { description: 'Every row the prune deletes (or, on a dry run, would delete), by name; empty without prune.' },
  ),
  confirm_delete_required: Type.Union([Type.Object({ deleted: Type.Integer(), total: Type.Integer() }), Type.Null()], {
    description:
      'On a dry run: the prune deletes every dish or more than half of them, so applying it needs confirm_delete=<deleted>. Null when no confirmation is needed (or it was given).',
  }),
});

const XLSX_BODY = Type.String({
  format: 'binary',
  description: 'An Excel workbook (see GET /admin/menu/export.xlsx).',
});

const flagQuery = Type.Optional(
  Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]),
);
const isOn = (value: string | undefined) => value === 'true' || value === '1';

/** A spreadsheet body (CSV bytes or an xlsx workbook) laid over the current menu; errors name the row. */
async function sheetDocument(app: FastifyInstance, tenantId: number, body: Buffer, xlsx: boolean, prune: boolean) {
  // Decoded and parsed by a worker thread (sheet-jobs.ts), laid over the menu here.
  const tables = await readSheet(app, tenantId, body, xlsx);
  return sheetsToDocument(await ownerSnapshot(app, tenantId), tables, { prune });
}

export async function menuSyncRoutes(app: FastifyInstance): Promise<void> {
  // Only this scope reads spreadsheet bodies, as bytes: the CSV's encoding is found from them
  // (a UTF-8 reading of Windows-1252 would turn every accent into U+FFFD).
  for (const type of ['text/csv', XLSX_TYPE]) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
  }
  const api = typed(app);
  api.get(
    '/menu/export',
    {
      config: { scopes: READ_SCOPES },
      schema: {
        summary: 'The whole menu as one document (inactive rows included)',
        description: 'Send it back unchanged with PUT /admin/menu and nothing changes.',
        response: { 200: envelope(ExportedMenuDocument, Meta), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const snapshot = await ownerSnapshot(app, request.tenant.id);
      // The menu's version: sent back as If-Match, PUT /admin/menu refuses (412) a menu changed since.
      reply.header('etag', menuTag(snapshot.version));
      return { success: true, data: exportDocument(snapshot), meta: { generated_at: nowIso() } };
    },
  );

  // The dishes and the option groups as CSV: the same route shape, one table each.
  const csvExport = (
    path: string,
    file: string,
    summary: string,
    description: string,
    write: (snapshot: Awaited<ReturnType<typeof ownerSnapshot>>, delimiter: ',' | ';') => Buffer,
  ) =>
    api.get(
      path,
      {
        config: { scopes: READ_SCOPES },
        schema: {
          summary,
          description,
          querystring: Type.Object({
            delimiter: Type.Optional(Type.Union([Type.Literal('comma'), Type.Literal('semicolon')])),
          }),
          produces: ['text/csv'],
          response: { 200: Type.String({ description: 'CSV text with a header line' }), ...adminErrorResponses },
        },
      },
      async (request, reply) => {
        const snapshot = await ownerSnapshot(app, request.tenant.id);
        const csv = write(snapshot, request.query.delimiter === 'semicolon' ? ';' : ',');
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${snapshot.slug}-${file}.csv"`)
          .send(csv);
      },
    );
  csvExport('/menu/export.csv', 'dishes', 'The dishes as a spreadsheet (CSV, one row per dish)', DISHES_CSV, exportCsv);
  csvExport(
    '/menu/options.csv',
    'options',
    'The option groups and their options as a spreadsheet (CSV, one row per option)',
    OPTIONS_CSV,
    exportOptionsCsv,
  );

  api.get(
    '/menu/export.xlsx',
    {
      config: { scopes: READ_SCOPES },
      schema: {
        summary: 'The menu as an Excel workbook (.xlsx): dishes, sections, sub-categories, wineries, options',
        description:
          'The sheet "Dishes" has the columns of export.csv: prices as numbers with two decimals, allergens, traces, diets and flags as x or empty, a frozen header row. The sheets "Sections" (id, external_id, section — the label the other sheets use, "Parent > Child" for a sub-section —, parent, menu_type, name_<lang>, notes_<lang>, display_order, is_active, show_subcategories, set_price), "Sub-categories" (id, external_id, section, sub_category, name_<lang>, display_order, is_active), "Wineries" (id, external_id, winery, region, country, description_<lang>, website_url) and "Options" (the columns of options.csv) are imported too: rows matched by external_id, else id, else their label; a row without a match is created; a sheet left out of the file changes nothing of its kind. Text beginning with =, +, -, @, a tab or a carriage return carries a leading apostrophe, removed on import. Send it back (edited) with PUT /admin/menu and this media type; an untouched file changes nothing.',
        produces: [XLSX_TYPE],
        response: {
          200: Type.String({ format: 'binary', description: 'The .xlsx workbook' }),
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const snapshot = await ownerSnapshot(app, request.tenant.id);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${snapshot.slug}-dishes.xlsx"`)
        .send(await writeXlsx(app, snapshot.tenantId, xlsxTables(snapshot)));
    },
  );

  api.put(
    '/menu',
    {
      config: { scopes: WRITE_SCOPES, idempotent: true },
      bodyLimit: IMPORT_MAX_BYTES,
      // The document is checked row by row in applyDocument, so every error carries its path.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route),
      schema: {
        summary: 'Apply a whole-menu document in one transaction',
        description:
          'A JSON whole-menu document, a CSV of dishes (Content-Type: text/csv: UTF-8 with or without a byte order mark, UTF-16 with one, or Windows-1252 / ISO-8859-15, detected; a file whose encoding cannot be told is refused with 422 on `file`; `,` or `;` detected), or an Excel workbook (Content-Type: ' +
          XLSX_TYPE +
          "; its Dishes, Sections, Sub-categories, Wineries and Options sheets, see export.xlsx; a cell holding a formula, an Excel error, or a date where a number belongs is refused). Spreadsheet errors name the row as rows[N] in the dishes' table and as <Sheet>.rows[N] in the workbook's other sheets (e.g. Sections.rows[4].display_order). Rows are matched by external_id, else id, else created. Omitted rows are kept unless prune=true. A prune that would delete every dish, or more than half of them, answers 422 on `confirm_delete` with the counts unless confirm_delete=<number of dishes it deletes> is sent; a dry run answers that number in confirm_delete_required, and `deletions` lists every row a prune deletes by name. dry_run=true answers the summary and changes nothing. Any error answers 422 listing every error with its path in the document, and changes nothing. If-Match with the ETag of GET /admin/menu/export: 412 and nothing changed when the menu changed since. At most 10 MiB.",
        querystring: Type.Object({
          dry_run: flagQuery,
          prune: flagQuery,
          confirm_delete: Type.Optional(
            Type.Integer({ minimum: 0, description: 'With prune=true: the number of dishes the prune deletes.' }),
          ),
        }),
        body: {
          content: {
            'application/json': { schema: MenuDocument },
            'text/csv': { schema: Type.String({ format: 'binary' }) },
            [XLSX_TYPE]: { schema: XLSX_BODY },
          },
        },
        response: { 200: envelope(ImportResult, Meta), ...adminWriteErrorResponses },
      },
    },
    async (request) => {
      const dryRun = isOn(request.query.dry_run);
      const prune = isOn(request.query.prune);
      const actor = { ...apiActor(request.principal), via: 'import' as const };
      const ifMatch = request.headers['if-match'];
      const options = {
        dryRun,
        prune,
        confirmDelete: request.query.confirm_delete,
        ifMatch: typeof ifMatch === 'string' ? ifMatch : undefined,
      };
      const body: unknown = request.body;
      let result: Awaited<ReturnType<typeof importMenu>>;
      if (Buffer.isBuffer(body)) {
        // A spreadsheet of dishes, laid over the current menu; its errors name the row.
        const xlsx = String(request.headers['content-type']).startsWith(XLSX_TYPE);
        const { doc, lines } = await sheetDocument(app, request.tenant.id, body, xlsx, prune);
        try {
          result = await importMenu(app, request.tenant.id, actor, doc, options);
        } catch (err) {
          if (err instanceof ValidationError) throw new ValidationError(sheetIssues(err.issues, lines));
          throw err;
        }
      } else {
        result = await importMenu(app, request.tenant.id, actor, body, options);
      }
      const { changed, summary, deletions, confirmDelete } = result;
      return {
        success: true,
        data: { dry_run: dryRun, prune, changed, summary, deletions, confirm_delete_required: confirmDelete },
        meta: { generated_at: nowIso() },
      };
    },
  );
}
