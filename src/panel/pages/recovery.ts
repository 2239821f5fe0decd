// "Forgot your password?": the panel's recovery by e-mail. Asking answers the same whether the
// e-mail exists or not, and the mail leaves in the background (same answer, same time); the link
// (accounts/users/recovery.ts) works once, for one hour, and ends every session of the user.
// Requests count against the sign-in throttle of the address (panel/throttle.ts), and one account
// is sent at most 3 links an hour from all addresses together (recovery.ts), so nobody can flood
// an owner's inbox.
import type { FastifyInstance } from 'fastify';
import { finishReset, resetUsable, startReset } from '../../accounts/users/recovery.js';
import { newPasswordProblem, normalizeEmail, UserInputError } from '../../accounts/users/service.js';
import { publicAddress } from '../../config.js';
import { type Html, html } from '../../http/html.js';
import { type PanelContext, queryParam, seeOther, sendPage } from '../context.js';
import { formatTime } from '../format.js';
import { addError, asForm, csrfField, errorSummary, type FieldErrors, hidden, input, notice, str } from '../forms.js';
import { renderPage } from '../layout.js';
import { claimAttempt, throttleKeys } from '../throttle.js';
import { problemMessage } from './problems.js';

const PUBLIC = { config: { panelAccess: 'public' as const } };

function forgotPage(ctx: PanelContext, view: { email?: string; info?: string; error?: string } = {}): Html {
  const { t } = ctx;
  const body = html`${view.info ? notice('success', view.info) : ''}${view.error ? notice('error', view.error) : ''}
<p>${t.forgotIntro}</p>
<form method="post" action="/admin/password/forgot" class="stack narrow">${csrfField(ctx)}
${input({ name: 'email', label: t.email, type: 'email', value: view.email ?? '', autocomplete: 'username', required: true })}
<div class="actions"><button type="submit" class="primary">${t.forgotSend}</button> <a href="/admin/login">${t.signIn}</a></div>
</form>`;
  return renderPage(ctx, { title: t.forgotTitle, body });
}

function resetPage(ctx: PanelContext, token: string, errors: FieldErrors = {}): Html {
  const { t } = ctx;
  const labels = { password: t.newPassword, confirm: t.confirmPassword };
  const body = html`${errorSummary(ctx, errors, labels)}<p>${t.resetIntro}</p>
<form method="post" action="/admin/password/reset" class="stack narrow" novalidate>${csrfField(ctx)}${hidden('token', token)}
${input({ name: 'password', label: t.newPassword, type: 'password', value: '', errors, autocomplete: 'new-password', required: true, hint: t.passwordShort })}
${input({ name: 'confirm', label: t.confirmPassword, type: 'password', value: '', errors, autocomplete: 'new-password', required: true })}
<div class="actions"><button type="submit" class="primary">${t.resetSave}</button></div>
</form>`;
  return renderPage(ctx, { title: t.resetTitle, body });
}

function deadLink(ctx: PanelContext): Html {
  const body = html`${notice('error', ctx.t.resetDead)}<p><a href="/admin/password/forgot">${ctx.t.forgotLink}</a></p>`;
  return renderPage(ctx, { title: ctx.t.resetTitle, body });
}

export function registerRecovery(app: FastifyInstance, now: () => number): void {
  const db = app.database.db;

  app.get('/password/forgot', PUBLIC, async (request, reply) => sendPage(reply, forgotPage(request.panel)));

  app.post('/password/forgot', PUBLIC, async (request, reply) => {
    const ctx = request.panel;
    const email = normalizeEmail(str(asForm(request.body), 'email')).slice(0, 254);
    const tenantId = request.tenant.id;
    const keys = throttleKeys(tenantId, email, request.client);
    const held = await claimAttempt(db, tenantId, keys, now());
    if (held) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((held.retryAt - now()) / 1000))));
      const at = formatTime(ctx, held.retryAt);
      const error = held.by === 'email' ? ctx.t.throttledEmail(held.minutes, at) : ctx.t.throttledIp(held.minutes, at);
      return sendPage(reply, forgotPage(ctx, { email, error }), 429);
    }
    // Counted (by claimAttempt, in the same step as the check) like a failed sign-in from this
    // client, whether or not the e-mail exists.
    const started = email ? await startReset(db, tenantId, email, now()) : undefined;
    if (started) {
      const link = `${publicAddress(app.config, request.tenant.slug)}/admin/password/reset?token=${started.secret}`;
      // Not awaited: the answer must not take longer when the e-mail exists.
      void app.mailer.send({
        to: started.email,
        subject: ctx.t.resetMailSubject(ctx.restaurant),
        text: ctx.t.resetMailText(ctx.restaurant, link),
      });
    }
    return sendPage(reply, forgotPage(ctx, { info: ctx.t.forgotSent }));
  });

  app.get('/password/reset', PUBLIC, async (request, reply) => {
    const token = queryParam(request, 'token') ?? '';
    if (!(await resetUsable(db, request.tenant.id, token, now()))) return sendPage(reply, deadLink(request.panel), 410);
    return sendPage(reply, resetPage(request.panel, token));
  });

  app.post('/password/reset', PUBLIC, async (request, reply) => {
    const ctx = request.panel;
    const body = asForm(request.body);
    const token = str(body, 'token');
    const password = str(body, 'password');
    const errors: FieldErrors = {};
    if (password !== str(body, 'confirm')) addError(errors, 'confirm', ctx.t.passwordMismatch);
    // Both at once: a short password is said together with a mismatch.
    const weak = newPasswordProblem(password);
    if (weak) addError(errors, 'password', problemMessage(ctx, weak));
    if (Object.keys(errors).length === 0) {
      try {
        const userId = await finishReset(db, request.tenant.id, token, password, now());
        if (userId === undefined) return sendPage(reply, deadLink(ctx), 410);
        return seeOther(reply, '/admin/login?reset=1');
      } catch (err) {
        if (!(err instanceof UserInputError)) throw err;
        addError(errors, 'password', problemMessage(ctx, err.problem));
      }
    }
    if (!(await resetUsable(db, request.tenant.id, token, now()))) return sendPage(reply, deadLink(ctx), 410);
    return sendPage(reply, resetPage(ctx, token, errors), 422);
  });
}
