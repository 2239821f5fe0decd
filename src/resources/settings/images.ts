// PUT/DELETE /api/v1/admin/settings/logo and /admin/settings/cover: the image is the request body
// (image/jpeg, image/png or image/webp, at most 10 MB), sniffed and re-encoded before the write;
// the old files go once nothing uses them.
import type { FastifyInstance } from 'fastify';
import { WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { findSettings } from '../../catalog/repo.js';
import { apiActor, type MenuWrite, ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { adminErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import type { EncodedImage } from '../media/encode.js';
import {
  acceptImageBodies,
  IMAGE_BODY_DESCRIPTION,
  IMAGE_MAX_BYTES,
  imageUpload,
  pruneReplaced,
  storeImage,
} from '../media/upload.js';
import { updateSettings } from './repo.js';
import { Settings, settingsView } from './schema.js';

/** Sets (or with null removes) the logo or cover inside a write: the API's PUT/DELETE and the panel's forms. */
export async function setSettingsImage(
  w: MenuWrite,
  which: 'logo' | 'cover',
  image: EncodedImage | null,
): Promise<void> {
  const before = await findSettings(w.trx, w.tenantId);
  const column = which === 'logo' ? 'logo_image' : 'cover_image';
  const after = await updateSettings(w.trx, w.tenantId, { [column]: await storeImage(w, image) }, nowIso());
  w.record({ resource: 'settings', id: after.id, action: 'updated', before, after });
  await pruneReplaced(w, before[column], image);
}

export async function settingsImageRoutes(app: FastifyInstance): Promise<void> {
  acceptImageBodies(app);
  const config = { scopes: WRITE_SCOPES };

  for (const which of ['logo', 'cover'] as const) {
    app.put(
      `/settings/${which}`,
      {
        config,
        bodyLimit: IMAGE_MAX_BYTES,
        schema: {
          summary: `Upload or replace the restaurant's ${which}`,
          description: `${IMAGE_BODY_DESCRIPTION} Sets \`${which === 'logo' ? 'logo_url' : 'cover_image_url'}\` to the stored image.`,
          response: { 200: envelope(Settings, Meta), ...adminErrorResponses },
        },
      },
      async (request) => {
        const image = await imageUpload(request, which);
        const tenantId = request.tenant.id;
        await writeMenu(app, tenantId, apiActor(request.principal), (w) => setSettingsImage(w, which, image));
        const snapshot = await ownerSnapshot(app, tenantId);
        return { success: true, data: settingsView(snapshot), meta: { generated_at: nowIso() } };
      },
    );
    app.delete(
      `/settings/${which}`,
      {
        config,
        schema: {
          summary: `Remove the uploaded ${which} (the URL set in the settings shows again)`,
          response: { 204: { type: 'null' }, ...adminErrorResponses },
        },
      },
      async (request, reply) => {
        await writeMenu(app, request.tenant.id, apiActor(request.principal), (w) => setSettingsImage(w, which, null));
        return reply.code(204).send();
      },
    );
  }
}
