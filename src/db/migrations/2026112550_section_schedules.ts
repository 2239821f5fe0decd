// Section schedules on top of the time window: chosen ISO weekdays (a lunch menu Monday to
// Friday) and a season between two dates, in the restaurant's time zone. Additive: every day and
// no season for the sections already stored.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('categories')
    .addColumn('weekdays', 'varchar(32)', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('categories').addColumn('date_from', 'varchar(10)').execute();
  await db.schema.alterTable('categories').addColumn('date_to', 'varchar(10)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('date_to').execute();
  await db.schema.alterTable('categories').dropColumn('date_from').execute();
  await db.schema.alterTable('categories').dropColumn('weekdays').execute();
}
