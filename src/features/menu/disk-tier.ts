// The document cache's second tier: every compressed form kept in memory is also written to a local
// directory, so a form the byte budget evicted comes back with one file read (~20 µs from the page
// cache) instead of a snapshot load, a build and a compression (~2–3 ms of CPU).
//
// Layout: `<dir>/<tenantId>/<menu version>/<sha1 of the document key>.<br|gzip>`: numbers and a
// hash, never anything a request sent. A file is a 4-byte length, a JSON header (who it belongs to,
// the document's and the form's ETags, the headers, a SHA-256 of the body) and the body. Writes go
// to a temporary name then are renamed, one tenant's operations one after another (a version's
// files are deleted only after its pending writes), never awaited by a request; a failure is logged
// at debug and forgotten. A read is synchronous (the fast path may use it); a file that is missing,
// damaged or not what its name says is deleted and the document is built again. A file this process
// put in place (or read and checked whole once) is read as its body alone, through a descriptor
// kept open, into the caller's buffer; its first such read checks the body's CRC-32, later ones
// trust it (see FileRecord).
//
// The index (tenant → version, files and bytes; least recently used tenant first: a write, a read
// or the memory budget evicting one of its forms counts as a use) lives in memory. It starts empty
// and the directory emptied, unless the last process wrote it down at close (DiskTierKeep: a
// configured directory, one process) and each restaurant's version and stamp are still the
// database's: a restored backup brings back version numbers, never a stamp, so a rewound and
// re-edited menu never meets the old files. A tenant's files go when its
// version changes, when it is forgotten (suspended, removed), or, least recently used first, when
// the total passes the cap (CACHE_DISK_MB).

import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
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
import { mkdir, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
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

/** A file's header: the form without its body, whose document it is, and the body's length and hash. */
interface FileHeader extends Omit<StoredForm, 'body'> {
  tenantId: number;
  version: number;
  key: string;
  bodyLength: number;
  sha256: string;
}

/** What a file holds besides its body, and where its body starts: known once the file is in place. */
interface FileMeta {
  form: Omit<StoredForm, 'body'>;
  /** Every header of a 200 with this form (formHeaders), made once per file: a disk hit copies none. */
  sent: Record<string, string>;
  bodyOffset: number;
  bodyLength: number;
  /** CRC-32 of the body, checked by the file's first read from its body offset (see FileRecord.checked). */
  crc: number;
}

/**
 * One file of the index (an object, so a late failure removes only the write it belongs to). Its
 * `meta` is set once the file is renamed into place by this process, or read and checked whole
 * (SHA-256 included): from then on a read is one `pread` of the body and its CRC-32, without the
 * header's JSON or the SHA-256 (which with the open and the stat were ~30% of a disk hit's CPU at
 * 10,000 restaurants).
 */
interface FileRecord {
  /** Its file's name in the version's folder. */
  name: string;
  bytes: number;
  meta?: FileMeta;
  /** Where its current window of reads started (DiskTier.recentReads), on the tier's clock of reads. */
  windowStart: number;
  /** Its reads in that window. */
  windowReads: number;
  /** Its descriptor while kept open for reads (DiskTier.open: at most OPEN_FILES, least recently used closed first). */
  fd?: number;
  /** When its descriptor was last moved to the recent end (DiskTier.descriptor's count of moves). */
  fdUsedAt: number;
  /**
   * Its body was read back and matched its CRC-32 (or its SHA-256, for a file found at start).
   * Later reads trust it: the folder is this process's own (mode 0700), a file is never written in
   * place (a new one is renamed over it, and its record replaced), and the CRC of every read was 7%
   * of the CPU at 10,000 restaurants uniform (profile in docs/scaling.md).
   */
  checked: boolean;
  /**
   * The form being written, until its file is renamed into place: a read meanwhile (the memory
   * budget may evict the document at once) is answered from it, so a document just built is never
   * built again for want of its file.
   */
  pending?: StoredForm;
}

/** The records of one document key, by encoding (found without hashing the key again). */
type KeyFiles = { [E in StoredEncoding]: FileRecord | undefined };

/**
 * Where a read body goes: given its length and how many times the file was read lately (this read
 * included; DiskTier.recentReads), a buffer of exactly that length (a pooled one for a body sent
 * once, a new one for a body kept in memory).
 */
export type BodyBuffer = (bytes: number, recentReads: number) => Buffer;

/**
 * A file's reads are counted in windows of this many reads of the whole tier per file it holds (at
 * least MIN_READ_WINDOW): a file read K times in a window is read K / 2 times as often as the
 * average file. The document cache keeps in memory only what is read well above the average
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

interface TenantFiles {
  version: number;
  /** File name → its record. */
  files: Map<string, FileRecord>;
  /**
   * Document key → its records, filled as keys are written or read: a read then neither hashes
   * the key for its file name (keys differ between restaurants: their open sections' ids) nor
   * builds the name.
   */
  byKey: Map<string, KeyFiles>;
  bytes: number;
  /** The tier's use count when it was last moved to the recent end (see DiskTier.touch). */
  usedAt: number;
}

