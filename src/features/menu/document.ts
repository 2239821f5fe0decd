// The cache of built documents (the /menu JSON, the menu page's HTML): each is built once per
// (tenant, menu version, kind, locale, open sections), compressed once per encoding, and every
// stored form is charged to the one byte budget (catalog/budget.ts).
//
// Compression on the request path is fast: brotli quality 1 (a quarter of a millisecond for a
// demo-size menu: 9% larger than quality 4, three times faster) and gzip 4 (half the time of
// gzip 6 for 4% more bytes: about a millisecond).
// A document asked for again in brotli is then recompressed at quality 11 in the background, one at
// a time, at most ~10% of a core and only while the event loop has time to spare, so the bytes of
// popular menus shrink without a request ever paying for it.
//
// Only the forms clients ask for are kept. A document is built as its identity body, which is
// dropped once the compressed form its request wanted is made (browsers and phones always send
// Accept-Encoding): an identity request then gets the body back by decompressing the stored form
// (a fraction of a millisecond), and the identity form is kept only from its second request on, as
// a cheap entry the budget evicts first. A thousand restaurants in five languages then hold about
// 20 kB per menu, not 100.
//
// Past memory, a disk tier (disk-tier.ts, CACHE_DISK_MB): every compressed form stored here (the
// brotli-11 upgrade too) is also appended to its restaurant's pack file, asynchronously. When a request finds
// nothing in memory, `lookup` reads the form it wants (else the other compressed one) back from
// disk before anyone loads a snapshot: the document comes back with the same bytes, ETags and
// headers, charged to the budget as usual, counted as a disk hit, not a build. A tenant's pack
// goes when its version changes or it is forgotten, so a new version never meets old records.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip } from 'node:zlib';
import type { BudgetEntry, CacheBudget } from '../../catalog/budget.js';
import {
  type BodyBuffer,
  type DiskTier,
  formHeaders,
  type ReadForm,
  type StoredEncoding,
  type StoredForm,
} from './disk-tier.js';
import type { ReadPool } from './read-pool.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Representation {
  body: Buffer;
  etag: string;
  /** An earlier ETag of the same content in this encoding (the fast brotli form once upgraded): still fresh. */
  formerEtag?: string;
  /** Every header of a 200 for this representation, computed once. */
  headers: Record<string, string>;
  entry: BudgetEntry;
}

export interface CachedDocument {
  /** The content's ETag (of the identity body); kept when that body is evicted. */
  etag: string;
  /** Headers shared by every encoding (content-type, cache-control, vary, security headers...). */
  baseHeaders: Record<string, string>;
  forms: { identity?: Representation; br?: Representation; gzip?: Representation };
  /** Compressions under way (one per encoding, however many requests wait). */
  pending: Map<Encoding, Promise<Representation>>;
  /** Brotli requests served at the fast level; the second one queues the upgrade. */
  brHits: number;
  /** Identity requests served; from the second one on the identity form is kept. */
  identityAsks: number;
  /** The restaurant and the kind of document (`menu`, `page`, `print`): the budget's labels. */
  tenantId: number;
  kind: string;
  /** The menu version and cache key it was built for (its records on the disk tier). */
  version: number;
  key: string;
  brBest: boolean;
  /** False once every form was evicted or a newer version replaced the document. */
  alive: boolean;
  /** Just built: the request that built it is a miss, not a hit. */
  fresh: boolean;
  /** Takes the document out of the cache (its last form was evicted). */
  remove: () => void;
}

/**
 * A form read from disk for one answer and not kept in memory (`lookup` with a pool): its body in a
 * pooled buffer, to hand back (ReadPool.release) once sent; its headers and ETags are the file's
 * own objects, the same for every read.
 */
export interface DiskAnswer {
  body: Buffer;
  /** Every header of the 200. */
  headers: Record<string, string>;
  etag: string;
  formerEtag?: string;
}

interface TenantDocuments {
  version: number;
  documents: Map<string, CachedDocument>;
}

