// An id per analytics event, chosen by the page that made it: a page that was offline sends its
// kept events again later, and an event the server already has is not counted twice. Additive;
// older rows and clients without ids have null (never a conflict).
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('analytics_events').addColumn('event_id', 'varchar(40)').execute();
  await db.schema
    .createIndex('analytics_events_event_id')
    .on('analytics_events')
    .columns(['tenant_id', 'event_id'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('analytics_events_event_id').execute();
  await db.schema.alterTable('analytics_events').dropColumn('event_id').execute();
}
