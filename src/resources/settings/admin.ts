// GET and PUT /api/v1/admin/settings: every spec field but id and slug, plus timezone; partial.
// Answers carry the row's ETag; a PUT with a stale If-Match answers 412 and changes nothing.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { READ_SCOPES, WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { findSettings } from '../../catalog/repo.js';
import { apiActor, ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { PreconditionFailedError } from '../../core/errors.js';
import { ifMatchHolds, rowTag } from '../../http/etag.js';
import { adminErrorResponses, adminWriteErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { inOnePass } from '../../http/validator.js';
import { acceptReadShape } from '../../http/write-shape.js';
import { Settings, settingsView } from './schema.js';
import { SettingsInput, updateRestaurantSettings } from './service.js';

/** The settings object plus `updated_at`, which only the admin API shows. */
const AdminSettings = Type.Composite([Settings, Type.Object({ updated_at: Type.String() })]);

export function registerAdminSettings(app: FastifyInstance): void {
  const response = { 200: envelope(AdminSettings, Meta), ...adminErrorResponses };
  const answer = async (reply: FastifyReply, tenantId: number) => {
    const snapshot = await ownerSnapshot(app, tenantId);
    reply.header('etag', rowTag('settings', snapshot.settings));
    return {
      success: true,
      data: { ...settingsView(snapshot), updated_at: snapshot.settings.updated_at },
      meta: { generated_at: nowIso() },
    };
  };
  const api = typed(app);
  api.get(
    '/settings',
    { config: { scopes: READ_SCOPES }, schema: { summary: 'Restaurant settings', response } },
    (request, reply) => answer(reply, request.tenant.id),
  );

  api.put(
    '/settings',
    {
      config: { scopes: WRITE_SCOPES, validatesInHandler: true },
      preValidation: acceptReadShape(SettingsInput, AdminSettings, async (request) => ({
        id: (await ownerSnapshot(app, request.tenant.id)).settings.id,
        slug: request.tenant.slug,
      })),
      schema: {
        summary: 'Update restaurant settings (partial)',
        body: SettingsInput,
        response: { ...response, ...adminWriteErrorResponses },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      // One 422 for the schema's rules and the service's (default locale among the supported ones, time zone).
      await inOnePass(request.body, SettingsInput, (settle) =>
        writeMenu(app, tenantId, apiActor(request.principal), async (w) => {
          const current = await findSettings(w.trx, tenantId);
          if (!ifMatchHolds(request.headers['if-match'], rowTag('settings', current))) {
            throw new PreconditionFailedError('precondition_failed');
          }
          await updateRestaurantSettings(w, request.body);
          settle();
        }),
      );
      return answer(reply, tenantId);
    },
  );
}
