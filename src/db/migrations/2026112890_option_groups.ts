// Option groups ("Choose your pasta", "Add-ons", "Cooking"): defined once per restaurant, each with
// its options (a translated name, a price change, allergens, sold out like a dish), and attached to
// any number of dishes in order through item_option_groups. References are composite foreign keys
// (tenant_id, x_id) like every menu table, so the database refuses an option of another restaurant.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  const primary = (c: ColumnDefinitionBuilder) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('option_groups')
    .addColumn('id', id, primary)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name_translations', 'text', (c) => c.notNull())
    .addColumn('min_choices', 'integer', (c) => c.notNull().defaultTo(0))
    /** null: as many as the diner likes. */
    .addColumn('max_choices', 'integer')
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('external_id', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('option_groups_tenant_id_id_uq', ['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('option_groups_external_id_key')
    .on('option_groups')
    .columns(['tenant_id', 'external_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('options')
    .addColumn('id', id, primary)
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('name_translations', 'text', (c) => c.notNull())
    /** Euro cents added to the dish's price; 0 or negative allowed. */
    .addColumn('price_change_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allergens', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('allergen_traces', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('dietary', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sold_out_until', 'varchar(32)')
    .addColumn('external_id', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('options_tenant_id_id_uq', ['tenant_id', 'id'])
    .addForeignKeyConstraint('options_group_fk', ['tenant_id', 'group_id'], 'option_groups', ['tenant_id', 'id'])
    .execute();
  await db.schema.createIndex('options_tenant_group_idx').on('options').columns(['tenant_id', 'group_id']).execute();
  await db.schema
    .createIndex('options_external_id_key')
    .on('options')
    .columns(['tenant_id', 'external_id'])
    .unique()
    .execute();

  // Dishes had no (tenant_id, id) key to point at; the links need one.
  await db.schema.createIndex('items_tenant_id_id_uq').on('items').columns(['tenant_id', 'id']).unique().execute();
  await db.schema
    .createTable('item_option_groups')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    /** The group's place among the dish's groups, from 0. */
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_option_groups_pk', ['tenant_id', 'item_id', 'group_id'])
    .addForeignKeyConstraint(
      'item_option_groups_item_fk',
      ['tenant_id', 'item_id'],
      'items',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'item_option_groups_group_fk',
      ['tenant_id', 'group_id'],
      'option_groups',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('item_option_groups_group_idx')
    .on('item_option_groups')
    .columns(['tenant_id', 'group_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('item_option_groups').execute();
  await db.schema.dropIndex('items_tenant_id_id_uq').execute();
  await db.schema.dropTable('options').execute();
  await db.schema.dropTable('option_groups').execute();
}
