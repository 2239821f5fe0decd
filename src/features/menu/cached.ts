// The /menu document of a request: found in the document cache by the tenant's schedule (no
// snapshot needed), or built once from the snapshot and kept there.

import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TenantState } from '../../accounts/tenants/repo.js';
import { servedLocale } from '../../catalog/snapshot.js';
import { nowIso } from '../../http/schemas.js';
import { type Locale, servedLocaleFrom } from '../../i18n/locales.js';
import { EXPOSED_HEADERS } from '../../plugins/cors.js';
import { menuData } from './compose.js';
import type { CachedDocument, Encoding } from './document.js';
import type { MenuResponse } from './schema.js';

/**
 * The document's JSON. The views build exactly the schema's fields (test/api/menu-serialize.test.ts
 * holds them to the schema's own serializer), so the native JSON.stringify is used: it returns one
 * flat string, half the time of the schema serializer's concatenations, and encoding that string
 * to UTF-8 costs half as much again (about 1 ms of a first request's 5 for a demo-size menu).
 */
export function serializeMenu(value: Static<typeof MenuResponse>): string {
  return JSON.stringify(value);
}

const MENU_HEADERS = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  vary: 'Accept-Encoding',
  'cache-control': 'public, no-cache',
  // Public reads are open to any web site (plugins/cors.ts); the fast path sends these headers as they are.
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
  // The fast path answers before Fastify's hooks: the security headers travel with the document.
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
});

export function menuKey(locale: Locale, openKey: string): string {
  return `menu|${locale}|${openKey}`;
}

/**
 * The cached /menu document for a tenant and requested locale: in memory, else on disk (its form
 * for `encoding` first), else built (once).
 */
export async function menuDocumentFor(
  app: FastifyInstance,
  tenant: TenantState,
  requested: string | undefined,
  encoding: Encoding,
): Promise<CachedDocument> {
  const schedule = app.snapshots.schedule(tenant);
  if (schedule) {
    const locale = servedLocaleFrom(schedule.defaultLocale, schedule.supportedLocales, requested);
    const key = menuKey(locale, app.snapshots.scheduleKey(schedule));
    const doc = app.documents.lookup(tenant.id, tenant.menuVersion, key, encoding);
    if (doc) return doc;
  }
  const snapshot = await app.snapshots.get(tenant);
  const openKey = app.snapshots.openKey(snapshot, snapshot.settings.timezone);
  const locale = servedLocale(snapshot, requested);
  const key = menuKey(locale, openKey);
  // Before a schedule was known (a restart): the disk tier may hold it still.
  const kept = schedule ? undefined : app.documents.lookup(snapshot.tenantId, snapshot.version, key, encoding);
  if (kept) return kept;
  return app.documents.document(snapshot.tenantId, snapshot.version, key, () => ({
    body: Buffer.from(
      serializeMenu({
        success: true,
        data: menuData(snapshot, openKey, locale),
        meta: { generated_at: nowIso(), locale },
      }),
    ),
    headers: MENU_HEADERS,
  }));
}
