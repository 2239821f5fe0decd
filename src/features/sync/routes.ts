// GET /api/v1/admin/menu/export and PUT /api/v1/admin/menu: the whole menu as one document, and
// that document applied in one transaction (one menu version, one webhook event, audit entries
// marked `import`). `?dry_run=true` answers the same summary and changes nothing; `?prune=true`
// deletes what the document leaves out. A document that changes nothing commits nothing.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { READ_SCOPES, WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { apiActor, ownerSnapshot } from '../../catalog/write.js';
import { adminErrorResponses, adminWriteErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { validatorCompiler } from '../../http/validator.js';
import { importMenu } from './apply.js';
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

export function registerMenuSync(app: FastifyInstance): void {
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
          'Rows are matched by external_id, else id, else created. Omitted rows are kept unless prune=true. dry_run=true answers the summary and changes nothing. Any error answers 422 listing every error with its path in the document, and changes nothing. At most 10 MiB.',
        querystring: Type.Object({ dry_run: flagQuery, prune: flagQuery }),
        body: MenuDocument,
        response: { 200: envelope(ImportResult, Meta), ...adminWriteErrorResponses },
      },
    },
    async (request) => {
      const dryRun = isOn(request.query.dry_run);
      const prune = isOn(request.query.prune);
      const actor = { ...apiActor(request.principal), via: 'import' as const };
      const result = await importMenu(app, request.tenant.id, actor, request.body, { dryRun, prune });
      return {
        success: true,
        data: { dry_run: dryRun, prune, ...result },
        meta: { generated_at: nowIso() },
      };
    },
  );
}
