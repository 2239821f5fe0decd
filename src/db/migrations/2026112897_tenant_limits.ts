// Limits per restaurant set by the operator (console): dishes, photo storage, webhooks, admin API
// requests per minute; a null column means the service's default (config: LIMIT_DISHES,
// LIMIT_PHOTO_MB, WEBHOOKS_MAX_PER_RESTAURANT, ADMIN_RATE_LIMIT).
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('tenant_limits')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('dishes', 'integer')
    .addColumn('photo_mb', 'integer')
    .addColumn('webhooks', 'integer')
    .addColumn('admin_rate', 'integer')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('tenant_limits').execute();
}
