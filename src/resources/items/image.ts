// PUT/DELETE /api/v1/admin/items/{id}/image: the dish photo is the request body (image/jpeg,
// image/png or image/webp, at most 10 MB), sniffed and re-encoded before the write; the old
// files go once nothing uses them.
import type { FastifyInstance } from 'fastify';
import { WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { changeRow } from '../../catalog/rows.js';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { apiActor, type MenuWrite, ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { NotFoundError } from '../../core/errors.js';
import { findRow } from '../../db/menu-rows.js';
import { IdParams } from '../../http/params.js';
import { adminErrorResponses, envelope, LocaleMeta, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import type { EncodedImage } from '../media/encode.js';
import {
  acceptImageBodies,
  IMAGE_BODY_DESCRIPTION,
  IMAGE_MAX_BYTES,
  imageUpload,
  pruneReplaced,
  storeImage,
} from '../media/upload.js';
import { MenuItem } from './schema.js';
import { itemView } from './view.js';

/** Sets (or with null removes) a dish's photo inside a write: the API's PUT/DELETE and the panel's photo form. */
export async function setItemImage(w: MenuWrite, id: number, image: EncodedImage | null): Promise<void> {
  const current = await findRow(w.trx, 'items', w.tenantId, id);
  if (!current) throw new NotFoundError();
  await changeRow(w, 'items', current, { image: await storeImage(w, image) });
  await pruneReplaced(w, current.image, image);
}

export async function itemImageRoutes(app: FastifyInstance): Promise<void> {
  acceptImageBodies(app);
  const config = { scopes: WRITE_SCOPES };
  const api = typed(app);

  api.put(
    '/items/:id/image',
    {
      config,
      bodyLimit: IMAGE_MAX_BYTES,
      schema: {
        summary: "Upload or replace a dish's photo",
        description: IMAGE_BODY_DESCRIPTION,
        params: IdParams,
        response: { 200: envelope(MenuItem, LocaleMeta), ...adminErrorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
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

  api.delete(
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
      const id = request.params.id;
      await writeMenu(app, request.tenant.id, apiActor(request.principal), (w) => setItemImage(w, id, null));
      return reply.code(204).send();
    },
  );
}
