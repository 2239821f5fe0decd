// Panel forms that carry a file (the menu import's preview, a dish's photo, the logo, the cover):
// multipart/form-data, read only by the routes `uploadRoute` registers (every other panel route
// takes urlencoded forms of 64 KiB at most). Nothing of such a body is read before the door:
// the guard (guard.ts) checks the session, the role, where the form comes from and the declared
// length at `onRequest`, from the headers alone; then the body is streamed through busboy with
// this route's own limits, and its FIRST part must be the form's CSRF token (browsers send a
// form's fields in document order, and every panel form starts with it), so a forged form is
// refused after at most 64 KiB. Past any limit the answer is 413 at once: the reading stops, the
// connection is closed (guard.ts), the rest of the body is never buffered. A body busboy cannot
// read is a 400; both are answered by pages/error-page.ts in the panel's language.
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameToken } from './session.js';

/** The API's limit for whole-menu imports and images, and so the panel's for a form's file. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** A text field of a file form: the CSRF token, a checkbox; 64 KiB as every urlencoded panel form. */
export const UPLOAD_FIELD_MAX_BYTES = 64 * 1024;
/** What a whole body may carry besides its file: the fields, part headers and boundaries. */
const UPLOAD_OVERHEAD_BYTES = 1024 * 1024;

/** The shape of one file form: the names it sends besides `_csrf`, its file input and the file's limit. */
export interface UploadForm {
  fields: readonly string[];
  file: string;
  fileMax: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `uploadRoute`: the route reads this multipart form (guard.ts checks the headers first). */
    upload?: UploadForm;
  }
}

export interface Upload {
  fields: Record<string, string>;
  /** The chosen file (empty when none was chosen: browsers send an empty part). */
  file: Buffer;
}

export type UploadRefusalReason =
  | 'body_too_large'
  | 'file_too_large'
  | 'field_too_large'
  | 'too_many_parts'
  | 'unexpected_part'
  | 'unreadable'
  | 'csrf';

/**
 * A file form refused while its body is read: 413 past a limit, 403 without the CSRF token as its
 * first part, 400 when it is not a readable multipart body. `statusCode` and `code` as Fastify's
 * own errors carry them, so the panel's error pages answer it (never a 500).
 */
export class UploadRefusal extends Error {
  readonly statusCode: 400 | 403 | 413;
  readonly code = 'PANEL_UPLOAD_REFUSED';
  constructor(readonly reason: UploadRefusalReason) {
    super(`file form refused: ${reason}`);
    this.statusCode = reason === 'csrf' ? 403 : reason === 'unreadable' || reason === 'unexpected_part' ? 400 : 413;
  }
}

/** The largest body a file form may send: its file and 1 MiB for everything else. */
export function uploadBodyMax(form: UploadForm): number {
  return form.fileMax + UPLOAD_OVERHEAD_BYTES;
}

/**
 * Reads the route's file form from the request stream, checking the CSRF token of `csrf` (the
 * session's) on the first part. Resolves once the whole body is read; rejects with an
 * `UploadRefusal` the moment a limit is passed, without reading further.
 */
