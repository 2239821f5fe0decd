// Tenant rows: lookup by address, creation with complete default rows, status and menu version.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../http/schemas.js';
import { LOCALES } from '../../i18n/locales.js';

export interface TenantState {
  id: number;
  slug: string;
  status: 'active' | 'suspended';
  /** Why the operator suspended it ('' when not said, or active). */
  suspendedReason: string;
  /** Admin API requests per minute the operator allows it, when not the default (tenant_limits). */
  adminRateLimit: number | null;
  /** Its own domain (the first, when several): its menu page is served there, the old address redirects. */
  domain: string | null;
  menuVersion: number;
  /** settings.is_active: false takes the public menu offline, the admin side keeps working. */
  publicActive: boolean;
  timezone: string;
  defaultLocale: string;
}

const stateColumns = [
  'tenants.id',
  'tenants.slug',
  'tenants.status',
  'tenants.suspended_reason',
  'tenants.menu_version',
  'settings.is_active',
  'settings.timezone',
  'settings.default_locale',
  'tenant_limits.admin_rate',
] as const;

type StateRow = {
  id: number;
  slug: string;
  status: 'active' | 'suspended';
  suspended_reason: string;
  menu_version: number;
  is_active: number;
  timezone: string;
  default_locale: string;
  admin_rate: number | null;
  domain: string | null;
};

function toState(row: StateRow): TenantState {
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    suspendedReason: row.status === 'suspended' ? row.suspended_reason : '',
    adminRateLimit: row.admin_rate === null ? null : Number(row.admin_rate),
    domain: row.domain ?? null,
    menuVersion: Number(row.menu_version),
    publicActive: Boolean(row.is_active),
    timezone: row.timezone,
    defaultLocale: row.default_locale,
  };
}

export interface TenantChange {
  state: TenantState;
  changeSeq: number;
}

/**
 * Tenants changed after `sinceSeq`, oldest change first: the directory's safety-net refresh.
 * Not tenant-scoped by design (it is the directory); its cost follows the number of changes, not
 * of tenants (index on change_seq).
 */
