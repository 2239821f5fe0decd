// The menu's hot path in front of the framework: a GET /api/v1/menu/{locale?} whose document is
// already built (and compressed) for a known, open tenant is answered straight from memory with
// its precomputed headers. Everything else — first requests, 304s, unknown hosts, limited
// clients, odd query strings — goes through Fastify as usual, which produces the same bytes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeHost, type TenantDirectory } from '../../accounts/tenants/directory.js';
import type { TenantState } from '../../accounts/tenants/repo.js';
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

/** URLs the fast path remembers (the menu's few spellings, and other URLs met; forgotten all at once past it). */
const URLS_KEPT = 256;

/**
 * Host and URL pairs remembered (all forgotten at once past it): 10,000 restaurants' five locales
 * fit, at ~100 bytes each.
 */
const ANSWERS_KEPT = 65_536;

/**
 * Longer Host headers are answered but not remembered: a name is at most 253 characters, and
 * `alpha.localhost:` followed by 8 kB still names alpha (the port is cut off unread), so 65,536 of
 * them would hold half a gigabyte.
 */
const HOST_KEPT_LENGTH = 270;

/**
 * What the fast path resolved for one Host header and URL: the restaurant the directory named, its
 * menu version's schedule, and the document last answered (while it stays in memory). Kept only
 * while the directory's generation stays the same (every remembered answer is forgotten at once
 * when it moves): the directory's own answer for that Host could differ from then on. Valid that
 * long because a restaurant's state is replaced, never changed in place, and the schedule and
 * documents of a menu version never change (a document evicted says so: `alive`).
 */
interface Resolved {
  tenant: TenantState;
  schedule: Schedule;
  /** Whether its open sections change with the time of day (then checked on every request). */
  timed: boolean;
  /** The served locale's document, and the open-set key it was found for. */
  openKey: string;
  doc: CachedDocument | undefined;
}

/** A /menu URL: its requested locale ('' for none), and what each Host asking for it resolved to. */
interface MenuUrl {
  requested: string;
  hosts: Map<string, Resolved>;
}

/** Returns true when it answered the request itself. */
export function menuFastPath(deps: FastPathDeps) {
  const limit = deps.config.publicRateLimit;
  const v6Prefix = deps.config.ipv6PrefixLength;
  const { directory } = deps;
  // URL → its MenuUrl, or null for any other URL. A Map lookup of the URL costs less than the
  // regular expression, its match array and the locale string it cut.
  let urls = new Map<string, MenuUrl | null>();
  let resolvedCount = 0;
  let generation = directory.generation;
  const hostOf = rememberLast(normalizeHost);
  const encodingOf = rememberLast(negotiateEncoding);
  // Buffers of documents read from disk for one answer (document.ts, lookup).
  const pool = new ReadPool();
  const forgetAll = () => {
    urls = new Map();
    resolvedCount = 0;
    generation = directory.generation;
  };
  const menuUrl = (url: string): MenuUrl | null => {
    let known = urls.get(url);
    if (known === undefined) {
      const match = MENU_PATH.exec(url);
      known = match ? { requested: match[1] || match[2] || '', hosts: new Map() } : null;
      if (urls.size >= URLS_KEPT) forgetAll();
      urls.set(url, known);
    }
    return known;
  };
  /** The Host's restaurant, open, with its menu version's schedule known; undefined to let Fastify answer. */
  const resolve = (url: MenuUrl, host: string): Resolved | undefined => {
    // A Host header as browsers and wrk send it (lower case, no port) is its own normal form.
    const tenant = directory.peek(host) ?? directory.peek(hostOf(host));
    if (tenant?.status !== 'active' || !tenant.publicActive) return undefined;
    // The schedule (not the snapshot, which the byte budget may have evicted) finds the document.
    const schedule = deps.snapshots.schedule(tenant);
    if (!schedule) return undefined;
    const timed = schedule.windowed.length > 0 || schedule.soldOutTimed.length > 0;
    const resolved: Resolved = { tenant, schedule, timed, openKey: '', doc: undefined };
    if (host.length > HOST_KEPT_LENGTH) return resolved;
    if (resolvedCount >= ANSWERS_KEPT) forgetAll();
    else {
      url.hosts.set(host, resolved);
      resolvedCount++;
    }
    return resolved;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || !deps.open()) return false;
    // Before anything is read from what is remembered: a change in the directory forgets it all.
    if (directory.generation !== generation) forgetAll();
    const url = menuUrl(req.url ?? '');
    if (url === null) return false;
    const host = req.headers.host ?? '';
    const resolved = url.hosts.get(host) ?? resolve(url, host);
    if (resolved === undefined) return false;
    const { tenant, schedule } = resolved;
    const encoding = encodingOf(req.headers['accept-encoding'] ?? '');
    const openKey = resolved.timed ? deps.snapshots.scheduleKey(schedule) : '';
    let doc = resolved.doc;
    // A form read from disk for this answer only (its body a pooled buffer, reused once sent).
    let once: DiskAnswer | undefined;
    if (doc === undefined || !doc.alive || resolved.openKey !== openKey) {
      // Not held any longer, whatever comes next (43,000 evicted documents were, at 10,000
      // restaurants, with their headers and forms, before this was dropped).
      resolved.doc = undefined;
      doc = undefined;
      const locale = servedLocaleFrom(schedule.defaultLocale, schedule.supportedLocales, url.requested || undefined);
      const got = deps.documents.lookup(tenant.id, tenant.menuVersion, menuKey(locale, openKey), encoding, pool);
      if (!got) return false;
      if ('body' in got) once = got;
      else {
        doc = got;
        resolved.doc = got;
        resolved.openKey = openKey;
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
