// The allergens a dish may contain as traces (the regulation's voluntary "may contain"), apart
// from those it contains. Additive: an empty list for every dish already stored.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('allergen_traces', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('items').dropColumn('allergen_traces').execute();
}