export interface DocumentStats {
  hits: number;
  misses: number;
  builds: number;
  compressions: number;
  upgrades: number;
  documents: number;
  /** Forms read back from the disk tier (a document or a form not built nor compressed again). */
  diskHits: number;
}

export const BROTLI_FAST = 1;
export const BROTLI_BEST = 11;
export const GZIP_LEVEL = 4;
/** The background upgrades may use this share of one core. */
const UPGRADE_CPU_SHARE = 0.1;
/**
 * Above this event-loop utilization the process is serving all it can: upgrades wait (a thousand
 * restaurants' documents would otherwise keep 10% of the core busy for as long as the load lasts).
 */
const BUSY_UTILIZATION = 0.8;
const BUSY_RETRY_MS = 500;
/**
 * A document read from disk while memory is full is kept in memory from this many reads of its record
 * in one window of the disk tier (disk-tier.ts, recentReads: a window is two reads per record the tier
 * holds), i.e. when it is read at least four times as often as the average record: a menu asked for
 * often comes back to memory within a few requests. Under uniform traffic over more menus than
 * memory holds, no record is read that often, so every read is sent from a pooled buffer and dropped
 * instead of evicting another menu. Keeping one read in eight (the rule before) evicted ~1,400
 * documents a second at 10,000 restaurants uniform, and the promoted garbage kept V8 marking a
 * third of the time: 15,000 req/s against 30,000 without it.
 */
export const DISK_KEEP_READS = 8;

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** A document held in memory, as refresh-ahead rebuilds it after a change (DocumentCache.held). */
export interface HeldDocument {
  key: string;
  /** The compressed forms it had. */
  encodings: ('br' | 'gzip')[];
  /**
   * Its identity requests so far, counted over its menu's versions (a rebuilt document starts from
   * its predecessor's count): from two on, its identity form is kept, after a change too.
   */
  identityAsks: number;
  used: number;
}

/** A key's kind (`menu|en|…` → `menu`), one string per kind (43,000 documents held 43,000 copies). */
const kinds = new Map<string, string>();
function kindOf(key: string): string {
  const cut = key.indexOf('|');
  const kind = cut === -1 ? key : key.slice(0, cut);
  let known = kinds.get(kind);
  if (known === undefined) {
    known = kind;
    kinds.set(kind, kind);
  }
  return known;
}

export class DocumentCache {
  private readonly tenants = new Map<number, TenantDocuments>();
  private readonly upgradeQueue: CachedDocument[] = [];
  private upgrading = false;
  private closed = false;
  private upgradeTimer: NodeJS.Timeout | undefined;
  private eluMark = performance.eventLoopUtilization();
  readonly stats: DocumentStats = {
    hits: 0,
    misses: 0,
    builds: 0,
    compressions: 0,
    upgrades: 0,
    documents: 0,
    diskHits: 0,
  };
  /** The second tier, when there is one (CACHE_DISK_MB > 0). */
  readonly disk: DiskTier | undefined;
  private readonly upgrade: boolean;

  constructor(
    private readonly budget: CacheBudget,
    options: { upgrade?: boolean; disk?: DiskTier } = {},
  ) {
    this.upgrade = options.upgrade ?? true;
    this.disk = options.disk;
  }

  /** The document of this tenant version and key, if built. */
  peek(tenantId: number, version: number, key: string): CachedDocument | undefined {
    const set = this.tenants.get(tenantId);
    if (!set || set.version !== version) return undefined;
    return set.documents.get(key);
  }

