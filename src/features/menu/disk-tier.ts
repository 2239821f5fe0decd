// The document cache's second tier: every compressed form kept in memory is also written to a local
// directory, so a form the byte budget evicted comes back with one read (~20 µs from the page cache)
// instead of a snapshot load, a build and a compression (~2–3 ms of CPU).
//
// Layout: one pack file per restaurant and menu version, `<dir>/<tenantId>/<menu version>.pack`:
// numbers only, never anything a request sent. A pack is the version's forms one after another,
// each a record: a 4-byte length, a JSON header (who it belongs to: tenant, version, document key,
// encoding; the document's and the form's ETags, the headers, a SHA-256 of the body) and the body.
// Why one file per version and not per form: a disk hit reads through a descriptor kept open, and
// the process keeps at most half its open-file limit (OPEN_FILES); at 10,000 restaurants × 5
// locales = 50,000 forms and a limit of 20,000, one file per form left most hits paying an `openat`
// and a `close` (8% of the core in a profile), where 10,000 packs fit the 10,000 descriptors and a
// hit is a single `pread` at an offset the index knows.
//
// A write reserves its record's region at once (the pack's end grows by the record's length) and
// queues the positional write behind the tenant's other operations (one tenant's writes and deletes
// one after another; a version's pack is deleted only after its pending writes), never awaited by a
// request; a failure is logged at debug and the record forgotten, its region left as dead bytes.
// A form written again (the fast brotli form upgraded to the best level) is a new record at the end;
// the old one's region is dead bytes too. Nothing in a pack is ever written twice, and every byte of
// it, live or dead, counts against the cap (CACHE_DISK_MB caps the real disk use). Dead bytes stay
// bounded without compaction: a form is written when compressed, which is once per document and
// encoding and version, plus the one upgrade of its brotli form (and a rebuild after a damaged read).
//
// A read is synchronous (the fast path may use it). A record this process wrote (or read and
// checked whole once) is read as its body alone, into the caller's buffer, its first such read
// checking the body's CRC-32, later ones trusting it (see FormRecord.checked). A record that is
// short, damaged or not what the index says is dropped from the index (part of a file cannot be
// deleted: its region becomes dead bytes) and the document is built again, its new form appended.
//
// The index (tenant → version, its records by document key, its pack's bytes and descriptor; least
// recently used tenant first: a write, a read or the memory budget evicting one of its forms counts
// as a use) lives in memory. It starts empty and the directory emptied, unless the last process
// wrote it down at close (DiskTierKeep: a configured directory, one process) and each restaurant's
// version and stamp are still the database's: a restored backup brings back version numbers, never a
// stamp, so a rewound and re-edited menu never meets the old pack. A tenant's pack goes when its
// version changes, when it is forgotten (suspended, removed), or, least recently used first, when
// the total passes the cap.

import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, open, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

export type StoredEncoding = 'br' | 'gzip';

/** A compressed form as stored: enough to recreate the document's representation byte for byte. */
export interface StoredForm {
  encoding: StoredEncoding;
  /** The document's ETag (of its identity body). */
  etag: string;
  /** The form's ETag, and the earlier one it replaced (the fast brotli form once upgraded). */
  formEtag: string;
  formerEtag?: string;
  /** The headers every encoding of the document shares. */
  headers: Record<string, string>;
  /** A brotli form at the best level (no upgrade to queue). */
  brBest: boolean;
  body: Buffer;
}

/** A record's header: the form without its body, whose document it is, and the body's length and hash. */
interface RecordHeader extends Omit<StoredForm, 'body'> {
  tenantId: number;
  version: number;
  key: string;
  bodyLength: number;
  sha256: string;
}

/** What a record holds besides its body, and where its body starts in it: known once it is written. */
interface RecordMeta {
  form: Omit<StoredForm, 'body'>;
  /** Every header of a 200 with this form (formHeaders), made once per record: a disk hit copies none. */
  sent: Record<string, string>;
  /** From the record's start. */
  bodyOffset: number;
  bodyLength: number;
  /** CRC-32 of the body, checked by the record's first read of its body alone (see FormRecord.checked). */
  crc: number;
}

/**
 * One form in its tenant's pack (an object, so a late failure removes only the write it belongs to).
 * Its `meta` is set once its write is done by this process, or once it is read and checked whole
 * (SHA-256 included): from then on a read is one `pread` of the body and its CRC-32, without the
 * header's JSON or the SHA-256 (which with the open and the stat were ~30% of a disk hit's CPU at
 * 10,000 restaurants). Its pack's name, its descriptor and the descriptor's use are the tenant's
 * (TenantPack): a record is only where it lies and what it holds.
 */
