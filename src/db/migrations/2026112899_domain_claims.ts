// Own domains claimed by owners in the panel and verified by a DNS TXT record: the claim (its
// random token, shown to the owner), then, once the record is found, a row of tenant_domains (the
// domain serves the restaurant, and Caddy may get it a certificate: /internal/tls-allowed).
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('domain_claims')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('host', 'varchar(253)', (c) => c.notNull())
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(32)')
    .addColumn('verified_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('domain_claims_tenant_host')
    .on('domain_claims')
    .columns(['tenant_id', 'host'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('domain_claims').execute();
}