  /**
   * The document in memory, else brought back from the disk tier with its stored form for
   * `encoding` (for identity, or when that one is not on disk: the other compressed form);
   * undefined when it must be built.
   *
   * With a `pool` (the fast path, which sends the answer itself), a form read from disk while memory
   * is full is not kept unless its record is read often (DISK_KEEP_READS): it comes back as a
   * DiskAnswer for this one answer, its body in a pooled buffer, without a document made for it.
   */
  lookup(tenantId: number, version: number, key: string, encoding: Encoding): CachedDocument | undefined;
  lookup(
    tenantId: number,
    version: number,
    key: string,
    encoding: Encoding,
    pool: ReadPool,
  ): CachedDocument | DiskAnswer | undefined;
  lookup(
    tenantId: number,
    version: number,
    key: string,
    encoding: Encoding,
    pool?: ReadPool,
  ): CachedDocument | DiskAnswer | undefined {
    const known = this.peek(tenantId, version, key);
    if (known || !this.disk) return known;
    const current = this.tenants.get(tenantId);
    if (current && current.version > version) return undefined;
    let kept = true;
    const into: BodyBuffer | undefined = pool
      ? (bytes, recentReads) => {
          kept = this.budget.hasRoom(bytes + 600) || recentReads >= DISK_KEEP_READS;
          return kept ? Buffer.allocUnsafe(bytes) : pool.acquire(bytes);
        }
      : undefined;
    const first: StoredEncoding = encoding === 'gzip' ? 'gzip' : 'br';
    const got =
      this.disk.readForm(tenantId, version, key, first, into) ??
      this.disk.readForm(tenantId, version, key, first === 'br' ? 'gzip' : 'br', into);
    if (!got) return undefined;
    if (!kept && pool) {
      if (encoding === got.form.encoding) {
        this.stats.diskHits++;
        const answer: DiskAnswer = { body: got.body, headers: got.sent, etag: got.form.formEtag };
        if (got.form.formerEtag !== undefined) answer.formerEtag = got.form.formerEtag;
        return answer;
      }
      // Another encoding than the one read (identity is derived from it): answered by a document, kept.
      const copy = Buffer.allocUnsafe(got.body.length);
      got.body.copy(copy);
      pool.release(got.body);
      got.body = copy;
    }
    const set = this.setFor(tenantId, version)!;
    const doc = this.newDocument(set, tenantId, version, key, got.form.etag, got.form.headers);
    this.restored(doc, got);
    set.documents.set(key, doc);
    this.stats.documents++;
    return doc;
  }

  /** The document, built by `make` when missing (synchronous: one build however many requests ask). */
  document(
    tenantId: number,
    version: number,
    key: string,
    make: () => { body: Buffer; headers: Record<string, string> },
  ): CachedDocument {
    // No set: a request that started before a newer version arrived is built for itself, not kept.
    const set = this.setFor(tenantId, version);
    const known = set?.documents.get(key);
    if (known) return known;
    const { body, headers } = make();
    this.stats.builds++;
    this.stats.misses++;
    const doc = this.newDocument(set, tenantId, version, key, etagOf(body), headers);
    this.store(doc, 'identity', body, doc.etag);
    if (set) {
      set.documents.set(key, doc);
      this.stats.documents++;
    }
    return doc;
  }

  /**
   * The tenant's documents of `kind` held in memory now, by key, with the compressed forms held,
   * most recently used first (what refresh-ahead builds again after a change: cached.ts, MenuRefresher).
   */
  held(tenantId: number, kind: string): HeldDocument[] {
    const set = this.tenants.get(tenantId);
    if (!set) return [];
    const held: HeldDocument[] = [];
    for (const [key, doc] of set.documents) {
      if (doc.kind !== kind || !doc.alive) continue;
      const { identity, br, gzip } = doc.forms;
      const encodings: ('br' | 'gzip')[] = [];
      if (br) encodings.push('br');
      if (gzip) encodings.push('gzip');
      held.push({
        key,
        encodings,
        identityAsks: doc.identityAsks,
        used: Math.max(identity?.entry.stamp ?? 0, br?.entry.stamp ?? 0, gzip?.entry.stamp ?? 0),
      });
    }
    // Most recently used first: what is asked for most comes back first.
    return held.sort((a, b) => b.used - a.used);
  }

