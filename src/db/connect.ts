// Opens the database named by the config: embedded SQLite (WAL) or PostgreSQL, behind one Kysely type.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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
}

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
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema, url, pool, close: () => db.destroy() };
  }
  const path = url.slice('sqlite:'.length);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', url, close: () => db.destroy() };
}
