// Admin panel accounts: user roles and removal, server-side sessions, failed sign-ins (throttling)
// and one-time form nonces (a reloaded form never acts twice).
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // New users are staff (`admin`) unless made owners; every user that exists today is an owner.
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('admin'))
    .execute();
  await db.updateTable('users').set({ role: 'owner' }).execute();
  // A removed user keeps its row (tokens and history still name it); it can no longer sign in.
  await db.schema.alterTable('users').addColumn('removed_at', 'varchar(32)').execute();

  // A session is named by the SHA-256 of the secret in its cookie: the table alone signs nobody in.
  await db.schema
    .createTable('panel_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addForeignKeyConstraint('panel_sessions_user_fk', ['tenant_id', 'user_id'], 'users', ['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('panel_sessions_user_idx')
    .on('panel_sessions')
    .columns(['tenant_id', 'user_id'])
    .execute();

  // One row per failed sign-in; e-mail and address are stored hashed (nothing typed is kept).
  await db.schema
    .createTable('panel_login_failures')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('email_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('failed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('panel_login_failures_email_idx')
    .on('panel_login_failures')
    .columns(['tenant_id', 'email_hash', 'failed_at'])
    .execute();
  await db.schema
    .createIndex('panel_login_failures_ip_idx')
    .on('panel_login_failures')
    .columns(['tenant_id', 'ip_hash', 'failed_at'])
    .execute();

  await db.schema
    .createTable('panel_form_nonces')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('panel_form_nonces_pk', ['tenant_id', 'nonce'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['panel_form_nonces', 'panel_login_failures', 'panel_sessions']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('removed_at').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
