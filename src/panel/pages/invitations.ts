// Staff invited by e-mail (accounts/users/invitations.ts), the panel's side: the staff page's
// "send an invitation" choice and its list of pending invitations (send again, withdraw), the mail,
// and the public page the link opens, where the person sets their own password (a dead link: 410).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listPendingInvitations } from '../../accounts/users/invitation-repo.js';
import {
  acceptInvitation,
  invite,
  resendInvitation,
  usableInvitation,
  withdrawInvitation,
} from '../../accounts/users/invitations.js';
import { newPasswordProblem, UserInputError, type UserProblem } from '../../accounts/users/service.js';
import { publicAddress } from '../../config.js';
import { type Html, html } from '../../http/html.js';
import { type PanelContext, type PanelLocale, pathParam, queryParam, seeOther, sendPage } from '../context.js';
import { formatDateTime } from '../format.js';
import { addError, asForm, csrfField, errorSummary, type FieldErrors, hidden, input, notice, str } from '../forms.js';
import { renderPage } from '../layout.js';
import { problemMessage } from './problems.js';

const WORDS = {
  en: {
    how: 'How they get in',
    howInvite: 'Send them an invitation by e-mail (they choose their password)',
    howPassword: 'Set a password now (typed below, or generated and shown once)',
    passwordOnlyNow: 'Only when setting a password now.',
    sent: (email: string) => `Invitation sent to ${email}. The link works once, for 7 days.`,
    sentAgain: (email: string) => `A new invitation was sent to ${email}; the earlier link no longer works.`,
    withdrawn: (email: string) => `The invitation to ${email} was withdrawn; its link no longer works.`,
    pending: 'Invitations waiting for an answer',
    sentAt: 'Sent',
    expires: 'Link valid until',
    expired: 'expired',
    resend: 'Send again',
    resendNamed: (email: string) => `Send again: the invitation to ${email}`,
    withdraw: 'Withdraw',
    withdrawNamed: (email: string) => `Withdraw: the invitation to ${email}`,
    mailSubject: (restaurant: string) => `You are invited to the menu panel of ${restaurant}`,
    mailText: (restaurant: string, link: string, role: string) =>
      `You are invited to the menu panel of ${restaurant} as ${role}.\n\nChoose your password here (the link works once, for 7 days):\n${link}\n\nIf you did not expect this, ignore this message.`,
    acceptTitle: 'Join the panel',
    acceptIntro: (email: string, restaurant: string) =>
      `Choose the password of ${email} for ${restaurant}’s panel. Then sign in with it.`,
    accept: 'Create my account',
    dead: 'This invitation has expired, was withdrawn or was already used. Ask the owner to send it again.',
  },
  it: {
    how: 'Come entra',
    howInvite: 'Invia un invito per e-mail (sceglie la sua password)',
    howPassword: 'Imposta ora una password (scritta qui sotto, o generata e mostrata una volta)',
    passwordOnlyNow: 'Solo se imposti ora la password.',
    sent: (email: string) => `Invito inviato a ${email}. Il link vale una volta, per 7 giorni.`,
    sentAgain: (email: string) => `Un nuovo invito è stato inviato a ${email}; il link precedente non vale più.`,
    withdrawn: (email: string) => `L’invito a ${email} è stato ritirato; il suo link non vale più.`,
    pending: 'Inviti in attesa di risposta',
    sentAt: 'Inviato',
    expires: 'Link valido fino al',
    expired: 'scaduto',
    resend: 'Invia di nuovo',
    resendNamed: (email: string) => `Invia di nuovo: l’invito a ${email}`,
    withdraw: 'Ritira',
    withdrawNamed: (email: string) => `Ritira: l’invito a ${email}`,
    mailSubject: (restaurant: string) => `Sei invitato al pannello del menu di ${restaurant}`,
    mailText: (restaurant: string, link: string, role: string) =>
      `Sei invitato al pannello del menu di ${restaurant} come ${role}.\n\nScegli la tua password qui (il link vale una volta, per 7 giorni):\n${link}\n\nSe non te lo aspettavi, ignora questo messaggio.`,
    acceptTitle: 'Entra nel pannello',
    acceptIntro: (email: string, restaurant: string) =>
      `Scegli la password di ${email} per il pannello di ${restaurant}. Poi accedi con quella.`,
    accept: 'Crea il mio account',
    dead: 'Questo invito è scaduto, è stato ritirato o è già stato usato. Chiedi al titolare di inviarlo di nuovo.',
  },
} satisfies Record<PanelLocale, unknown>;

