// `menu backup <file>` / `menu restore <file>` for the whole database: SQLite through its online
// backup API (a consistent copy while the server writes, never a file copy), PostgreSQL through
// pg_dump / pg_restore (custom format) when installed, else the exact command to run.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { InputError } from '../core/errors.js';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest, migrations } from '../db/migrate.js';

export type BackupKind = 'sqlite' | 'pg_dump' | 'tenant' | 'unknown';

/** What a file is, from its first bytes (never from its name). */
export function backupKind(file: string): BackupKind {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const read = readSync(fd, head, 0, 16, 0);
    const text = head.subarray(0, read).toString('latin1');
    if (text.startsWith('SQLite format 3\0')) return 'sqlite';
    if (text.startsWith('PGDMP')) return 'pg_dump';
    if (text.trimStart().startsWith('{')) return 'tenant';
    return 'unknown';
  } finally {
    closeSync(fd);
  }
}

export function sqlitePath(databaseUrl: string): string | undefined {
  return databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : undefined;
}

/**
 * Migration names this code does not know: the file was made by a newer version, whose tables
 * this code would misread. Restoring it is refused.
 */
function unknownMigrations(names: string[]): string[] {
  return names.filter((name) => !(name in migrations));
}

function checkLevel(names: string[]): { pending: string[] } {
  const unknown = unknownMigrations(names);
  if (unknown.length > 0) {
    throw new InputError(
      `The backup was made by a newer version of the service (migrations ${unknown.join(', ')} are unknown here): upgrade first, then restore.`,
    );
  }
  return { pending: Object.keys(migrations).filter((name) => !names.includes(name)) };
}

export interface BackupResult {
  kind: 'sqlite' | 'pg_dump';
  bytes?: number;
  summary: string;
}

/**
 * SQLite: the online backup API copies every page inside one read transaction (WAL: writers carry
 * on meanwhile), so the copy is the database as it was at one instant, every write acknowledged
 * before that instant included. Written to `<file>.partial`, checked, then renamed: a failed
 * backup never leaves a damaged file under the final name.
 */
export async function backupSqlite(databaseUrl: string, file: string): Promise<BackupResult> {
  const path = sqlitePath(databaseUrl)!;
  if (path === ':memory:') throw new InputError('An in-memory database has nothing to back up.');
  if (!existsSync(path)) throw new InputError(`No database at ${path}.`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const source = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // All remaining pages in one step: one read transaction, so another process's writes cannot
    // make the copy restart (100 pages a step, the default, restarts on every concurrent write).
    await source.backup(partial, { progress: () => 0x7fffffff });
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    source.close();
  }
  const copy = new SQLite(partial, { readonly: true });
  let summary: string;
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
    summary = sqliteSummary(copy);
  } catch (err) {
    copy.close();
    rmSync(partial, { force: true });
    throw err;
  }
  copy.close();
  renameSync(partial, file);
  return { kind: 'sqlite', summary };
}

function sqliteSummary(db: SQLite.Database): string {
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return `${count('tenants')} restaurant(s), ${count('items')} dish(es), ${count('media')} image file(s), ${count('analytics_events')} analytics event(s)`;
}

/** The pg_dump command for this database (what `menu backup` runs, or tells the operator to run). */
export function pgDumpArgs(databaseUrl: string, schema: string | undefined, file: string): string[] {
  return ['--format=custom', '--no-owner', `--file=${file}`, ...(schema ? [`--schema=${schema}`] : []), databaseUrl];
}

