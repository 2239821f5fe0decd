// The panel's second role is called `staff`, as the restaurant says it (it was `admin`): staff edit
// the menu, owners also everything else. The column's database default stays as it was (SQLite
// cannot change one); schema.ts makes every insert name the role, so the default is never used.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.updateTable('users').set({ role: 'staff' }).where('role', '=', 'admin').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.updateTable('users').set({ role: 'admin' }).where('role', '=', 'staff').execute();
}
