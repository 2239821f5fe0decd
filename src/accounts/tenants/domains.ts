// Own domains claimed by an owner: a claim with a random token, verified when the domain's DNS has
// the TXT record `_menu-challenge.<domain>` = `menu-verify=<token>`; then the domain becomes the
// restaurant's (tenant_domains): it serves the menu, canonical links and QR codes use it, the old
// address redirects, and Caddy may get it a certificate (/internal/tls-allowed).
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../http/schemas.js';
import { bumpMenuVersion, domainExists } from './repo.js';

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
export const CHALLENGE_PREFIX = '_menu-challenge';

export type DomainProblem = 'domain_invalid' | 'domain_base' | 'domain_taken';

/** The domain as stored (lower case, no final dot), or its problem. */
export function normalizeDomain(given: string, baseDomain: string): { host: string } | { problem: DomainProblem } {
  const host = given
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.$/, '');
  if (!HOST.test(host) || host.startsWith(`${CHALLENGE_PREFIX}.`)) return { problem: 'domain_invalid' };
  if (host === baseDomain || host.endsWith(`.${baseDomain}`)) return { problem: 'domain_base' };
  return { host };
}

export async function listClaims(db: Db, tenantId: number) {
  return db.selectFrom('domain_claims').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
}

export async function listDomains(db: Db, tenantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('tenant_domains')
    .select('host')
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.host);
}

/** Claims a domain (again: the same token); refused when any restaurant already has it. */
export async function claimDomain(
  db: Db,
  tenantId: number,
  host: string,
  now: number,
): Promise<DomainProblem | undefined> {
  return db.transaction().execute(async (trx) => {
    if (await domainExists(trx, host)) return 'domain_taken';
    const existing = await trx
      .selectFrom('domain_claims')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('host', '=', host)
      .executeTakeFirst();
    if (existing) return undefined;
    await trx
      .insertInto('domain_claims')
      .values({
        tenant_id: tenantId,
        host,
        token: randomBytes(16).toString('hex'),
        created_at: nowIso(new Date(now)),
        checked_at: null,
        verified_at: null,
      })
      .execute();
    return undefined;
  });
}

export type ResolveTxt = (name: string) => Promise<string[][]>;

/**
 * Looks for the claim's TXT record; found: the domain becomes the restaurant's, in one transaction
 * (refused if another restaurant took it meanwhile). An unanswered or failing lookup counts as not found.
 */
export async function verifyClaim(
  db: Db,
  tenantId: number,
  host: string,
  resolveTxt: ResolveTxt,
  now: number,
): Promise<'verified' | 'not_found' | 'domain_taken' | 'unknown'> {
  const claim = await db
    .selectFrom('domain_claims')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('host', '=', host)
    .executeTakeFirst();
  if (!claim) return 'unknown';
  const records = await resolveTxt(`${CHALLENGE_PREFIX}.${host}`).catch(() => [] as string[][]);
  const found = records.some((parts) => parts.join('').trim() === `menu-verify=${claim.token}`);
  const at = nowIso(new Date(now));
  return db.transaction().execute(async (trx) => {
    if (!found) {
      await trx
        .updateTable('domain_claims')
        .set({ checked_at: at })
        .where('id', '=', claim.id)
        .where('tenant_id', '=', tenantId)
        .execute();
      return 'not_found';
    }
    if (await domainExists(trx, host)) return 'domain_taken';
    await trx.insertInto('tenant_domains').values({ tenant_id: tenantId, host }).execute();
    // Everything made for the old address per menu version (QR codes, the menu page with its
    // canonical link) is made again for the domain: a new version, as after a menu write.
    await bumpMenuVersion(trx, tenantId);
    await trx
      .updateTable('domain_claims')
      .set({ checked_at: at, verified_at: at })
      .where('id', '=', claim.id)
      .where('tenant_id', '=', tenantId)
      .execute();
    return 'verified';
  });
}

/** Gives a domain up: it stops serving the restaurant; its claim goes too. */
export async function removeDomain(db: Db, tenantId: number, host: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tenant_domains').where('tenant_id', '=', tenantId).where('host', '=', host).execute();
    await trx.deleteFrom('domain_claims').where('tenant_id', '=', tenantId).where('host', '=', host).execute();
  });
}

/** Whether Caddy may get a certificate for `host`: a verified own domain of an active restaurant. */
export async function certificateAllowed(db: Db, host: string): Promise<boolean> {
  const row = await db
    .selectFrom('tenant_domains')
    .innerJoin('tenants', 'tenants.id', 'tenant_domains.tenant_id')
    .select('tenants.id')
    .where('tenant_domains.host', '=', host)
    .where('tenants.status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}