interface FormRecord {
  /** Where the record starts in its pack. */
  offset: number;
  /** Its length (length prefix, header and body). */
  bytes: number;
  meta: RecordMeta | undefined;
  /** Where its current window of reads started (DiskTier.recentReads), on the tier's clock of reads. */
  windowStart: number;
  /** Its reads in that window. */
  windowReads: number;
  /**
   * Its body was read back and matched its CRC-32 (or its SHA-256, for a record found at start).
   * Later reads trust it: the folder is this process's own (mode 0700), and no byte of a pack is
   * ever written twice: each write goes to a region reserved for it alone at the pack's end, a form
   * written again gets a new record and region (the old region is dead, never reused), and a pack is
   * only deleted whole, with its index entry and descriptor. The CRC of every read was 7% of the CPU
   * at 10,000 restaurants uniform (profile in docs/scaling.md).
   */
  checked: boolean;
  /**
   * The form being written, until its write is done: a read meanwhile (the memory budget may evict
   * the document at once) is answered from it, so a document just built is never built again for
   * want of its record.
   */
  pending: StoredForm | undefined;
}

/** The records of one document key, by encoding. */
type KeyForms = { [E in StoredEncoding]: FormRecord | undefined };

/**
 * Where a read body goes: given its length and how many times the record was read lately (this read
 * included; DiskTier.recentReads), a buffer of exactly that length (a pooled one for a body sent
 * once, a new one for a body kept in memory).
 */
export type BodyBuffer = (bytes: number, recentReads: number) => Buffer;

/**
 * A record's reads are counted in windows of this many reads of the whole tier per record it holds
 * (at least MIN_READ_WINDOW): a record read K times in a window is read K / 2 times as often as the
 * average one. The document cache keeps in memory only what is read well above the average
 * (document.ts, DISK_KEEP_READS).
 */
const READ_WINDOW_PER_FILE = 2;
const MIN_READ_WINDOW = 1024;

/** A form read back (DiskTier.readForm): its description, its body, and every header of a 200 with it. */
export interface ReadForm {
  form: Omit<StoredForm, 'body'>;
  body: Buffer;
  sent: Record<string, string>;
}

const newBuffer: BodyBuffer = (bytes) => Buffer.allocUnsafe(bytes);

/** One tenant's pack: its menu version's records, and the pack file's length and descriptor. */
interface TenantPack {
  version: number;
  /** Document key → its records (the only index: no file name per form, no hashing of keys). */
  byKey: Map<string, KeyForms>;
  /** Records in `byKey` (the tier's `files` counts these). */
  forms: number;
  /**
   * The pack's length: every record appended, live or dead, and the regions reserved by writes not
   * done yet (the next record's offset). Counted whole against the cap.
   */
  bytes: number;
  /** The tier's use count when it was last moved to the recent end (see DiskTier.touch). */
  usedAt: number;
  /** Its descriptor while kept open for reads (DiskTier.descriptor: at most OPEN_FILES, least recently used closed first). */
  fd: number | undefined;
  /** When its descriptor was last moved to the recent end (DiskTier.descriptor's count of moves). */
  fdUsedAt: number;
}

function newPack(version: number): TenantPack {
  // Every field from the start: one hidden class for every tenant's entry.
  return { version, byKey: new Map(), forms: 0, bytes: 0, usedAt: 0, fd: undefined, fdUsedAt: 0 };
}

function newRecord(offset: number, bytes: number, pending: StoredForm | undefined): FormRecord {
  // Every field from the start: one hidden class for every record.
  return { offset, bytes, meta: undefined, windowStart: 0, windowReads: 0, checked: false, pending };
}

/** The key's records, made empty when it has none. */
function formsOf(entry: TenantPack, key: string): KeyForms {
  let forms = entry.byKey.get(key);
  if (!forms) {
    // Both fields from the start: one hidden class for every key's records.
    forms = { br: undefined, gzip: undefined };
    entry.byKey.set(key, forms);
  }
  return forms;
}

/**
 * Open descriptors kept for reads, one per pack (least recently used closed first): a disk hit costs
 * no open/close (an open and a close cost twice the read itself, measured at 10,000 restaurants).
 * Half the process's limit on open files (Node raises it to the hard limit at start), the other half
 * left to sockets, between 256 and 65,536. One pack holds a restaurant's every form, so this many
 * restaurants are read without an open (10,000 with this machine's limit of 20,000).
 */
const OPEN_FILES = Math.min(65_536, Math.max(256, Math.floor(openFileLimit() / 2)));

/** The process's limit on open files (Linux: /proc/self/limits), or 1,024 when it cannot be read. */
export function openFileLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) && soft > 0 ? soft : 1024;
  } catch {
    return 1024;
  }
}

/** Each restaurant's current menu version and its stamp (a random value new with every version). */
export type MenuStamps = Map<number, { version: number; stamp: string }>;

/**
 * Keeping the packs across a restart (a configured CACHE_DIR, one process): at close the index is
 * written down with each restaurant's version and stamp, the code's fingerprint and which database
 * it is; at the next start a pack is kept only if all of these still hold.
 */
