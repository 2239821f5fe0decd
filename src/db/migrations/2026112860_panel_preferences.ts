// What the panel remembers for a restaurant between visits (today: the tables last typed on the QR
// page, so 40 table cards come out the same next time), one row per restaurant and name.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('panel_preferences')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('panel_preferences_pk', ['tenant_id', 'name'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('panel_preferences').execute();
}
