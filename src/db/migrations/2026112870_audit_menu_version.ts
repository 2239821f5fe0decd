// The menu version each audit entry was written with, for the change feed (GET /admin/changes):
// one restaurant's writes take their versions in commit order (the version's row is locked by
// each write until it commits), so reading entries by version never skips one still being
// written. Additive: older entries have null and come first.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('menu_version', 'integer').execute();
  await db.schema.createIndex('audit_log_feed').on('audit_log').columns(['tenant_id', 'menu_version', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('audit_log_feed').execute();
  await db.schema.alterTable('audit_log').dropColumn('menu_version').execute();
}
