// Turns the changes a write recorded (stored rows before and after) into audit entries in the
// API's form: only the fields that changed, `price_cents` as `price` (a JSON number of euros),
// translations and allergen lists as JSON, flags as booleans. Runs inside the write's transaction.
import type { Actor, Change } from '../../catalog/write.js';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../http/schemas.js';
import { type AuditEntryInsert, insertAuditEntries, userEmail } from './repo.js';

/** Columns that are bookkeeping, not something the owner changed. */
const SKIPPED = new Set(['id', 'tenant_id', 'created_at', 'updated_at', 'search_text']);

/** One column of a stored row as the API shows it: its wire name and value. */
export function apiField(column: string, value: unknown): [string, unknown] {
  if (column.endsWith('_cents')) {
    return [column.slice(0, -'_cents'.length), typeof value === 'number' ? value / 100 : value];
  }
  const name = column.endsWith('_translations') ? column.slice(0, -'_translations'.length) : column;
  let out = value;
  if (typeof value === 'string' && (value.startsWith('{') || value.startsWith('['))) {
    try {
      out = JSON.parse(value);
    } catch {
      out = value;
    }
  }
  if ((/^(is|has|show)_/.test(column) || column === 'sold_out') && (value === 0 || value === 1)) out = value === 1;
  return [name, out];
}

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** The fields a change touched, before and after, in the API's form. */
export function fieldChanges(change: Change): FieldChanges {
  const before = (change.before ?? {}) as Record<string, unknown>;
  const after = (change.after ?? {}) as Record<string, unknown>;
  const out: FieldChanges = Object.create(null);
  for (const column of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SKIPPED.has(column)) continue;
    const b = change.before ? apiField(column, before[column]) : undefined;
    const a = change.after ? apiField(column, after[column]) : undefined;
    const name = (a ?? b)![0];
    const bv = b ? b[1] : null;
    const av = a ? a[1] : null;
    if (change.action === 'updated' && JSON.stringify(bv) === JSON.stringify(av)) continue;
    out[name] = { before: bv ?? null, after: av ?? null };
  }
  return { ...out };
}

/** The `inTransaction` listener of catalog/write.ts: one audit row per changed row, in the write's transaction. */
export async function recordAudit(
  trx: Db,
  tenantId: number,
  actor: Actor,
  changes: Change[],
  version?: number,
): Promise<void> {
  if (changes.length === 0) return;
  const at = nowIso();
  const email = actor.userId === null ? null : await userEmail(trx, tenantId, actor.userId);
  const rows: AuditEntryInsert[] = [];
  for (const change of changes) {
    const fields = fieldChanges(change);
    const names = Object.keys(fields);
    // An update that changed nothing the owner sees (only bookkeeping) is not worth a line.
    if (change.action === 'updated' && names.length === 0) continue;
    rows.push({
      tenant_id: tenantId,
      occurred_at: at,
      via: actor.via,
      user_id: actor.userId,
      user_email: email,
      token_id: actor.tokenId,
      token_name: actor.tokenName,
      resource: change.resource,
      resource_id: change.id,
      action: change.action,
      fields: `,${names.join(',')},`,
      changes: JSON.stringify(fields),
      menu_version: version ?? null,
    });
  }
  await insertAuditEntries(trx, rows);
}
