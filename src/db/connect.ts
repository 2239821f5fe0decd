// Opens the database named by the config: embedded SQLite (WAL) or PostgreSQL, behind one Kysely type.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseIntrospector,
  Kysely,
  PostgresDialect,
  type SchemaMetadata,
  SqliteDialect,
  sql,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL schema in use (search_path), when one was named. */
  schema?: string;
  /** The URL it was opened with (other connections to the same database start from it). */
  url?: string;
  /** PostgreSQL's connection pool, for its sizes in /metrics. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  close(): Promise<void>;
  /**
   * Where errors of idle connections go (a PostgreSQL restart terminates them). Without a
   * listener they are dropped: the pool replaces the connection, the process never crashes.
   */
  onConnectionError(listener: (err: Error) => void): void;
}

/**
 * Fail fast while PostgreSQL is away: a connection (or a free pool slot) is waited for at most
 * this long, and a query whose answer does not come (a cut network) is abandoned after
 * QUERY_TIMEOUT_MS; the request then answers 503 instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 2000;
export const QUERY_TIMEOUT_MS = 5000;
/** SQLite waits this long for another process's lock, then the write is retried (catalog/write.ts) or answered 503. */
export const SQLITE_BUSY_TIMEOUT_MS = 1000;

// COUNT(*) and SUM() come back from pg as strings (int8/numeric); ids and flags are int4 already.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function openDatabase(url: string, schema?: string): DbHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
      throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
    }
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      // TCP keep-alive notices a dead peer on idle connections (a failover, a cut network).
      keepAlive: true,
      // Names the service's sessions in pg_stat_activity (and lets a test terminate exactly them).
      application_name: schema ? `menu:${schema}` : 'menu',
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle client's error (FATAL 57P01 on a restart) is emitted on the pool: unhandled, it
    // would crash the process. The pool has already discarded that client.
    let listener: ((err: Error) => void) | undefined;
    pool.on('error', (err) => listener?.(err));
    // A checked-out client's socket error (ECONNRESET mid-query) is emitted on the client, which
    // the pool no longer listens to: without this, it too would crash the process. The query in
    // flight is rejected with the same error, and the pool discards the client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      schema,
      url,
      pool,
      close: () => db.destroy(),
      onConnectionError: (l) => {
        listener = l;
      },
    };
  }
  const path = url.slice('sqlite:'.length);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  return sqliteHandle(new SQLite(path), url);
}

/**
 * An in-memory SQLite database that starts as a copy of `image` (the bytes `sqliteImage` gave):
 * the test harness migrates one database per process and starts every test's from its image.
 */
export function openSqliteImage(image: Buffer): DbHandle {
  return sqliteHandle(new SQLite(image), 'sqlite::memory:');
}

const images = new WeakMap<Db, SQLite.Database>();

/** A SQLite database's bytes as they stand (better-sqlite3's serialize). */
export function sqliteImage(handle: DbHandle): Buffer {
  const sqlite = images.get(handle.db);
  if (!sqlite) throw new Error('Not a SQLite database.');
  return sqlite.serialize();
}

function sqliteHandle(sqlite: SQLite.Database, url: string): DbHandle {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: immediateTransactions(new SqliteDialect({ database: reusingStatements(sqlite) })),
  });
  images.set(db, sqlite);
  return { db, dialect: 'sqlite', url, close: () => db.destroy(), onConnectionError: () => {} };
}

/** Prepared statements kept per SQL text (the most recent 256). */
const STATEMENTS_KEPT = 256;

