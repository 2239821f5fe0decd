// `menu backup --tenant <slug>` / `menu restore --tenant`: one restaurant as a portable JSON file
// (menu, settings, theme, domains, photos as base64, users, webhooks) that loads into any instance
// on either database under new ids. Password hashes and webhook secrets travel only when asked.
import { randomBytes } from 'node:crypto';
import { findTenantStateBySlug } from '../accounts/tenants/repo.js';
import { createTenant } from '../accounts/tenants/service.js';
import { InputError } from '../core/errors.js';
import type { Db } from '../db/connect.js';
import { migrations } from '../db/migrate.js';
import {
  appliedMigrations,
  hostTaken,
  insertTenantRow,
  type Row,
  readTenantRow,
  readTenantRows,
  replaceSingleRow,
  setTenantFields,
  TENANT_TABLES,
  type TenantTable,
} from './repo.js';

export const EXPORT_FORMAT = 'menu-restaurant-export';
export const EXPORT_VERSION = 1;

/** Stored instead of a password hash that was not exported: no password ever matches it (not `scrypt$…`). */
export const NO_PASSWORD = '!not-exported';

export interface TenantExport {
  format: typeof EXPORT_FORMAT;
  version: number;
  exported_at: string;
  migrations: string[];
  with_passwords: boolean;
  tenant: { slug: string; status: 'active' | 'suspended'; created_at: string };
  tables: Partial<Record<TenantTable, Row[]>>;
}

/** Blobs become `{"$base64": "..."}`, so the file stays JSON and loads the same bytes back. */
function encodeValue(value: unknown): unknown {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { $base64: Buffer.from(value).toString('base64') };
  return value;
}

function decodeValue(value: unknown): unknown {
  if (value && typeof value === 'object' && '$base64' in value) {
    return Buffer.from(String((value as { $base64: string }).$base64), 'base64');
  }
  return value;
}

export async function exportTenant(db: Db, slug: string, withPasswords: boolean): Promise<TenantExport> {
  const state = await findTenantStateBySlug(db, slug);
  if (!state) throw new InputError(`Unknown tenant "${slug}".`);
  // One read transaction: the file is the restaurant at one instant even while it is edited.
  return db.transaction().execute(async (trx) => {
    const tenant = await readTenantRow(trx, state.id);
    const tables: TenantExport['tables'] = {};
    for (const { table } of TENANT_TABLES) {
      const rows = await readTenantRows(trx, state.id, table);
      tables[table] = rows.map((row) => {
        const out: Row = {};
        for (const [key, value] of Object.entries(row)) {
          if (key === 'tenant_id') continue;
          if (
            !withPasswords &&
            ((table === 'users' && key === 'password_hash') || (table === 'webhook_endpoints' && key === 'secret'))
          ) {
            continue;
          }
          out[key] = encodeValue(value);
        }
        return out;
      });
    }
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: new Date().toISOString(),
      migrations: await appliedMigrations(trx),
      with_passwords: withPasswords,
      tenant: { slug: tenant.slug, status: tenant.status, created_at: tenant.created_at },
      tables,
    };
  });
}

/** Checks the document's shape and level before anything is written. */
export function parseTenantExport(text: string): TenantExport {
  let doc: TenantExport;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new InputError('The file is not a restaurant export (not JSON).');
  }
  if (!doc || doc.format !== EXPORT_FORMAT || typeof doc.tenant?.slug !== 'string' || typeof doc.tables !== 'object') {
    throw new InputError(`The file is not a restaurant export (format "${EXPORT_FORMAT}" expected).`);
  }
  if (doc.version !== EXPORT_VERSION) throw new InputError(`Export version ${doc.version} is not supported here.`);
  const unknown = (doc.migrations ?? []).filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new InputError(
      `The export was made by a newer version of the service (migrations ${unknown.join(', ')} are unknown here): upgrade first.`,
    );
  }
  return doc;
}

export interface ImportResult {
  tenantId: number;
  slug: string;
  counts: Partial<Record<TenantTable, number>>;
}

/**
 * Creates the restaurant from an export, in one transaction: the slug (or `slug` given) must be
 * free, as must its custom domains. Rows get new ids; references between them follow.
 */
export async function importTenant(
  db: Db,
  doc: TenantExport,
  baseDomain: string,
  slug = doc.tenant.slug,
): Promise<ImportResult> {
  const counts: ImportResult['counts'] = {};
  const settings = doc.tables.settings?.[0];
  const name = typeof settings?.name === 'string' && settings.name.trim() ? settings.name : slug;
  const tenantId = await createTenant(db, { slug, name }, baseDomain, async (trx, tenantId) => {
    const newIds = new Map<string, Map<number, number>>();
    for (const { table, ids } of TENANT_TABLES) {
      const rows = doc.tables[table] ?? [];
      const map = new Map<number, number>();
      newIds.set(table, map);
      for (const source of rows) {
        const values: Row = {};
        for (const [key, value] of Object.entries(source)) {
          if (key === 'id' || key === 'tenant_id') continue;
          values[key] = decodeValue(value);
        }
        for (const [column, target] of Object.entries(ids) as [string, string][]) {
          const old = values[column];
          if (old === null || old === undefined) continue;
          const mapped = newIds.get(target)?.get(Number(old));
          if (mapped === undefined)
            throw new InputError(`${table} row ${String(source.id)}: ${column} ${String(old)} is not in the export.`);
          values[column] = mapped;
        }
        if (table === 'users' && typeof values.password_hash !== 'string') values.password_hash = NO_PASSWORD;
        // A webhook without its secret gets a new one: receivers must be given it again.
        if (table === 'webhook_endpoints' && typeof values.secret !== 'string') {
          values.secret = `whsec_${randomBytes(24).toString('base64url')}`;
        }
        if (table === 'tenant_domains' && (await hostTaken(trx, String(values.host)))) {
          throw new InputError(`The domain "${String(values.host)}" is already registered here.`);
        }
        if (table === 'settings' || table === 'themes') {
          await replaceSingleRow(trx, tenantId, table, values);
        } else {
          const id = await insertTenantRow(trx, tenantId, table, values);
          if (id !== undefined && source.id !== undefined) map.set(Number(source.id), id);
        }
        counts[table] = (counts[table] ?? 0) + 1;
      }
    }
    await setTenantFields(trx, tenantId, { status: doc.tenant.status, created_at: doc.tenant.created_at });
  });
  return { tenantId, slug, counts };
}
