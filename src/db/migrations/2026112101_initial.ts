// Initial schema: tenants and their addresses, settings, theme, menu, admin users and API tokens.
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Auto-increment integer id, spelled the way each database wants it. */
function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const flag = (def: 0 | 1) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(def);

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('tenants'))
    .addColumn('slug', 'varchar(63)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('menu_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('tenant_domains'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('host', 'varchar(253)', (c) => c.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable('settings'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().unique().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_image_url', 'text')
    .addColumn('cover_charge_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('allergen_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('review_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recommended_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('business_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vat_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('default_locale', 'varchar(2)', (c) => c.notNull().defaultTo('it'))
    .addColumn('supported_locales', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('Europe/Rome'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('themes'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().unique().references('tenants.id').onDelete('cascade'))
    .addColumn('primary_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('secondary_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('accent_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('background_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('text_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('font_family', 'text', (c) => c.notNull())
    .addColumn('font_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('border_radius', 'varchar(32)', (c) => c.notNull())
    .addColumn('layout_variant', 'varchar(16)', (c) => c.notNull())
    .addColumn('header_style', 'varchar(16)', (c) => c.notNull())
    .addColumn('footer_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // (tenant_id, id) is unique on every menu table so that references between them can be
  // composite foreign keys: the database itself refuses a dish pointing at another tenant's section.
  await withId(db, db.schema.createTable('categories'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer')
    .addColumn('menu_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('name_translations', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('show_subcategories', 'integer', flag(0))
    .addColumn('time_visibility_enabled', 'integer', flag(0))
    .addColumn('time_start', 'varchar(5)')
    .addColumn('time_end', 'varchar(5)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('categories_tenant_id_id_uq', ['tenant_id', 'id'])
    .addForeignKeyConstraint('categories_parent_fk', ['tenant_id', 'parent_id'], 'categories', ['tenant_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('types'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('name_translations', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('types_tenant_id_id_uq', ['tenant_id', 'id'])
    .addForeignKeyConstraint('types_category_fk', ['tenant_id', 'category_id'], 'categories', ['tenant_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('wineries'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_translations', 'text', (c) => c.notNull())
    .addColumn('website_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('wineries_tenant_id_id_uq', ['tenant_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('items'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('type_id', 'integer')
    .addColumn('winery_id', 'integer')
    .addColumn('name_translations', 'text', (c) => c.notNull())
    .addColumn('description_translations', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('allergens', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('is_recommended', 'integer', flag(0))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addForeignKeyConstraint('items_category_fk', ['tenant_id', 'category_id'], 'categories', ['tenant_id', 'id'])
    .addForeignKeyConstraint('items_type_fk', ['tenant_id', 'type_id'], 'types', ['tenant_id', 'id'])
    .addForeignKeyConstraint('items_winery_fk', ['tenant_id', 'winery_id'], 'wineries', ['tenant_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('users_tenant_email_uq', ['tenant_id', 'email'])
    .addUniqueConstraint('users_tenant_id_id_uq', ['tenant_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('api_tokens'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addForeignKeyConstraint('api_tokens_user_fk', ['tenant_id', 'user_id'], 'users', ['tenant_id', 'id'])
    .execute();

  await db.schema.createIndex('tenant_domains_tenant_idx').on('tenant_domains').column('tenant_id').execute();
  await db.schema
    .createIndex('categories_tenant_order_idx')
    .on('categories')
    .columns(['tenant_id', 'display_order'])
    .execute();
  await db.schema.createIndex('types_tenant_category_idx').on('types').columns(['tenant_id', 'category_id']).execute();
  await db.schema
    .createIndex('items_tenant_category_idx')
    .on('items')
    .columns(['tenant_id', 'category_id', 'display_order'])
    .execute();
  await db.schema.createIndex('items_tenant_type_idx').on('items').columns(['tenant_id', 'type_id']).execute();
  await db.schema.createIndex('items_tenant_winery_idx').on('items').columns(['tenant_id', 'winery_id']).execute();
  await db.schema.createIndex('api_tokens_tenant_idx').on('api_tokens').columns(['tenant_id', 'user_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'api_tokens',
    'users',
    'items',
    'wineries',
    'types',
    'categories',
    'themes',
    'settings',
    'tenant_domains',
    'tenants',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
