// The menu's hot path in front of the framework: a GET /api/v1/menu/{locale?} whose document is
// already built (and compressed) for a known, open tenant is answered straight from memory with
// its precomputed headers. Everything else — first requests, 304s, unknown hosts, limited
// clients, odd query strings — goes through Fastify as usual, which produces the same bytes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeHost, type TenantDirectory } from '../../accounts/tenants/directory.js';
import type { Schedule, SnapshotStore } from '../../catalog/snapshot.js';
import type { Config } from '../../config.js';
import { clientKey } from '../../http/client-key.js';
import { servedLocaleFrom } from '../../i18n/locales.js';
import { EXPOSED_HEADERS } from '../../plugins/cors.js';
import { type CounterStore, counterKey, limitHeaders } from '../../plugins/counters.js';
import { menuKey } from './cached.js';
import { withHeaders } from './disk-tier.js';
import {
  type CachedDocument,
  type DiskAnswer,
  type DocumentCache,
  matchesEtag,
  negotiateEncoding,
} from './document.js';
import { ReadPool } from './read-pool.js';

const MENU_PATH = /^\/api\/v1\/menu(?:\/([A-Za-z-]{1,35}))?(?:\?locale=([A-Za-z-]{1,35}))?$/;

export interface FastPathDeps {
  config: Config;
  directory: TenantDirectory;
  snapshots: SnapshotStore;
  documents: DocumentCache;
  /** The public counters when they answer synchronously (in memory); undefined to let Fastify count. */
  counters: CounterStore | undefined;
  /** Answers given here, for /metrics (plain integers: nothing else on the hot path). */
  counts: { ok: number; notModified: number };
  /** False once the app is closing (Fastify then answers 503). */
  open: () => boolean;
  /** Requests per restaurant (the operator console's usage). */
  tally?: { count(tenantId: number): void };
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

/**
 * `compute` with a memory of up to `max` inputs (forgotten all at once past it). A thousand
 * restaurants' diners ask five URLs; a Map lookup of the URL costs less than the regular
 * expression, its match array and the locale string it cut.
 */
function remembered<T>(max: number, compute: (input: string) => T): (input: string) => T {
  let known = new Map<string, T>();
  return (input) => {
    let output = known.get(input);
    if (output === undefined && !known.has(input)) {
      output = compute(input);
      if (known.size >= max) known = new Map();
      known.set(input, output);
    }
    return output as T;
  };
}

/** URLs whose locale part the fast path remembers (the menu's few spellings, and other URLs met). */
const URLS_KEPT = 256;

/** At most this many requested-locale spellings remembered per menu version (`/menu/de`, `/menu/de-AT`...). */
const SPELLINGS_KEPT = 16;

/** The document last found for a requested locale, and the open-set key it was found for. */
interface Found {
  openKey: string;
  doc: CachedDocument;
}

/** Returns true when it answered the request itself. */
export function menuFastPath(deps: FastPathDeps) {
  const limit = deps.config.publicRateLimit;
  const v6Prefix = deps.config.ipv6PrefixLength;
  // The locale part of a /menu URL ('' for none), or undefined for any other URL: the same string
  // object for the same URL, whose hash the lookups below then reuse (the match's was new each time).
  const menuLocale = remembered(URLS_KEPT, (url) => {
    const match = MENU_PATH.exec(url);
    return match ? match[1] || match[2] || '' : undefined;
  });
  const hostOf = rememberLast(normalizeHost);
  const encodingOf = rememberLast(negotiateEncoding);
  // Per menu version (a schedule is replaced with each version), the documents found by requested
  // locale: a thousand restaurants' requests then skip the served-locale choice, the cache key's
  // string and two map lookups by that string, which the single `last` cannot save them.
  const foundBy = new WeakMap<Schedule, Map<string, Found>>();
  // Buffers of documents read from disk for one answer (document.ts, lookup).
  const pool = new ReadPool();
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || !deps.open()) return false;
    const requested = menuLocale(req.url ?? '');
    if (requested === undefined) return false;
    // A Host header as browsers and wrk send it (lower case, no port) is its own normal form.
    const host = req.headers.host ?? '';
    const tenant = deps.directory.peek(host) ?? deps.directory.peek(hostOf(host));
    if (tenant?.status !== 'active' || !tenant.publicActive) return false;
    // The schedule (not the snapshot, which the byte budget may have evicted) finds the document.
    const schedule = deps.snapshots.schedule(tenant);
    if (!schedule) return false;
    const encoding = encodingOf(req.headers['accept-encoding'] ?? '');
    const openKey = deps.snapshots.scheduleKey(schedule);
    let doc: CachedDocument | undefined;
    // A form read from disk for this answer only (its body a pooled buffer, reused once sent).
    let once: DiskAnswer | undefined;
    let found = foundBy.get(schedule);
    const known = found?.get(requested);
    if (known !== undefined && known.openKey === openKey && known.doc.alive) {
      doc = known.doc;
    } else {
      const locale = servedLocaleFrom(schedule.defaultLocale, schedule.supportedLocales, requested || undefined);
      const got = deps.documents.lookup(tenant.id, tenant.menuVersion, menuKey(locale, openKey), encoding, pool);
      if (!got) return false;
      if ('body' in got) {
        once = got;
        // The document it remembered is evicted: not held here any longer (43,000 of them were, at
        // 10,000 restaurants, with their headers and forms).
        if (known !== undefined) found!.delete(requested);
      } else {
        doc = got;
        if (!found) {
          found = new Map();
          foundBy.set(schedule, found);
        }
        if (known !== undefined) {
          known.openKey = openKey;
          known.doc = doc;
        } else if (found.size < SPELLINGS_KEPT) found.set(requested, { openKey, doc });
      }
    }
    const rep = once ?? deps.documents.ready(doc!, encoding);
    let rateHeaders: Record<string, string> | undefined;
    if (rep && limit > 0) {
      // Same key as the rate-limit plugin (the socket address: the fast path only counts without TRUST_PROXY).
      const hit = deps.counters?.hit(counterKey('public', tenant.id, clientKey(req.socket.remoteAddress, v6Prefix)));
      // Over the limit (or counted elsewhere): Fastify answers (counting once more changes nothing once over).
      if (hit !== undefined && !(hit instanceof Promise) && hit.count <= limit)
        rateHeaders = limitHeaders(limit, hit.count);
    }
    if (!rep || (limit > 0 && !rateHeaders)) {
      if (once) pool.release(once.body);
      return false;
    }
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, rep.etag, rep.formerEtag)) {
      const { etag, vary, 'cache-control': cacheControl } = rep.headers;
      const headers: Record<string, string> = {
        etag,
        vary,
        'cache-control': cacheControl,
        'access-control-allow-origin': '*',
        'access-control-expose-headers': EXPOSED_HEADERS,
      };
      res.writeHead(304, rateHeaders ? withHeaders(headers, rateHeaders) : headers);
      res.end();
      if (once) pool.release(once.body);
      deps.counts.notModified++;
      deps.tally?.count(tenant.id);
      return true;
    }
    // Not a spread: each `{ ...a, ...b }` would make a hidden class of its own (disk-tier.ts, withHeaders).
    res.writeHead(200, rateHeaders ? withHeaders(rep.headers, rateHeaders) : rep.headers);
    res.end(rep.body);
    if (once) {
      // Usually written to the socket at once; otherwise the buffer is reused once it has been.
      const body = once.body;
      if (res.writableLength === 0) pool.release(body);
      else res.once('finish', () => pool.release(body));
    }
    deps.counts.ok++;
    deps.tally?.count(tenant.id);
    return true;
  };
}