export function readUpload(request: FastifyRequest, form: UploadForm, csrf: string): Promise<Upload> {
  const raw = request.raw;
  return new Promise((resolve, reject) => {
    let bb: BusboyInstance;
    try {
      bb = new Busboy({
        headers: raw.headers as BusboyHeaders,
        isPartAFile: () => true,
        limits: {
          fieldNameSize: 100,
          files: form.fields.length + 2,
          parts: form.fields.length + 2,
          // Text parts are cut at 64 KiB here, below.
          fileSize: form.fileMax,
          headerPairs: 8,
        },
      });
    } catch {
      // No boundary, not multipart at all.
      reject(new UploadRefusal('unreadable'));
      return;
    }
    const max = uploadBodyMax(form);
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let parts = 0;
    let sawFile = false;
    let received = 0;
    let settled = false;

    const stop = () => {
      raw.off('data', count);
      raw.off('close', closed);
      raw.unpipe(bb);
    };
    const fail = (reason: UploadRefusalReason) => {
      if (settled) return;
      settled = true;
      stop();
      chunks.length = 0;
      reject(new UploadRefusal(reason));
    };
    // A body sent without Content-Length (chunked) is counted as it arrives.
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > max) fail('body_too_large');
    };
    // The client went away before the end: nothing to answer, nothing kept.
    const closed = () => {
      if (!raw.readableEnded) fail('unreadable');
    };

    // Every part arrives as a stream (`isPartAFile`), text fields too: busboy would read a text
    // field to its end before saying it was too long; a stream is counted, and cut, as it comes.
    bb.on('file', (name, stream) => {
      // A part cut short (the body ends inside it) errors on its stream: a 400, never a crash.
      stream.on('error', () => fail('unreadable'));
      const index = parts++;
      if (settled) return void stream.resume();
      if (index > 0 && name === form.file) {
        if (sawFile) {
          stream.resume();
          return void fail('unexpected_part');
        }
        sawFile = true;
        stream.on('data', (chunk: Buffer) => {
          if (!settled) chunks.push(chunk);
        });
        stream.on('limit', () => fail('file_too_large'));
        return;
      }
      const isCsrf = index === 0;
      if (isCsrf ? name !== '_csrf' : !form.fields.includes(name) || Object.hasOwn(fields, name)) {
        stream.resume();
        return fail(isCsrf ? 'csrf' : 'unexpected_part');
      }
      const text: Buffer[] = [];
      let length = 0;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        length += chunk.length;
        if (length > UPLOAD_FIELD_MAX_BYTES) return fail('field_too_large');
        text.push(chunk);
      });
      stream.on('end', () => {
        if (settled) return;
        const value = Buffer.concat(text).toString('utf8');
        if (isCsrf && !sameToken(value, csrf)) return fail('csrf');
        if (!isCsrf) fields[name] = value;
      });
    });
    bb.on('partsLimit', () => fail('too_many_parts'));
    bb.on('filesLimit', () => fail('too_many_parts'));
    bb.on('error', () => fail('unreadable'));
    bb.on('finish', () => {
      if (settled) return;
      // A form without any part has no token either.
      if (parts === 0) return fail('csrf');
      settled = true;
      stop();
      resolve({ fields, file: Buffer.concat(chunks) });
    });
    raw.on('data', count);
    raw.on('close', closed);
    raw.pipe(bb);
  });
}

export interface UploadRouteOptions {
  /** `owner` when only owners may send it (checked by the guard before the body is read). */
  access?: 'owner';
  form: UploadForm;
  /** Route checks that need no body (the row named by the path is the restaurant's), before it is read. */
  before?: (request: FastifyRequest) => Promise<void>;
  /** The answer to a file over its limit, when the route has a better one than the 413 page. */
  fileTooLarge?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/**
 * Registers a POST that reads a file form: in a scope of its own whose only body parser is
 * multipart/form-data, and which leaves the body on the wire for `readUpload` (any other body
 * type: 415). The handler runs with the form already read and its CSRF token checked.
 */
export function uploadRoute(
  app: FastifyInstance,
  path: string,
  options: UploadRouteOptions,
  handler: (request: FastifyRequest, reply: FastifyReply, upload: Upload) => Promise<unknown>,
): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
    const config = { upload: options.form, ...(options.access ? { panelAccess: options.access } : {}) };
    scope.post(path, { config }, async (request, reply) => {
      // The guard let only a signed-in user through; the session's token is the form's.
      const csrf = request.panel.session?.csrf ?? '';
      await options.before?.(request);
      let upload: Upload;
      try {
        upload = await readUpload(request, options.form, csrf);
      } catch (err) {
        if (err instanceof UploadRefusal && err.reason === 'file_too_large' && options.fileTooLarge) {
          return options.fileTooLarge(request, reply);
        }
        throw err;
      }
      return handler(request, reply, upload);
    });
  });
}
