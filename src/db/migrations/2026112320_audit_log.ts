// The audit log of admin writes (who, what, when; before/after of each changed field), and an
// index that lets the analytics retention prune raw events by date.
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('audit_log')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('occurred_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('via', 'varchar(8)', (c) => c.notNull())
    // Kept as written at the time (a removed user or a revoked token still names the change).
    .addColumn('user_id', 'integer')
    .addColumn('user_email', 'varchar(255)')
    .addColumn('token_id', 'integer')
    .addColumn('token_name', 'varchar(100)')
    .addColumn('resource', 'varchar(16)', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(8)', (c) => c.notNull())
    // `,price,allergens,`: the changed fields, so "every price change" is one indexed-prefix-free LIKE.
    .addColumn('fields', 'text', (c) => c.notNull())
    // {"price":{"before":8.5,"after":9}, ...} in the API's form.
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_tenant_idx').on('audit_log').columns(['tenant_id', 'id']).execute();
  await db.schema
    .createIndex('audit_log_resource_idx')
    .on('audit_log')
    .columns(['tenant_id', 'resource', 'resource_id', 'id'])
    .execute();
  // Retention deletes raw analytics events by day across all restaurants.
  await db.schema.createIndex('analytics_events_day_idx').on('analytics_events').column('day').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('analytics_events_day_idx').execute();
  await db.schema.dropTable('audit_log').execute();
}
