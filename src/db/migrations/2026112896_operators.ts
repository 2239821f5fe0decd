// The operator console (/operator on the base address): operator accounts (scrypt passwords), their
// sessions (only a hash of the cookie's secret) and failed sign-ins (hashes of e-mail+address and
// of the address), the audit of what operators did, why a restaurant is suspended, and when a
// restaurant's users last signed in (the console shows the owners' last sign-in).
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  const serial = isPostgres(db) ? 'serial' : 'integer';
  // biome-ignore lint/suspicious/noExplicitAny: the column builder's type differs per call
  const pk = (c: any) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .alterTable('tenants')
    .addColumn('suspended_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'varchar(32)').execute();
  await db.schema
    .createTable('operators')
    .addColumn('id', serial, pk)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'varchar(32)')
    .execute();
  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_login_failures')
    .addColumn('id', serial, pk)
    .addColumn('email_ip_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('failed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_login_failures_ip')
    .on('operator_login_failures')
    .columns(['ip_hash', 'failed_at'])
    .execute();
  await db.schema
    .createTable('operator_audit')
    .addColumn('id', serial, pk)
    .addColumn('operator_id', 'integer')
    .addColumn('operator_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    // The restaurant's slug at the time (kept when the restaurant is erased: who erased what).
    .addColumn('target', 'varchar(100)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('operator_audit').execute();
  await db.schema.dropTable('operator_login_failures').execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operators').execute();
  await db.schema.alterTable('users').dropColumn('last_sign_in_at').execute();
  await db.schema.alterTable('tenants').dropColumn('suspended_reason').execute();
}