/**
 * Open descriptors kept for reads (least recently used closed first): a disk hit costs no open/close
 * (an open and a close cost twice the read itself, measured at 10,000 restaurants). Half the
 * process's limit on open files (Node raises it to the hard limit at start), the other half left
 * to sockets, between 256 and 65,536.
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
 * Keeping the files across a restart (a configured CACHE_DIR, one process): at close the index is
 * written down with each restaurant's version and stamp, the code's fingerprint and which database
 * it is; at the next start a file is kept only if all of these still hold.
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
  /** Keep the files across restarts (only with a configured `dir`). */
  keep?: DiskTierKeep;
  maxBytes: number;
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

/** At most this many distinct header sets are shared by files read back (forgotten all at once past it). */
const SHARED_HEADER_SETS = 1024;
let sharedHeaderSets = new Map<string, Record<string, string>>();

/**
 * One object for every file's equal document headers: parsed from each file, 50,000 files held
 * 50,000 copies of the same seven strings (~12 MB of heap at 10,000 restaurants after a restart).
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

/** A document form's file name: a hash of its key, never anything a request sent. */
function fileName(key: string, encoding: StoredEncoding): string {
  return `${createHash('sha1').update(key).digest('hex')}.${encoding}`;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

function isHeader(value: unknown): value is FileHeader {
  const h = value as FileHeader;
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

function encode(tenantId: number, version: number, key: string, form: StoredForm): { data: Buffer; meta: FileMeta } {
  const { body, ...rest } = form;
  const header: FileHeader = { tenantId, version, key, ...rest, bodyLength: body.length, sha256: sha256(body) };
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

/** The form a file holds, or undefined when it is short, damaged or another document's. */
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
  const meta: FileMeta = {
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

/** The index written at close when files are kept (see DiskTierKeep), read and deleted at start. */
const MANIFEST = 'manifest.json';

interface Manifest {
  format: 1;
  code: string;
  database: string;
  tenants: Record<string, { version: number; stamp: string; files: Record<string, number> }>;
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
    return manifest?.format === 1 && typeof manifest.tenants === 'object' ? manifest : undefined;
  } catch {
    return undefined;
  } finally {
    // Read once: a process killed later must not leave it promising files that changed since.
    rmSync(path, { force: true });
  }
}

/** Up to this many files are deleted at close in the process itself (a few milliseconds). */
const DELETE_IN_PLACE = 500;

/**
 * Deletes `paths` without making a shutdown wait: they are renamed at once into `trash` (a new
 * folder beside the cache's, on the same file system) and a detached process deletes it. Ten
 * thousand restaurants' files took 15–23 s of unlinks, longer than many supervisors wait after
 * SIGTERM. What cannot be moved is deleted here; a trash folder whose deleting process died is
 * removed at the next start (removeDeadProcessFolders).
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
  private readonly tenants = new Map<number, TenantFiles>();
  /** Records whose descriptor is kept open for reads (least recently used first). */
  private readonly openRecords = new Set<FileRecord>();
  /** Each tenant's last queued file operation: the next one starts after it. */
  private readonly chains = new Map<number, Promise<void>>();
  private total = 0;
  /** Uses of any tenant's files so far (see touch). */
  private uses = 0;
  /** Reads of the tier's files so far (the clock of FileRecord.windowStart). */
  private readClock = 0;
  /** Descriptors moved to the recent end so far (the clock of FileRecord.fdUsedAt). */
  private descriptorUses = 0;
  private fileCount = 0;
  private temporary = 0;
  private closed = false;
  private keep: DiskTierKeep | undefined;
  /** The last process's manifest, until `adopt` checks it. */
  private found: Manifest | undefined;
  /** Files written (renamed into place) since start. */
  writes = 0;
  /** Tenants whose files were deleted to keep under the cap. */
  evictions = 0;

  private constructor(
    readonly dir: string,
    readonly maxBytes: number,
    private readonly log: DiskTierOptions['log'],
  ) {}

  /**
   * Prepares the directory: created, or emptied of what an earlier process left there — except,
   * with `keep`, the files its manifest lists, which wait for `adopt` to check them.
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
    const tier = new DiskTier(dir, options.maxBytes, options.log);
    tier.keep = keep;
    tier.found = manifest;
    return tier;
  }

  /**
   * With `keep`: takes back the files the last process listed, for the restaurants whose version
   * and stamp are still the database's, on the same code and database; deletes every other
   * restaurant folder. A file's first read checks it whole (its SHA-256), as one of unknown origin.
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
      const listed = found.tenants[name];
      const current = stamps.get(tenantId);
      const valid =
        sameRun &&
        listed !== undefined &&
        current !== undefined &&
        current.version === listed.version &&
        current.stamp === listed.stamp &&
        !this.tenants.has(tenantId);
      if (!valid) {
        rmSync(join(this.dir, name), { recursive: true, force: true });
        continue;
      }
      const entry: TenantFiles = { version: listed.version, files: new Map(), byKey: new Map(), bytes: 0, usedAt: 0 };
      const folder = join(this.dir, name);
      for (const other of readdirSync(folder)) {
        if (other !== String(listed.version)) rmSync(join(folder, other), { recursive: true, force: true });
      }
      for (const [file, bytes] of Object.entries(listed.files)) {
        let size: number;
        try {
          size = statSync(join(folder, String(listed.version), file)).size;
        } catch {
          continue;
        }
        if (size !== bytes) continue;
        entry.files.set(file, { name: file, bytes, windowStart: 0, windowReads: 0, fdUsedAt: 0, checked: false });
        entry.bytes += bytes;
      }
      if (entry.files.size === 0) continue;
      this.tenants.set(tenantId, entry);
      this.total += entry.bytes;
      this.fileCount += entry.files.size;
      tenants++;
      files += entry.files.size;
    }
    this.shrink(-1);
    return { tenants, files };
  }

  get bytes(): number {
    return this.total;
  }

  get files(): number {
    return this.fileCount;
  }

  /** Queues the form's file (replacing any earlier one of the same document and encoding). */
  write(tenantId: number, version: number, key: string, form: StoredForm): void {
    if (this.closed) return;
    let entry = this.tenants.get(tenantId);
    if (entry && entry.version > version) return;
    if (entry && entry.version < version) {
      this.forget(tenantId);
      entry = undefined;
    }
    if (!entry) entry = { version, files: new Map(), byKey: new Map(), bytes: 0, usedAt: 0 };
    const { data, meta } = encode(tenantId, version, key, form);
    const name = fileName(key, form.encoding);
    const previous = entry.files.get(name)?.bytes ?? 0;
    if (entry.bytes - previous + data.length > this.maxBytes) {
      // This restaurant alone would pass the cap: it is not kept on disk at all.
      if (this.tenants.has(tenantId)) this.forget(tenantId);
      return;
    }
    const record: FileRecord = {
      name,
      bytes: data.length,
      windowStart: 0,
      windowReads: 0,
      fdUsedAt: 0,
      checked: false,
      pending: form,
    };
    const replaced = entry.files.get(name);
    if (!replaced) this.fileCount++;
    entry.files.set(name, record);
    let forms = entry.byKey.get(key);
    if (!forms) {
      // Both fields from the start: one hidden class for every key's records.
      forms = { br: undefined, gzip: undefined };
      entry.byKey.set(key, forms);
    }
    forms[form.encoding] = record;
    entry.bytes += data.length - previous;
    this.total += data.length - previous;
    this.touch(tenantId, entry);
    this.shrink(tenantId);
    const folder = join(this.dir, String(tenantId), String(version));
    const path = join(folder, name);
    const temp = `${path}.${++this.temporary}.tmp`;
    const written = entry;
    this.enqueue(tenantId, async () => {
      try {
        await mkdir(folder, { recursive: true });
        await writeFile(temp, data);
        await rename(temp, path);
        // A descriptor kept for the file this one replaced (an upgrade) reads the old bytes: it goes.
        if (replaced) this.closeRecord(replaced);
        record.meta = meta;
        record.pending = undefined;
        this.writes++;
      } catch (err) {
        record.pending = undefined;
        if (replaced) this.closeRecord(replaced);
        this.log(err, 'disk cache write failed');
        // Whatever was there before is no longer what the index says: both go.
        await unlink(temp).catch(() => undefined);
        await unlink(path).catch(() => undefined);
        this.unrecord(tenantId, written, name, record);
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
   * every read of a file in place (a disk hit answered from them allocates little but its body).
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
    let record = forms === undefined ? undefined : encoding === 'br' ? forms.br : forms.gzip;
    if (!record) {
      // A file found at start is known by its name only, until its key is first asked for.
      record = entry.files.get(fileName(key, encoding));
      if (!record) return undefined;
      let forms = entry.byKey.get(key);
      if (!forms) {
        // Both fields from the start: one hidden class for every key's records.
        forms = { br: undefined, gzip: undefined };
        entry.byKey.set(key, forms);
      }
      forms[encoding] = record;
    }
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
        const fd = this.descriptor(tenantId, version, record);
        const length = readSync(fd, body, 0, meta.bodyLength, meta.bodyOffset);
        if (length === meta.bodyLength && (record.checked || crc32(body) === meta.crc)) {
          record.checked = true;
          got = { form: meta.form, body, sent: meta.sent };
        }
      } else {
        const decoded = decode(readFileSync(this.pathOf(tenantId, version, record)), tenantId, version, key, encoding);
        this.recentReads(record);
        if (decoded) got = { form: decoded.meta.form, body: decoded.form.body, sent: decoded.meta.sent };
        // Checked whole: later reads take the body alone (unless a newer file is on its way in).
        if (decoded && !this.chains.has(tenantId)) {
          record.meta = decoded.meta;
          record.checked = true;
        }
      }
    } catch (err) {
      // Not renamed into place yet: it will be.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && this.chains.has(tenantId)) return undefined;
      this.log(err, 'disk cache read failed');
    }
    if (!got) {
      this.closeRecord(record);
      this.unrecord(tenantId, entry, record.name, record);
      const path = this.pathOf(tenantId, version, record);
      this.enqueue(tenantId, () => unlink(path).catch(() => undefined));
      return undefined;
    }
    this.touch(tenantId, entry);
    return got;
  }

  /** Counts a read of the record's file: its reads in its current window, this one included. */
  private recentReads(record: FileRecord): number {
    const now = ++this.readClock;
    if (now - record.windowStart > Math.max(MIN_READ_WINDOW, READ_WINDOW_PER_FILE * this.fileCount)) {
      record.windowStart = now;
      record.windowReads = 0;
    }
    return ++record.windowReads;
  }

  private pathOf(tenantId: number, version: number, record: FileRecord): string {
    return `${this.dir}/${tenantId}/${version}/${record.name}`;
  }

  /**
   * The record's descriptor, kept open (at most OPEN_FILES, least recently used closed first). Held
   * on the record: a read finds it without building the file's path or hashing it.
   */
  private descriptor(tenantId: number, version: number, record: FileRecord): number {
    let fd = record.fd;
    if (fd !== undefined) {
      // Moved to the recent end only when it is not in the recent half already (as `touch`): two
      // Set operations per several reads of a file, not per read.
      if (this.descriptorUses - record.fdUsedAt < this.openRecords.size / 2) return fd;
      this.openRecords.delete(record);
    } else {
      fd = openSync(this.pathOf(tenantId, version, record), 'r');
      record.fd = fd;
      if (this.openRecords.size >= OPEN_FILES) {
        const oldest = this.openRecords.values().next().value as FileRecord;
        this.closeRecord(oldest);
      }
    }
    this.openRecords.add(record);
    record.fdUsedAt = ++this.descriptorUses;
    return fd;
  }

  private closeRecord(record: FileRecord): void {
    if (record.fd === undefined) return;
    this.openRecords.delete(record);
    closeSync(record.fd);
    record.fd = undefined;
  }

  /** Closes every kept descriptor of a tenant's files (about to go). */
  private closeAll(entry: TenantFiles): void {
    if (this.openRecords.size === 0) return;
    for (const record of entry.files.values()) this.closeRecord(record);
  }

  /**
   * The tenant's documents were used (the memory budget just evicted one of its forms after serving
   * it from memory): its files are the last the cap deletes.
   */
  used(tenantId: number): void {
    const entry = this.tenants.get(tenantId);
    if (entry) this.touch(tenantId, entry);
  }

  /** Deletes every file of a tenant (a new menu version, a suspended or removed restaurant). */
  forget(tenantId: number): void {
    const entry = this.tenants.get(tenantId);
    if (!entry) return;
    this.tenants.delete(tenantId);
    this.total -= entry.bytes;
    this.fileCount -= entry.files.size;
    const folder = join(this.dir, String(tenantId));
    this.closeAll(entry);
    this.enqueue(tenantId, () => rm(folder, { recursive: true, force: true }));
  }

  /** Deletes the tenant's files when they belong to a version older than `version`. */
  retire(tenantId: number, version: number): void {
    const entry = this.tenants.get(tenantId);
    if (entry && entry.version < version) this.forget(tenantId);
  }

  /** Resolves once every queued write and delete is done. */
  async settled(): Promise<void> {
    while (this.chains.size > 0) await Promise.all(this.chains.values());
  }

  /** Stops writing, waits for what is under way, and removes the files and the directory (if then empty). */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
    for (const record of [...this.openRecords]) this.closeRecord(record);
    if (this.keep && (await this.writeManifest())) return;
    const files = this.fileCount;
    this.tenants.clear();
    this.total = 0;
    this.fileCount = 0;
    try {
      if (files <= DELETE_IN_PLACE) clearSync(this.dir);
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
   * Writes down the files of every restaurant whose version is still the database's (the others'
   * folders go), for the next start; false when the database cannot say (the files then go).
   */
  private async writeManifest(): Promise<boolean> {
    let stamps: MenuStamps;
    try {
      stamps = await this.keep!.stamps();
    } catch (err) {
      this.log(err, 'disk cache not kept: versions unreadable');
      return false;
    }
    const manifest: Manifest = { format: 1, code: codeFingerprint(), database: this.keep!.database, tenants: {} };
    for (const [tenantId, entry] of this.tenants) {
      const current = stamps.get(tenantId);
      if (current?.version !== entry.version) continue;
      const files: Record<string, number> = {};
      for (const [name, record] of entry.files) files[name] = record.bytes;
      manifest.tenants[tenantId] = { version: entry.version, stamp: current.stamp, files };
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
  private touch(tenantId: number, entry: TenantFiles): void {
    this.uses++;
    if (entry.usedAt !== 0 && this.uses - entry.usedAt < this.tenants.size / 2) return;
    entry.usedAt = this.uses;
    this.tenants.delete(tenantId);
    this.tenants.set(tenantId, entry);
  }

  /** Over the cap: the least recently used tenants' files go (never `keep`'s, just written; -1 for none). */
  private shrink(keep: number): void {
    for (const tenantId of this.tenants.keys()) {
      if (this.total <= this.maxBytes) return;
      if (tenantId === keep) continue;
      this.forget(tenantId);
      this.evictions++;
    }
  }

  /** Forgets one file of the index, if the record is still the one there. */
  private unrecord(tenantId: number, entry: TenantFiles, name: string, record: FileRecord): void {
    if (this.tenants.get(tenantId) !== entry || entry.files.get(name) !== record) return;
    entry.files.delete(name);
    for (const [key, forms] of entry.byKey) {
      const encoding = forms.br === record ? 'br' : forms.gzip === record ? 'gzip' : undefined;
      if (!encoding) continue;
      forms[encoding] = undefined;
      if (!forms.br && !forms.gzip) entry.byKey.delete(key);
      break;
    }
    entry.bytes -= record.bytes;
    this.total -= record.bytes;
    this.fileCount--;
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
