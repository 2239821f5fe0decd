// GET and PUT /api/v1/admin/theme (partial). Answers carry the row's ETag; a PUT with a stale
// If-Match answers 412 and changes nothing.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { READ_SCOPES, WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { findTheme } from '../../catalog/repo.js';
import { apiActor, ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { PreconditionFailedError } from '../../core/errors.js';
import { ifMatchHolds, rowTag } from '../../http/etag.js';
import { adminErrorResponses, adminWriteErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { acceptReadShape } from '../../http/write-shape.js';
import { Theme, themeView } from './schema.js';
import { ThemeInput, updateThemeSettings } from './service.js';

/** The theme object plus `updated_at`, which only the admin API shows. */
const AdminTheme = Type.Composite([Theme, Type.Object({ updated_at: Type.String() })]);

export function registerAdminTheme(app: FastifyInstance): void {
  const response = { 200: envelope(AdminTheme, Meta), ...adminErrorResponses };
  const answer = async (reply: FastifyReply, tenantId: number) => {
    const snapshot = await ownerSnapshot(app, tenantId);
    reply.header('etag', rowTag('theme', snapshot.theme));
    return {
      success: true,
      data: { ...themeView(snapshot), updated_at: snapshot.theme.updated_at },
      meta: { generated_at: nowIso() },
    };
  };
  const api = typed(app);
  api.get(
    '/theme',
    { config: { scopes: READ_SCOPES }, schema: { summary: 'Visual theme', response } },
    (request, reply) => answer(reply, request.tenant.id),
  );
  api.put(
    '/theme',
    {
      config: { scopes: WRITE_SCOPES },
      preValidation: acceptReadShape(ThemeInput, AdminTheme, async (request) => ({
        id: themeView(await ownerSnapshot(app, request.tenant.id)).id,
      })),
      schema: {
        summary: 'Update the visual theme (partial)',
        body: ThemeInput,
        response: { ...response, ...adminWriteErrorResponses },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      await writeMenu(app, tenantId, apiActor(request.principal), async (w) => {
        const current = await findTheme(w.trx, tenantId);
        if (!ifMatchHolds(request.headers['if-match'], rowTag('theme', current))) {
          throw new PreconditionFailedError('precondition_failed');
        }
        await updateThemeSettings(w, request.body);
      });
      return answer(reply, tenantId);
    },
  );
}
