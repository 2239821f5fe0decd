// SQL of the operator console: operator accounts, their sessions and failed sign-ins, the audit of
// their actions, and the one cross-restaurant read of the service: every restaurant with its usage.
// Not tenant-scoped by design (the operator runs the service); nothing here is reachable from a
// restaurant's address.
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

export async function insertOperator(db: Db, row: { email: string; passwordHash: string; at: string }) {
  const inserted = await db
    .insertInto('operators')
    .values({ email: row.email, password_hash: row.passwordHash, created_at: row.at, last_sign_in_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function findOperatorByEmail(db: Db, email: string) {
  return db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findOperatorById(db: Db, id: number) {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setOperatorPassword(db: Db, id: number, passwordHash: string) {
  await db.updateTable('operators').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  await db.deleteFrom('operator_sessions').where('operator_id', '=', id).execute();
}

export async function insertOperatorSession(db: Db, row: { id: string; operatorId: number; at: string }) {
  await db
    .insertInto('operator_sessions')
    .values({ id: row.id, operator_id: row.operatorId, created_at: row.at, last_seen_at: row.at })
    .execute();
  await db.updateTable('operators').set({ last_sign_in_at: row.at }).where('id', '=', row.operatorId).execute();
}

export async function findOperatorSession(db: Db, id: string) {
  return db.selectFrom('operator_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchOperatorSession(db: Db, id: string, at: string) {
  await db.updateTable('operator_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteOperatorSession(db: Db, id: string) {
  await db.deleteFrom('operator_sessions').where('id', '=', id).execute();
}

export async function deleteStaleOperatorSessions(db: Db, idleBefore: string, createdBefore: string) {
  await db
    .deleteFrom('operator_sessions')
    .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', createdBefore)]))
    .execute();
}

export async function countOperatorFailures(
  db: Db,
  column: 'email_ip_hash' | 'ip_hash',
  hash: string,
  since: string,
): Promise<{ count: number; oldest: string | undefined }> {
  const row = await db
    .selectFrom('operator_login_failures')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('failed_at').as('oldest')])
    .where(column, '=', hash)
    .where('failed_at', '>=', since)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), oldest: (row?.oldest as string | null) ?? undefined };
}

export async function recordOperatorFailure(db: Db, row: { emailIpHash: string; ipHash: string; at: string }) {
  await db
    .insertInto('operator_login_failures')
    .values({ email_ip_hash: row.emailIpHash, ip_hash: row.ipHash, failed_at: row.at })
    .execute();
}

export async function clearOperatorFailures(db: Db, emailIpHash: string) {
  await db.deleteFrom('operator_login_failures').where('email_ip_hash', '=', emailIpHash).execute();
}

export async function pruneOperatorFailures(db: Db, before: string) {
  await db.deleteFrom('operator_login_failures').where('failed_at', '<', before).execute();
}

export async function recordOperatorAction(
  db: Db,
  row: { operatorId: number | null; email: string; action: string; target: string; detail: object; at: string },
) {
  await db
    .insertInto('operator_audit')
    .values({
      operator_id: row.operatorId,
      operator_email: row.email,
      action: row.action,
      target: row.target,
      detail: JSON.stringify(row.detail),
      at: row.at,
    })
    .execute();
}

export async function listOperatorActions(db: Db, limit = 200) {
  return db.selectFrom('operator_audit').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export interface RestaurantUsage {
  id: number;
  slug: string;
  name: string;
  status: 'active' | 'suspended';
  suspendedReason: string;
  awaitingVerification: boolean;
  publicActive: boolean;
  createdAt: string;
  domains: string[];
  owners: { email: string; lastSignIn: string | null }[];
  dishes: number;
  photoBytes: number;
  menuViews: number;
  events: number;
  /** Requests answered for it since `since` (every instance's counts, runtime/request-tally.ts). */
  requests: number;
}

/** `%text%` for LIKE, with the user's `%`, `_` and `\` taken literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every restaurant (or those whose address, name, own domain or owner's e-mail contains `search`),
 * newest first, at most `limit`, with what each uses: dishes, bytes of photos, diners' events and
 * menu views since `since` (a day, from the analytics rollups), owners and their last sign-in.
 */
export async function restaurantUsage(
  db: Db,
  options: { search: string; since: string; limit: number; slug?: string },
): Promise<RestaurantUsage[]> {
  let query = db
    .selectFrom('tenants')
    .innerJoin('settings', 'settings.tenant_id', 'tenants.id')
    .select([
      'tenants.id',
      'tenants.slug',
      'tenants.status',
      'tenants.suspended_reason',
      'tenants.awaiting_verification',
      'tenants.created_at',
      'settings.name',
      'settings.is_active',
    ]);
  if (options.slug !== undefined) query = query.where('tenants.slug', '=', options.slug);
  const search = options.search.trim();
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(tenants.slug) like ${pattern} escape '\\'`,
        sql<boolean>`lower(settings.name) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('tenant_domains')
            .select('tenant_domains.id')
            .whereRef('tenant_domains.tenant_id', '=', 'tenants.id')
            .where(sql<boolean>`lower(tenant_domains.host) like ${pattern} escape '\\'`),
        ),
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .whereRef('users.tenant_id', '=', 'tenants.id')
            .where(sql<boolean>`lower(users.email) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  const rows = await query.orderBy('tenants.id', 'desc').limit(options.limit).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [domains, owners, dishes, photos, analytics, requests] = await Promise.all([
    db
      .selectFrom('tenant_domains')
      .select(['tenant_id', 'host'])
      .where('tenant_id', 'in', ids)
      .orderBy('host')
      .execute(),
    db
      .selectFrom('users')
      .select(['tenant_id', 'email', 'last_sign_in_at'])
      .where('tenant_id', 'in', ids)
      .where('role', '=', 'owner')
      .where('removed_at', 'is', null)
      .orderBy('email')
      .execute(),
    db
      .selectFrom('items')
      .select((eb) => ['tenant_id', eb.fn.countAll<number | string>().as('n')])
      .where('tenant_id', 'in', ids)
      .groupBy('tenant_id')
      .execute(),
    db
      .selectFrom('media')
      .select(['tenant_id', sql<number | string>`sum(length(body))`.as('bytes')])
      .where('tenant_id', 'in', ids)
      .groupBy('tenant_id')
      .execute(),
    db
      .selectFrom('analytics_daily')
      .select([
        'tenant_id',
        sql<number | string>`sum(menu_views)`.as('views'),
        sql<
          number | string
        >`sum(menu_views + item_views + section_views + allergen_filters + searches + locale_switches)`.as('events'),
      ])
      .where('tenant_id', 'in', ids)
      .where('day', '>=', options.since)
      .groupBy('tenant_id')
      .execute(),
    db
      .selectFrom('tenant_requests_daily')
      .select(['tenant_id', sql<number | string>`sum(requests)`.as('n')])
      .where('tenant_id', 'in', ids)
      .where('day', '>=', options.since)
      .groupBy('tenant_id')
      .execute(),
  ]);
  const by = <T extends { tenant_id: number }>(list: T[], id: number) => list.filter((r) => Number(r.tenant_id) === id);
  return rows.map((r) => {
    const id = Number(r.id);
    const usage = by(analytics, id)[0];
    return {
      id,
      slug: r.slug,
      name: r.name,
      status: r.status,
      suspendedReason: r.suspended_reason,
      awaitingVerification: Number(r.awaiting_verification) === 1,
      publicActive: Boolean(Number(r.is_active)),
      createdAt: r.created_at,
      domains: by(domains, id).map((d) => d.host),
      owners: by(owners, id).map((o) => ({ email: o.email, lastSignIn: o.last_sign_in_at })),
      dishes: Number(by(dishes, id)[0]?.n ?? 0),
      photoBytes: Number(by(photos, id)[0]?.bytes ?? 0),
      menuViews: Number(usage?.views ?? 0),
      events: Number(usage?.events ?? 0),
      requests: Number(by(requests, id)[0]?.n ?? 0),
    };
  });
}

/** A restaurant's id and status by its address word, for the console's actions. */
export async function findRestaurant(db: Db, slug: string) {
  return db.selectFrom('tenants').select(['id', 'slug', 'status']).where('slug', '=', slug).executeTakeFirst();
}

export async function countWebhooks(db: Db, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
