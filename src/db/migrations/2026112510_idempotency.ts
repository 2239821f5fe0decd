// Idempotency keys of admin POSTs: the first answer to a (restaurant, key), kept 24 hours, so a
// client that retries after a time-out gets that answer again instead of a second dish. Additive.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull())
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    /** Null while the first request is being answered. */
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('content_type', 'varchar(100)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['tenant_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