  /** Drops every document of a tenant (suspended, removed), on disk too. */
  forget(tenantId: number): void {
    const set = this.tenants.get(tenantId);
    if (set) this.drop(set);
    this.tenants.delete(tenantId);
    this.disk?.forget(tenantId);
  }

  /** A stored form for the encoding, or undefined when it must be compressed first (the fast path's question). */
  ready(doc: CachedDocument, encoding: Encoding): Representation | undefined {
    // Named loads of one shape of `forms` (every document's has all three fields), not a keyed load.
    const rep = encoding === 'br' ? doc.forms.br : encoding === 'gzip' ? doc.forms.gzip : this.identity(doc);
    if (!rep) return undefined;
    if (doc.fresh) doc.fresh = false;
    else this.stats.hits++;
    this.budget.touch(rep.entry);
    if (encoding === 'br' && !doc.brBest && ++doc.brHits === 2) this.queueUpgrade(doc);
    return rep;
  }

  /** The form for an encoding; compressed once, then reused. */
  representation(doc: CachedDocument, encoding: Encoding): Representation | Promise<Representation> {
    const done = this.ready(doc, encoding);
    if (done) return done;
    if (encoding === 'identity') throw new Error('identity form missing from a live document');
    const restored = this.fromDisk(doc, encoding);
    if (restored) return restored;
    let pending = doc.pending.get(encoding);
    if (!pending) {
      pending = this.compress(doc, encoding).finally(() => doc.pending.delete(encoding));
      doc.pending.set(encoding, pending);
    }
    return pending;
  }

  /**
   * Refresh-ahead's form (cached.ts, MenuRefresher): made when missing, without counting a request.
   * It is no hit, and no ask for the brotli upgrade: a menu rebuilt after every edit of a busy
   * afternoon is not recompressed at the best level until diners ask for it twice. A document no
   * longer held by the time its turn comes (evicted, or a newer version arrived) is skipped: no
   * request will be served from it.
   */
  prepare(doc: CachedDocument, encoding: 'br' | 'gzip'): Representation | Promise<Representation> | undefined {
    if (!doc.alive) return undefined;
    const stored = doc.forms[encoding];
    if (stored) return stored;
    let pending = doc.pending.get(encoding);
    if (!pending) {
      pending = this.compress(doc, encoding, true).finally(() => doc.pending.delete(encoding));
      doc.pending.set(encoding, pending);
    }
    return pending;
  }

  close(): void {
    this.closed = true;
    if (this.upgradeTimer) clearTimeout(this.upgradeTimer);
  }

  /** The tenant's documents of this version (an older version's are dropped); undefined when a newer one is held. */
  private setFor(tenantId: number, version: number): TenantDocuments | undefined {
    let set = this.tenants.get(tenantId);
    if (set && set.version === version) return set;
    if (set && set.version > version) return undefined;
    if (set) this.drop(set);
    this.disk?.retire(tenantId, version);
    set = { version, documents: new Map() };
    this.tenants.set(tenantId, set);
    return set;
  }

  private newDocument(
    set: TenantDocuments | undefined,
    tenantId: number,
    version: number,
    key: string,
    etag: string,
    headers: Record<string, string>,
  ): CachedDocument {
    const doc: CachedDocument = {
      etag,
      baseHeaders: headers,
      // All three fields from the start: one hidden class for every document's forms.
      forms: { identity: undefined, br: undefined, gzip: undefined },
      pending: new Map(),
      brHits: 0,
      identityAsks: 0,
      tenantId,
      kind: kindOf(key),
      version,
      key,
      brBest: false,
      fresh: true,
      // A document of a version older than the one cached is built for its request only.
      alive: set !== undefined,
      remove: () => {
        doc.alive = false;
        if (set?.documents.get(key) === doc) {
          set.documents.delete(key);
          this.stats.documents--;
        }
      },
    };
    return doc;
  }

