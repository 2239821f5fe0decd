// GET and PUT /api/v1/admin/settings: every spec field but id and slug, plus timezone; partial.
import type { FastifyInstance } from 'fastify';
import { READ_SCOPES, WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { apiActor, ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { adminErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { inOnePass } from '../../http/validator.js';
import { acceptReadShape } from '../../http/write-shape.js';
import { Settings, settingsView } from './schema.js';
import { SettingsInput, updateRestaurantSettings } from './service.js';

export function registerAdminSettings(app: FastifyInstance): void {
  const response = { 200: envelope(Settings, Meta), ...adminErrorResponses };
  const api = typed(app);
  api.get(
    '/settings',
    { config: { scopes: READ_SCOPES }, schema: { summary: 'Restaurant settings', response } },
    async (request) => {
      const snapshot = await ownerSnapshot(app, request.tenant.id);
      return { success: true, data: settingsView(snapshot), meta: { generated_at: nowIso() } };
    },
  );

  api.put(
    '/settings',
    {
      config: { scopes: WRITE_SCOPES, validatesInHandler: true },
      preValidation: acceptReadShape(SettingsInput, Settings, async (request) => ({
        id: (await ownerSnapshot(app, request.tenant.id)).settings.id,
        slug: request.tenant.slug,
      })),
      schema: { summary: 'Update restaurant settings (partial)', body: SettingsInput, response },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      // One 422 for the schema's rules and the service's (default locale among the supported ones, time zone).
      await inOnePass(request.body, SettingsInput, (settle) =>
        writeMenu(app, tenantId, apiActor(request.principal), async (w) => {
          await updateRestaurantSettings(w, request.body);
          settle();
        }),
      );
      const snapshot = await ownerSnapshot(app, tenantId);
      return { success: true, data: settingsView(snapshot), meta: { generated_at: nowIso() } };
    },
  );
}