export interface DiskTierKeep {
  /** Which database (its URL and schema): another one's restaurant 5 is another restaurant. */
  database: string;
  /** The current versions and stamps, read from the database (at start and at close). */
  stamps: () => Promise<MenuStamps>;
}

export interface DiskTierOptions {
  /** The directory; unset = a fresh one under the system's temporary folder, for this process only. */
  dir: string | undefined;
  /** Keep the packs across restarts (only with a configured `dir`). */
  keep?: DiskTierKeep;
  maxBytes: number;
  /** Packs whose descriptor is kept open at most (default OPEN_FILES; tests set a few). */
  maxOpen?: number;
  /** Where failures go (at debug level: the tier is an optimisation, the document is built instead). */
  log: (err: unknown, message: string) => void;
}

/** The default directory's name: the process id first, then a random part (`menu-cache-<pid>-<12 hex>`). */
const DEFAULT_FOLDER = /^menu-cache-(\d+)-[0-9a-f]{12}$/;

/** What this module ever writes at the top of its directory: one folder per tenant id. */
const TENANT_FOLDER = /^\d+$/;

/**
 * `base` and `extra` in one new object, made by adding properties one by one. Not `{ ...base, more }`:
 * in V8 (Node 20) an object spread followed by a new property gets a hidden class of its own, so
 * 50,000 stored forms' headers had 60,667 hidden classes (~40 MB of the 192 MB heap at 10,000
 * restaurants, which then spent a third of the core marking), and every `writeHead` reading them
 * missed V8's inline caches. Copied this way, every header set of the same keys shares one.
 */
export function withHeaders(base: Record<string, string>, extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name in base) headers[name] = base[name];
  if (extra) for (const name in extra) headers[name] = extra[name];
  return headers;
}

/**
 * The headers of a 200 answering with a stored form: the document's own, then its length, ETag and
 * encoding (the document cache's representations are made by this too, so both send the same bytes).
 */
export function formHeaders(
  base: Record<string, string>,
  encoding: StoredEncoding | 'identity',
  length: number,
  etag: string,
): Record<string, string> {
  const headers = withHeaders(base);
  headers['content-length'] = String(length);
  headers.etag = etag;
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return headers;
}

/** At most this many distinct header sets are shared by records read back (forgotten all at once past it). */
const SHARED_HEADER_SETS = 1024;
let sharedHeaderSets = new Map<string, Record<string, string>>();

/**
 * One object for every record's equal document headers: parsed from each record, 50,000 records
 * held 50,000 copies of the same seven strings (~12 MB of heap at 10,000 restaurants after a restart).
 */
function sharedHeaders(headers: Record<string, string>): Record<string, string> {
  const key = JSON.stringify(headers);
  let shared = sharedHeaderSets.get(key);
  if (!shared) {
    if (sharedHeaderSets.size >= SHARED_HEADER_SETS) sharedHeaderSets = new Map();
    shared = withHeaders(headers);
    sharedHeaderSets.set(key, shared);
  }
  return shared;
}

function sha256(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url');
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

function isHeader(value: unknown): value is RecordHeader {
  const h = value as RecordHeader;
  return (
    typeof h === 'object' &&
    h !== null &&
    typeof h.etag === 'string' &&
    typeof h.formEtag === 'string' &&
    (h.formerEtag === undefined || typeof h.formerEtag === 'string') &&
    isStringRecord(h.headers) &&
    typeof h.brBest === 'boolean' &&
    Number.isSafeInteger(h.bodyLength) &&
    typeof h.sha256 === 'string'
  );
}

/** A form's record: a 4-byte length, the JSON header, the body. */
function encode(tenantId: number, version: number, key: string, form: StoredForm): { data: Buffer; meta: RecordMeta } {
  const { body, ...rest } = form;
  const header: RecordHeader = { tenantId, version, key, ...rest, bodyLength: body.length, sha256: sha256(body) };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return {
    data: Buffer.concat([length, json, body]),
    meta: {
      form: rest,
      sent: formHeaders(rest.headers, rest.encoding, body.length, rest.formEtag),
      bodyOffset: 4 + json.length,
      bodyLength: body.length,
      crc: crc32(body),
    },
  };
}

/** The form a record holds (`data` is the whole record), or undefined when it is short, damaged or another document's. */
function decode(data: Buffer, tenantId: number, version: number, key: string, encoding: StoredEncoding) {
  if (data.length < 4) return undefined;
  const headerLength = data.readUInt32BE(0);
  if (headerLength > data.length - 4) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(data.toString('utf8', 4, 4 + headerLength));
  } catch {
    return undefined;
  }
  if (
    !isHeader(header) ||
    header.tenantId !== tenantId ||
    header.version !== version ||
    header.key !== key ||
    header.encoding !== encoding ||
    data.length !== 4 + headerLength + header.bodyLength
  ) {
    return undefined;
  }
  const body = data.subarray(4 + headerLength);
  if (sha256(body) !== header.sha256) return undefined;
  const { tenantId: _t, version: _v, key: _k, bodyLength, sha256: _h, ...rest } = header;
  const form = { ...rest, encoding, headers: sharedHeaders(rest.headers) };
  const meta: RecordMeta = {
    form,
    sent: formHeaders(form.headers, encoding, bodyLength, form.formEtag),
    bodyOffset: 4 + headerLength,
    bodyLength,
    crc: crc32(body),
  };
  return { form: { ...meta.form, body } as StoredForm, meta };
}

