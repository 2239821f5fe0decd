// Webhook endpoints that keep failing are slowed, then paused (issue 33): the consecutive failed
// attempts of each endpoint, and when and why it was paused. Additive.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('paused_at', 'varchar(32)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('paused_at').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('failures').execute();
}
