// Panel forms that carry a file (menu import, photos): multipart/form-data, read only by the
// routes registered through `withUploads` (every other panel route still takes urlencoded forms of
// 64 KiB at most). Fields arrive as strings and the file as a Buffer, so the guard's CSRF check
// and the handlers read the body like any other form.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** The API's limit for whole-menu imports and images. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Registers `routes` in a scope that also reads multipart forms: one file of at most 10 MiB and a
 * few small fields, except a text field may be twice as long (a previewed file sent back to be
 * applied: the browser turns each line break into CR LF).
 */
export function withUploads(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 12, parts: 14, fieldSize: 2 * UPLOAD_MAX_BYTES },
    });
    routes(scope);
  });
}

/** The uploaded file of a multipart form's field (an empty Buffer when none was chosen). */
export function uploadedFile(body: unknown, name: string): Buffer {
  const value: unknown = body && typeof body === 'object' ? Reflect.get(body, name) : undefined;
  return Buffer.isBuffer(value) ? value : Buffer.alloc(0);
}