/** Removes what this module may have left in `dir` (tenant folders), keeping anything else found there. */
function clearSync(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (TENANT_FOLDER.test(name)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

/** The index written at close when packs are kept (see DiskTierKeep), read and deleted at start. */
const MANIFEST = 'manifest.json';

/**
 * The manifest's format: 2 since one pack per version (format 1 listed one file per form; such a
 * manifest is treated as none, and the directory emptied).
 */
const MANIFEST_FORMAT = 2;

/** A record as the manifest lists it: its document key and encoding, where it lies in the pack. */
interface ListedRecord {
  key: string;
  encoding: StoredEncoding;
  offset: number;
  bytes: number;
}

interface Manifest {
  format: typeof MANIFEST_FORMAT;
  code: string;
  database: string;
  /** Per tenant id: its version and stamp, its pack's length (live and dead bytes) and its records. */
  tenants: Record<string, { version: number; stamp: string; bytes: number; records: ListedRecord[] }>;
}

/** A record listed by a manifest that can be one of a pack of `packBytes` (read from disk: checked, not trusted). */
function isListedRecord(value: unknown, packBytes: number): value is ListedRecord {
  const r = value as ListedRecord;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.key === 'string' &&
    (r.encoding === 'br' || r.encoding === 'gzip') &&
    Number.isSafeInteger(r.offset) &&
    Number.isSafeInteger(r.bytes) &&
    r.offset >= 0 &&
    r.bytes > 4 &&
    r.offset + r.bytes <= packBytes
  );
}

/**
 * A fingerprint of the running code (every module of the app's source folder): documents built by
 * another release may differ byte for byte, so a restart on new code starts the tier afresh.
 */
export function codeFingerprint(): string {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const hash = createHash('sha1');
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(js|ts|mjs|cjs|json)$/.test(name)) hash.update(path.slice(root.length)).update(readFileSync(path));
    }
  };
  walk(root);
  return hash.digest('base64url');
}

function readManifest(dir: string): Manifest | undefined {
  const path = join(dir, MANIFEST);
  try {
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
    return manifest?.format === MANIFEST_FORMAT && typeof manifest.tenants === 'object' && manifest.tenants !== null
      ? manifest
      : undefined;
  } catch {
    return undefined;
  } finally {
    // Read once: a process killed later must not leave it promising packs that changed since.
    rmSync(path, { force: true });
  }
}

/** Up to this many packs are deleted at close in the process itself (a few milliseconds). */
const DELETE_IN_PLACE = 500;

/**
 * Deletes `paths` without making a shutdown wait: they are renamed at once into `trash` (a new
 * folder beside the cache's, on the same file system) and a detached process deletes it. Ten
 * thousand restaurants' files took 15–23 s of unlinks, longer than many supervisors wait after
 * SIGTERM (that was a file per form; a pack per restaurant is fewer, but 10,000 restaurants are
 * still 10,000 files in 10,000 folders). What cannot be moved is deleted here; a trash folder
 * whose deleting process died is removed at the next start (removeDeadProcessFolders).
 */
function removeDetached(paths: string[], trash: string): void {
  try {
    mkdirSync(trash, { mode: 0o700 });
  } catch {
    for (const path of paths) rmSync(path, { recursive: true, force: true });
    return;
  }
  for (const path of paths) {
    try {
      renameSync(path, join(trash, basename(path)));
    } catch {
      rmSync(path, { recursive: true, force: true });
    }
  }
  const child = spawn(
    process.execPath,
    ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', trash],
    { detached: true, stdio: 'ignore', env: {} },
  );
  child.on('error', () => rmSync(trash, { recursive: true, force: true }));
  child.unref();
}

/** The folder a closing process moves its files into (see removeDetached), named after its pid. */
function trashFolder(dir: string): string {
  return join(dirname(dir), `${basename(dir)}.removing-${process.pid}-${randomBytes(6).toString('hex')}`);
}

/** Trash folders of default folders (any process's). */
const DEFAULT_TRASH = /^menu-cache-\d+-[0-9a-f]{12}\.removing-(\d+)-[0-9a-f]{12}$/;

