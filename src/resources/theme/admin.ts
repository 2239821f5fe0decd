// GET and PUT /api/v1/admin/theme (partial).
import type { FastifyInstance } from 'fastify';
import { READ_SCOPES, WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { apiActor, ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { adminErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { acceptReadShape } from '../../http/write-shape.js';
import { Theme, themeView } from './schema.js';
import { ThemeInput, updateThemeSettings } from './service.js';

export function registerAdminTheme(app: FastifyInstance): void {
  const response = { 200: envelope(Theme, Meta), ...adminErrorResponses };
  const answer = async (tenantId: number) => ({
    success: true,
    data: themeView(await ownerSnapshot(app, tenantId)),
    meta: { generated_at: nowIso() },
  });
  const api = typed(app);
  api.get('/theme', { config: { scopes: READ_SCOPES }, schema: { summary: 'Visual theme', response } }, (request) =>
    answer(request.tenant.id),
  );
  api.put(
    '/theme',
    {
      config: { scopes: WRITE_SCOPES },
      preValidation: acceptReadShape(ThemeInput, Theme, async (request) => ({
        id: themeView(await ownerSnapshot(app, request.tenant.id)).id,
      })),
      schema: { summary: 'Update the visual theme (partial)', body: ThemeInput, response },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      await writeMenu(app, tenantId, apiActor(request.principal), (w) => updateThemeSettings(w, request.body));
      return answer(tenantId);
    },
  );
}
