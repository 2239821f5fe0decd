// The menu's hot path in front of the framework: a GET /api/v1/menu/{locale?} whose document is
// already built (and compressed) for a known, open tenant is answered straight from memory with
// its precomputed headers. Everything else — first requests, 304s, unknown hosts, limited
// clients, odd query strings — goes through Fastify as usual, which produces the same bytes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type SnapshotStore, servedLocale } from '../../catalog/snapshot.js';
import type { Config } from '../../config.js';
import { type CounterStore, counterKey, limitHeaders } from '../../plugins/counters.js';
import { normalizeHost, type TenantDirectory } from '../tenants/directory.js';
import { matchesEtag, menuDocument, negotiateEncoding } from './document.js';

const MENU_PATH = /^\/api\/v1\/menu(?:\/([A-Za-z-]{1,35}))?(?:\?locale=([A-Za-z-]{1,35}))?$/;

export interface FastPathDeps {
  config: Config;
  directory: TenantDirectory;
  snapshots: SnapshotStore;
  /** The public counters when they answer synchronously (in memory); undefined to let Fastify count. */
  counters: CounterStore | undefined;
  /** False once the app is closing (Fastify then answers 503). */
  open: () => boolean;
}

/**
 * `compute` with a memory of its last input. Diners' phones send the same Host, URL and
 * Accept-Encoding again and again; comparing a new header string with the last one is cheaper than
 * hashing it for a Map lookup, and the answer, the same string object each time, keeps its hash.
 */
function rememberLast<T>(compute: (input: string) => T): (input: string) => T {
  let lastInput: string | undefined;
  let lastOutput: T;
  return (input) => {
    if (input !== lastInput) {
      lastOutput = compute(input);
      lastInput = input;
    }
    return lastOutput;
  };
}

/** Returns true when it answered the request itself. */
export function menuFastPath(deps: FastPathDeps) {
  const limit = deps.config.publicRateLimit;
  // The locale part of a /menu URL ('' for none), or undefined for any other URL.
  const menuLocale = rememberLast((url) => {
    const match = MENU_PATH.exec(url);
    return match ? match[1] || match[2] || '' : undefined;
  });
  const hostOf = rememberLast(normalizeHost);
  const encodingOf = rememberLast(negotiateEncoding);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || !deps.open()) return false;
    const requested = menuLocale(req.url ?? '');
    if (requested === undefined) return false;
    const tenant = deps.directory.peek(hostOf(req.headers.host ?? ''));
    if (tenant?.status !== 'active' || !tenant.publicActive) return false;
    const snapshot = deps.snapshots.peek(tenant);
    if (!snapshot) return false;
    const encoding = encodingOf(req.headers['accept-encoding'] ?? '');
    const locale = servedLocale(snapshot, requested || undefined);
    const doc = menuDocument(snapshot, deps.snapshots.openKey(snapshot, snapshot.settings.timezone), locale);
    const rep = encoding === 'identity' ? doc.identity : doc.ready.get(encoding);
    if (!rep) return false;
    let rateHeaders: Record<string, string> | undefined;
    if (limit > 0) {
      if (!deps.counters) return false;
      // Same key as the rate-limit plugin (the socket address: the fast path only counts without TRUST_PROXY).
      const hit = deps.counters.hit(counterKey('public', tenant.id, req.socket.remoteAddress));
      // Over the limit: Fastify answers the 429 (counting once more, which changes nothing once over).
      if (hit instanceof Promise || hit.count > limit) return false;
      rateHeaders = limitHeaders(limit, hit.count);
    }
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, rep.etag)) {
      const { etag, vary, 'cache-control': cacheControl } = rep.headers;
      res.writeHead(304, {
        etag,
        vary,
        'cache-control': cacheControl,
        'access-control-allow-origin': '*',
        ...rateHeaders,
      });
      res.end();
      return true;
    }
    res.writeHead(200, rateHeaders ? { ...rep.headers, ...rateHeaders } : rep.headers);
    res.end(rep.body);
    return true;
  };
}