export async function loadTenantChanges(db: Db, sinceSeq: number, limit = 1000): Promise<TenantChange[]> {
  const rows = await stateQuery(db)
    .select('tenants.change_seq')
    .where('tenants.change_seq', '>', sinceSeq)
    .orderBy('tenants.change_seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ state: toState(row), changeSeq: Number(row.change_seq) }));
}

/** The highest change_seq so far (where a starting directory begins to read). */
export async function latestChangeSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.max('change_seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

function stateQuery(db: Db) {
  return db
    .selectFrom('tenants')
    .innerJoin('settings', 'settings.tenant_id', 'tenants.id')
    .leftJoin('tenant_limits', 'tenant_limits.tenant_id', 'tenants.id')
    .select(stateColumns)
    .select((eb) =>
      eb
        .selectFrom('tenant_domains as own')
        .select('own.host')
        .whereRef('own.tenant_id', '=', 'tenants.id')
        .orderBy('own.id')
        .limit(1)
        .as('domain'),
    );
}

export async function findTenantStateBySlug(db: Db, slug: string): Promise<TenantState | undefined> {
  const row = await stateQuery(db).where('tenants.slug', '=', slug).executeTakeFirst();
  return row && toState(row);
}

export async function findTenantStateByDomain(db: Db, host: string): Promise<TenantState | undefined> {
  const row = await stateQuery(db)
    .innerJoin('tenant_domains', 'tenant_domains.tenant_id', 'tenants.id')
    .where('tenant_domains.host', '=', host)
    .executeTakeFirst();
  return row && toState(row);
}

/** Fresh state of the given tenants, for the directory's refresh. Not tenant-scoped by design: it is the directory. */
export async function loadTenantStates(db: Db, tenantIds: number[]): Promise<TenantState[]> {
  if (tenantIds.length === 0) return [];
  const rows = await stateQuery(db).where('tenants.id', 'in', tenantIds).execute();
  return rows.map(toState);
}

export interface TenantListing {
  id: number;
  slug: string;
  name: string;
  status: string;
  domains: string[];
}

export async function listTenants(db: Db): Promise<TenantListing[]> {
  const rows = await db
    .selectFrom('tenants')
    .innerJoin('settings', 'settings.tenant_id', 'tenants.id')
    .select(['tenants.id', 'tenants.slug', 'tenants.status', 'settings.name'])
    .orderBy('tenants.slug')
    .execute();
  const domains = await db.selectFrom('tenant_domains').select(['tenant_id', 'host']).orderBy('host').execute();
  return rows.map((r) => ({
    ...r,
    domains: domains.filter((d) => d.tenant_id === r.id).map((d) => d.host),
  }));
}

export async function setTenantStatus(
  db: Db,
  slug: string,
  status: 'active' | 'suspended',
  reason = '',
): Promise<boolean> {
  const result = await db
    .updateTable('tenants')
    .set({ status, suspended_reason: status === 'suspended' ? reason.slice(0, 500) : '' })
    .where('slug', '=', slug)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The restaurant's own domain (the first one given, when it has several), or undefined. */
export async function tenantDomain(db: Db, tenantId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('tenant_domains')
    .select('host')
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .executeTakeFirst();
  return row?.host;
}

export async function domainExists(db: Db, host: string): Promise<boolean> {
  return (await db.selectFrom('tenant_domains').select('id').where('host', '=', host).executeTakeFirst()) !== undefined;
}

export async function slugExists(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('tenants').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

export const DEFAULT_THEME = {
  primary_color: '#8B1E3F',
  secondary_color: '#3C1518',
  accent_color: '#D4A373',
  background_color: '#FFFDF8',
  text_color: '#222222',
  font_family: 'Georgia, serif',
  font_url: '',
  border_radius: '8px',
  layout_variant: 'classic',
  header_style: 'logo',
  footer_text: '',
} as const;

export interface NewTenant {
  slug: string;
  name: string;
  domain?: string;
  /** Made by sign-up: offline and awaiting its owner's e-mail, in the country's language, currency and time zone. */
  signUp?: { locale: string; supportedLocales: string[]; currency: string; timezone: string };
}

/** Whether the restaurant was made by sign-up and its owner's e-mail is not verified yet (it cannot go public). */
export async function awaitingVerification(db: Db, tenantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('tenants')
    .select('awaiting_verification')
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.awaiting_verification ?? 0) === 1;
}

/**
 * Creates a tenant with complete settings and theme rows, so every public endpoint answers 200
 * from the first request. Run inside a transaction (the caller's).
 */
export async function insertTenant(db: Db, input: NewTenant): Promise<number> {
  const now = nowIso();
  const tenant = await db
    .insertInto('tenants')
    .values({
      slug: input.slug,
      status: 'active',
      menu_version: 1,
      created_at: now,
      // Named only for sign-ups (the column's default is 0): the insert stays the one every
      // earlier schema accepts, which the migration tests build restaurants on.
      ...(input.signUp ? { awaiting_verification: 1 } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tenantId = Number(tenant.id);
  await db
    .insertInto('settings')
    .values({
      tenant_id: tenantId,
      name: input.name,
      logo_url: '',
      cover_image_url: null,
      cover_charge_text: '',
      allergen_info: '',
      review_url: '',
      recommended_label: '',
      business_name: input.name,
      vat_number: '',
      address: '',
      phone: '',
      email: '',
      default_locale: input.signUp?.locale ?? 'it',
      supported_locales: JSON.stringify(input.signUp?.supportedLocales ?? LOCALES),
      // A signed-up restaurant starts offline: it goes public from its panel once its e-mail is verified.
      is_active: input.signUp ? 0 : 1,
      timezone: input.signUp?.timezone ?? 'Europe/Rome',
      ...(input.signUp ? { currency: input.signUp.currency } : {}),
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('themes')
    .values({ tenant_id: tenantId, ...DEFAULT_THEME, updated_at: now })
    .execute();
  if (input.domain) {
    await db.insertInto('tenant_domains').values({ tenant_id: tenantId, host: input.domain }).execute();
  }
  return tenantId;
}

/**
 * Every restaurant's menu version and stamp (the disk tier's check of the files a restart kept).
 * Not tenant-scoped by design: one query for the whole instance, at start and at close.
 */
export async function menuStamps(db: Db): Promise<Map<number, { version: number; stamp: string }>> {
  const rows = await db.selectFrom('tenants').select(['id', 'menu_version', 'menu_stamp']).execute();
  return new Map(rows.map((r) => [Number(r.id), { version: Number(r.menu_version), stamp: r.menu_stamp }]));
}

/** Bumps the menu version (and draws a new stamp) in the caller's transaction; returns the new version. */
export async function bumpMenuVersion(db: Db, tenantId: number): Promise<number> {
  const row = await db
    .updateTable('tenants')
    .set((eb) => ({ menu_version: eb('menu_version', '+', 1), menu_stamp: randomBytes(8).toString('hex') }))
    .where('id', '=', tenantId)
    .returning('menu_version')
    .executeTakeFirstOrThrow();
  return Number(row.menu_version);
}
