// Sign-in, sign-out and the language switch: the only panel routes open without a session.
import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../../accounts/users/password.js';
import { findUserByEmail } from '../../accounts/users/repo.js';
import { MAX_PASSWORD_LENGTH, normalizeEmail } from '../../accounts/users/service.js';
import { type Html, html } from '../../http/html.js';
import { LANG_COOKIE, type PanelContext, queryParam, safePanelPath, seeOther, sendPage } from '../context.js';
import { isHttps, setCookie } from '../cookies.js';
import { formatTime } from '../format.js';
import { asForm, csrfField, hidden, input, notice, str } from '../forms.js';
import { type Kept, keptFields, keptPage, readKept } from '../kept.js';
import { renderPage } from '../layout.js';
import { endSession, startSession } from '../session.js';
import { claimAttempt, clearFailures, throttleKeys } from '../throttle.js';

let dummyHash: Promise<string> | undefined;
/** Checking a password against this when the e-mail is unknown makes both answers take as long. */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword('not a password of anyone');
  return dummyHash;
}

export function loginPage(
  ctx: PanelContext,
  form: { email: string; next: string; message?: string; info?: string; kept?: Kept },
): Html {
  const { t } = ctx;
  const kept = form.kept ? notice('info', t.keptSignIn) : '';
  const body = html`${form.info ? notice('success', form.info) : ''}${kept}${form.message ? notice('error', form.message) : ''}
<p>${t.loginIntro(ctx.restaurant)}</p>
<form method="post" action="/admin/login" class="stack narrow">${csrfField(ctx)}${hidden('next', form.next)}${keptFields(form.kept)}
${input({ name: 'email', label: t.email, type: 'email', value: form.email, autocomplete: 'username', required: true })}
${input({ name: 'password', label: t.password, type: 'password', value: '', autocomplete: 'current-password', required: true })}
<div class="actions"><button type="submit" class="primary">${t.signIn}</button> <a href="/admin/password/forgot">${t.forgotLink}</a></div>
</form>`;
  return renderPage(ctx, { title: t.loginTitle, body });
}

export function registerLogin(app: FastifyInstance, now: () => number): void {
  const db = app.database.db;

  app.get('/login', { config: { panelAccess: 'public' } }, async (request, reply) => {
    const query = { next: queryParam(request, 'next'), signed_out: queryParam(request, 'signed_out') };
    const next = safePanelPath(query.next);
    if (request.panel.session) return seeOther(reply, next);
    const info =
      query.signed_out === '1'
        ? request.panel.t.signedOut
        : queryParam(request, 'reset') === '1'
          ? request.panel.t.resetDone
          : undefined;
    return sendPage(reply, loginPage(request.panel, { email: '', next, info }));
  });

  app.post('/login', { config: { panelAccess: 'public' } }, async (request, reply) => {
    const ctx = request.panel;
    const body = asForm(request.body);
    const email = normalizeEmail(str(body, 'email')).slice(0, 254);
    const password = str(body, 'password');
    const next = safePanelPath(str(body, 'next'));
    const kept = readKept(body);
    const tenantId = request.tenant.id;
    const keys = throttleKeys(tenantId, email, request.client);
    const held = await claimAttempt(db, tenantId, keys, now());
    if (held) {
      const at = formatTime(ctx, held.retryAt);
      const message =
        held.by === 'email' ? ctx.t.throttledEmail(held.minutes, at) : ctx.t.throttledIp(held.minutes, at);
      reply.header('retry-after', String(Math.max(1, Math.ceil((held.retryAt - now()) / 1000))));
      return sendPage(reply, loginPage(ctx, { email, next, message, kept }), 429);
    }
    const user = email ? await findUserByEmail(db, tenantId, email) : undefined;
    const tooLong = password.length > MAX_PASSWORD_LENGTH;
    let ok = false;
    if (user && !tooLong) ok = await verifyPassword(password, user.password_hash);
    else await verifyPassword('x', await dummy());
    // A wrong password stays counted: claimAttempt recorded it as a failure before the check.
    if (!ok || !user) {
      return sendPage(reply, loginPage(ctx, { email, next, message: ctx.t.wrongCredentials, kept }), 422);
    }
    await clearFailures(db, tenantId, keys);
    const csrf = await startSession(db, request, reply, user.id, now());
    // A form posted after the session ended: offer to send it again, now signed in (panel/kept.ts).
    if (kept) return sendPage(reply, keptPage(ctx, csrf, kept));
    return seeOther(reply, next);
  });

  app.post('/logout', async (request, reply) => {
    if (request.panel.session) await endSession(db, request, reply, request.panel.session);
    return seeOther(reply, '/admin/login?signed_out=1');
  });

  app.post('/language', { config: { panelAccess: 'public' } }, async (request, reply) => {
    const body = asForm(request.body);
    const lang = str(body, 'lang');
    if (lang === 'it' || lang === 'en') {
      setCookie(reply, LANG_COOKIE, lang, { maxAge: 365 * 24 * 60 * 60, secure: isHttps(request) });
    }
    return seeOther(reply, safePanelPath(str(body, 'back'), { allowLogin: true }));
  });
}
