// A dish can be sold out for tonight (until `sold_out_until`, by default the next 05:00 in the
// restaurant's time zone) or until switched back (`sold_out_until` null). Additive.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('items').addColumn('sold_out_until', 'varchar(40)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('items').dropColumn('sold_out_until').execute();
  await db.schema.alterTable('items').dropColumn('sold_out').execute();
}
