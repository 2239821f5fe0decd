// What runs before every panel handler: the security headers, the page context (language,
// restaurant, session), the sign-in redirect for signed-out visits, the role, and the CSRF check
// on every POST (a POST that fails it changes nothing: the handler never runs). All but the CSRF
// token of an urlencoded form are checked at onRequest, from the headers, before a body is read.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultLocaleOf } from '../catalog/snapshot.js';
import { ForbiddenError } from '../core/errors.js';
import { checkKeys } from '../features/translations/checks.js';
import { listChecks } from '../features/translations/repo.js';
import { type Html, html } from '../http/html.js';
import { type PanelContext, panelLocale, seeOther, sendPage, textsFor } from './context.js';
import { asForm, str } from './forms.js';
import { keptFrom } from './kept.js';
import { renderPage } from './layout.js';
import { loginPage } from './pages/login.js';
import { currentSession, loginCsrf, loginCsrfMatches, sameToken } from './session.js';
import { UploadRefusal, uploadBodyMax } from './uploads.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `public`: no session needed (sign-in, language); `static`: assets, no context at all;
     * `owner`: the restaurant's owners only (staff get the panel's 403 page, the handler never runs).
     */
    panelAccess?: 'public' | 'static' | 'owner';
  }
}

/** Panel pages: own scripts and styles only, never framed, never cached, no referrer to other sites. */
export const PANEL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // blob: for the preview of a picture chosen in a file input (photos.ts), before it is sent.
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(reply: FastifyReply): void {
  reply
    .header('content-security-policy', PANEL_CSP)
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('cache-control', 'no-store');
}

export async function panelContext(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  now: () => number,
): Promise<PanelContext> {
  const locale = panelLocale(request);
  const snapshot = await app.snapshots.get(request.tenant);
  const session = await currentSession(app.database.db, request, now());
  return {
    locale,
    t: textsFor(locale),
    tenantId: request.tenant.id,
    restaurant: snapshot.settings.name,
    timezone: snapshot.settings.timezone,
    session,
    csrf: session ? session.csrf : loginCsrf(request, reply),
    url: request.url,
    // One small indexed read per signed-in page: the fields' "to check" flags need it before drawing.
    toCheck: session ? checkKeys(await listChecks(app.database.db, request.tenant.id)) : new Set(),
    menuLocale: defaultLocaleOf(snapshot),
  };
}

/** A browser tells us where a form came from: another site (or an opaque origin) is refused outright. */
export function fromThisSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function csrfOk(request: FastifyRequest, publicRoute: boolean): boolean {
  if (!fromThisSite(request)) return false;
  const token = str(asForm(request.body), '_csrf');
  const session = request.panel.session;
  if (session && sameToken(token, session.csrf)) return true;
  return publicRoute && loginCsrfMatches(request, token);
}

export function csrfRefusal(ctx: PanelContext): Html {
  return renderPage(ctx, {
    title: ctx.t.csrfTitle,
    body: html`<p>${ctx.t.csrfText}</p><p><a href="/admin">${ctx.t.backHome}</a></p>`,
  });
}

export function installGuard(app: FastifyInstance, now: () => number): void {
  app.decorateRequest('panel', null as unknown as PanelContext);
  // Everything that can be decided from the headers is decided here, before any byte of a body
  // is read: the session, where a form comes from, the role, a file form's declared length.
  app.addHook('onRequest', async (request, reply) => {
    securityHeaders(reply);
    const access = request.routeOptions.config.panelAccess;
    // Once per request: a handler's NotFoundError answers through the 404 route, whose hooks run again.
    if (access === 'static' || passed.has(request)) return;
    request.panel = await panelContext(app, request, reply, now);
    const upload = request.routeOptions.config.upload;
    const session = request.panel.session;
    if (access !== 'public' && !session) {
      // A signed-out visit goes to the sign-in page and comes back here after it.
      if (request.method === 'GET') return seeOther(reply, `/admin/login?next=${encodeURIComponent(request.url)}`);
      // A form from this site keeps what was typed through the sign-in (kept.ts, in preHandler:
      // its body is an urlencoded form of 64 KiB at most); a file cannot be kept, nor a form from elsewhere.
      if (upload || !fromThisSite(request)) return seeOther(reply, '/admin/login');
      return;
    }
    if (request.method === 'POST' && !fromThisSite(request)) return sendPage(reply, csrfRefusal(request.panel), 403);
    // Answered by pages/error-page.ts: the 403 page in the panel's language.
    if (access === 'owner' && session?.user.role !== 'owner') throw new ForbiddenError();
    if (upload && declaredLength(request) > uploadBodyMax(upload)) throw new UploadRefusal('body_too_large');
  });
  app.addHook('preHandler', async (request, reply) => {
    const access = request.routeOptions.config.panelAccess;
    if (access === 'static' || passed.has(request)) return;
    if (access !== 'public' && !request.panel.session) {
      const kept = keptFrom(request.url, asForm(request.body));
      if (!kept) return seeOther(reply, '/admin/login');
      return sendPage(reply, loginPage(request.panel, { email: '', next: '/admin', kept }), 401);
    }
    // A file form's token is its first part, checked by uploads.ts as the body is read.
    if (request.method === 'POST' && !request.routeOptions.config.upload && !csrfOk(request, access === 'public')) {
      return sendPage(reply, csrfRefusal(request.panel), 403);
    }
    passed.add(request);
  });
  // An answer given before a body was read whole (a refusal at the door, a limit passed) closes
  // the connection: the rest of that body is never read into memory, nor waited for.
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}

/** Requests through the door. */
const passed = new WeakSet<FastifyRequest>();

/** The body's length as its headers declare it (0 without Content-Length: counted while read). */
function declaredLength(request: FastifyRequest): number {
  const value = Number(request.headers['content-length']);
  return Number.isFinite(value) ? value : 0;
}
