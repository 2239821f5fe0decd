// Structured opening hours of a restaurant (per weekday, plus dated exceptions), as JSON beside
// the free-text footer that held them so far. Additive: empty for every restaurant.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('opening_hours', 'text', (c) => c.notNull().defaultTo('{"weekly":[],"exceptions":[]}'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('opening_hours').execute();
}