/** What Kysely's SQLite driver uses of a prepared statement. */
interface DriverStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * Kysely's SQLite driver prepares every query afresh; the same few query texts run again and again
 * with other parameters (a snapshot's six loading queries are the same for every restaurant), and
 * preparing was ~5% of a cache miss's CPU. Statements are reused by SQL text: the driver runs each
 * to completion synchronously (`all` or `run`), so one statement never serves two queries at
 * once. SQLite re-prepares a kept statement by itself after a schema change. Streaming queries
 * (`.stream()`, which iterates) are not used by the service.
 */
function reusingStatements(sqlite: SQLite.Database): { close(): void; prepare(sql: string): DriverStatement } {
  const kept = new Map<string, DriverStatement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare: (sql) => {
      let statement = kept.get(sql);
      if (!statement) {
        const prepared = sqlite.prepare(sql);
        statement = prepared.reader ? rowsAsLiterals(prepared, () => sqlite.prepare(sql)) : prepared;
        if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * A reading statement whose rows come back as arrays and are made into objects by a function
 * compiled for its columns (`{"id": a[0], "name": a[1], ...}`). better-sqlite3 builds each row
 * object property by property through the engine's slow path: objects in dictionary mode, slow to
 * make and slow to read. A demo restaurant's 65 dishes came back in half the time, and every view
 * built from them reads them faster (a snapshot load was ~40% of a first request). Same objects:
 * the same keys in the same order, a later duplicate column winning as before.
 */
function rowsAsLiterals(statement: SQLite.Statement, objectRows: () => SQLite.Statement): DriverStatement {
  const raw = statement.raw(true);
  let width = -1;
  let make: (values: unknown[]) => unknown = () => undefined;
  const compile = () => {
    const names = raw.columns().map((c) => c.name);
    width = names.length;
    // Column names come from the SQL text the service wrote, never from a request; quoted all the same.
    make = new Function('a', `return {${names.map((n, i) => `${JSON.stringify(n)}: a[${i}]`).join(', ')}};`) as (
      values: unknown[],
    ) => unknown;
  };
  return {
    reader: true,
    all: (parameters) => {
      const rows = raw.all(parameters) as unknown[][];
      // A schema change (a migration run by this process) may change what `select *` returns.
      if (rows.length > 0 && rows[0].length !== width) compile();
      for (let i = 0; i < rows.length; i++) (rows as unknown[])[i] = make(rows[i]);
      return rows;
    },
    run: (parameters) => raw.run(parameters),
    // Streaming (unused by the service) gets a statement of its own, returning objects as usual.
    iterate: (parameters) => objectRows().iterate(parameters),
  };
}

/**
 * SQLite transactions take the write lock when they begin (BEGIN IMMEDIATE), where busy_timeout
 * waits for it. A deferred transaction that reads first and then writes fails at once with
 * SQLITE_BUSY when another process (the CLI, a second server) holds the lock.
 */
function immediateTransactions(dialect: SqliteDialect): SqliteDialect {
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => {
    const driver = createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  };
  return dialect;
}

/**
 * Kysely's PostgreSQL introspector lists every table of every schema in the database and asks
 * `has_schema_privilege` of each schema by name: when another schema is dropped meanwhile (another
 * instance's, or a parallel test file's) the query fails with "schema … does not exist", and the
 * migrator with it. The migrator only asks whether its own tables exist, so this one looks only at
 * the schemas on the connection's search path, and lists tables without their columns.
 */
class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return {
      async getSchemas(): Promise<SchemaMetadata[]> {
        const { rows } = await sql<{ name: string }>`select unnest(current_schemas(false)) as name`.execute(db);
        return rows.map((r) => ({ name: r.name }));
      },
      async getTables(): Promise<TableMetadata[]> {
        const { rows } = await sql<{ schema: string; name: string; is_view: boolean }>`
          select n.nspname as schema, c.relname as name, c.relkind = 'v' as is_view
          from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where n.nspname = any(current_schemas(false)) and c.relkind in ('r', 'v', 'p')`.execute(db);
        return rows.map((r) => ({ schema: r.schema, name: r.name, isView: r.is_view, columns: [] }));
      },
      async getMetadata() {
        return { tables: await this.getTables() };
      },
    };
  }
}
