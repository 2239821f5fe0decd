// Requests answered per restaurant and day (UTC), for the operator console's usage column: counted
// in memory by each instance (the tenant plugin and the menu fast path) and added here every few
// seconds, so the request path never writes.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('tenant_requests_daily')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tenant_requests_daily_pk', ['tenant_id', 'day'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('tenant_requests_daily').execute();
}