/** Names of the trash folders of `dir` (their first group is the pid of the process that made them). */
function trashPattern(dir: string): RegExp {
  return new RegExp(`^${basename(dir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.removing-(\\d+)-[0-9a-f]{12}$`);
}

/**
 * A cluster worker's own folder under a configured CACHE_DIR (workers must not share an index), after
 * removing the folders of workers whose process is gone.
 */
export function workerDirectory(parent: string): string {
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  removeDeadProcessFolders(parent, /^worker-(\d+)$/);
  return join(parent, `worker-${process.pid}`);
}

/**
 * Removes the folders in `parent` named (`pattern`'s first group) after a process that no longer
 * exists: what a killed process (out of memory, SIGKILL) could not remove at close. A folder of a
 * live process, or one this user cannot remove, stays.
 */
function removeDeadProcessFolders(parent: string, pattern: RegExp): void {
  for (const name of readdirSync(parent)) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') continue;
      try {
        rmSync(join(parent, name), { recursive: true, force: true });
      } catch {
        // Another user's: not ours to remove.
      }
    }
  }
}

export class DiskTier {
  /** Least recently used tenant first (a Map keeps insertion order; a use re-inserts). */
  private readonly tenants = new Map<number, TenantPack>();
  /** Packs whose descriptor is kept open for reads (least recently used first). */
  private readonly openPacks = new Set<TenantPack>();
  /** Each tenant's last queued file operation: the next one starts after it. */
  private readonly chains = new Map<number, Promise<void>>();
  private total = 0;
  /** Uses of any tenant's packs so far (see touch). */
  private uses = 0;
  /** Reads of the tier's records so far (the clock of FormRecord.windowStart). */
  private readClock = 0;
  /** Descriptors moved to the recent end so far (the clock of TenantPack.fdUsedAt). */
  private descriptorUses = 0;
  private recordCount = 0;
  private closed = false;
  private keep: DiskTierKeep | undefined;
  /** The last process's manifest, until `adopt` checks it. */
  private found: Manifest | undefined;
  /** Forms written (their record in place) since start. */
  writes = 0;
  /** Tenants whose packs were deleted to keep under the cap. */
  evictions = 0;

  private constructor(
    readonly dir: string,
    readonly maxBytes: number,
    private readonly maxOpen: number,
    private readonly log: DiskTierOptions['log'],
  ) {}

  /**
   * Prepares the directory: created, or emptied of what an earlier process left there — except,
   * with `keep`, the packs its manifest lists, which wait for `adopt` to check them.
   */
  static open(options: DiskTierOptions): DiskTier {
    // Default folders of processes that died without closing go first: a crash loop must not fill the disk.
    if (options.dir === undefined) removeDeadProcessFolders(tmpdir(), DEFAULT_FOLDER);
    const dir = resolve(options.dir ?? join(tmpdir(), `menu-cache-${process.pid}-${randomBytes(6).toString('hex')}`));
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const keep = options.dir === undefined ? undefined : options.keep;
    const manifest = keep ? readManifest(dir) : undefined;
    if (!manifest) clearSync(dir);
    // Trash folders whose deleting process died (see removeDetached).
    removeDeadProcessFolders(dirname(dir), options.dir === undefined ? DEFAULT_TRASH : trashPattern(dir));
    const tier = new DiskTier(dir, options.maxBytes, Math.max(1, options.maxOpen ?? OPEN_FILES), options.log);
    tier.keep = keep;
    tier.found = manifest;
    return tier;
  }

  /**
   * With `keep`: takes back the packs the last process listed, for the restaurants whose version
   * and stamp are still the database's, on the same code and database, when the pack on disk is at
   * least as long as listed (a shorter one was cut: nothing in it is trusted); deletes every other
   * restaurant folder. A record's first read reads its whole region and checks it (its SHA-256,
   * its tenant, version, key and encoding), as one of unknown origin. New records go after the
   * pack's length on disk: nothing found there is ever written over.
   */
  async adopt(): Promise<{ tenants: number; files: number }> {
    const found = this.found;
    this.found = undefined;
    if (!this.keep || !found) return { tenants: 0, files: 0 };
    const stamps = await this.keep.stamps();
    const sameRun = found.code === codeFingerprint() && found.database === this.keep.database;
    let tenants = 0;
    let files = 0;
    for (const name of readdirSync(this.dir)) {
      if (!TENANT_FOLDER.test(name)) continue;
      const tenantId = Number(name);
      const folder = join(this.dir, name);
      const listed = found.tenants[name];
      const current = stamps.get(tenantId);
      const valid =
        sameRun &&
        listed !== undefined &&
        current !== undefined &&
        current.version === listed.version &&
        current.stamp === listed.stamp &&
        Number.isSafeInteger(listed.bytes) &&
        Array.isArray(listed.records) &&
        !this.tenants.has(tenantId);
      const entry = valid ? this.adoptPack(folder, listed) : undefined;
      if (!entry) {
        rmSync(folder, { recursive: true, force: true });
        continue;
      }
      this.tenants.set(tenantId, entry);
      this.total += entry.bytes;
      this.recordCount += entry.forms;
      tenants++;
      files += entry.forms;
    }
    this.shrink(-1);
    return { tenants, files };
  }

