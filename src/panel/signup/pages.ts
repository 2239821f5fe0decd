// The pages of the base address's sign-up: the form (with the address checked as typed, the
// country's proposals, the invite code under SIGNUP=invite, a honeypot field), "check your inbox",
// and the page shown while sign-up is closed. Drawn with the panel's stylesheet and form controls.
import { type Html, html } from '../../http/html.js';
import { assetUrl } from '../assets.js';
import type { PanelContext, PanelLocale } from '../context.js';
import { csrfField, errorSummary, type FieldErrors, fieldError, hidden, input, notice } from '../forms.js';
import { COUNTRIES, countryOptions } from './countries.js';
import { type SignupTexts, signupTexts } from './texts.js';

export interface SignupView {
  name: string;
  slug: string;
  country: string;
  email: string;
  invite: string;
  /** The time-and-honeypot check's token (`<ms>.<signature>`), made when the form was drawn. */
  started: string;
  errors?: FieldErrors;
  message?: string;
}

export function basePage(ctx: PanelContext, title: string, body: Html, scripts: string[] = []): Html {
  const s = signupTexts(ctx.locale);
  const other: PanelLocale = ctx.locale === 'it' ? 'en' : 'it';
  const otherName = other === 'it' ? 'Italiano' : 'English';
  return html`<!doctype html>
<html lang="${ctx.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${s.product}</title>
<link rel="icon" type="image/svg+xml" href="${assetUrl('favicon.svg')}">
<link rel="stylesheet" href="${assetUrl('panel.css')}">
${scripts.map((name) => html`<script type="module" src="${assetUrl(name)}"></script>`)}
</head>
<body>
<a class="skip" href="#main">${ctx.t.skip}</a>
<header class="panel-header">
<div class="brand"><span class="restaurant">${s.product}</span></div>
<div class="tools"><a href="/?lang=${other}" lang="${other}" hreflang="${other}" aria-label="${s.languages}: ${otherName}">${otherName}</a></div>
</header>
<main id="main" tabindex="-1">
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}

function countryField(ctx: PanelContext, s: SignupTexts, view: SignupView): Html {
  const languages = new Intl.DisplayNames([ctx.locale], { type: 'language' });
  const proposalOf = (code: string) => {
    const c = COUNTRIES[code];
    return c ? s.proposal(languages.of(c.locale) ?? c.locale, c.currency, c.timezone) : '';
  };
  const list = countryOptions(ctx.locale);
  // Each country's proposal rides on its option, so the line under the field follows the choice without a request.
  const options = list.map(
    (o) =>
      html`<option value="${o.value}" data-proposal="${proposalOf(o.value)}"${o.value === view.country ? html` selected` : ''}>${o.label}</option>`,
  );
  const id = 'f-country';
  const error = view.errors?.country ?? [];
  const describedBy = [`${id}-hint`, `${id}-proposal`, ...(error.length ? [`${id}-error`] : [])].join(' ');
  return html`<div class="field${error.length ? ' invalid' : ''}"><label for="${id}">${s.country}</label><p class="hint" id="${id}-hint">${s.countryHint}</p>${fieldError(id, error)}<select id="${id}" name="country" aria-describedby="${describedBy}"${error.length ? html` aria-invalid="true"` : ''}>${options}</select><p class="hint" id="${id}-proposal" aria-live="polite">${proposalOf(view.country)}</p></div>`;
}

export function signupForm(
  ctx: PanelContext,
  view: SignupView,
  options: { baseDomain: string; invite: boolean },
): Html {
  const s = signupTexts(ctx.locale);
  const labels = {
    name: s.name,
    slug: s.slug,
    country: s.country,
    email: s.email,
    password: s.password,
    invite: s.invite,
  };
  const errors = view.errors ?? {};
  const slugStatus = html`<p class="hint slug-status" id="slug-status" aria-live="polite" data-checking="${s.slugChecking}"></p>`;
  const body = html`${view.message ? notice('error', view.message) : ''}${errorSummary(ctx, errors, labels)}
<p>${s.intro}</p>
<form method="post" action="/signup" class="stack narrow" id="signup-form" novalidate>${csrfField(ctx)}${hidden('started', view.started)}${hidden('lang', ctx.locale)}
${input({ name: 'name', label: s.name, value: view.name, errors, required: true, maxlength: 200, autocomplete: 'organization' })}
${input({ name: 'slug', label: s.slug, value: view.slug, errors, required: true, maxlength: 100, hint: s.slugHint(options.baseDomain), autocomplete: 'off', extra: { autocapitalize: 'none', spellcheck: 'false', 'data-check': '/signup/check' } })}
${slugStatus}
${countryField(ctx, s, view)}
${input({ name: 'email', label: s.email, type: 'email', value: view.email, errors, required: true, autocomplete: 'email', hint: s.emailHint })}
${input({ name: 'password', label: s.password, type: 'password', value: '', errors, required: true, autocomplete: 'new-password', hint: s.passwordHint })}
${options.invite ? input({ name: 'invite', label: s.invite, value: view.invite, errors, required: true, autocomplete: 'off', hint: s.inviteHint }) : ''}
<div class="hp" aria-hidden="true"><label for="f-website">${s.honeypot}</label><input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off" value=""></div>
<div class="actions"><button type="submit" class="primary">${s.submit}</button></div>
</form>
<p class="hint">${s.haveOne}</p>`;
  return basePage(ctx, s.title, body, ['signup.js']);
}

export function sentPage(ctx: PanelContext, email: string, panelUrl: string): Html {
  const s = signupTexts(ctx.locale);
  const body = html`${notice('success', s.sent(email))}<p>${s.sentMore}</p><p><a href="${panelUrl}">${s.openPanel}</a></p>`;
  return basePage(ctx, s.sentTitle, body);
}

export function closedPage(ctx: PanelContext): Html {
  const s = signupTexts(ctx.locale);
  return basePage(ctx, s.closedTitle, html`<p>${s.closedText}</p>`);
}

export function refusedPage(ctx: PanelContext): Html {
  const s = signupTexts(ctx.locale);
  return basePage(ctx, s.title, html`${notice('error', s.forbidden)}<p><a href="/">${s.title}</a></p>`);
}
