// Erasing a restaurant and everything of it (GDPR erasure, `menu tenant:delete`): every row of
// every table that belongs to it, in one transaction, children before parents. The restaurant is
// suspended first in a commit of its own, so every instance stops serving it and drops what it
// caches (snapshots, documents, the disk tier) before its rows go. test/cli/erase.test.ts counts
// the rows of every table with a tenant_id column, on both databases, so a table added later and
// left out here fails there.
import type { Db } from '../../db/connect.js';

/** Every table holding a restaurant's rows, children first (each row references only later ones). */
export const TENANT_TABLES = [
  'webhook_deliveries',
  'webhook_endpoints',
  'idempotency_keys',
  'import_drafts',
  'panel_preferences',
  'staff_invitations',
  'translation_checks',
  'audit_log',
  'analytics_events',
  'analytics_daily',
  'analytics_hourly',
  'analytics_locale_daily',
  'analytics_item_daily',
  'analytics_section_daily',
  'analytics_allergen_daily',
  'analytics_sessions',
  'analytics_table_daily',
  'media',
  'panel_form_nonces',
  'panel_login_failures',
  'panel_sessions',
  'password_resets',
  'email_verifications',
  'tenant_limits',
  'tenant_requests_daily',
  'domain_claims',
  'api_tokens',
  'item_option_groups',
  'options',
  'option_groups',
  'items',
  'types',
  'categories',
  'wineries',
  'settings',
  'themes',
  'users',
  'tenant_domains',
] as const;

/** Deletes every row of the restaurant, then the restaurant; returns the rows deleted per table. */
export async function eraseTenantRows(db: Db, tenantId: number): Promise<Record<string, number>> {
  return db.transaction().execute(async (trx) => {
    const deleted: Record<string, number> = {};
    for (const table of TENANT_TABLES) {
      // Sub-sections reference their parent section: children of children first, so no ordering by id is needed.
      if (table === 'categories') {
        await trx.updateTable('categories').set({ parent_id: null }).where('tenant_id', '=', tenantId).execute();
      }
      const result = await trx
        .deleteFrom(table as 'items')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      deleted[table] = Number(result.numDeletedRows);
    }
    // An invite code stays spent, but no longer names the restaurant it made.
    await trx
      .updateTable('signup_invites')
      .set({ used_by_tenant: null })
      .where('used_by_tenant', '=', tenantId)
      .execute();
    const tenant = await trx.deleteFrom('tenants').where('id', '=', tenantId).executeTakeFirst();
    deleted.tenants = Number(tenant.numDeletedRows);
    return deleted;
  });
}

/** How many rows of each table the restaurant has (what an erasure would delete). */
export async function countTenantRows(db: Db, tenantId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TENANT_TABLES) {
    const row = await db
      .selectFrom(table as 'items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
