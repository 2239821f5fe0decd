// SQL of the translations to check (table translation_checks), scoped by restaurant first.
import type { Db } from '../../db/connect.js';

export interface CheckKey {
  resource: string;
  resource_id: number;
  field: string;
  locale: string;
}

export interface CheckRow extends CheckKey {
  flagged_at: string;
}

/** Flags these texts (again: a second change of the default text keeps one row, with the new time). */
export async function flagChecks(db: Db, tenantId: number, keys: CheckKey[], at: string): Promise<void> {
  // In parts: a whole-menu import can flag thousands of texts, past SQLite's 32,766 bound parameters in one INSERT.
  for (let from = 0; from < keys.length; from += 1000) {
    await db
      .insertInto('translation_checks')
      .values(keys.slice(from, from + 1000).map((k) => ({ tenant_id: tenantId, ...k, flagged_at: at })))
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'resource', 'resource_id', 'field', 'locale']).doUpdateSet({ flagged_at: at }),
      )
      .execute();
  }
}

/** Clears these texts' flags (saved again). */
export async function clearChecks(db: Db, tenantId: number, keys: CheckKey[]): Promise<void> {
  for (const k of keys) {
    await db
      .deleteFrom('translation_checks')
      .where('tenant_id', '=', tenantId)
      .where('resource', '=', k.resource)
      .where('resource_id', '=', k.resource_id)
      .where('field', '=', k.field)
      .where('locale', '=', k.locale)
      .execute();
  }
}

/** Clears every flag of a row (it was deleted). */
export async function clearRowChecks(db: Db, tenantId: number, resource: string, id: number): Promise<void> {
  await db
    .deleteFrom('translation_checks')
    .where('tenant_id', '=', tenantId)
    .where('resource', '=', resource)
    .where('resource_id', '=', id)
    .execute();
}

/** Every text of the restaurant to check, oldest first. */
export async function listChecks(db: Db, tenantId: number): Promise<CheckRow[]> {
  return db
    .selectFrom('translation_checks')
    .select(['resource', 'resource_id', 'field', 'locale', 'flagged_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('flagged_at')
    .orderBy('resource')
    .orderBy('resource_id')
    .orderBy('field')
    .orderBy('locale')
    .execute();
}

export async function defaultLocale(db: Db, tenantId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('default_locale')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.default_locale;
}
