// Starts the HTTP server: migrate, seed the demo when the database has no tenant, listen, close on
// signals. With WORKERS=N (N > 1) the primary process does the migrating and seeding once, then
// runs N workers on the one port (node:cluster), relays what they share (rate-limit counts and
// announcements, when there is no Redis), replaces a worker that dies and stops them all on
// SIGTERM/SIGINT.
import cluster, { type Worker } from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type DbHandle, openDatabase } from './db/connect.js';
import { assertMigrated, migrateToLatest } from './db/migrate.js';
import { warmImport } from './features/sync/warm.js';
import { answerWhileStopping } from './http/error-handler.js';
import { IpcCounterStore, serveCounters } from './plugins/ipc-counters.js';
import { seedDemo } from './seed/demo.js';

export interface ServeOptions {
  migrate: boolean;
  seedDemo: boolean;
}

/** `write` prints the start-up lines (the demo owner's password, the addresses); stdout by default. */
export async function serve(
  config: Config,
  options: ServeOptions,
  write: (text: string) => unknown = (text) => process.stdout.write(text),
): Promise<void> {
  if (config.workers > 1 && cluster.isWorker) return serveWorker(config);
  const database = await prepare(config, options, write);
  if (config.workers > 1) {
    await database.close();
    return servePrimary(config, write);
  }
  const app = await buildApp(config, { database });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await drainAndClose(app);
    await database.close();
    process.exit(0);
  };
  // Last line of defence: a stray rejection (a driver error nobody awaited) is logged, never fatal.
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // In the background, once the first requests are in: a first spreadsheet import should not pay
  // for starting its worker (and a request sent at once is not held behind compiling its checks).
  setTimeout(() => void warmImport(app), WARM_AFTER_MS).unref();
  const port = (app.server.address() as { port: number }).port;
  await announceAddresses(config, database, port, 1, write);
}

/** Migrates (or refuses an unmigrated database) and seeds the demo into an empty one; once per `menu serve`. */
async function prepare(config: Config, options: ServeOptions, write: (text: string) => unknown): Promise<DbHandle> {
  const database = openDatabase(config.databaseUrl, config.databaseSchema);
  try {
    if (options.migrate) await migrateToLatest(database);
    // Serving a database without its tables would answer every request with a 500: refuse instead.
    else await assertMigrated(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  if (options.seedDemo) {
    const { count } = await database.db
      .selectFrom('tenants')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) === 0) {
      const seeded = await seedDemo(database.db, config.baseDomain);
      if (seeded.owner) {
        write(
          `Demo restaurant created. Owner sign-in: ${seeded.owner.email} / ${seeded.owner.password} (shown once)\n` +
            `Admin panel: http://demo.${config.baseDomain}:${config.port}/admin (API tokens, settings, theme, staff)\n`,
        );
      }
    }
  }
  return database;
}

async function announceAddresses(
  config: Config,
  database: DbHandle,
  port: number,
  workers: number,
  write: (text: string) => unknown,
): Promise<void> {
  const slugs = await database.db
    .selectFrom('tenants')
    .select('slug')
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(3)
    .execute();
  const lines = slugs.map(({ slug }) => `  http://${slug}.${config.baseDomain}:${port}/api/v1/menu/en`);
  write(
    `Menu service listening on ${config.host}:${port} (${database.dialect}${workers > 1 ? `, ${workers} workers` : ''}).\n` +
      (lines.length > 0
        ? `Open:\n${lines.join('\n')}\n`
        : 'No tenant yet: create one with `npx menu tenant:create <slug> --name "<name>"`.\n'),
  );
}

/** A worker: the app on the shared port; the primary tells it when to stop. */
async function serveWorker(config: Config): Promise<void> {
  const database = openDatabase(config.databaseUrl, config.databaseSchema);
  // Without Redis the rate-limit counts live in the primary, so every worker sees the same budget.
  const counters = config.redisUrl ? undefined : new IpcCounterStore();
  const app = await buildApp(config, { database, counters, clusterWorker: true });
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await drainAndClose(app);
    await database.close();
    process.exit(0);
  };
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
  process.once('SIGTERM', () => void close());
  process.once('SIGINT', () => void close());
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'menu:shutdown') void close();
  });
  await app.listen({ port: config.port, host: config.host });
  setTimeout(() => void warmImport(app), WARM_AFTER_MS).unref();
  process.send?.({ type: 'menu:listening', port: (app.server.address() as { port: number }).port });
}

/** How long after listening the spreadsheet import is readied (features/sync/warm.ts). */
const WARM_AFTER_MS = 2_000;

/** How long a stopping worker may finish its requests before it is killed. */
const SHUTDOWN_GRACE_MS = 10_000;
/** When, within the grace, what is still running is cancelled and answered 503. */
const CANCEL_AFTER_MS = 7_000;

/**
 * Stops serving without losing a request (runtime/drain.ts): no new connection is accepted, the
 * requests in flight are answered, a new request on a kept-alive connection gets 503 with
 * `Connection: close`, idle connections are closed once quiet. What still runs after
 * CANCEL_AFTER_MS (a long job) is cancelled: the job pool refuses its jobs, the unanswered get a
 * 503, every connection is closed; then the app's own close hooks run (the analytics writer's
 * last flush) and the caller exits 0. Only if even that hangs is the process ended with code 1.
 */
async function drainAndClose(app: FastifyInstance): Promise<void> {
  app.drain.start();
  const cancel = setTimeout(() => {
    app.log.warn({ open: app.drain.open }, 'requests still in flight; cancelling them');
    void app.jobs.close();
    // Let the handlers answer their refused jobs, then answer what is left.
    setTimeout(() => app.drain.abort((res) => answerWhileStopping(res.req, res)), 500).unref();
  }, CANCEL_AFTER_MS);
  cancel.unref();
  setTimeout(() => {
    app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'still closing after the grace period; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  await app.close();
  clearTimeout(cancel);
}

async function servePrimary(config: Config, write: (text: string) => unknown): Promise<void> {
  const counts = serveCounters();
  const workers = new Set<Worker>();
  let stopping = false;
  let listening = 0;
  let reported = false;
  const log = (line: string) => write(`${line}\n`);

  const fork = () => {
    const worker = cluster.fork();
    const startedAt = Date.now();
    workers.add(worker);
    worker.on('message', (message: { type?: string; port?: number }) => {
      if (message?.type === 'menu:hit') return counts(worker, message);
      if (message?.type === 'menu:announce') {
        for (const other of workers) if (other !== worker && other.isConnected()) other.send(message);
        return;
      }
      if (message?.type === 'menu:listening') {
        log(`Worker ${worker.process.pid} listening.`);
        if (!reported && ++listening === config.workers) {
          reported = true;
          const database = openDatabase(config.databaseUrl, config.databaseSchema);
          void announceAddresses(config, database, message.port ?? config.port, config.workers, write).finally(() =>
            database.close(),
          );
        }
      }
    });
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) {
        if (workers.size === 0) process.exit(0);
        return;
      }
      log(`Worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another.`);
      // A worker that dies at once would die again at once: wait a little before replacing it.
      setTimeout(fork, Date.now() - startedAt < 1000 ? 1000 : 0);
    });
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${workers.size} workers.`);
    if (workers.size === 0) process.exit(0);
    for (const worker of workers) {
      if (worker.isConnected()) worker.send({ type: 'menu:shutdown' });
    }
    setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < config.workers; i++) fork();
}
