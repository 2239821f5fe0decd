// Runs the Kysely migrations (bundled statically, so they work the same from tsx, tests and the CLI).
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DbHandle } from './connect.js';
import * as initial from './migrations/2026112101_initial.js';
import * as analytics from './migrations/2026112102_analytics.js';

const migrations: Record<string, Migration> = {
  '2026112101_initial': initial,
  '2026112102_analytics': analytics,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest({ db, schema }: DbHandle): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
