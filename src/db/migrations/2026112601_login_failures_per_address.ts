// Failed sign-ins are counted per (e-mail, client address) and per address, never per e-mail alone
// (anyone who knew the owner's e-mail could lock the owner out). The rows only live 15 minutes, so
// the table is made again with the pair's hash instead of renaming a column whose rows would lie.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

async function create(db: AnyDb, keyColumn: 'email_ip_hash' | 'email_hash'): Promise<void> {
  await db.schema
    .createTable('panel_login_failures')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn(keyColumn, 'varchar(64)', (c) => c.notNull())
    .addColumn('ip_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('failed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex(keyColumn === 'email_hash' ? 'panel_login_failures_email_idx' : 'panel_login_failures_pair_idx')
    .on('panel_login_failures')
    .columns(['tenant_id', keyColumn, 'failed_at'])
    .execute();
  await db.schema
    .createIndex('panel_login_failures_ip_idx')
    .on('panel_login_failures')
    .columns(['tenant_id', 'ip_hash', 'failed_at'])
    .execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable('panel_login_failures').execute();
  await create(db, 'email_ip_hash');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('panel_login_failures').execute();
  await create(db, 'email_hash');
}
