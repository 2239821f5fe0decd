// The operator console at /operator on the base address (BASE_DOMAIN itself), routed by Host like
// sign-up: a restaurant's address never answers it, and its cookie (Path=/operator, host-only) is
// not a restaurant's. Every page needs an operator session (else 303 to its sign-in); every POST
// its CSRF token and this site's origin; every action is audited in the transaction that does it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTenantStatus } from '../../accounts/tenants/repo.js';
import { publicAddress } from '../../config.js';
import { nowIso } from '../../http/schemas.js';
import { type PanelContext, panelLocale, pathParam, queryParam, seeOther, sendPage } from '../context.js';
import { formatTime } from '../format.js';
import { asForm, notice, parseForm, str } from '../forms.js';
import { fromThisSite, securityHeaders } from '../guard.js';
import { sameToken } from '../session.js';
import { createInvite, listInvites } from '../signup/invites.js';
import { baseContext, baseHostPattern, installBaseErrorPage } from '../signup/routes.js';
import { registerLimits } from './limits.js';
import { auditPage, invitesPage, loginPage, restaurantsPage } from './pages.js';
import { findRestaurant, listOperatorActions, recordOperatorAction, restaurantUsage } from './repo.js';
import {
  currentOperator,
  endOperatorSession,
  loginCsrf,
  loginCsrfOf,
  type OperatorSession,
  signInOperator,
  startOperatorSession,
} from './service.js';
import { operatorTexts } from './texts.js';

const DAY = 24 * 60 * 60 * 1000;

