// The app factory: registers every plugin and route from a config object and never listens.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { type DbHandle, openDatabase } from './db/connect.js';
import { registerErrorHandling } from './http/error-handler.js';
import { ErrorEnvelope } from './http/schemas.js';
import { validatorCompiler } from './http/validator.js';
import { allergenRoutes } from './modules/allergens/routes.js';
import { categoryRoutes } from './modules/categories/routes.js';
import { itemRoutes } from './modules/items/routes.js';
import { menuRoutes } from './modules/menu/routes.js';
import { SnapshotStore } from './modules/menu/snapshot.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { TenantDirectory } from './modules/tenants/directory.js';
import { themeRoutes } from './modules/theme/routes.js';
import { tenantPlugin } from './plugins/tenant.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DbHandle;
    snapshots: SnapshotStore;
  }
}

export interface BuildOptions {
  /** An already-open database (tests, the CLI); otherwise the app opens config.databaseUrl and closes it. */
  database?: DbHandle;
  /** Clock for time-of-day windows; defaults to Date.now. */
  now?: () => number;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Fastify accepts a hop count at run time although its types omit it.
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const database = options.database ?? openDatabase(config.databaseUrl, config.databaseSchema);
  const directory = new TenantDirectory(database.db, config.baseDomain, config.tenantRefreshMs);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('snapshots', new SnapshotStore(database.db, options.now));

  app.setValidatorCompiler(validatorCompiler);
  app.addSchema(ErrorEnvelope);
  registerErrorHandling(app);

  await app.register(tenantPlugin, { directory });

  await app.register(
    async (api) => {
      await api.register(menuRoutes);
      await api.register(categoryRoutes);
      await api.register(itemRoutes);
      await api.register(settingsRoutes);
      await api.register(themeRoutes);
      await api.register(allergenRoutes);
    },
    { prefix: '/api/v1' },
  );

  app.addHook('onReady', async () => {
    directory.start((err) => app.log.warn({ err }, 'tenant refresh failed'));
  });
  app.addHook('onClose', async () => {
    directory.stop();
    if (!options.database) await database.close();
  });
  return app;
}
