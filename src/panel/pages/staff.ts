// /admin/staff: the restaurant's admin users. Owners invite people by e-mail (invitations.ts), or
// add users with a password they type or a generated one shown once, and remove them (their
// sessions and tokens stop working at once).

import type { FastifyInstance } from 'fastify';
import { generatePassword } from '../../accounts/users/password.js';
import { findAnyUser, listActiveUsers } from '../../accounts/users/repo.js';
import { createUser, newUserProblems, removeUser, UserInputError } from '../../accounts/users/service.js';
import { NotFoundError } from '../../core/errors.js';
import type { UserRow } from '../../db/schema.js';
import { type Html, html } from '../../http/html.js';
import { formatMessage } from '../../i18n/messages.js';
import { type PanelContext, pathParam, queryParam, seeOther, sendPage } from '../context.js';
import { formatDateTime } from '../format.js';
import {
  addError,
  asForm,
  csrfField,
  errorSummary,
  type FieldErrors,
  input,
  nonceField,
  notice,
  select,
  str,
} from '../forms.js';
import { renderPage } from '../layout.js';
import { howField, invitationWords, inviteFromForm, pendingList } from './invitations.js';
import { confirmForm, oneTime } from './one-time.js';
import { problemMessage } from './problems.js';

interface StaffView {
  form?: { email: string; name: string; role: string; how: string };
  errors?: FieldErrors;
  added?: { email: string; password?: string };
  message?: string;
  /** The clock, for which pending invitations have expired. */
  now?: number;
}

function userRow(ctx: PanelContext, user: UserRow): Html {
  const { t } = ctx;
  const self = user.id === ctx.session!.user.id;
  const action = !self
    ? confirmForm(ctx, {
        action: `/admin/staff/${user.id}/remove`,
        label: t.remove,
        question: t.removeConfirm(user.email),
        accessibleLabel: `${t.remove}: ${user.email}`,
      })
    : '';
  return html`<tr data-user-id="${user.id}"><td data-label="${t.email}"><div>${user.email}${self ? html` <span class="muted">${t.you}</span>` : ''}</div></td><td data-label="${t.name}"><div>${user.name}</div></td><td data-label="${t.role}"><div>${t.roles[user.role] ?? user.role}</div></td><td data-label="${t.added}"><div>${formatDateTime(ctx, user.created_at)}</div></td><td data-label="${t.actions}"><div>${action}</div></td></tr>`;
}

async function staffPage(app: FastifyInstance, ctx: PanelContext, view: StaffView = {}): Promise<Html> {
  const { t } = ctx;
  const users = await listActiveUsers(app.database.db, ctx.tenantId);
  const errors = view.errors ?? {};
  const labels = { email: t.email, name: t.name, role: t.role, password: t.newPasswordOptional };
  const added = view.added
    ? html`<section class="banner" aria-labelledby="added-title"><h2 id="added-title">${t.userAdded(view.added.email)}</h2>${
        view.added.password
          ? html`<p>${t.generatedPassword}</p><div class="token-box"><label for="new-password" class="visually-hidden">${t.password}</label><input id="new-password" class="token-value" type="text" readonly value="${view.added.password}"><button type="button" class="copy" data-copy="new-password" data-copied="${t.copied}">${t.copy}</button></div><p class="copy-status" role="status" aria-live="polite"></p>`
          : ''
      }</section>`
    : '';
  const form = view.form ?? { email: '', name: '', role: 'staff', how: 'invite' };
  const w = invitationWords(ctx.locale);
  const addForm = html`<section aria-labelledby="add-user"><h2 id="add-user">${t.addUser}</h2>${errorSummary(ctx, errors, labels)}
<form method="post" action="/admin/staff" class="stack narrow" novalidate>${csrfField(ctx)}${nonceField()}
${input({ name: 'email', label: t.email, type: 'email', value: form.email, errors, autocomplete: 'off', required: true })}
${input({ name: 'name', label: t.name, value: form.name, errors, maxlength: 200 })}
${select({ name: 'role', label: t.role, value: form.role, errors, options: ['staff', 'owner'].map((r) => ({ value: r, label: t.roles[r] })) })}
${howField(ctx, form.how)}
${input({ name: 'password', label: t.newPasswordOptional, type: 'password', value: '', errors, autocomplete: 'new-password', hint: `${w.passwordOnlyNow} ${t.passwordShort}` })}
<div class="actions"><button type="submit" class="primary">${t.add}</button></div></form></section>`;
  const body = html`${added}${view.message ? notice('info', view.message) : ''}<p>${t.staffIntro}</p>
<table class="list users"><caption class="visually-hidden">${t.staff}</caption><thead><tr><th scope="col">${t.email}</th><th scope="col">${t.name}</th><th scope="col">${t.role}</th><th scope="col">${t.added}</th><th scope="col">${t.actions}</th></tr></thead><tbody>${users.map((u) => userRow(ctx, u))}</tbody></table>
${await pendingList(app, ctx, view.now ?? Date.now())}${addForm}`;
  return renderPage(ctx, { title: t.staff, body, active: 'staff' });
}

