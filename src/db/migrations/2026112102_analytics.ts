// Analytics: the stored events and the rollups the reports read (per tenant and local day).
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

const count = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // Raw events are kept (no IP, no cookie) so rollups can be rebuilt; reports never scan them.
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('occurred_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('category_id', 'integer')
    .addColumn('item_id', 'integer')
    .addColumn('allergens', 'text')
    .addColumn('query', 'varchar(200)')
    .execute();
  await db.schema
    .createIndex('analytics_events_tenant_day_idx')
    .on('analytics_events')
    .columns(['tenant_id', 'day'])
    .execute();

  await db.schema
    .createTable('analytics_daily')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('menu_views', 'integer', count)
    .addColumn('item_views', 'integer', count)
    .addColumn('section_views', 'integer', count)
    .addColumn('allergen_filters', 'integer', count)
    .addColumn('searches', 'integer', count)
    .addColumn('locale_switches', 'integer', count)
    .addPrimaryKeyConstraint('analytics_daily_pk', ['tenant_id', 'day'])
    .execute();

  await db.schema
    .createTable('analytics_hourly')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('menu_views', 'integer', count)
    .addPrimaryKeyConstraint('analytics_hourly_pk', ['tenant_id', 'day', 'hour'])
    .execute();

  await db.schema
    .createTable('analytics_locale_daily')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('menu_views', 'integer', count)
    .addPrimaryKeyConstraint('analytics_locale_daily_pk', ['tenant_id', 'day', 'locale'])
    .execute();

  // Dish views per locale: the "untranslated dishes" insight needs the diner's language.
  await db.schema
    .createTable('analytics_item_daily')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('views', 'integer', count)
    .addPrimaryKeyConstraint('analytics_item_daily_pk', ['tenant_id', 'day', 'item_id', 'locale'])
    .execute();

  await db.schema
    .createTable('analytics_section_daily')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', count)
    .addColumn('item_views', 'integer', count)
    .addPrimaryKeyConstraint('analytics_section_daily_pk', ['tenant_id', 'day', 'category_id'])
    .execute();

  await db.schema
    .createTable('analytics_allergen_daily')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('allergen', 'varchar(32)', (c) => c.notNull())
    .addColumn('filters', 'integer', count)
    .addPrimaryKeyConstraint('analytics_allergen_daily_pk', ['tenant_id', 'day', 'allergen'])
    .execute();

  // One row per visit and day: distinct sessions over a range without touching raw events.
  await db.schema
    .createTable('analytics_sessions')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_sessions_pk', ['tenant_id', 'day', 'session_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'analytics_sessions',
    'analytics_allergen_daily',
    'analytics_section_daily',
    'analytics_item_daily',
    'analytics_locale_daily',
    'analytics_hourly',
    'analytics_daily',
    'analytics_events',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
