// Translations to check: when a diner text changes in the menu's default language, each other
// language that kept its old text is listed here until that text is saved again (changed, or
// confirmed as still right in the panel). One row per (row, field, language). Additive.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('translation_checks')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('resource', 'varchar(16)', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'varchar(64)', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('flagged_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_checks_pk', ['tenant_id', 'resource', 'resource_id', 'field', 'locale'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('translation_checks').execute();
}
