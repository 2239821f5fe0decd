// Envelope schemas shared by every route: success with data + meta, and the error envelope.
import { type TSchema, Type } from '@sinclair/typebox';

export const ErrorEnvelope = Type.Object(
  {
    success: Type.Boolean(),
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { $id: 'ErrorEnvelope' },
);

/** Locale code → text, as `name_translations` on the wire. */
export const Translated = Type.Record(Type.String(), Type.String());

export const Meta = Type.Object({ generated_at: Type.String() });
export const LocaleMeta = Type.Object({ generated_at: Type.String(), locale: Type.String() });
export const PageMeta = Type.Object({
  generated_at: Type.String(),
  locale: Type.String(),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
  last_page: Type.Integer(),
});

export function envelope<D extends TSchema, M extends TSchema>(data: D, meta: M) {
  return Type.Object({ success: Type.Boolean(), data, meta });
}

const PageLink = Type.Union([Type.String(), Type.Null()]);
/** Where the neighbouring pages are: the same path and query with another `page` (null past either end). */
export const PageLinks = Type.Object(
  { first: Type.String(), last: Type.String(), prev: PageLink, next: PageLink },
  { description: 'The same request for the first, last, previous and next page (null when there is none).' },
);

/** An admin list: the envelope plus `links` to the neighbouring pages (the public /items keeps the spec's shape). */
export function pagedEnvelope<D extends TSchema, M extends TSchema>(data: D, meta: M) {
  return Type.Object({ success: Type.Boolean(), data, meta, links: PageLinks });
}

/** `links` for page `page` of `lastPage`, built from the request's own path and query. */
export function pageLinks(requestUrl: string, page: number, lastPage: number) {
  const url = new URL(requestUrl, 'http://x');
  const at = (n: number) => {
    url.searchParams.set('page', String(n));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  return {
    first: at(1),
    last: at(lastPage),
    prev: page > 1 ? at(Math.min(page - 1, lastPage)) : null,
    next: page < lastPage ? at(page + 1) : null,
  };
}

const errorRef = Type.Ref('ErrorEnvelope');

/** Error statuses every API route can answer (declared so they are documented and serialized). */
export const errorResponses = {
  400: errorRef,
  404: errorRef,
  405: errorRef,
  413: errorRef,
  415: errorRef,
  422: errorRef,
  429: errorRef,
  500: errorRef,
};

export const adminErrorResponses = { ...errorResponses, 401: errorRef, 403: errorRef };

/**
 * Admin writes can also answer 409 (a request with the same Idempotency-Key is still running, or
 * a concurrent write got in the way) and 412 (If-Match names a version the object no longer has).
 */
export const adminWriteErrorResponses = { ...adminErrorResponses, 409: errorRef, 412: errorRef };

export function nowIso(date = new Date()): string {
  // ISO 8601 with an explicit offset, as the spec's examples show (+00:00 rather than Z).
  return `${date.toISOString().slice(0, 19)}+00:00`;
}