  /** The index entry of a listed pack still whole on disk, with its listed records; undefined when none is usable. */
  private adoptPack(folder: string, listed: Manifest['tenants'][string]): TenantPack | undefined {
    const pack = `${listed.version}.pack`;
    for (const other of readdirSync(folder)) {
      if (other !== pack) rmSync(join(folder, other), { recursive: true, force: true });
    }
    let size: number;
    try {
      size = statSync(join(folder, pack)).size;
    } catch {
      return undefined;
    }
    if (size < listed.bytes) return undefined;
    const entry = newPack(listed.version);
    // Every byte on disk counts (and the next record goes after all of them).
    entry.bytes = size;
    for (const item of listed.records) {
      if (!isListedRecord(item, listed.bytes)) continue;
      const forms = formsOf(entry, item.key);
      if (forms[item.encoding]) continue;
      forms[item.encoding] = newRecord(item.offset, item.bytes, undefined);
      entry.forms++;
    }
    return entry.forms > 0 ? entry : undefined;
  }

  get bytes(): number {
    return this.total;
  }

  /** Forms stored (records in the index; several per pack). */
  get files(): number {
    return this.recordCount;
  }

  /** Packs whose descriptor is kept open now (at most `maxOpen`). */
  get descriptors(): number {
    return this.openPacks.size;
  }

  /**
   * Queues the form's record at the end of its tenant's pack (replacing in the index any earlier one
   * of the same document and encoding, whose region becomes dead bytes). The region is reserved
   * now, so one tenant's records never overlap whatever order their writes finish in.
   */
  write(tenantId: number, version: number, key: string, form: StoredForm): void {
    if (this.closed) return;
    let entry = this.tenants.get(tenantId);
    if (entry && entry.version > version) return;
    if (entry && entry.version < version) {
      this.forget(tenantId);
      entry = undefined;
    }
    const { data, meta } = encode(tenantId, version, key, form);
    if ((entry?.bytes ?? 0) + data.length > this.maxBytes) {
      // This restaurant alone would pass the cap (its dead bytes included): it is not kept on disk at all.
      if (entry) this.forget(tenantId);
      return;
    }
    if (!entry) entry = newPack(version);
    const offset = entry.bytes;
    const record = newRecord(offset, data.length, form);
    const forms = formsOf(entry, key);
    if (!forms[form.encoding]) {
      entry.forms++;
      this.recordCount++;
    }
    forms[form.encoding] = record;
    entry.bytes += data.length;
    this.total += data.length;
    this.touch(tenantId, entry);
    this.shrink(tenantId);
    const folder = join(this.dir, String(tenantId));
    const path = this.packPath(tenantId, version);
    const written = entry;
    this.enqueue(tenantId, async () => {
      if (this.tenants.get(tenantId) !== written) {
        // Forgotten meanwhile: its folder is deleted next on this chain, nothing to write.
        record.pending = undefined;
        return;
      }
      try {
        await mkdir(folder, { recursive: true });
        // A new pack starts empty, whatever a failed earlier run left at its name.
        const flags = constants.O_WRONLY | constants.O_CREAT | (offset === 0 ? constants.O_TRUNC : 0);
        const handle = await open(path, flags, 0o600);
        try {
          const { bytesWritten } = await handle.write(data, 0, data.length, offset);
          if (bytesWritten !== data.length) throw new Error(`short write: ${bytesWritten} of ${data.length} bytes`);
        } finally {
          await handle.close();
        }
        record.meta = meta;
        record.pending = undefined;
        this.writes++;
      } catch (err) {
        record.pending = undefined;
        this.log(err, 'disk cache write failed');
        // Its region stays in the pack, dead (counted in the pack's bytes).
        this.unrecord(tenantId, written, key, form.encoding, record);
      }
    });
  }

  /** The stored form of the document, read synchronously; undefined when there is none (or it is damaged). */
  read(
    tenantId: number,
    version: number,
    key: string,
    encoding: StoredEncoding,
    into: BodyBuffer = newBuffer,
  ): StoredForm | undefined {
    const got = this.readForm(tenantId, version, key, encoding, into);
    return got && { ...got.form, body: got.body };
  }