export const invitationWords = (locale: PanelLocale) => WORDS[locale];

/** The staff form's choice: an invitation by e-mail (the default) or a password now. */
export function howField(ctx: PanelContext, how: string): Html {
  const w = WORDS[ctx.locale];
  const option = (value: string, label: string) =>
    html`<label class="choice"><input type="radio" name="how" value="${value}"${how === value ? html` checked` : ''}> ${label}</label>`;
  return html`<fieldset class="field how"><legend>${w.how}</legend>${option('invite', w.howInvite)}${option('password', w.howPassword)}</fieldset>`;
}

/** The pending invitations, each with "send again" and "withdraw". */
export async function pendingList(app: FastifyInstance, ctx: PanelContext, now: number): Promise<Html> {
  const w = WORDS[ctx.locale];
  const rows = await listPendingInvitations(app.database.db, ctx.tenantId);
  if (rows.length === 0) return html``;
  const items = rows.map((r) => {
    const expired = Date.parse(r.expires_at) <= now;
    const button = (action: string, label: string, named: string) =>
      html`<form method="post" action="/admin/staff/invitations/${r.id}/${action}" class="inline">${csrfField(ctx)}<button type="submit" class="link-button" aria-label="${named}">${label}</button></form>`;
    return html`<tr data-invitation-id="${r.id}"><td data-label="${ctx.t.email}"><div>${r.email}</div></td><td data-label="${ctx.t.role}"><div>${ctx.t.roles[r.role] ?? r.role}</div></td><td data-label="${w.sentAt}"><div>${formatDateTime(ctx, r.created_at)}</div></td><td data-label="${w.expires}"><div>${expired ? html`<span class="badge off">${w.expired}</span>` : formatDateTime(ctx, r.expires_at)}</div></td><td data-label="${ctx.t.actions}"><div>${button('resend', w.resend, w.resendNamed(r.email))} ${button('withdraw', w.withdraw, w.withdrawNamed(r.email))}</div></td></tr>`;
  });
  return html`<section aria-labelledby="pending-title"><h2 id="pending-title">${w.pending}</h2><table class="list invitations"><caption class="visually-hidden">${w.pending}</caption><thead><tr><th scope="col">${ctx.t.email}</th><th scope="col">${ctx.t.role}</th><th scope="col">${w.sentAt}</th><th scope="col">${w.expires}</th><th scope="col">${ctx.t.actions}</th></tr></thead><tbody>${items}</tbody></table></section>`;
}

/** Sends the invitation's mail (never awaited by the request, as recovery's). */
function mailInvitation(
  app: FastifyInstance,
  request: FastifyRequest,
  to: { secret: string; email: string },
  role: string,
) {
  const ctx = request.panel;
  const w = WORDS[ctx.locale];
  const link = `${publicAddress(app.config, request.tenant.slug)}/admin/invitation?token=${to.secret}`;
  void app.mailer.send({
    to: to.email,
    subject: w.mailSubject(ctx.restaurant),
    text: w.mailText(ctx.restaurant, link, ctx.t.roles[role] ?? role),
  });
}

/** The staff form sent with "send an invitation": the problems of the e-mail, or the message said. */
export async function inviteFromForm(
  app: FastifyInstance,
  request: FastifyRequest,
  form: { email: string; name: string; role: 'owner' | 'staff' },
  now: number,
): Promise<{ problems: UserProblem[] } | { message: string }> {
  const ctx = request.panel;
  const sent = await invite(app.database.db, request.tenant.id, { ...form, invitedBy: ctx.session!.user.id }, now);
  if ('problems' in sent) return sent;
  mailInvitation(app, request, sent, form.role);
  return { message: WORDS[ctx.locale].sent(sent.email) };
}

