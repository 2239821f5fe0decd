// /admin/account: who is signed in, and changing one's own password (the current one is required;
// every other session of the user ends). Wrong current passwords count with the failed sign-ins of
// that e-mail from that address (throttle.ts): a borrowed session cannot guess the password freely.
import type { FastifyInstance } from 'fastify';
import { changePassword, passwordChangeProblems, UserInputError } from '../../accounts/users/service.js';
import { type Html, html } from '../../http/html.js';
import { type PanelContext, queryParam, seeOther, sendPage } from '../context.js';
import { formatTime } from '../format.js';
import { addError, asForm, csrfField, errorSummary, type FieldErrors, input, notice, str } from '../forms.js';
import { renderPage } from '../layout.js';
import { claimAttempt, clearFailures, throttleKeys } from '../throttle.js';
import { problemMessage } from './problems.js';

function accountPage(ctx: PanelContext, errors: FieldErrors = {}, message?: string): Html {
  const { t } = ctx;
  const user = ctx.session!.user;
  const labels = { current: t.currentPassword, next: t.newPassword, confirm: t.confirmPassword };
  const body = html`${message ? notice('success', message) : ''}
<dl class="facts"><dt>${t.email}</dt><dd>${user.email}</dd><dt>${t.name}</dt><dd>${user.name || '—'}</dd><dt>${t.role}</dt><dd>${t.roles[user.role] ?? user.role}</dd></dl>
<section aria-labelledby="change-password"><h2 id="change-password">${t.changePassword}</h2>${errorSummary(ctx, errors, labels)}
<form method="post" action="/admin/account/password" class="stack narrow" novalidate>${csrfField(ctx)}
<input type="text" name="username" value="${user.email}" autocomplete="username" hidden>
${input({ name: 'current', label: t.currentPassword, type: 'password', value: '', errors, autocomplete: 'current-password', required: true })}
${input({ name: 'next', label: t.newPassword, type: 'password', value: '', errors, autocomplete: 'new-password', hint: t.passwordShort, required: true })}
${input({ name: 'confirm', label: t.confirmPassword, type: 'password', value: '', errors, autocomplete: 'new-password', required: true })}
<div class="actions"><button type="submit" class="primary">${t.save}</button></div></form></section>`;
  return renderPage(ctx, { title: t.account, body, active: 'account' });
}

export function registerAccount(app: FastifyInstance, now: () => number): void {
  app.get('/account', async (request, reply) => {
    const changed = queryParam(request, 'changed');
    return sendPage(
      reply,
      accountPage(request.panel, {}, changed === '1' ? request.panel.t.passwordChanged : undefined),
    );
  });

  app.post('/account/password', async (request, reply) => {
    const ctx = request.panel;
    const body = asForm(request.body);
    const current = str(body, 'current');
    const next = str(body, 'next');
    const errors: FieldErrors = {};
    const keys = throttleKeys(request.tenant.id, ctx.session!.user.email, request.client);
    const held = await claimAttempt(app.database.db, request.tenant.id, keys, now());
    if (held) {
      // Held like a sign-in: the password is not even checked.
      addError(errors, 'current', ctx.t.throttledPassword(held.minutes, formatTime(ctx, held.retryAt)));
      reply.header('retry-after', String(Math.max(1, Math.ceil((held.retryAt - now()) / 1000))));
      return sendPage(reply, accountPage(ctx, errors), 429);
    }
    if (next !== str(body, 'confirm')) addError(errors, 'confirm', ctx.t.passwordMismatch);
    // Every problem at once: a wrong current password and a short new one are said together with a mismatch.
    const problems = await passwordChangeProblems(app.database.db, request.tenant.id, ctx.session!.user.id, {
      current,
      next,
    });
    // A wrong current password stays counted (claimAttempt recorded the attempt); a right one clears it.
    if (!problems.includes('password_wrong')) await clearFailures(app.database.db, request.tenant.id, keys);
    for (const problem of problems) {
      addError(errors, problem === 'password_wrong' ? 'current' : 'next', problemMessage(ctx, problem));
    }
    if (Object.keys(errors).length === 0) {
      try {
        await changePassword(app.database.db, request.tenant.id, ctx.session!.user.id, {
          current,
          next,
          keepSession: ctx.session!.id,
        });
        return seeOther(reply, '/admin/account?changed=1');
      } catch (err) {
        if (!(err instanceof UserInputError)) throw err;
        for (const problem of err.problems) {
          addError(errors, problem === 'password_wrong' ? 'current' : 'next', problemMessage(ctx, problem));
        }
      }
    }
    return sendPage(reply, accountPage(ctx, errors), 422);
  });
}
