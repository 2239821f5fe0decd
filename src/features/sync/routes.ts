// GET /api/v1/admin/menu/export and PUT /api/v1/admin/menu: the whole menu as one document, and
// that document applied in one transaction (one menu version, one webhook event, audit entries
// marked `import`). `?dry_run=true` answers the same summary and changes nothing; `?prune=true`
// deletes what the document leaves out. A document that changes nothing commits nothing.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { READ_SCOPES, WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { apiActor, ownerSnapshot } from '../../catalog/write.js';
import { ValidationError } from '../../core/errors.js';
import { adminErrorResponses, adminWriteErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { validatorCompiler } from '../../http/validator.js';
import { importMenu } from './apply.js';
import { csvIssues, csvToDocument, exportCsv } from './csv.js';
import { exportDocument, MenuDocument } from './document.js';

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const Tally = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  deleted: Type.Integer(),
  unchanged: Type.Integer(),
});
const ImportResult = Type.Object({
  dry_run: Type.Boolean(),
  prune: Type.Boolean(),
  /** False when the document matched what is stored: nothing was written. */
  changed: Type.Boolean(),
  summary: Type.Object({ wineries: Tally, sections: Tally, sub_categories: Tally, items: Tally }),
});

const flagQuery = Type.Optional(
  Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]),
);
const isOn = (value: string | undefined) => value === 'true' || value === '1';

export async function menuSyncRoutes(app: FastifyInstance): Promise<void> {
  // Only this scope reads CSV bodies (the spreadsheet form of the dishes).
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const api = typed(app);
  api.get(
    '/menu/export',
    {
      config: { scopes: READ_SCOPES },
      schema: {
        summary: 'The whole menu as one document (inactive rows included)',
        description: 'Send it back unchanged with PUT /admin/menu and nothing changes.',
        response: { 200: envelope(MenuDocument, Meta), ...adminErrorResponses },
      },
    },
    async (request) => {
      const snapshot = await ownerSnapshot(app, request.tenant.id);
      return { success: true, data: exportDocument(snapshot), meta: { generated_at: nowIso() } };
    },
  );

  api.get(
    '/menu/export.csv',
    {
      config: { scopes: READ_SCOPES },
      schema: {
        summary: 'The dishes as a spreadsheet (CSV, one row per dish)',
        description:
          'A column per language for names and descriptions, one per allergen and dietary label (1 = yes), variant_<n>_price and variant_<n>_label_<lang> (n = 1..6) for several prices. delimiter=semicolon for Italian Excel. Send it back (edited) with PUT /admin/menu and Content-Type: text/csv.',
        querystring: Type.Object({
          delimiter: Type.Optional(Type.Union([Type.Literal('comma'), Type.Literal('semicolon')])),
        }),
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'CSV text with a header line' }), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const snapshot = await ownerSnapshot(app, request.tenant.id);
      const csv = exportCsv(snapshot, request.query.delimiter === 'semicolon' ? ';' : ',');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${snapshot.slug}-dishes.csv"`)
        .send(csv);
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
          'A JSON whole-menu document, or a CSV of dishes (Content-Type: text/csv, `,` or `;` detected; errors name the line as rows[N]). Rows are matched by external_id, else id, else created. Omitted rows are kept unless prune=true. dry_run=true answers the summary and changes nothing. Any error answers 422 listing every error with its path in the document, and changes nothing. At most 10 MiB.',
        querystring: Type.Object({ dry_run: flagQuery, prune: flagQuery }),
        body: MenuDocument,
        response: { 200: envelope(ImportResult, Meta), ...adminWriteErrorResponses },
      },
    },
    async (request) => {
      const dryRun = isOn(request.query.dry_run);
      const prune = isOn(request.query.prune);
      const actor = { ...apiActor(request.principal), via: 'import' as const };
      const options = { dryRun, prune };
      let result: Awaited<ReturnType<typeof importMenu>>;
      if (typeof request.body === 'string') {
        // A CSV of dishes, laid over the current menu; its errors name the CSV line.
        const { doc, lines } = csvToDocument(await ownerSnapshot(app, request.tenant.id), request.body);
        try {
          result = await importMenu(app, request.tenant.id, actor, doc, options);
        } catch (err) {
          if (err instanceof ValidationError) throw new ValidationError(csvIssues(err.issues, lines));
          throw err;
        }
      } else {
        result = await importMenu(app, request.tenant.id, actor, request.body, options);
      }
      return {
        success: true,
        data: { dry_run: dryRun, prune, ...result },
        meta: { generated_at: nowIso() },
      };
    },
  );
}