/** Only owners open or post these pages; staff get the 403 page before a handler runs (guard.ts). */
const OWNERS = { config: { panelAccess: 'owner' as const } };

export function registerStaff(app: FastifyInstance, now: () => number): void {
  const db = app.database.db;

  app.get('/staff', OWNERS, async (request, reply) => {
    const removed = queryParam(request, 'removed');
    const id = Number(removed);
    const gone = Number.isSafeInteger(id) && id > 0 ? await findAnyUser(db, request.tenant.id, id) : undefined;
    const w = invitationWords(request.panel.locale);
    const [resent, withdrawn] = [queryParam(request, 'resent'), queryParam(request, 'withdrawn')];
    const message = gone?.removed_at
      ? request.panel.t.removedUser(gone.email)
      : resent
        ? w.sentAgain(resent)
        : withdrawn
          ? w.withdrawn(withdrawn)
          : undefined;
    return sendPage(reply, await staffPage(app, request.panel, { message }));
  });

  app.post('/staff', OWNERS, async (request, reply) => {
    const ctx = request.panel;
    const body = asForm(request.body);
    const form = {
      email: str(body, 'email').trim(),
      name: str(body, 'name').trim(),
      role: str(body, 'role'),
      // The form's default is an invitation; a post without the choice (an older page) sets a password as before.
      how: str(body, 'how') === 'invite' ? 'invite' : 'password',
    };
    const typed = str(body, 'password');
    const role = form.role === 'owner' ? 'owner' : 'staff';
    // An invitation by e-mail: the person chooses their password through the link.
    if (form.how === 'invite') {
      const errors: FieldErrors = {};
      if (form.name.length > 200) {
        addError(errors, 'name', formatMessage(ctx.locale, 'max_string', { attribute: ctx.t.name, max: 200 }));
      }
      const sent =
        Object.keys(errors).length === 0
          ? await inviteFromForm(app, request, { email: form.email, name: form.name, role }, now())
          : undefined;
      if (sent && 'message' in sent) return sendPage(reply, await staffPage(app, ctx, { message: sent.message }), 201);
      for (const problem of sent?.problems ?? []) addError(errors, 'email', problemMessage(ctx, problem));
      return sendPage(reply, await staffPage(app, ctx, { form, errors }), 422);
    }
    const password = typed === '' ? generatePassword() : typed;
    const errors: FieldErrors = {};
    if (form.name.length > 200) {
      addError(errors, 'name', formatMessage(ctx.locale, 'max_string', { attribute: ctx.t.name, max: 200 }));
    }
    // Every problem at once: the e-mail and password are checked even when the name is refused.
    for (const problem of await newUserProblems(app.database.db, request.tenant.id, { email: form.email, password })) {
      addError(errors, problem.startsWith('email') ? 'email' : 'password', problemMessage(ctx, problem));
    }
    try {
      if (Object.keys(errors).length === 0) {
        const done = await oneTime(app, request, (trx) =>
          createUser(trx, request.tenant.id, { email: form.email, password, name: form.name, role }),
        );
        if (done === undefined) return sendPage(reply, await staffPage(app, ctx, { message: ctx.t.staleForm }), 409);
        const added = { email: form.email.toLowerCase(), password: typed === '' ? password : undefined };
        return sendPage(reply, await staffPage(app, ctx, { added }), 201);
      }
    } catch (err) {
      if (!(err instanceof UserInputError)) throw err;
      // A concurrent sign-up of the same e-mail, found inside the write.
      for (const problem of err.problems) {
        addError(errors, problem.startsWith('email') ? 'email' : 'password', problemMessage(ctx, problem));
      }
    }
    return sendPage(reply, await staffPage(app, ctx, { form, errors }), 422);
  });

  app.post('/staff/:id/remove', OWNERS, async (request, reply) => {
    const ctx = request.panel;
    const id = Number(pathParam(request, 'id'));
    const users = await listActiveUsers(db, request.tenant.id);
    const user = users.find((u) => u.id === id);
    if (!user) throw new NotFoundError();
    if (user.id === ctx.session!.user.id) {
      return sendPage(reply, await staffPage(app, ctx, { message: ctx.t.cannotRemoveSelf }), 422);
    }
    if (str(asForm(request.body), 'confirmed') !== 'yes') {
      const body = html`<p>${ctx.t.removeConfirm(user.email)}</p>${confirmForm(ctx, {
        action: `/admin/staff/${id}/remove`,
        label: ctx.t.remove,
        question: '',
        confirmed: true,
      })}<p><a href="/admin/staff">${ctx.t.cancel}</a></p>`;
      return sendPage(reply, renderPage(ctx, { title: ctx.t.remove, active: 'staff', body }));
    }
    await removeUser(db, request.tenant.id, id);
    return seeOther(reply, `/admin/staff?removed=${id}`);
  });
}
