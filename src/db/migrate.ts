// Runs the Kysely migrations (bundled statically, so they work the same from tsx, tests and the CLI).
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import { InputError } from '../core/errors.js';
import type { DbHandle } from './connect.js';
import * as initial from './migrations/2026112101_initial.js';
import * as analytics from './migrations/2026112102_analytics.js';
import * as panelAccounts from './migrations/2026112310_panel_accounts.js';
import * as auditLog from './migrations/2026112320_audit_log.js';
import * as dinerTextsMedia from './migrations/2026112330_diner_texts_media.js';
import * as tables from './migrations/2026112330_tables.js';
import * as integrators from './migrations/2026112340_integrators.js';
import * as changeSeq from './migrations/2026112350_change_seq.js';
import * as idempotency from './migrations/2026112510_idempotency.js';
import * as analyticsTables from './migrations/2026112520_analytics_tables.js';
import * as allergenTraces from './migrations/2026112530_allergen_traces.js';
import * as openingHours from './migrations/2026112540_opening_hours.js';
import * as sectionSchedules from './migrations/2026112550_section_schedules.js';
import * as priceVariants from './migrations/2026112560_price_variants.js';
import * as loginFailuresPerAddress from './migrations/2026112601_login_failures_per_address.js';
import * as staffRole from './migrations/2026112602_staff_role.js';
import * as soldOut from './migrations/2026112603_sold_out.js';
import * as passwordResets from './migrations/2026112604_password_resets.js';
import * as webhookResponseTime from './migrations/2026112611_webhook_response_time.js';
import * as translationChecks from './migrations/2026112620_translation_checks.js';
import * as importDrafts from './migrations/2026112830_import_drafts.js';
import * as analyticsEventIds from './migrations/2026112840_analytics_event_ids.js';
import * as webhookFairness from './migrations/2026112850_webhook_fairness.js';
import * as panelPreferences from './migrations/2026112860_panel_preferences.js';
import * as auditMenuVersion from './migrations/2026112870_audit_menu_version.js';
import * as staffInvitations from './migrations/2026112880_staff_invitations.js';
import * as optionGroups from './migrations/2026112890_option_groups.js';
import * as setMenus from './migrations/2026112891_set_menus.js';
import * as signup from './migrations/2026112895_signup.js';
import * as operators from './migrations/2026112896_operators.js';
import * as tenantLimits from './migrations/2026112897_tenant_limits.js';
import * as tenantRequests from './migrations/2026112898_tenant_requests.js';
import * as domainClaims from './migrations/2026112899_domain_claims.js';
import * as menuStamp from './migrations/2026112900_menu_stamp.js';

export const migrations: Record<string, Migration> = {
  '2026112101_initial': initial,
  '2026112102_analytics': analytics,
  '2026112310_panel_accounts': panelAccounts,
  '2026112320_audit_log': auditLog,
  '2026112330_diner_texts_media': dinerTextsMedia,
  '2026112330_tables': tables,
  '2026112350_change_seq': changeSeq,
  '2026112340_integrators': integrators,
  '2026112510_idempotency': idempotency,
  '2026112520_analytics_tables': analyticsTables,
  '2026112530_allergen_traces': allergenTraces,
  '2026112540_opening_hours': openingHours,
  '2026112550_section_schedules': sectionSchedules,
  '2026112560_price_variants': priceVariants,
  '2026112601_login_failures_per_address': loginFailuresPerAddress,
  '2026112602_staff_role': staffRole,
  '2026112603_sold_out': soldOut,
  '2026112611_webhook_response_time': webhookResponseTime,
  '2026112604_password_resets': passwordResets,
  '2026112620_translation_checks': translationChecks,
  '2026112830_import_drafts': importDrafts,
  '2026112840_analytics_event_ids': analyticsEventIds,
  '2026112850_webhook_fairness': webhookFairness,
  '2026112860_panel_preferences': panelPreferences,
  '2026112870_audit_menu_version': auditMenuVersion,
  '2026112880_staff_invitations': staffInvitations,
  '2026112890_option_groups': optionGroups,
  '2026112891_set_menus': setMenus,
  '2026112895_signup': signup,
  '2026112896_operators': operators,
  '2026112897_tenant_limits': tenantLimits,
  '2026112898_tenant_requests': tenantRequests,
  '2026112899_domain_claims': domainClaims,
  '2026112900_menu_stamp': menuStamp,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

function migrator({ db, schema }: DbHandle): Migrator {
  // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
  // Parallel branches use their own name prefixes: a database may have run a later-named
  // migration before an earlier-named one lands, and that must not block it.
  return new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Names of the migrations not applied yet (all of them on an empty database). */
export async function pendingMigrations(handle: DbHandle): Promise<string[]> {
  const all = await migrator(handle).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Refuses to work on a database whose schema is behind this code: says what to run instead. */
export async function assertMigrated(handle: DbHandle): Promise<void> {
  const pending = await pendingMigrations(handle);
  if (pending.length === 0) return;
  const what =
    pending.length === Object.keys(migrations).length
      ? 'The database has no tables yet'
      : `The database is missing ${pending.length} migration(s) (${pending.join(', ')})`;
  throw new InputError(`${what}: run \`menu migrate\` (or \`menu serve --migrate\`, as npm start does) first.`);
}

export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  const { error, results } = await migrator(handle).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
