// A script the app itself serves (the page's /assets/menu.js, the service worker /sw.js): brotli
// and gzip forms made once, on the first request that asks for each, then sent as they are with
// an ETag per form and `Vary: Accept-Encoding`. On a phone's slow link the page's script is a
// sixth of its size in brotli (issue 36, point 4: the first load stays at Lighthouse 100).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag, negotiateEncoding } from '../menu/document.js';

type Form = { body: Buffer; etag: string };

export interface TextAsset {
  /** Answers the request with the form its Accept-Encoding takes (or 304), headers included. */
  send(request: FastifyRequest, reply: FastifyReply, cacheControl: string): FastifyReply;
}

export function textAsset(source: Buffer, contentType: string): TextAsset {
  const tag = createHash('sha1').update(source).digest('base64url');
  const forms: Partial<Record<'br' | 'gzip' | 'identity', Form>> = { identity: { body: source, etag: `"${tag}"` } };
  const form = (encoding: 'br' | 'gzip' | 'identity'): Form => {
    let made = forms[encoding];
    if (!made) {
      const body =
        encoding === 'br'
          ? brotliCompressSync(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            })
          : gzipSync(source, { level: 9 });
      made = { body, etag: `"${tag}-${encoding}"` };
      forms[encoding] = made;
    }
    return made;
  };
  return {
    send(request, reply, cacheControl) {
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      const chosen = form(encoding);
      reply.header('cache-control', cacheControl).header('vary', 'Accept-Encoding').header('etag', chosen.etag);
      // The form's own tag or the plain one: the bytes differ, the script is the same.
      if (matchesEtag(request.headers['if-none-match'], chosen.etag, `"${tag}"`)) return reply.code(304).send();
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type(contentType).send(chosen.body);
    },
  };
}
