// How long the last attempt of a webhook delivery took (milliseconds, from the connection to the
// answer or the failure), for the panel's delivery log. Additive; null before the first attempt.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('last_duration_ms', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('last_duration_ms').execute();
}