  /**
   * As `read`, without copying the form's description: `form` and `sent` are the same objects on
   * every read of a record in place (a disk hit answered from them allocates little but its body).
   */
  readForm(
    tenantId: number,
    version: number,
    key: string,
    encoding: StoredEncoding,
    into: BodyBuffer = newBuffer,
  ): ReadForm | undefined {
    const entry = this.tenants.get(tenantId);
    if (this.closed || entry?.version !== version) return undefined;
    const forms = entry.byKey.get(key);
    const record = forms === undefined ? undefined : encoding === 'br' ? forms.br : forms.gzip;
    if (!record) return undefined;
    let got: ReadForm | undefined;
    try {
      if (record.pending) {
        const { body: source, ...form } = record.pending;
        const body = into(source.length, this.recentReads(record));
        source.copy(body);
        got = { form, body, sent: formHeaders(form.headers, form.encoding, body.length, form.formEtag) };
      } else if (record.meta) {
        const { meta } = record;
        const body = into(meta.bodyLength, this.recentReads(record));
        const fd = this.descriptor(tenantId, entry);
        const length = readSync(fd, body, 0, meta.bodyLength, record.offset + meta.bodyOffset);
        if (length === meta.bodyLength && (record.checked || crc32(body) === meta.crc)) {
          record.checked = true;
          got = { form: meta.form, body, sent: meta.sent };
        }
      } else {
        // Found at start: its whole region, checked as one of unknown origin.
        const data = Buffer.allocUnsafe(record.bytes);
        const length = readSync(this.descriptor(tenantId, entry), data, 0, record.bytes, record.offset);
        const decoded = length === record.bytes ? decode(data, tenantId, version, key, encoding) : undefined;
        this.recentReads(record);
        if (decoded) {
          got = { form: decoded.meta.form, body: decoded.form.body, sent: decoded.meta.sent };
          // Checked whole: later reads take the body alone.
          record.meta = decoded.meta;
          record.checked = true;
        }
      }
    } catch (err) {
      this.log(err, 'disk cache read failed');
    }
    if (!got) {
      // A pack changed under its descriptor (or gone) is opened afresh by the next read.
      this.closeDescriptor(entry);
      // Part of a file cannot be deleted: the record leaves the index, its region is dead bytes.
      this.unrecord(tenantId, entry, key, encoding, record);
      return undefined;
    }
    this.touch(tenantId, entry);
    return got;
  }

  /** Counts a read of the record: its reads in its current window, this one included. */
  private recentReads(record: FormRecord): number {
    const now = ++this.readClock;
    if (now - record.windowStart > Math.max(MIN_READ_WINDOW, READ_WINDOW_PER_FILE * this.recordCount)) {
      record.windowStart = now;
      record.windowReads = 0;
    }
    return ++record.windowReads;
  }

  private packPath(tenantId: number, version: number): string {
    return `${this.dir}/${tenantId}/${version}.pack`;
  }

  /**
   * The pack's descriptor, kept open (at most `maxOpen`, least recently used closed first). Held on
   * the tenant's entry: a read finds it without building the pack's path. Opened once the pack has
   * a record written, so it is the inode every later record of the version is written to (a
   * descriptor opened before an append reads the appended bytes).
   */
  private descriptor(tenantId: number, entry: TenantPack): number {
    let fd = entry.fd;
    if (fd !== undefined) {
      // Moved to the recent end only when it is not in the recent half already (as `touch`): two
      // Set operations per several reads of a pack, not per read.
      if (this.descriptorUses - entry.fdUsedAt < this.openPacks.size / 2) return fd;
      this.openPacks.delete(entry);
    } else {
      fd = openSync(this.packPath(tenantId, entry.version), 'r');
      entry.fd = fd;
      if (this.openPacks.size >= this.maxOpen) {
        const oldest = this.openPacks.values().next().value as TenantPack;
        this.closeDescriptor(oldest);
      }
    }
    this.openPacks.add(entry);
    entry.fdUsedAt = ++this.descriptorUses;
    return fd;
  }

  private closeDescriptor(entry: TenantPack): void {
    if (entry.fd === undefined) return;
    this.openPacks.delete(entry);
    const fd = entry.fd;
    entry.fd = undefined;
    closeSync(fd);
  }

  /**
   * The tenant's documents were used (the memory budget just evicted one of its forms after serving
   * it from memory): its pack is among the last the cap deletes.
   */
  used(tenantId: number): void {
    const entry = this.tenants.get(tenantId);
    if (entry) this.touch(tenantId, entry);
  }

  /** Deletes a tenant's pack (a new menu version, a suspended or removed restaurant). */
  forget(tenantId: number): void {
    const entry = this.tenants.get(tenantId);
    if (!entry) return;
    this.tenants.delete(tenantId);
    this.total -= entry.bytes;
    this.recordCount -= entry.forms;
    const folder = join(this.dir, String(tenantId));
    this.closeDescriptor(entry);
    this.enqueue(tenantId, () => rm(folder, { recursive: true, force: true }));
  }

  /** Deletes the tenant's pack when it belongs to a version older than `version`. */
  retire(tenantId: number, version: number): void {
    const entry = this.tenants.get(tenantId);
    if (entry && entry.version < version) this.forget(tenantId);
  }

