// PUT/DELETE /api/v1/admin/items/{id}/image, /admin/settings/logo and /admin/settings/cover: the
// image is the request body (image/jpeg, image/png or image/webp, at most 10 MB), sniffed and
// re-encoded before the write; the old files go once nothing uses them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { findSettings } from '../../catalog/repo.js';
import { changeRow } from '../../catalog/rows.js';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { apiActor, type MenuWrite, ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { NotFoundError, UnsupportedMediaTypeError } from '../../core/errors.js';
import { findRow } from '../../db/menu-rows.js';
import { IdParams } from '../../http/params.js';
import { adminErrorResponses, envelope, LocaleMeta, Meta, nowIso } from '../../http/schemas.js';
import { MenuItem } from '../items/schema.js';
import { itemView } from '../items/view.js';
import { updateSettings } from '../settings/repo.js';
import { Settings, settingsView } from '../settings/schema.js';
import { type EncodedImage, encodeImage, IMAGE_MAX_BYTES, IMAGE_TYPES, type WIDTHS } from './encode.js';
import { pruneMedia, saveMediaFiles } from './repo.js';
import { parseImageRef } from './urls.js';

const binaryBody = {
  description: `The image itself as the body: ${IMAGE_TYPES.join(', ')}, at most 10 MB. The content is checked, not the header.`,
};

/** The upload as bytes, or 415 when it was not sent as one of the image types. */
async function imageUpload(request: FastifyRequest, purpose: keyof typeof WIDTHS): Promise<EncodedImage> {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!(IMAGE_TYPES as readonly string[]).includes(type) || !Buffer.isBuffer(request.body)) {
    throw new UnsupportedMediaTypeError('unsupported_image_type');
  }
  return encodeImage(request.body, purpose);
}

async function setItemImage(w: MenuWrite, id: number, image: EncodedImage | null): Promise<void> {
  const current = await findRow(w.trx, 'items', w.tenantId, id);
  if (!current) throw new NotFoundError();
  if (image) await saveMediaFiles(w.trx, w.tenantId, image.files, nowIso());
  await changeRow(w, 'items', current, { image: image ? JSON.stringify(image.ref) : null });
  const old = parseImageRef(current.image);
  if (old && old.key !== image?.ref.key) await pruneMedia(w.trx, w.tenantId, old.key);
}

async function setSettingsImage(w: MenuWrite, which: 'logo' | 'cover', image: EncodedImage | null): Promise<void> {
  const before = await findSettings(w.trx, w.tenantId);
  if (image) await saveMediaFiles(w.trx, w.tenantId, image.files, nowIso());
  const column = which === 'logo' ? 'logo_image' : 'cover_image';
  const after = await updateSettings(
    w.trx,
    w.tenantId,
    { [column]: image ? JSON.stringify(image.ref) : null },
    nowIso(),
  );
  w.record({ resource: 'settings', id: after.id, action: 'updated', before, after });
  const old = parseImageRef(before[column]);
  if (old && old.key !== image?.ref.key) await pruneMedia(w.trx, w.tenantId, old.key);
}

export async function mediaAdminRoutes(app: FastifyInstance): Promise<void> {
  // Only this scope reads image bodies; any other type arrives as bytes too and is refused with 415.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const config = { scopes: WRITE_SCOPES };

  app.put(
    '/items/:id/image',
    {
      config,
      bodyLimit: IMAGE_MAX_BYTES,
      schema: {
        summary: "Upload or replace a dish's photo",
        description: binaryBody.description,
        params: IdParams,
        response: { 200: envelope(MenuItem, LocaleMeta), ...adminErrorResponses },
      },
    },
    async (request) => {
      const id = (request.params as { id: number }).id;
      const tenantId = request.tenant.id;
      // 404 before the (slow) encoding when the dish does not exist.
      const known = await ownerSnapshot(app, tenantId);
      if (![...known.items.values()].some((list) => list.some((i) => i.id === id))) throw new NotFoundError();
      const image = await imageUpload(request, 'photo');
      await writeMenu(app, tenantId, apiActor(request.principal), (w) => setItemImage(w, id, image));
      const snapshot = await ownerSnapshot(app, tenantId);
      const row = [...snapshot.items.values()].flat().find((i) => i.id === id);
      if (!row) throw new NotFoundError();
      const locale = defaultLocaleOf(snapshot);
      return { success: true, data: itemView(snapshot, row, locale), meta: { generated_at: nowIso(), locale } };
    },
  );

  app.delete(
    '/items/:id/image',
    {
      config,
      schema: {
        summary: "Remove a dish's photo",
        params: IdParams,
        response: { 204: { type: 'null' }, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const id = (request.params as { id: number }).id;
      await writeMenu(app, request.tenant.id, apiActor(request.principal), (w) => setItemImage(w, id, null));
      return reply.code(204).send();
    },
  );

  for (const which of ['logo', 'cover'] as const) {
    const purpose = which;
    app.put(
      `/settings/${which}`,
      {
        config,
        bodyLimit: IMAGE_MAX_BYTES,
        schema: {
          summary: `Upload or replace the restaurant's ${which}`,
          description: `${binaryBody.description} Sets \`${which === 'logo' ? 'logo_url' : 'cover_image_url'}\` to the stored image.`,
          response: { 200: envelope(Settings, Meta), ...adminErrorResponses },
        },
      },
      async (request) => {
        const image = await imageUpload(request, purpose);
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
