// tenants.change_seq: a number that grows with every change other instances must notice (menu
// version bump, status change, creation), so the tenant directory's safety-net refresh asks only
// for the rows changed since it last looked, whatever the number of restaurants. PostgreSQL takes
// the numbers from a sequence (no row lock shared by concurrent writers); SQLite serializes
// writers, so MAX + 1 in the writing transaction is enough there.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await sql`CREATE SEQUENCE tenant_change_seq`.execute(db);
  await db.schema
    .alterTable('tenants')
    .addColumn('change_seq', postgres ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Existing tenants get distinct numbers, so a directory starting now sees them in order.
  if (postgres) await sql`UPDATE tenants SET change_seq = nextval('tenant_change_seq')`.execute(db);
  else await sql`UPDATE tenants SET change_seq = id`.execute(db);
  await db.schema.createIndex('tenants_change_seq_idx').on('tenants').column('change_seq').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tenants_change_seq_idx').execute();
  await db.schema.alterTable('tenants').dropColumn('change_seq').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`DROP SEQUENCE tenant_change_seq`.execute(db);
}
