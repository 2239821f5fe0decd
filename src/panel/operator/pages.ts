// The operator console's pages: sign-in, the restaurants with their usage (search, suspend with a
// reason, resume), invite codes, and the audit of operator actions. The panel's stylesheet and
// form controls; every value escaped by the html template.

import type { Limits } from '../../accounts/tenants/limits.js';
import { type Html, html } from '../../http/html.js';
import { assetUrl } from '../assets.js';
import type { PanelContext } from '../context.js';
import { formatDateTime } from '../format.js';
import { type FieldErrors, hidden, input, notice } from '../forms.js';
import { inviteState } from '../signup/invites.js';
import type { InviteRow } from '../signup/repo.js';
import type { RestaurantUsage } from './repo.js';
import type { OperatorSession } from './service.js';
import { operatorTexts } from './texts.js';

export type ConsoleSection = 'restaurants' | 'invites' | 'audit';

export function consolePage(
  ctx: PanelContext,
  session: OperatorSession | undefined,
  title: string,
  body: Html,
  active?: ConsoleSection,
): Html {
  const o = operatorTexts(ctx.locale);
  const nav = session
    ? html`<nav class="panel-nav" aria-label="${o.nav}"><ul>${(['restaurants', 'invites', 'audit'] as const).map(
        (key) =>
          html`<li><a href="/operator${key === 'restaurants' ? '' : `/${key}`}"${key === active ? html` aria-current="page"` : ''}>${o[key]}</a></li>`,
      )}</ul></nav>`
    : '';
  const who = session
    ? html`<div class="who"><span>${o.signedInAs} <strong>${session.operator.email}</strong></span><form method="post" action="/operator/logout">${hidden('_csrf', session.csrf)}<button type="submit" class="link-button">${o.signOut}</button></form></div>`
    : '';
  return html`<!doctype html>
<html lang="${ctx.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · ${o.product}</title>
<link rel="icon" type="image/svg+xml" href="${assetUrl('favicon.svg')}">
<link rel="stylesheet" href="${assetUrl('panel.css')}">
</head>
<body>
<a class="skip" href="#main">${ctx.t.skip}</a>
<header class="panel-header">
<div class="brand"><span class="restaurant">${o.product}</span></div>
<div class="tools">${who}</div>
</header>
${nav}
<main id="main" tabindex="-1">
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}

export function loginPage(ctx: PanelContext, form: { email: string; message?: string }): Html {
  const o = operatorTexts(ctx.locale);
  const body = html`${form.message ? notice('error', form.message) : ''}<p>${o.loginIntro}</p>
<form method="post" action="/operator/login" class="stack narrow">${hidden('_csrf', ctx.csrf)}
${input({ name: 'email', label: o.email, type: 'email', value: form.email, autocomplete: 'username', required: true })}
${input({ name: 'password', label: o.password, type: 'password', value: '', autocomplete: 'current-password', required: true })}
<div class="actions"><button type="submit" class="primary">${o.signIn}</button></div>
</form>`;
  return consolePage(ctx, undefined, o.loginTitle, body);
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function restaurantsPage(
  ctx: PanelContext,
  session: OperatorSession,
  view: { search: string; rows: RestaurantUsage[]; said?: Html | '' },
): Html {
  const o = operatorTexts(ctx.locale);
  const c = o.columns;
  const status = (r: RestaurantUsage) =>
    r.status === 'suspended'
      ? html`<strong>${o.suspended}</strong>${r.suspendedReason ? html`<br><span class="hint">${r.suspendedReason}</span>` : ''}`
      : html`${o.active} · ${r.publicActive ? o.online : o.offline}${r.awaitingVerification ? html`<br><span class="hint">${o.unverified}</span>` : ''}`;
  const action = (r: RestaurantUsage) => {
    const csrf = hidden('_csrf', session.csrf);
    if (r.status === 'suspended') {
      return html`<form method="post" action="/operator/restaurants/${r.slug}/resume">${csrf}<button type="submit">${o.resume}</button></form>`;
    }
    const id = `reason-${r.id}`;
    return html`<form method="post" action="/operator/restaurants/${r.slug}/suspend" class="stack">${csrf}<label for="${id}">${o.reason}</label><input id="${id}" name="reason" type="text" maxlength="500" aria-describedby="${id}-hint"><p class="hint" id="${id}-hint">${o.reasonHint}</p><button type="submit">${o.suspend}</button></form>`;
  };
  const rows = view.rows.map(
    (r) =>
      html`<tr><th scope="row"><a href="/operator/restaurants/${r.slug}">${r.name}</a><br><span class="hint">${r.slug}${r.domains.length ? html` · ${r.domains.join(', ')}` : ''}</span></th><td>${status(r)}</td><td>${
        r.owners.length
          ? r.owners.map((w) => html`${w.email} (${w.lastSignIn ? formatDateTime(ctx, w.lastSignIn) : o.never})<br>`)
          : '—'
      }</td><td class="num">${r.dishes}</td><td class="num">${megabytes(r.photoBytes)}</td><td class="num">${r.requests}</td><td class="num">${r.menuViews}</td><td class="num">${r.events}</td><td>${action(r)}</td></tr>`,
  );
  const table = view.rows.length
    ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="${o.restaurants}"><table><caption class="visually-hidden">${o.restaurants}</caption><thead><tr><th scope="col">${c.restaurant}</th><th scope="col">${c.status}</th><th scope="col">${c.owners}</th><th scope="col">${c.dishes}</th><th scope="col">${c.photos}</th><th scope="col">${c.requests}</th><th scope="col">${c.views}</th><th scope="col">${c.events}</th><th scope="col">${c.actions}</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p>${o.none}</p>`;
  const body = html`${view.said ?? ''}<form method="get" action="/operator" class="stack narrow" role="search">
${input({ name: 'q', label: o.search, type: 'search', value: view.search, hint: o.searchHint })}
<div class="actions"><button type="submit">${o.searchButton}</button></div></form>
<p>${o.count(view.rows.length)}</p>${table}`;
  return consolePage(ctx, session, o.restaurants, body, 'restaurants');
}

