// Set menus ("Menu del giorno 15 €: un primo, un secondo, acqua e caffè"): a section may carry a
// price of its own, in cents; null for an ordinary section. Its notes say what the price includes.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('categories').addColumn('set_price_cents', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('set_price_cents').execute();
}
