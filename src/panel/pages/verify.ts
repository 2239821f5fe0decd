// The owner's e-mail verification after sign-up (accounts/users/verification.ts): the link from the
// mail opens a page with one button (a mail scanner's GET changes nothing); pressing it verifies
// the restaurant, which may then go public, and signs the owner in. An owner whose link was lost
// sends a new one from the overview (at most 3 an hour).
import type { FastifyInstance } from 'fastify';
import { awaitingVerification } from '../../accounts/tenants/repo.js';
import { finishVerification, startVerification, verificationUsable } from '../../accounts/users/verification.js';
import { publicAddress } from '../../config.js';
import { type Html, html } from '../../http/html.js';
import { LANG_COOKIE, type PanelContext, queryParam, seeOther, sendPage } from '../context.js';
import { isHttps, setCookie } from '../cookies.js';
import { asForm, csrfField, hidden, notice, str } from '../forms.js';
import { renderPage } from '../layout.js';
import { startSession } from '../session.js';

const PUBLIC = { config: { panelAccess: 'public' as const } };

function confirmPage(ctx: PanelContext, token: string): Html {
  const { t } = ctx;
  const body = html`<p>${t.verifyIntro}</p>
<form method="post" action="/admin/verify" class="stack narrow">${csrfField(ctx)}${hidden('token', token)}
<div class="actions"><button type="submit" class="primary">${t.verifyButton}</button></div>
</form>`;
  return renderPage(ctx, { title: t.verifyTitle, body });
}

function deadLink(ctx: PanelContext): Html {
  const body = html`${notice('error', ctx.t.verifyDead)}<p><a href="/admin/login">${ctx.t.signIn}</a></p>`;
  return renderPage(ctx, { title: ctx.t.verifyTitle, body });
}

/** The overview's line for a restaurant still waiting for its owner's e-mail, with the button to send the link again. */
export async function verificationNotice(app: FastifyInstance, ctx: PanelContext): Promise<Html | ''> {
  if (!ctx.session || !(await awaitingVerification(app.database.db, ctx.tenantId))) return '';
  const { t } = ctx;
  const resend =
    ctx.session.user.role === 'owner'
      ? html` <form method="post" action="/admin/verify/resend" class="inline">${csrfField(ctx)}<button type="submit" class="link-button">${t.verifyResend}</button></form>`
      : '';
  return notice('info', html`${t.unverified(ctx.session.user.email)}${resend}`);
}

export function registerVerify(app: FastifyInstance, now: () => number): void {
  const db = app.database.db;

  app.get('/verify', PUBLIC, async (request, reply) => {
    const lang = queryParam(request, 'lang');
    const token = queryParam(request, 'token') ?? '';
    // The mail is in the language of the sign-up: the panel opens in it too.
    if ((lang === 'it' || lang === 'en') && lang !== request.panel.locale) {
      setCookie(reply, LANG_COOKIE, lang, { maxAge: 365 * 24 * 60 * 60, secure: isHttps(request) });
      return seeOther(reply, `/admin/verify?token=${encodeURIComponent(token)}`);
    }
    if (!(await verificationUsable(db, request.tenant.id, token, now()))) {
      return sendPage(reply, deadLink(request.panel), 410);
    }
    return sendPage(reply, confirmPage(request.panel, token));
  });

  app.post('/verify', PUBLIC, async (request, reply) => {
    const token = str(asForm(request.body), 'token');
    const userId = await finishVerification(db, request.tenant.id, token, now());
    if (userId === undefined) return sendPage(reply, deadLink(request.panel), 410);
    // Following the link proves the mailbox, as a recovery link does: the owner is signed in.
    await startSession(db, request, reply, userId, now());
    return seeOther(reply, '/admin?verified=1');
  });

  app.post('/verify/resend', { config: { panelAccess: 'owner' } }, async (request, reply) => {
    const ctx = request.panel;
    const session = ctx.session!;
    if (!(await awaitingVerification(db, ctx.tenantId))) return seeOther(reply, '/admin');
    const secret = await startVerification(db, ctx.tenantId, session.user.id, now());
    if (secret) {
      const link = `${publicAddress(app.config, request.tenant.slug)}/admin/verify?token=${secret}&lang=${ctx.locale}`;
      void app.mailer.send({
        to: session.user.email,
        subject: ctx.t.verifyMailSubject(ctx.restaurant),
        text: ctx.t.verifyMailText(ctx.restaurant, link),
      });
    }
    return seeOther(reply, `/admin?resent=${secret ? '1' : 'limit'}`);
  });
}
