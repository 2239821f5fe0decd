// tenants.change_seq: a number that grows with every change other instances must notice (tenant
// created, status or slug changed, menu version bumped, the settings the tenant directory keeps
// changed), so the directory's safety-net refresh asks only for rows changed since it last looked,
// whatever the number of restaurants. Triggers keep it, so no writer (the app, the CLI, a future
// one, a hand-written UPDATE) can forget it. PostgreSQL takes the numbers from a sequence (no row
// lock shared by concurrent writers); SQLite serializes writers, so MAX + 1 is enough there.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

const SQLITE_NEXT = sql.raw('(SELECT COALESCE(MAX(change_seq), 0) + 1 FROM tenants)');

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

  if (postgres) {
    await sql`ALTER TABLE tenants ALTER COLUMN change_seq SET DEFAULT nextval('tenant_change_seq')`.execute(db);
    await sql`
      CREATE FUNCTION tenants_next_change_seq() RETURNS trigger AS $$
      BEGIN NEW.change_seq := nextval('tenant_change_seq'); RETURN NEW; END
      $$ LANGUAGE plpgsql`.execute(db);
    await sql`
      CREATE TRIGGER tenants_change_seq BEFORE UPDATE OF status, slug, menu_version ON tenants
      FOR EACH ROW EXECUTE FUNCTION tenants_next_change_seq()`.execute(db);
    await sql`
      CREATE FUNCTION settings_touch_tenant() RETURNS trigger AS $$
      BEGIN UPDATE tenants SET change_seq = nextval('tenant_change_seq') WHERE id = NEW.tenant_id; RETURN NULL; END
      $$ LANGUAGE plpgsql`.execute(db);
    await sql`
      CREATE TRIGGER settings_change_seq AFTER UPDATE OF is_active, timezone, default_locale ON settings
      FOR EACH ROW EXECUTE FUNCTION settings_touch_tenant()`.execute(db);
    return;
  }
  await sql`
    CREATE TRIGGER tenants_change_seq_insert AFTER INSERT ON tenants
    BEGIN UPDATE tenants SET change_seq = ${SQLITE_NEXT} WHERE id = NEW.id; END`.execute(db);
  await sql`
    CREATE TRIGGER tenants_change_seq_update AFTER UPDATE OF status, slug, menu_version ON tenants
    BEGIN UPDATE tenants SET change_seq = ${SQLITE_NEXT} WHERE id = NEW.id; END`.execute(db);
  await sql`
    CREATE TRIGGER settings_change_seq AFTER UPDATE OF is_active, timezone, default_locale ON settings
    BEGIN UPDATE tenants SET change_seq = ${SQLITE_NEXT} WHERE id = NEW.tenant_id; END`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`DROP TRIGGER settings_change_seq ON settings`.execute(db);
    await sql`DROP TRIGGER tenants_change_seq ON tenants`.execute(db);
    await sql`DROP FUNCTION settings_touch_tenant()`.execute(db);
    await sql`DROP FUNCTION tenants_next_change_seq()`.execute(db);
  } else {
    for (const name of ['settings_change_seq', 'tenants_change_seq_update', 'tenants_change_seq_insert']) {
      await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.dropIndex('tenants_change_seq_idx').execute();
  await db.schema.alterTable('tenants').dropColumn('change_seq').execute();
  if (postgres) await sql`DROP SEQUENCE tenant_change_seq`.execute(db);
}