export async function operatorConsole(app: FastifyInstance, { now }: { now: () => number }): Promise<void> {
  const db = app.database.db;
  const route = { constraints: { host: baseHostPattern(app.config.baseDomain) }, config: { untenanted: true } };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, parseForm(body as string)),
  );
  app.addHook('onRequest', async (_request, reply) => securityHeaders(reply));
  installBaseErrorPage(app);

  const context = (request: FastifyRequest, csrf: string): PanelContext =>
    baseContext(request, panelLocale(request), csrf);
  /** The first day of the usage figures: 30 days ago. */
  const since = () => nowIso(new Date(now() - 30 * DAY)).slice(0, 10);

  /** The session of this request, or a 303 to the sign-in page (GET) / a 403 page (POST) already sent. */
  const guard = async (request: FastifyRequest, reply: FastifyReply): Promise<OperatorSession | undefined> => {
    const session = await currentOperator(db, request, now());
    if (!session) {
      await seeOther(reply, '/operator/login');
      return undefined;
    }
    if (
      request.method === 'POST' &&
      (!fromThisSite(request) || !sameToken(str(asForm(request.body), '_csrf'), session.csrf))
    ) {
      const ctx = context(request, session.csrf);
      await sendPage(reply, loginPage(ctx, { email: '', message: operatorTexts(ctx.locale).forbidden }), 403);
      return undefined;
    }
    return session;
  };

  app.get('/login', route, async (request, reply) => {
    if (await currentOperator(db, request, now())) return seeOther(reply, '/operator');
    const ctx = context(request, loginCsrf(request, reply));
    return sendPage(reply, loginPage(ctx, { email: '' }));
  });

  app.post('/login', route, async (request, reply) => {
    const body = asForm(request.body);
    const csrf = loginCsrfOf(request);
    const ctx = context(request, csrf ?? loginCsrf(request, reply));
    const o = operatorTexts(ctx.locale);
    const email = str(body, 'email').slice(0, 254);
    if (!csrf || !fromThisSite(request) || !sameToken(str(body, '_csrf'), csrf)) {
      return sendPage(reply, loginPage(ctx, { email, message: o.forbidden }), 403);
    }
    const result = await signInOperator(db, {
      email,
      password: str(body, 'password'),
      client: request.client,
      now: now(),
    });
    if ('held' in result) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((result.held.retryAt - now()) / 1000))));
      return sendPage(
        reply,
        loginPage(ctx, { email, message: o.held(result.held.minutes, formatTime(ctx, result.held.retryAt)) }),
        429,
      );
    }
    if ('wrong' in result) return sendPage(reply, loginPage(ctx, { email, message: o.wrong }), 422);
    await startOperatorSession(db, request, reply, result.operatorId, now());
    return seeOther(reply, '/operator');
  });

  app.post('/logout', route, async (request, reply) => {
    const session = await guard(request, reply);
    if (!session) return reply;
    await endOperatorSession(db, request, reply, session);
    return seeOther(reply, '/operator/login');
  });

  app.get('/', route, async (request, reply) => {
    const session = await guard(request, reply);
    if (!session) return reply;
    const ctx = context(request, session.csrf);
    const o = operatorTexts(ctx.locale);
    const search = (queryParam(request, 'q') ?? '').slice(0, 200);
    const rows = await restaurantUsage(db, { search, since: since(), limit: 200 });
    const suspended = queryParam(request, 'suspended');
    const resumed = queryParam(request, 'resumed');
    const erased = queryParam(request, 'erased');
    const said = erased
      ? notice('success', o.erased(erased, Number(queryParam(request, 'rows') ?? 0)))
      : suspended
        ? notice('success', o.suspendedDone(suspended))
        : resumed
          ? notice('success', o.resumedDone(resumed))
          : queryParam(request, 'unknown')
            ? notice('error', o.unknown)
            : '';
    return sendPage(reply, restaurantsPage(ctx, session, { search, rows, said }));
  });

  const changeStatus = (status: 'active' | 'suspended') => async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await guard(request, reply);
    if (!session) return reply;
    const slug = pathParam(request, 'slug');
    const reason = status === 'suspended' ? str(asForm(request.body), 'reason').trim().slice(0, 500) : '';
    const at = nowIso(new Date(now()));
    const tenant = await db.transaction().execute(async (trx) => {
      const found = await findRestaurant(trx, slug);
      if (!found) return undefined;
      await setTenantStatus(trx, slug, status, reason);
      await recordOperatorAction(trx, {
        operatorId: session.operator.id,
        email: session.operator.email,
        action: status === 'suspended' ? 'suspend' : 'resume',
        target: slug,
        detail: status === 'suspended' ? { reason } : {},
        at,
      });
      return found;
    });
    if (!tenant) return seeOther(reply, '/operator?unknown=1');
    // Served (or not) here at once, and by every other instance within moments.
    await app.tenants.reload(tenant.id);
    app.announcer.announce({ tenantId: tenant.id, kind: 'tenant' });
    return seeOther(reply, `/operator?${status === 'suspended' ? 'suspended' : 'resumed'}=${encodeURIComponent(slug)}`);
  };
  app.post('/restaurants/:slug/suspend', route, changeStatus('suspended'));
  app.post('/restaurants/:slug/resume', route, changeStatus('active'));

  registerLimits(app, { route, guard, context, now, since });

  app.get('/invites', route, async (request, reply) => {
    const session = await guard(request, reply);
    if (!session) return reply;
    const ctx = context(request, session.csrf);
    return sendPage(reply, invitesPage(ctx, session, { mode: app.config.signup, rows: await listInvites(db) }));
  });

  app.post('/invites', route, async (request, reply) => {
    const session = await guard(request, reply);
    if (!session) return reply;
    const ctx = context(request, session.csrf);
    const body = asForm(request.body);
    const note = str(body, 'note').trim();
    const days = Number(str(body, 'days') || '30');
    if (note.length > 200 || !Number.isInteger(days) || days < 1 || days > 365) {
      const rows = await listInvites(db);
      const error = operatorTexts(ctx.locale).badInvite;
      return sendPage(reply, invitesPage(ctx, session, { mode: app.config.signup, rows, error }), 422);
    }
    const made = await createInvite(db, { note, createdBy: session.operator.email, days, now: now() });
    await recordOperatorAction(db, {
      operatorId: session.operator.id,
      email: session.operator.email,
      action: 'invite',
      target: '',
      detail: { note, days },
      at: nowIso(new Date(now())),
    });
    const base = publicAddress(app.config, 'x').replace(/^(https?:\/\/)x\./, '$1');
    const link = `${base}/?code=${made.code}`;
    return sendPage(
      reply,
      invitesPage(ctx, session, {
        mode: app.config.signup,
        rows: await listInvites(db),
        made: { code: made.code, link },
      }),
    );
  });

  app.get('/audit', route, async (request, reply) => {
    const session = await guard(request, reply);
    if (!session) return reply;
    return sendPage(reply, auditPage(context(request, session.csrf), session, await listOperatorActions(db)));
  });
}
