// Starts the HTTP server: migrate, seed the demo when the database has no tenant, listen, close on signals.
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/connect.js';
import { assertMigrated, migrateToLatest } from './db/migrate.js';
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
  const app = await buildApp(config, { database });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  // Last line of defence: a stray rejection (a driver error nobody awaited) is logged, never fatal.
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  const slugs = await database.db
    .selectFrom('tenants')
    .select('slug')
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(3)
    .execute();
  const lines = slugs.map(({ slug }) => `  http://${slug}.${config.baseDomain}:${port}/api/v1/menu/en`);
  write(
    `Menu service listening on ${config.host}:${port} (${database.dialect}).\n` +
      (lines.length > 0
        ? `Open:\n${lines.join('\n')}\n`
        : 'No tenant yet: create one with `npx menu tenant:create <slug> --name "<name>"`.\n'),
  );
}
