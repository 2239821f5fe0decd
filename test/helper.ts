// Test harness: a fresh app on a fresh database per test, on SQLite always and on PostgreSQL when
// TEST_DATABASE_URL is set (each test in its own schema, dropped afterwards).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { hashCost } from '../src/accounts/users/password.js';
import { type BuildOptions, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type DbHandle, type Dialect, openDatabase, openSqliteImage, sqliteImage } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { schemaCompilation } from '../src/http/schema-compilation.js';
import { checkAgainstOpenApi } from './openapi-check.js';

// Passwords hashed by tests protect nothing: a cheap scrypt cost (the real one is ~50 ms of CPU a
// hash, and the suite hashes ~500). Hashes name their cost, so the code that verifies is the same.
hashCost.N = 1024;
// A test calls a few of the routes every app registers: each schema is compiled at its first use
// (about a second of CPU per test file saved); test/api/schemas-at-start.test.ts covers a server's way.
schemaCompilation.atStart = false;

/**
 * Names this run's PostgreSQL schemas, temporary folders and Redis keys apart from every other run's:
 * scripts/run-tests.js sets it for the files it runs at once and drops what is left of the run at
 * the end; a file run on its own gets its own.
 */
export const testRunId = (process.env.TEST_RUN_ID || randomBytes(4).toString('hex'))
  .toLowerCase()
  .replace(/[^a-z0-9]/g, '');

/** A fresh name for a schema, folder or key prefix of this run: `<kind>_<run>_<random>`. */
export function runScopedName(kind: string): string {
  return `${kind}_${testRunId}_${randomBytes(5).toString('hex')}`;
}

/**
 * The dialects every data-touching suite runs on: `for (const dialect of dialects) describe(\`… (\${dialect})\`)`.
 * Keep the dialect in parentheses at the end of the suite's name: without TEST_DATABASE_URL the
 * test summary (scripts/test-summary.js) counts each "(sqlite)" suite's PostgreSQL twin as skipped.
 */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb extends DbHandle {
  /** Drops the test schema (PostgreSQL) and closes the connection. */
  dispose(): Promise<void>;
  url: string;
  schema: string | undefined;
}

