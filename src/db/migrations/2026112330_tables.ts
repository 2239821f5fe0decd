// The table a diner sits at (from the QR code's ?table=), kept on each analytics event.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('analytics_events').addColumn('table_label', 'varchar(16)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('analytics_events').dropColumn('table_label').execute();
}