function acceptPage(ctx: PanelContext, token: string, email: string, errors: FieldErrors = {}): Html {
  const { t } = ctx;
  const w = WORDS[ctx.locale];
  const labels = { password: t.newPassword, confirm: t.confirmPassword };
  const body = html`${errorSummary(ctx, errors, labels)}<p>${w.acceptIntro(email, ctx.restaurant)}</p>
<form method="post" action="/admin/invitation" class="stack narrow" novalidate>${csrfField(ctx)}${hidden('token', token)}
${input({ name: 'password', label: t.newPassword, type: 'password', value: '', errors, autocomplete: 'new-password', required: true, hint: t.passwordShort })}
${input({ name: 'confirm', label: t.confirmPassword, type: 'password', value: '', errors, autocomplete: 'new-password', required: true })}
<div class="actions"><button type="submit" class="primary">${w.accept}</button></div>
</form>`;
  return renderPage(ctx, { title: w.acceptTitle, body });
}

function deadPage(ctx: PanelContext): Html {
  const w = WORDS[ctx.locale];
  return renderPage(ctx, {
    title: w.acceptTitle,
    body: html`${notice('error', w.dead)}<p><a href="/admin/login">${ctx.t.signIn}</a></p>`,
  });
}

const OWNERS = { config: { panelAccess: 'owner' as const } };
const PUBLIC = { config: { panelAccess: 'public' as const } };

export function registerInvitations(app: FastifyInstance, now: () => number): void {
  const db = app.database.db;
  const idOf = (request: FastifyRequest) => {
    const id = Number(pathParam(request, 'id'));
    return Number.isSafeInteger(id) && id > 0 ? id : 0;
  };

  app.post('/staff/invitations/:id/resend', OWNERS, async (request, reply) => {
    const pending = (await listPendingInvitations(db, request.tenant.id)).find((r) => r.id === idOf(request));
    const sent = pending ? await resendInvitation(db, request.tenant.id, pending.id, now()) : undefined;
    if (!sent || !pending) return seeOther(reply, '/admin/staff');
    mailInvitation(app, request, sent, pending.role);
    return seeOther(reply, `/admin/staff?resent=${encodeURIComponent(sent.email)}`);
  });

  app.post('/staff/invitations/:id/withdraw', OWNERS, async (request, reply) => {
    const pending = (await listPendingInvitations(db, request.tenant.id)).find((r) => r.id === idOf(request));
    if (pending) await withdrawInvitation(db, request.tenant.id, pending.id);
    return seeOther(reply, pending ? `/admin/staff?withdrawn=${encodeURIComponent(pending.email)}` : '/admin/staff');
  });

  app.get('/invitation', PUBLIC, async (request, reply) => {
    const token = queryParam(request, 'token') ?? '';
    const row = await usableInvitation(db, request.tenant.id, token, now());
    if (!row) return sendPage(reply, deadPage(request.panel), 410);
    return sendPage(reply, acceptPage(request.panel, token, row.email));
  });

  app.post('/invitation', PUBLIC, async (request, reply) => {
    const ctx = request.panel;
    const body = asForm(request.body);
    const token = str(body, 'token');
    const password = str(body, 'password');
    const row = await usableInvitation(db, request.tenant.id, token, now());
    if (!row) return sendPage(reply, deadPage(ctx), 410);
    const errors: FieldErrors = {};
    if (password !== str(body, 'confirm')) addError(errors, 'confirm', ctx.t.passwordMismatch);
    const weak = newPasswordProblem(password);
    if (weak) addError(errors, 'password', problemMessage(ctx, weak));
    if (Object.keys(errors).length === 0) {
      try {
        const made = await acceptInvitation(db, request.tenant.id, token, password, now());
        if (!made) return sendPage(reply, deadPage(ctx), 410);
        return seeOther(reply, '/admin/login?reset=1');
      } catch (err) {
        if (!(err instanceof UserInputError)) throw err;
        for (const p of err.problems) addError(errors, 'password', problemMessage(ctx, p));
      }
    }
    return sendPage(reply, acceptPage(ctx, token, row.email, errors), 422);
  });
}