export function pgRestoreArgs(databaseUrl: string, file: string): string[] {
  return ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${databaseUrl}`, file];
}

const quoted = (args: string[]) =>
  args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');

/** Runs a PostgreSQL client tool; `undefined` when it is not installed. */
function run(tool: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string } | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? resolve(undefined) : reject(err)));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

export async function backupPostgres(
  databaseUrl: string,
  schema: string | undefined,
  file: string,
): Promise<BackupResult> {
  const partial = `${file}.partial`;
  const args = pgDumpArgs(databaseUrl, schema, partial);
  const result = await run('pg_dump', args);
  if (!result) {
    throw new InputError(
      `pg_dump is not installed here. Install the PostgreSQL client (same major version as the server) or run, where it is:\n  pg_dump ${quoted(pgDumpArgs(databaseUrl, schema, file))}`,
    );
  }
  if (result.code !== 0) {
    rmSync(partial, { force: true });
    throw new InputError(`pg_dump failed: ${result.stderr.trim()}`);
  }
  renameSync(partial, file);
  return { kind: 'pg_dump', summary: `pg_dump (custom format${schema ? `, schema ${schema}` : ''})` };
}

export interface RestoreResult {
  migrated: string[];
  summary: string;
}

/** Names of the migrations recorded in a SQLite backup (its `kysely_migration` table). */
function sqliteMigrationNames(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    if (!table) throw new InputError(`${file} is a SQLite file but not a menu database (no migrations table).`);
    return (db.prepare('SELECT name FROM kysely_migration').all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

/** How many restaurants a SQLite database holds (0 when it does not exist or has no tables yet). */
function sqliteTenantCount(path: string): number {
  if (!existsSync(path)) return 0;
  const db = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tenants'").get();
    return table ? (db.prepare('SELECT count(*) AS n FROM tenants').get() as { n: number }).n : 0;
  } finally {
    db.close();
  }
}

/**
 * Restores a SQLite backup into the SQLite database of DATABASE_URL. Refuses a database that
 * already holds restaurants unless `force`; the copy goes through SQLite's backup API into the
 * target (its locks, not a file copy, so a process that has the file open sees a whole database),
 * then pending migrations run. Servers using the database should be stopped first and started
 * after: their caches hold the replaced menus.
 */
export async function restoreSqlite(databaseUrl: string, file: string, force: boolean): Promise<RestoreResult> {
  const target = sqlitePath(databaseUrl)!;
  if (target === ':memory:') throw new InputError('Restoring into an in-memory database would keep nothing.');
  const { pending } = checkLevel(sqliteMigrationNames(file));
  const present = sqliteTenantCount(target);
  if (present > 0 && !force) {
    throw new InputError(
      `${target} is in use: it holds ${present} restaurant(s). Stop the servers using it, then run again with --force to replace it (or restore into a new DATABASE_URL).`,
    );
  }
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const handle = openDatabase(databaseUrl);
  try {
    const migrated = pending.length > 0 ? await migrateToLatest(handle) : [];
    const db = new SQLite(target, { readonly: true });
    try {
      return { migrated, summary: sqliteSummary(db) };
    } finally {
      db.close();
    }
  } finally {
    await handle.close();
  }
}

/** Migration names in a pg_dump file, read with pg_restore without touching any database. */
async function dumpMigrationNames(file: string): Promise<string[] | undefined> {
  const result = await run('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', file]);
  if (!result) return undefined;
  if (result.code !== 0) throw new InputError(`pg_restore cannot read ${file}: ${result.stderr.trim()}`);
  const names: string[] = [];
  let inCopy = false;
  for (const line of result.stdout.split('\n')) {
    if (line.startsWith('COPY ') && line.includes('kysely_migration ')) inCopy = true;
    else if (line === '\\.') inCopy = false;
    else if (inCopy && line) names.push(line.split('\t')[0]);
  }
  return names;
}

/** Other sessions of the service on this PostgreSQL database, and the restaurants in the schema. */
async function postgresUse(
  databaseUrl: string,
  schema: string | undefined,
): Promise<{ sessions: number; tenants: number }> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  await client.connect();
  try {
    // Servers name their sessions `menu` or `menu:<schema>` (db/connect.ts).
    const sessions = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1',
      [schema ? `menu:${schema}` : 'menu'],
    );
    const table = await client.query("SELECT to_regclass('tenants') IS NOT NULL AS present");
    const tenants = table.rows[0].present
      ? (await client.query('SELECT count(*)::int AS n FROM tenants')).rows[0].n
      : 0;
    return { sessions: sessions.rows[0].n, tenants };
  } finally {
    await client.end();
  }
}

export async function restorePostgres(
  databaseUrl: string,
  schema: string | undefined,
  file: string,
  force: boolean,
): Promise<RestoreResult> {
  const names = await dumpMigrationNames(file);
  const command = `pg_restore ${quoted(pgRestoreArgs(databaseUrl, file))}`;
  if (!names) {
    throw new InputError(
      `pg_restore is not installed here. Install the PostgreSQL client, or run where it is:\n  ${command}\nthen \`menu migrate\`.`,
    );
  }
  const { pending } = checkLevel(names);
  const use = await postgresUse(databaseUrl, schema);
  if ((use.sessions > 0 || use.tenants > 0) && !force) {
    throw new InputError(
      `The database is in use (${use.tenants} restaurant(s), ${use.sessions} other connection(s) of the service). Stop the servers, then run again with --force to replace it.`,
    );
  }
  const result = await run('pg_restore', pgRestoreArgs(databaseUrl, file));
  if (result?.code !== 0) throw new InputError(`pg_restore failed: ${result?.stderr.trim() ?? ''}`);
  const handle = openDatabase(databaseUrl, schema);
  try {
    const migrated = pending.length > 0 ? await migrateToLatest(handle) : [];
    return { migrated, summary: 'pg_restore done' };
  } finally {
    await handle.close();
  }
}
