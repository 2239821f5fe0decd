// A random stamp beside each restaurant's menu version, new with every bump: the disk tier kept
// across a restart (CACHE_DIR) trusts a file only if its version and stamp are still the
// database's, so a database restored to an earlier version and edited again (the same version
// number, another menu) never meets the files of the menu it replaced.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('menu_stamp', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('menu_stamp').execute();
}
