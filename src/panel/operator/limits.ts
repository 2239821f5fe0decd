// The console's page of one restaurant (its erase form: erase.ts): its own limits (dishes, photo storage, webhooks, admin API
// requests per minute; empty: the config default), saved with an audit entry in one transaction
// and read by every instance's directory at once (the API rate) or by the next write (the others).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type LimitOverrides,
  type Limits,
  NO_OVERRIDES,
  readLimitOverrides,
  writeLimitOverrides,
} from '../../accounts/tenants/limits.js';
import type { Html } from '../../http/html.js';
import { nowIso } from '../../http/schemas.js';
import { pathParam, queryParam, seeOther, sendPage } from '../context.js';
import { addError, asForm, type FieldErrors, str } from '../forms.js';
import { registerErase } from './erase.js';
import type { ConsoleRouteKit } from './kit.js';
import { type LimitsView, limitsPage } from './pages.js';
import { countWebhooks, recordOperatorAction, restaurantUsage } from './repo.js';
import type { OperatorSession } from './service.js';
import { operatorTexts } from './texts.js';

export function registerLimits(app: FastifyInstance, kit: ConsoleRouteKit): void {
  const { route, guard, context, now, since } = kit;
  const db = app.database.db;
  const defaults = (): Limits => ({
    dishes: app.config.limitDishes,
    photoMb: app.config.limitPhotoMb,
    webhooks: app.config.webhooksMaxPerRestaurant,
    adminRate: app.config.adminRateLimit,
  });
  const LIMIT_KEYS = ['dishes', 'photoMb', 'webhooks', 'adminRate'] as const;

  /** The restaurant's page (its limits and the erase form), or undefined when there is no such restaurant. */
  const page = async (
    request: FastifyRequest,
    session: OperatorSession,
    slug: string,
    extra: Partial<Pick<LimitsView, 'saved' | 'eraseError'>> = {},
  ): Promise<Html | undefined> => {
    const [restaurant] = await restaurantUsage(db, { search: '', since: since(), limit: 1, slug });
    if (!restaurant) return undefined;
    const own = await readLimitOverrides(db, restaurant.id);
    const values = Object.fromEntries(LIMIT_KEYS.map((k) => [k, own[k] === null ? '' : String(own[k])])) as Record<
      keyof Limits,
      string
    >;
    const webhooks = await countWebhooks(db, restaurant.id);
    return limitsPage(context(request, session.csrf), session, {
      restaurant,
      values,
      defaults: defaults(),
      webhooks,
      ...extra,
    });
  };

  app.get('/restaurants/:slug', route, async (request, reply) => {
    const session = await guard(request, reply);
    if (!session) return reply;
    const html = await page(request, session, pathParam(request, 'slug'), {
      saved: queryParam(request, 'saved') === '1',
    });
    return html ? sendPage(reply, html) : seeOther(reply, '/operator?unknown=1');
  });

  app.post('/restaurants/:slug/limits', route, async (request, reply) => {
    const session = await guard(request, reply);
    if (!session) return reply;
    const ctx = context(request, session.csrf);
    const slug = pathParam(request, 'slug');
    const [restaurant] = await restaurantUsage(db, { search: '', since: since(), limit: 1, slug });
    if (!restaurant) return seeOther(reply, '/operator?unknown=1');
    const body = asForm(request.body);
    const values = Object.fromEntries(LIMIT_KEYS.map((k) => [k, str(body, k).trim()])) as Record<keyof Limits, string>;
    const errors: FieldErrors = {};
    const overrides = { ...NO_OVERRIDES } as LimitOverrides;
    for (const key of LIMIT_KEYS) {
      const text = values[key];
      if (text === '') continue;
      if (!/^\d{1,7}$/.test(text) || Number(text) < 1 || Number(text) > 1_000_000) {
        addError(errors, key, operatorTexts(ctx.locale).badLimit);
      } else overrides[key] = Number(text);
    }
    if (Object.keys(errors).length > 0) {
      const view = {
        restaurant,
        values,
        defaults: defaults(),
        webhooks: await countWebhooks(db, restaurant.id),
        errors,
      };
      return sendPage(reply, limitsPage(ctx, session, view), 422);
    }
    await db.transaction().execute(async (trx) => {
      await writeLimitOverrides(trx, restaurant.id, overrides);
      await recordOperatorAction(trx, {
        operatorId: session.operator.id,
        email: session.operator.email,
        action: 'limits',
        target: slug,
        detail: overrides,
        at: nowIso(new Date(now())),
      });
    });
    // The admin API's rate is kept in the directory: read here at once, announced to the others.
    await app.tenants.reload(restaurant.id);
    app.announcer.announce({ tenantId: restaurant.id, kind: 'tenant' });
    return seeOther(reply, `/operator/restaurants/${encodeURIComponent(slug)}?saved=1`);
  });
  registerErase(app, kit, page);
}
