// Integrators: `external_id` (a point-of-sale system's own id, unique per restaurant and table)
// on sections, sub-categories, wineries and dishes; and signed webhooks: the endpoints a restaurant
// registers and the durable outbox of deliveries written in the same transaction as the change
// they announce (retried until delivered or 24 h old).
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

const MENU_TABLES = ['categories', 'types', 'wineries', 'items'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of MENU_TABLES) {
    await db.schema.alterTable(table).addColumn('external_id', 'varchar(100)').execute();
    // Unique per restaurant; rows without one (NULL) do not collide on either database.
    await db.schema
      .createIndex(`${table}_external_id_key`)
      .on(table)
      .columns(['tenant_id', 'external_id'])
      .unique()
      .execute();
  }
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    /** JSON list of event names. */
    .addColumn('events', 'text', (c) => c.notNull())
    /** The HMAC key; shown once when the endpoint is created. */
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('webhook_endpoints_tenant_id_id_key', ['tenant_id', 'id'])
    .execute();
  await db.schema.createIndex('webhook_endpoints_tenant_idx').on('webhook_endpoints').column('tenant_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull())
    /** The event id the receiver sees (`id` in the body): the same on every retry. */
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(32)', (c) => c.notNull())
    /** The exact JSON body sent (and signed) on every attempt. */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** pending → delivered | failed (gave up after 24 h). */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    /** Set while one instance is sending it, so no other instance sends it too. */
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .addForeignKeyConstraint(
      'webhook_deliveries_endpoint_fk',
      ['tenant_id', 'endpoint_id'],
      'webhook_endpoints',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['tenant_id', 'endpoint_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  for (const table of MENU_TABLES) {
    await db.schema.dropIndex(`${table}_external_id_key`).execute();
    await db.schema.alterTable(table).dropColumn('external_id').execute();
  }
}