let migrated: Promise<Buffer> | undefined;
/** An empty migrated SQLite database's bytes: migrated once per process, copied for every test. */
function migratedImage(): Promise<Buffer> {
  migrated ??= (async () => {
    const handle = openDatabase('sqlite::memory:');
    await migrateToLatest(handle);
    const image = sqliteImage(handle);
    await handle.close();
    return image;
  })();
  return migrated;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Where the schema's name stands in the migrated schema's script. */
const SCHEMA_NAME = '__test_schema__';
let migratedScript: Promise<string | undefined> | undefined;
/**
 * A migrated PostgreSQL schema as SQL (pg_dump of a schema migrated once per process, the
 * migrations' bookkeeping rows included), its name left as SCHEMA_NAME: every test's schema is
 * made by running it, as every SQLite test starts from a migrated image. It costs a tenth of the
 * client's CPU of running the 34 migrations and about half their time. Without a working pg_dump,
 * each schema is migrated.
 */
function migratedSchemaScript(url: string): Promise<string | undefined> {
  migratedScript ??= (async () => {
    const schema = runScopedName('tpl');
    await adminQuery(url, `CREATE SCHEMA ${schema}`);
    try {
      const handle = openDatabase(url, schema);
      await migrateToLatest(handle).finally(() => handle.close());
      const dump = await new Promise<string | undefined>((resolve) =>
        execFile(
          'pg_dump',
          ['--dbname', url, '--schema', schema, '--no-owner', '--no-privileges', '--inserts'],
          { maxBuffer: 64 * 1024 * 1024 },
          (err, stdout, stderr) => {
            if (err) console.error(`pg_dump failed, every test schema is migrated instead: ${stderr || err.message}`);
            resolve(err ? undefined : stdout);
          },
        ),
      );
      // Lines starting with a backslash are psql's commands (\restrict), not SQL.
      return dump
        ?.split('\n')
        .filter((line) => !line.startsWith('\\'))
        .join('\n')
        .replaceAll(schema, SCHEMA_NAME);
    } finally {
      await adminQuery(url, `DROP SCHEMA ${schema} CASCADE`);
    }
  })();
  return migratedScript;
}

/**
 * What a schema is made of (tables, columns, defaults, constraints, indexes, functions, triggers),
 * as one digest: a schema a test changed (a table dropped to provoke an error) no longer has the
 * digest it had when it was made, and is dropped rather than used again.
 */
async function schemaShape(client: pg.Client, schema: string): Promise<string> {
  const { rows } = await client.query(
    `SELECT md5(string_agg(part, E'\\n' ORDER BY part)) AS shape FROM (
       SELECT c.relname || ' ' || c.relkind::text || ' ' || coalesce(string_agg(a.attname || ' ' ||
         format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' ||
         coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ', ' ORDER BY a.attnum), '') AS part
         FROM pg_class c
         LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE c.relnamespace = $1::regnamespace GROUP BY c.relname, c.relkind
       UNION ALL SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = $1::regnamespace
       UNION ALL SELECT pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE c.relnamespace = $1::regnamespace
       UNION ALL SELECT proname || ' ' || md5(prosrc) FROM pg_proc WHERE pronamespace = $1::regnamespace
       UNION ALL SELECT pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relnamespace = $1::regnamespace AND NOT t.tgisinternal
     ) parts`,
    [schema],
  );
  return rows[0].shape;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL schemas this process's tests are done with, emptied back to the migrated state for
 * the next test. Making a schema from the migrated script (~50 tables, ~35 indexes, ~50 foreign
 * keys) and dropping it cost the server ~280 ms of CPU per test, measured per backend; deleting
 * a finished test's rows and putting back the script's own (the migrations' bookkeeping rows and
 * every sequence's value) ~6 ms. Only under scripts/run-tests.js, which drops every schema of its
 * run at the end; a file run on its own drops its schemas as it goes.
 */
const reusable: Array<{ schema: string; shape: string }> = [];
let reuseSchemas = Boolean(process.env.TEST_RUN_ID);

/** Empties a schema a test is done with back to its migrated state; false if it cannot be reused. */
async function emptySchema(url: string, schema: string, shape: string, script: string): Promise<boolean> {
  return withClient(url, async (client) => {
    if ((await schemaShape(client, schema)) !== shape) return false;
    const { rows } = await client.query<{ name: string }>(
      "SELECT quote_ident(relname) AS name FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind IN ('r', 'p')",
      [schema],
    );
    const data = script
      .split('\n')
      .filter((line) => line.startsWith('INSERT INTO ') || line.startsWith('SELECT pg_catalog.setval('))
      .join('\n')
      .replaceAll(SCHEMA_NAME, schema);
    try {
      // As a replica applies rows: no trigger or foreign-key check fires, so any order deletes.
      await client.query(
        `BEGIN; SET LOCAL session_replication_role = replica; ${rows.map((r) => `DELETE FROM ${schema}.${r.name};`).join(' ')} ${data} COMMIT;`,
      );
      return true;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  }).catch((err) => {
    // A role that may not act as a replica, say: every schema is made and dropped as before.
    reuseSchemas = false;
    console.error(`Test schemas are not reused (${schema} could not be emptied): ${(err as Error).message}`);
    return false;
  });
}

export async function openTestDb(dialect: Dialect): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const handle = openSqliteImage(await migratedImage());
    return { ...handle, url: 'sqlite::memory:', schema: undefined, dispose: () => handle.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const script = await migratedSchemaScript(url);
  let schema: string;
  let shape: string | undefined;
  const free = script && reuseSchemas ? reusable.pop() : undefined;
  if (free) {
    ({ schema, shape } = free);
  } else {
    schema = runScopedName('t');
    await adminQuery(url, script ? script.replaceAll(SCHEMA_NAME, schema) : `CREATE SCHEMA ${schema}`);
    if (script && reuseSchemas) shape = await withClient(url, (client) => schemaShape(client, schema));
  }
  const handle = openDatabase(url, schema);
  if (!script) await migrateToLatest(handle);
  return {
    ...handle,
    url,
    schema,
    dispose: async () => {
      await handle.close();
      if (script && shape && (await emptySchema(url, schema, shape, script))) reusable.push({ schema, shape });
      else await adminQuery(url, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

/**
 * What the app logs, kept as text (give `stream` as buildApp's `logStream`): a mailed link, without
 * SMTP_URL, is read from it as a person would read it from the server's output.
 */
export function logCapture(): { stream: Writable; text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent' }, { tenantRefreshMs: 50, ...overrides });
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  close(): Promise<void>;
}

export async function createTestApp(
  dialect: Dialect,
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const db = await openTestDb(dialect);
  const app = await buildApp(testConfig(overrides), { ...options, database: db });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.dispose();
    },
  };
}

export interface Call {
  method?: InjectOptions['method'];
  url: string;
  /** Tenant slug (served on `<slug>.localhost`) or a full host. */
  host?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Client address as the socket would see it (default 127.0.0.1). */
  remoteAddress?: string;
}

export async function call(app: FastifyInstance, c: Call) {
  const host = c.host === undefined ? 'demo.localhost' : c.host.includes('.') ? c.host : `${c.host}.localhost`;
  const res = await app.inject({
    method: c.method ?? 'GET',
    url: c.url,
    headers: { host, accept: 'application/json', ...c.headers },
    ...(c.remoteAddress ? { remoteAddress: c.remoteAddress } : {}),
    ...(c.body === undefined ? {} : typeof c.body === 'string' ? { payload: c.body } : { payload: c.body as object }),
  });
  // Every /api/v1 response a test receives must be one the published OpenAPI document describes.
  await checkAgainstOpenApi(app, {
    method: c.method ?? 'GET',
    url: c.url,
    statusCode: res.statusCode,
    headers: res.headers,
    body: res.body,
  });
  let json: any;
  try {
    json = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    json = undefined;
  }
  return Object.assign(res, { json });
}

/** Waits until `check` passes (used for cross-process effects seen by the periodic refresh). */
export async function eventually(check: () => Promise<void>, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() - started > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
