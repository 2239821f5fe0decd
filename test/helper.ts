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

export async function openTestDb(dialect: Dialect): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const handle = openSqliteImage(await migratedImage());
    return { ...handle, url: 'sqlite::memory:', schema: undefined, dispose: () => handle.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = runScopedName('t');
  const script = await migratedSchemaScript(url);
  await adminQuery(url, script ? script.replaceAll(SCHEMA_NAME, schema) : `CREATE SCHEMA ${schema}`);
  const handle = openDatabase(url, schema);
  if (!script) await migrateToLatest(handle);
  return {
    ...handle,
    url,
    schema,
    dispose: async () => {
      await handle.close();
      await adminQuery(url, `DROP SCHEMA ${schema} CASCADE`);
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