  /** A form read from disk, stored as it was served before (same body, ETags and headers). */
  private restored(doc: CachedDocument, { form, body }: ReadForm): Representation {
    this.stats.diskHits++;
    if (form.encoding === 'br') {
      doc.brBest = form.brBest;
      doc.brHits = 0;
    }
    const rep = this.store(doc, form.encoding, body, form.formEtag);
    if (form.formerEtag !== undefined) rep.formerEtag = form.formerEtag;
    return rep;
  }

  /** The document's form for `encoding` from disk, when its record holds this very content (same ETag). */
  private fromDisk(doc: CachedDocument, encoding: StoredEncoding): Representation | undefined {
    if (!this.disk || !doc.alive) return undefined;
    const got = this.disk.readForm(doc.tenantId, doc.version, doc.key, encoding);
    if (!got || got.form.etag !== doc.etag) return undefined;
    const rep = this.restored(doc, got);
    if (encoding === 'br') doc.brHits = 1; // the request that asked for it, as after a compression
    doc.fresh = false;
    return rep;
  }

  /** A compressed form just made: written to the disk tier too (in the background). */
  private persist(doc: CachedDocument, encoding: StoredEncoding, rep: Representation): void {
    if (!this.disk || !doc.alive) return;
    const form: StoredForm = {
      encoding,
      etag: doc.etag,
      formEtag: rep.etag,
      headers: doc.baseHeaders,
      brBest: encoding === 'br' && doc.brBest,
      body: rep.body,
    };
    if (rep.formerEtag !== undefined) form.formerEtag = rep.formerEtag;
    this.disk.write(doc.tenantId, doc.version, doc.key, form);
  }

  /**
   * A form with its headers; stored and charged to the budget unless `keep` is false (an identity
   * body derived for one request). The document goes when its last stored form is evicted.
   */
  private store(doc: CachedDocument, encoding: Encoding, body: Buffer, etag: string, keep = true): Representation {
    const headers = formHeaders(doc.baseHeaders, encoding, body.length, etag);
    const entry: BudgetEntry = {
      bytes: body.length + 600,
      stamp: 0,
      kind: `${doc.kind}.${encoding}`,
      tenantId: doc.tenantId,
      // An identity body beside a compressed form comes back by decompressing it.
      cheap: encoding === 'identity' && (doc.forms.br !== undefined || doc.forms.gzip !== undefined),
      evict: () => {
        if (doc.forms[encoding] === rep) doc.forms[encoding] = undefined;
        // Its record is now the only copy: on disk the restaurant counts as used now (hits in memory never told it).
        if (encoding !== 'identity') this.disk?.used(doc.tenantId);
        if (!doc.forms.identity && !doc.forms.br && !doc.forms.gzip) doc.remove();
      },
    };
    const rep: Representation = { body, etag, headers, entry };
    if (!keep) return rep;
    const previous = doc.forms[encoding];
    if (previous) {
      this.budget.release(previous.entry);
      rep.formerEtag = previous.etag;
    }
    doc.forms[encoding] = rep;
    if (doc.alive) this.budget.charge(entry);
    if (encoding !== 'identity') this.compressedStored(doc);
    return rep;
  }

  /** A compressed form is stored: the identity body goes unless identity was asked for again; if kept, it is cheap. */
  private compressedStored(doc: CachedDocument): void {
    const identity = doc.forms.identity;
    if (!identity) return;
    if (doc.identityAsks < 2) {
      doc.forms.identity = undefined;
      this.budget.release(identity.entry);
    } else {
      identity.entry.cheap = true;
    }
  }

  /** The identity form of a request: stored, or derived from a compressed form (same bytes, same ETag). */
  private identity(doc: CachedDocument): Representation | undefined {
    doc.identityAsks++;
    if (doc.forms.identity) return doc.forms.identity;
    const body = this.identityBody(doc);
    if (!body) return undefined;
    return this.store(doc, 'identity', body, doc.etag, doc.identityAsks >= 2);
  }