export function invitesPage(
  ctx: PanelContext,
  session: OperatorSession,
  view: { mode: string; rows: InviteRow[]; made?: { code: string; link: string }; error?: string },
): Html {
  const o = operatorTexts(ctx.locale);
  const c = o.inviteColumns;
  const rows = view.rows.map(
    (r) =>
      html`<tr><td>${formatDateTime(ctx, r.created_at)}</td><td>${r.note || '—'}</td><td>${o.states[inviteState(r)]}</td><td>${formatDateTime(ctx, r.expires_at)}</td><td>${r.created_by}</td></tr>`,
  );
  const body = html`${view.made ? notice('success', o.made(view.made.code, view.made.link)) : ''}${view.error ? notice('error', view.error) : ''}
<p>${o.invitesIntro} ${o.signupMode(view.mode)}</p>
<form method="post" action="/operator/invites" class="stack narrow">${hidden('_csrf', session.csrf)}
${input({ name: 'note', label: o.note, value: '', maxlength: 200 })}
${input({ name: 'days', label: o.days, type: 'number', value: '30', extra: { min: 1, max: 365, inputmode: 'numeric' } })}
<div class="actions"><button type="submit" class="primary">${o.make}</button></div></form>
${view.rows.length ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="${o.invites}"><table><caption class="visually-hidden">${o.invites}</caption><thead><tr><th scope="col">${c.created}</th><th scope="col">${c.note}</th><th scope="col">${c.state}</th><th scope="col">${c.expires}</th><th scope="col">${c.by}</th></tr></thead><tbody>${rows}</tbody></table></div>` : ''}`;
  return consolePage(ctx, session, o.invites, body, 'invites');
}

export function auditPage(
  ctx: PanelContext,
  session: OperatorSession,
  rows: { at: string; operator_email: string; action: string; target: string; detail: string }[],
): Html {
  const o = operatorTexts(ctx.locale);
  const c = o.auditColumns;
  const body = rows.length
    ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="${o.audit}"><table><caption class="visually-hidden">${o.audit}</caption><thead><tr><th scope="col">${c.at}</th><th scope="col">${c.who}</th><th scope="col">${c.action}</th><th scope="col">${c.target}</th><th scope="col">${c.detail}</th></tr></thead><tbody>${rows.map(
        (r) =>
          html`<tr><td>${formatDateTime(ctx, r.at)}</td><td>${r.operator_email}</td><td>${r.action}</td><td>${r.target}</td><td><code>${r.detail}</code></td></tr>`,
      )}</tbody></table></div>`
    : html`<p>${o.noActions}</p>`;
  return consolePage(ctx, session, o.audit, body, 'audit');
}

export interface LimitsView {
  restaurant: RestaurantUsage;
  values: Record<keyof Limits, string>;
  defaults: Limits;
  webhooks: number;
  errors?: FieldErrors;
  saved?: boolean;
  /** The erase form's problem, when its confirmation was mistyped. */
  eraseError?: string;
}

export function limitsPage(ctx: PanelContext, session: OperatorSession, view: LimitsView): Html {
  const o = operatorTexts(ctx.locale);
  const r = view.restaurant;
  const used: Record<keyof Limits, string> = {
    dishes: String(r.dishes),
    photoMb: megabytes(r.photoBytes),
    webhooks: String(view.webhooks),
    adminRate: '—',
  };
  const fields = (['dishes', 'photoMb', 'webhooks', 'adminRate'] as const).map((key) =>
    input({
      name: key,
      label: o.limitFields[key],
      type: 'number',
      value: view.values[key],
      errors: view.errors,
      hint: o.limitHint(view.defaults[key], used[key]),
      extra: { min: 1, max: 1_000_000, inputmode: 'numeric' },
    }),
  );
  const body = html`${view.saved ? notice('success', o.limitsSaved) : ''}<p><a href="/operator">${o.back}</a></p>
<p>${r.slug}${r.domains.length ? html` · ${r.domains.join(', ')}` : ''}</p>
<h2>${o.limits}</h2><p>${o.limitsIntro}</p>
<form method="post" action="/operator/restaurants/${r.slug}/limits" class="stack narrow" novalidate>${hidden('_csrf', session.csrf)}
${fields}
<div class="actions"><button type="submit" class="primary">${o.saveLimits}</button></div></form>
<h2>${o.erase}</h2>${view.eraseError ? notice('error', view.eraseError) : ''}<p>${o.eraseIntro}</p>
<p><a href="/operator/restaurants/${r.slug}/export" download>${o.exportLink}</a></p>
<form method="post" action="/operator/restaurants/${r.slug}/erase" class="stack narrow">${hidden('_csrf', session.csrf)}
${input({ name: 'confirm', label: o.eraseConfirm(r.slug), value: '', autocomplete: 'off', required: true })}
<div class="actions"><button type="submit" class="danger">${o.eraseButton}</button></div></form>`;
  return consolePage(ctx, session, r.name, body, 'restaurants');
}
