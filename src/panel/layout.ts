// The page every panel screen is drawn in: head (the panel's stylesheet and script, nothing
// inline), header with the restaurant, the navigation, the language switch and sign-out.
import { type Html, html } from '../http/html.js';
import { assetUrl } from './assets.js';
import { PANEL_LOCALES, type PanelContext, textsFor } from './context.js';
import { hidden } from './forms.js';
import type { PanelTexts } from './texts-en.js';

/** The panel's sections in navigation order. New pages add an entry here. */
/** `owners`: a page staff may not use (the server refuses it; the link is left out so staff do not try). */
export const NAV: { key: keyof PanelTexts & string; href: string; owners?: true }[] = [
  { key: 'home', href: '/admin' },
  { key: 'menu', href: '/admin/menu' },
  { key: 'settings', href: '/admin/settings', owners: true },
  { key: 'theme', href: '/admin/theme', owners: true },
  { key: 'ownDomain', href: '/admin/domain', owners: true },
  { key: 'analytics', href: '/admin/analytics' },
  { key: 'qr', href: '/admin/qr' },
  { key: 'importExport', href: '/admin/import' },
  { key: 'history', href: '/admin/history' },
  { key: 'webhooks', href: '/admin/webhooks', owners: true },
  { key: 'tokens', href: '/admin/api-tokens' },
  { key: 'staff', href: '/admin/staff', owners: true },
  { key: 'account', href: '/admin/account' },
];

export type NavKey = (typeof NAV)[number]['key'];

function languageSwitch(ctx: PanelContext): Html {
  const others = PANEL_LOCALES.filter((l) => l !== ctx.locale);
  const buttons = others.map(
    (l) =>
      html`<button type="submit" name="lang" value="${l}" lang="${l}" aria-label="${textsFor(l).language}: ${textsFor(l).lang}">${textsFor(l).lang}</button>`,
  );
  return html`<form method="post" action="/admin/language" class="lang-switch">${hidden('_csrf', ctx.csrf)}${hidden('back', ctx.url)}${buttons}</form>`;
}

function navigation(ctx: PanelContext, active: NavKey | undefined): Html {
  const owner = ctx.session?.user.role === 'owner';
  const items = NAV.filter((item) => owner || !item.owners).map(
    ({ key, href }) =>
      html`<li><a href="${href}"${key === active ? html` aria-current="page"` : ''}>${ctx.t[key] as string}</a></li>`,
  );
  return html`<nav class="panel-nav" aria-label="${ctx.t.nav}"><ul>${items}</ul></nav>`;
}

export interface PageOptions {
  title: string;
  body: Html;
  active?: NavKey;
  /** Extra ES modules this page needs (names under /admin/assets/). */
  scripts?: string[];
}

export function renderPage(ctx: PanelContext, options: PageOptions): Html {
  const { t } = ctx;
  const signedIn = ctx.session !== undefined;
  const account = ctx.session
    ? html`<div class="who"><span>${t.signedInAs} <strong>${ctx.session.user.email}</strong></span><form method="post" action="/admin/logout">${hidden('_csrf', ctx.csrf)}<button type="submit" class="link-button">${t.signOut}</button></form></div>`
    : '';
  const scripts = ['panel.js', ...(options.scripts ?? [])].map(
    (name) => html`<script type="module" src="${assetUrl(name)}"></script>`,
  );
  return html`<!doctype html>
<html lang="${ctx.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${options.title} · ${ctx.restaurant}</title>
<link rel="icon" type="image/svg+xml" href="${assetUrl('favicon.svg')}">
<link rel="stylesheet" href="${assetUrl('panel.css')}">
${scripts}
</head>
<body>
<a class="skip" href="#main">${t.skip}</a>
<header class="panel-header">
<div class="brand"><span class="restaurant">${ctx.restaurant}</span><span class="product">${t.panel}</span></div>
<div class="tools">${signedIn ? html`<a href="/" class="public-link">${t.viewMenu}</a>` : ''}${languageSwitch(ctx)}${account}</div>
</header>
${signedIn ? navigation(ctx, options.active) : ''}
<main id="main" tabindex="-1">
<h1>${options.title}</h1>
${options.body}
</main>
</body>
</html>
`;
}
