// Tenant rules shared by the CLI and the seed: slug and domain checks, creation in one transaction.

import { InputError } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { domainExists, insertTenant, slugExists } from './repo.js';
import { slugProblem } from './slug.js';

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export async function createTenant(
  db: Db,
  input: { slug: string; name: string; domain?: string },
  baseDomain: string,
  /** Runs in the same transaction, so a tenant never exists half-filled. */
  fill?: (trx: Db, tenantId: number) => Promise<void>,
): Promise<number> {
  const slug = input.slug;
  const problem = slugProblem(slug);
  if (problem === 'slug_reserved') throw new InputError(`The slug "${slug}" is reserved.`);
  if (problem) {
    throw new InputError(
      `Invalid slug "${slug}": use 1-63 lower-case letters, digits and hyphens, not starting or ending with a hyphen.`,
    );
  }
  const name = input.name.trim();
  if (name === '' || name.length > 200) throw new InputError('The restaurant name must be 1-200 characters.');
  const domain = checkedDomain(input.domain, baseDomain);
  return db.transaction().execute(async (trx) => {
    if (await slugExists(trx, slug)) throw new InputError(`A tenant with slug "${slug}" already exists.`);
    if (domain && (await domainExists(trx, domain))) {
      throw new InputError(`The domain "${domain}" is already registered.`);
    }
    const tenantId = await insertTenant(trx, { slug, name, domain });
    if (fill) await fill(trx, tenantId);
    return tenantId;
  });
}

function checkedDomain(given: string | undefined, baseDomain: string): string | undefined {
  const domain = given?.trim().toLowerCase().replace(/\.$/, '');
  if (domain !== undefined) {
    if (!HOST.test(domain)) throw new InputError(`Invalid domain "${given}".`);
    if (domain === baseDomain || domain.endsWith(`.${baseDomain}`)) {
      throw new InputError(`The domain "${domain}" is under the base domain; the slug already gives that address.`);
    }
  }
  return domain;
}
