// Where diners scanned: menu and dish views per table (from the QR code's ?table=) per local day,
// a rollup like the others, filled from the raw events already stored. Additive.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('analytics_table_daily')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('table_label', 'varchar(16)', (c) => c.notNull())
    .addColumn('menu_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('item_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_table_daily_pk', ['tenant_id', 'day', 'table_label'])
    .execute();
  await sql`
    INSERT INTO analytics_table_daily (tenant_id, day, table_label, menu_views, item_views)
    SELECT tenant_id, day, table_label,
      SUM(CASE WHEN type = 'menu_view' THEN 1 ELSE 0 END),
      SUM(CASE WHEN type = 'item_view' THEN 1 ELSE 0 END)
    FROM analytics_events
    WHERE table_label IS NOT NULL
    GROUP BY tenant_id, day, table_label
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('analytics_table_daily').execute();
}
