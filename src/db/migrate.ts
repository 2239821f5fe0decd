// Runs the Kysely migrations (bundled statically, so they work the same from tsx, tests and the CLI).
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connect.js';
import * as initial from './migrations/2026112101_initial.js';

const migrations: Record<string, Migration> = {
  '2026112101_initial': initial,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
