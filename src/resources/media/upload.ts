// Image uploads shared by the resources that carry a picture (dish photos, logo, cover): the body
// parser for raw image bodies, the sniff-and-encode step, and swapping stored files inside a write.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MenuWrite } from '../../catalog/write.js';
import { UnsupportedMediaTypeError } from '../../core/errors.js';
import { nowIso } from '../../http/schemas.js';
import { type EncodedImage, encodeImage, IMAGE_MAX_BYTES, IMAGE_TYPES, type WIDTHS } from './encode.js';
import { pruneMedia, saveMediaFiles } from './repo.js';
import { parseImageRef } from './urls.js';

export { IMAGE_MAX_BYTES };

export const IMAGE_BODY_DESCRIPTION = `The image itself as the body: ${IMAGE_TYPES.join(', ')}, at most 10 MB. The content is checked, not the header.`;

/** Lets a route scope read raw image bodies; any other type arrives as bytes too and is refused with 415. */
export function acceptImageBodies(app: FastifyInstance): void {
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
}

/** The upload as bytes, or 415 when it was not sent as one of the image types. */
export async function imageUpload(request: FastifyRequest, purpose: keyof typeof WIDTHS): Promise<EncodedImage> {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!(IMAGE_TYPES as readonly string[]).includes(type) || !Buffer.isBuffer(request.body)) {
    throw new UnsupportedMediaTypeError('unsupported_image_type');
  }
  return encodeImage(request.body, purpose);
}

/**
 * Stores a new image's files (when there is one) and returns the column value to write; call
 * `pruneReplaced` after the row is written so the old files go once nothing uses them.
 */
export async function storeImage(w: MenuWrite, image: EncodedImage | null): Promise<string | null> {
  if (image) await saveMediaFiles(w.trx, w.tenantId, image.files, nowIso());
  return image ? JSON.stringify(image.ref) : null;
}

/** Removes the files of the image a row held before, unless the new image is the same one. */
export async function pruneReplaced(w: MenuWrite, before: string | null, image: EncodedImage | null): Promise<void> {
  const old = parseImageRef(before);
  if (old && old.key !== image?.ref.key) await pruneMedia(w.trx, w.tenantId, old.key);
}