  /** The document's bytes: the identity body, or a compressed form decompressed; undefined once every form is gone. */
  private identityBody(doc: CachedDocument): Buffer | undefined {
    if (doc.forms.identity) return doc.forms.identity.body;
    if (doc.forms.br) return brotliDecompressSync(doc.forms.br.body);
    if (doc.forms.gzip) return gunzipSync(doc.forms.gzip.body);
    return undefined;
  }

  private async compress(doc: CachedDocument, encoding: 'br' | 'gzip', ahead = false): Promise<Representation> {
    const input = this.identityBody(doc);
    if (!input) throw new Error('document evicted before it could be compressed');
    // One miss per request: the request that has just built the document was counted then.
    if (!doc.fresh && !ahead) this.stats.misses++;
    const body =
      encoding === 'br'
        ? await brotliAsync(input, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_FAST,
              [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
            },
          })
        : await gzipAsync(input, { level: GZIP_LEVEL });
    this.stats.compressions++;
    // The compressed ETag derives from the identity one: same content, another representation.
    const suffix = encoding === 'br' ? `-br${BROTLI_FAST}` : '-gzip';
    // The request that made it asked once; made ahead, nobody has asked yet.
    if (encoding === 'br') doc.brHits = ahead ? 0 : 1;
    doc.fresh = false;
    const rep = this.store(doc, encoding, body, `${doc.etag.slice(0, -1)}${suffix}"`);
    this.persist(doc, encoding, rep);
    return rep;
  }

  private drop(set: TenantDocuments): void {
    for (const doc of set.documents.values()) {
      doc.alive = false;
      for (const rep of [doc.forms.identity, doc.forms.br, doc.forms.gzip]) if (rep) this.budget.release(rep.entry);
      this.stats.documents--;
    }
    set.documents.clear();
  }

  /** Whether the event loop was busier than BUSY_UTILIZATION since the last time this was asked. */
  private busy(): boolean {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, this.eluMark);
    this.eluMark = now;
    return since.utilization > BUSY_UTILIZATION;
  }

  private queueUpgrade(doc: CachedDocument): void {
    // Bounded: past this, documents wait for their next request to be queued again.
    if (!this.upgrade || this.closed || this.upgradeQueue.length >= 10_000) return;
    this.upgradeQueue.push(doc);
    if (!this.upgrading) this.nextUpgrade();
  }

  /** Recompresses one queued document at the best brotli level, then rests 9× as long as it worked. */
  private nextUpgrade(): void {
    if (!this.closed && this.upgradeQueue.length > 0 && this.busy()) {
      this.upgrading = true;
      this.upgradeTimer = setTimeout(() => this.nextUpgrade(), BUSY_RETRY_MS).unref();
      return;
    }
    let doc: CachedDocument | undefined;
    let fast: Representation | undefined;
    let source: Buffer | undefined;
    while (!this.closed && this.upgradeQueue.length > 0) {
      doc = this.upgradeQueue.shift()!;
      fast = doc.forms.br;
      source = doc.alive && fast ? this.identityBody(doc) : undefined;
      if (source) break;
    }
    if (!doc || !fast || !source || this.closed) {
      this.upgrading = false;
      return;
    }
    this.upgrading = true;
    const started = process.hrtime.bigint();
    brotliAsync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_BEST,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    })
      .then((body) => {
        if (!doc?.alive || doc.forms.br !== fast || this.closed) return;
        doc.brBest = true;
        this.stats.upgrades++;
        this.persist(doc, 'br', this.store(doc, 'br', body, `${doc.etag.slice(0, -1)}-br"`));
      })
      .catch(() => undefined)
      .finally(() => {
        const workedMs = Number(process.hrtime.bigint() - started) / 1e6;
        const restMs = (workedMs * (1 - UPGRADE_CPU_SHARE)) / UPGRADE_CPU_SHARE;
        this.upgradeTimer = setTimeout(() => this.nextUpgrade(), restMs).unref();
      });
  }
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
export function matchesEtag(ifNoneMatch: string | undefined, etag: string, formerEtag?: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === etag || (formerEtag !== undefined && tag === formerEtag);
  });
}