  /** Resolves once every queued write and delete is done. */
  async settled(): Promise<void> {
    while (this.chains.size > 0) await Promise.all(this.chains.values());
  }

  /** Stops writing, waits for what is under way, and removes the packs and the directory (if then empty). */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
    for (const entry of [...this.openPacks]) this.closeDescriptor(entry);
    if (this.keep && (await this.writeManifest())) return;
    const packs = this.tenants.size;
    this.tenants.clear();
    this.total = 0;
    this.recordCount = 0;
    try {
      if (packs <= DELETE_IN_PLACE) clearSync(this.dir);
      else {
        const tenantFolders = readdirSync(this.dir).filter((name) => TENANT_FOLDER.test(name));
        removeDetached(
          tenantFolders.map((name) => join(this.dir, name)),
          trashFolder(this.dir),
        );
      }
      await rmdir(this.dir);
    } catch (err) {
      // Something else lives in a configured CACHE_DIR: it stays.
      this.log(err, 'disk cache directory not removed');
    }
  }

  /**
   * Writes down the pack of every restaurant whose version is still the database's (the others'
   * folders go), for the next start; false when the database cannot say (the packs then go).
   */
  private async writeManifest(): Promise<boolean> {
    let stamps: MenuStamps;
    try {
      stamps = await this.keep!.stamps();
    } catch (err) {
      this.log(err, 'disk cache not kept: versions unreadable');
      return false;
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      code: codeFingerprint(),
      database: this.keep!.database,
      tenants: {},
    };
    for (const [tenantId, entry] of this.tenants) {
      const current = stamps.get(tenantId);
      if (current?.version !== entry.version) continue;
      const records: ListedRecord[] = [];
      for (const [key, forms] of entry.byKey) {
        for (const encoding of ['br', 'gzip'] as const) {
          const record = forms[encoding];
          // Every write is done (settled): a record still pending was never written.
          if (record && !record.pending) records.push({ key, encoding, offset: record.offset, bytes: record.bytes });
        }
      }
      if (records.length === 0) continue;
      manifest.tenants[tenantId] = { version: entry.version, stamp: current.stamp, bytes: entry.bytes, records };
    }
    for (const name of readdirSync(this.dir)) {
      if (TENANT_FOLDER.test(name) && !(name in manifest.tenants))
        rmSync(join(this.dir, name), { recursive: true, force: true });
    }
    const temp = join(this.dir, `${MANIFEST}.${process.pid}.tmp`);
    writeFileSync(temp, JSON.stringify(manifest));
    renameSync(temp, join(this.dir, MANIFEST));
    this.tenants.clear();
    return true;
  }

  /**
   * Moves a tenant to the recent end of the order the cap deletes in, unless it was moved there
   * within the last half of the tenants' count of uses (then it is in the recent half already):
   * nearly least-recently-used order for one Map delete and set per several reads, not per read.
   */
  private touch(tenantId: number, entry: TenantPack): void {
    this.uses++;
    if (entry.usedAt !== 0 && this.uses - entry.usedAt < this.tenants.size / 2) return;
    entry.usedAt = this.uses;
    this.tenants.delete(tenantId);
    this.tenants.set(tenantId, entry);
  }

  /** Over the cap: the least recently used tenants' packs go (never `keep`'s, just written; -1 for none). */
  private shrink(keep: number): void {
    for (const tenantId of this.tenants.keys()) {
      if (this.total <= this.maxBytes) return;
      if (tenantId === keep) continue;
      this.forget(tenantId);
      this.evictions++;
    }
  }

  /**
   * Forgets one record of the index, if it is still the one there. Its bytes stay counted: its
   * region stays in the pack until the pack goes, which is at once when no record of it is left
   * (nothing in it worth its bytes against the cap; the next write starts a new pack).
   */
  private unrecord(
    tenantId: number,
    entry: TenantPack,
    key: string,
    encoding: StoredEncoding,
    record: FormRecord,
  ): void {
    if (this.tenants.get(tenantId) !== entry) return;
    const forms = entry.byKey.get(key);
    if (forms?.[encoding] !== record) return;
    forms[encoding] = undefined;
    if (!forms.br && !forms.gzip) entry.byKey.delete(key);
    entry.forms--;
    this.recordCount--;
    if (entry.forms === 0) this.forget(tenantId);
  }

  private enqueue(tenantId: number, operation: () => Promise<unknown>): void {
    const next = (this.chains.get(tenantId) ?? Promise.resolve()).then(operation).then(
      () => undefined,
      (err) => this.log(err, 'disk cache operation failed'),
    );
    this.chains.set(tenantId, next);
    void next.then(() => {
      if (this.chains.get(tenantId) === next) this.chains.delete(tenantId);
    });
  }
}
