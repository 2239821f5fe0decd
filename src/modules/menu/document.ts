// The cached /menu document: serialized once per (menu version, locale, open sections), its gzip
// and brotli forms made once on first request per encoding, each with its own strong ETag.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Static } from '@sinclair/typebox';
import fastJson from 'fast-json-stringify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { nowIso } from '../../http/schemas.js';
import type { Locale } from '../../i18n/locales.js';
import { menuData } from './compose.js';
import { MenuResponse } from './schema.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Representation {
  body: Buffer;
  etag: string;
  /** Every header of a 200 for this representation, computed once. */
  headers: Record<string, string>;
}

export interface MenuDocument {
  identity: Representation;
  /** Compressions under way or done (one per encoding, however many requests wait). */
  compressed: Map<Encoding, Promise<Representation>>;
  /** Compressed forms once done: served without touching a promise. */
  ready: Map<Encoding, Representation>;
}

function represent(body: Buffer, etag: string, encoding: Encoding): Representation {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
    etag,
    vary: 'Accept-Encoding',
    'cache-control': 'public, no-cache',
    // Public reads are open to any web site (plugins/cors.ts); the fast path sends these headers as they are.
    'access-control-allow-origin': '*',
  };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return { body, etag, headers };
}

const serialize = fastJson(MenuResponse) as (value: Static<typeof MenuResponse>) => string;

/** A bounded number of documents per snapshot: open sets change a few times a day at most. */
const MAX_DOCUMENTS = 64;

function etagOf(body: Buffer, suffix: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}${suffix}"`;
}

export function menuDocument(snapshot: MenuSnapshot, openKey: string, locale: Locale): MenuDocument {
  const last = snapshot.lastDocument;
  if (last && last.locale === locale && last.openKey === openKey) return last.doc as MenuDocument;
  const key = `${locale}|${openKey}`;
  const cached = snapshot.documents.get(key) as MenuDocument | undefined;
  if (cached) {
    snapshot.lastDocument = { locale, openKey, doc: cached };
    return cached;
  }
  const body = Buffer.from(
    serialize({
      success: true,
      data: menuData(snapshot, openKey, locale),
      meta: { generated_at: nowIso(), locale },
    }),
  );
  const doc: MenuDocument = {
    identity: represent(body, etagOf(body, ''), 'identity'),
    compressed: new Map(),
    ready: new Map(),
  };
  if (snapshot.documents.size >= MAX_DOCUMENTS) snapshot.documents.clear();
  snapshot.documents.set(key, doc);
  return doc;
}

async function compress(doc: MenuDocument, encoding: 'br' | 'gzip'): Promise<Representation> {
  const source = doc.identity.body;
  const body =
    encoding === 'br'
      ? await brotliAsync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        })
      : await gzipAsync(source, { level: 9 });
  // The compressed ETag derives from the identity one: same content, different representation.
  const rep = represent(body, `${doc.identity.etag.slice(0, -1)}-${encoding}"`, encoding);
  doc.ready.set(encoding, rep);
  return rep;
}

/** The representation for an encoding; compressed once, then reused (one compression however many wait). */
export function representation(doc: MenuDocument, encoding: Encoding): Representation | Promise<Representation> {
  if (encoding === 'identity') return doc.identity;
  const done = doc.ready.get(encoding);
  if (done) return done;
  let pending = doc.compressed.get(encoding);
  if (!pending) {
    pending = compress(doc, encoding);
    doc.compressed.set(encoding, pending);
  }
  return pending;
}

const negotiated = new Map<string, Encoding>();

/** Picks br, then gzip, then identity from Accept-Encoding (q-values honoured). */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const known = negotiated.get(header);
  if (known) return known;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    q[name.trim()] = qParam ? Number(qParam.trim().slice(2)) || 0 : 1;
  }
  const accepts = (name: string) => (q[name] ?? q['*'] ?? 0) > 0;
  const encoding: Encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : 'identity';
  if (negotiated.size < 256) negotiated.set(header, encoding);
  return encoding;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
