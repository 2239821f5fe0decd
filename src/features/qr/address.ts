// The address a restaurant's QR codes open: its own domain when it has one (tenant_domains),
// else its address under the service's domain (config.ts publicAddress). The public routes look it
// up once per menu version (a public QR request asks the database nothing; a domain given to an
// existing restaurant by hand reaches them with its next menu change); the panel asks every time.
import type { FastifyInstance } from 'fastify';
import { tenantDomain } from '../../accounts/tenants/repo.js';
import { publicAddress } from '../../config.js';

interface Tenant {
  id: number;
  slug: string;
  menuVersion: number;
}

/** The restaurant's QR address now (one small query). */
export async function qrAddress(app: FastifyInstance, tenant: Tenant): Promise<string> {
  return publicAddress(app.config, tenant.slug, await tenantDomain(app.database.db, tenant.id));
}

/** One app's lookup of restaurants' QR addresses, remembered per (restaurant, menu version). */
export function qrAddresses(app: FastifyInstance): (tenant: Tenant) => Promise<string> {
  const known = new Map<number, { version: number; address: string }>();
  return async (tenant) => {
    const hit = known.get(tenant.id);
    if (hit && hit.version === tenant.menuVersion) return hit.address;
    const address = await qrAddress(app, tenant);
    known.set(tenant.id, { version: tenant.menuVersion, address });
    return address;
  };
}
