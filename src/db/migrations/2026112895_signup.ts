// Sign-up on the base address: a restaurant made there waits for its owner's e-mail to be verified
// before it may go public (tenants.awaiting_verification; 0 for every restaurant made otherwise),
// the verification links (only their SHA-256, as recovery links), the sign-up attempts per client
// address (a hash of the address, never the address) and the operator's invite codes (SIGNUP=invite).
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;
const id = (db: AnyDb) =>
  [
    'id',
    isPostgres(db) ? 'serial' : 'integer',
    // biome-ignore lint/suspicious/noExplicitAny: the column builder's type differs per call
    (c: any) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()),
  ] as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('awaiting_verification', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('email_verifications')
    .addColumn(...id(db))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('email_verifications_token')
    .on('email_verifications')
    .columns(['tenant_id', 'token_hash'])
    .unique()
    .execute();
  await db.schema
    .createTable('signup_attempts')
    .addColumn(...id(db))
    .addColumn('client_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signup_attempts_client').on('signup_attempts').columns(['client_hash', 'at']).execute();
  await db.schema
    .createTable('signup_invites')
    .addColumn(...id(db))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('note', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    // The restaurant it made (no foreign key: erasing that restaurant empties this, the code stays spent).
    .addColumn('used_by_tenant', 'integer')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('signup_invites').execute();
  await db.schema.dropTable('signup_attempts').execute();
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('tenants').dropColumn('awaiting_verification').execute();
}
