// Reads a database driver's error (pg or better-sqlite3) as what it means for the request: the
// database is away or busy (answer 503, try again), or a concurrent write got in the way (a
// constraint or a serialization conflict: answer 409/422). Anything else is a bug (500).

/** Node socket errors: the database cannot be reached or the connection was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of an unreachable or restarting server: connection exceptions (08…),
 * admin/crash shutdown and "cannot connect now" (57P01–57P03), too many connections (53300),
 * a statement cancelled by the server (57014, e.g. statement_timeout).
 */
const PG_UNAVAILABLE = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);

/** Messages pg and pg-pool give without a code when a connection dies or cannot be had in time. */
const PG_UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Client was closed',
  'Cannot use a pool after calling end',
];

/** SQLITE_BUSY / SQLITE_LOCKED and their extended codes: another connection holds the lock. */
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)/;

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The database cannot answer now (down, restarting, unreachable, locked): a 503 worth retrying. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = codeOf(err);
  if (code !== undefined) {
    if (SOCKET_CODES.has(code) || PG_UNAVAILABLE.has(code) || SQLITE_BUSY.test(code)) return true;
  }
  // AggregateError (pg connecting to several addresses) carries the socket errors inside.
  const inner = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0 && inner.every(isDatabaseUnavailable)) return true;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && PG_UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}

/** A transient lock or serialization conflict: running the whole transaction again may succeed. */
export function isRetryableConflict(err: unknown): boolean {
  const code = codeOf(err);
  return code !== undefined && (code === '40001' || code === '40P01' || SQLITE_BUSY.test(code));
}

export type WriteConflict = 'reference' | 'duplicate' | 'serialization';

/**
 * A write refused by the database because of what another request did at the same time: a row it
 * points at was just removed (foreign key), the same unique value was just taken, or the
 * transactions could not be serialized. Undefined for anything else.
 */
export function writeConflictOf(err: unknown): WriteConflict | undefined {
  const code = codeOf(err);
  if (code === undefined) return undefined;
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'reference';
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return 'duplicate';
  }
  if (code === '40001' || code === '40P01') return 'serialization';
  return undefined;
}

/**
 * The column of a foreign key whose target a concurrent write just removed, read from
 * PostgreSQL's detail (`Key (tenant_id, category_id)=(1, 5) is not present in table …`), so the
 * answer can name the field; undefined when the driver does not say (SQLite) or the row being
 * deleted is the one still referenced.
 */
export function missingReferenceField(err: unknown): string | undefined {
  const detail = (err as { detail?: unknown } | null)?.detail;
  if (typeof detail !== 'string' || !detail.includes('is not present')) return undefined;
  const columns = /^Key \(([^)]*)\)/
    .exec(detail)?.[1]
    ?.split(',')
    .map((c) => c.trim());
  return columns?.find((c) => c !== 'tenant_id' && /^[a-z_]+$/.test(c));
}
