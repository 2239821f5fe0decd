// Erasing a restaurant from the console (issue 35, point 5), after offering its export: the export
// is the file of `menu backup --tenant --with-passwords` (restorable with `menu restore --tenant`);
// the erasure asks for the address word typed again, then does what `menu tenant:delete --yes`
// does: suspends it in a commit of its own (every instance stops serving it and drops its caches),
// deletes every row of it in one transaction (accounts/tenants/erase.ts), and audits both steps.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eraseTenantRows } from '../../accounts/tenants/erase.js';
import { setTenantStatus } from '../../accounts/tenants/repo.js';
import { exportTenant } from '../../backup/tenant.js';
import type { Html } from '../../http/html.js';
import { nowIso } from '../../http/schemas.js';
import { panelLocale, pathParam, seeOther, sendPage } from '../context.js';
import { asForm, str } from '../forms.js';
import type { ConsoleRouteKit } from './kit.js';
import { findRestaurant, recordOperatorAction } from './repo.js';
import type { OperatorSession } from './service.js';
import { operatorTexts } from './texts.js';

export function registerErase(
  app: FastifyInstance,
  { route, guard, now }: ConsoleRouteKit,
  /** Draws the restaurant's page (again, with the erase form's problem). */
  restaurantPage: (
    request: FastifyRequest,
    session: OperatorSession,
    slug: string,
    extra: { eraseError: string },
  ) => Promise<Html | undefined>,
): void {
  const db = app.database.db;
  const audit = (
    session: { operator: { id: number; email: string } },
    action: string,
    target: string,
    detail: object,
  ) =>
    recordOperatorAction(db, {
      operatorId: session.operator.id,
      email: session.operator.email,
      action,
      target,
      detail,
      at: nowIso(new Date(now())),
    });

  app.get('/restaurants/:slug/export', route, async (request, reply) => {
    const session = await guard(request, reply);
    if (!session) return reply;
    const slug = pathParam(request, 'slug');
    if (!(await findRestaurant(db, slug))) return seeOther(reply, '/operator?unknown=1');
    const exported = await exportTenant(db, slug, true);
    await audit(session, 'export', slug, {});
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${slug}-export.json"`)
      .send(JSON.stringify(exported));
  });

  app.post('/restaurants/:slug/erase', route, async (request, reply) => {
    const session = await guard(request, reply);
    if (!session) return reply;
    const slug = pathParam(request, 'slug');
    const tenant = await findRestaurant(db, slug);
    if (!tenant) return seeOther(reply, '/operator?unknown=1');
    if (str(asForm(request.body), 'confirm').trim() !== slug) {
      const eraseError = operatorTexts(panelLocale(request)).eraseMismatch;
      const page = await restaurantPage(request, session, slug, { eraseError });
      return page === undefined ? seeOther(reply, '/operator?unknown=1') : sendPage(reply, page, 422);
    }
    await setTenantStatus(db, slug, 'suspended', 'Erased by the operator');
    await app.tenants.reload(tenant.id);
    app.announcer.announce({ tenantId: tenant.id, kind: 'tenant' });
    const deleted = await eraseTenantRows(db, tenant.id);
    const rows = Object.values(deleted).reduce((a, b) => a + b, 0);
    await audit(session, 'erase', slug, { rows });
    await app.tenants.reload(tenant.id);
    app.announcer.announce({ tenantId: tenant.id, kind: 'tenant' });
    return seeOther(reply, `/operator?erased=${encodeURIComponent(slug)}&rows=${rows}`);
  });
}
