// /admin/api-tokens, as the contract describes: the tokens (name, scopes, created, last used, age,
// a rotation mark after 90 days), generation with a name and at least one scope (the plain token is
// shown once, in the answer to the POST, and stored nowhere), and revocation after a confirmation.
// An owner sees and revokes every token of the restaurant (whose it is too); staff see their own
// and may make read-only ones only (a write scope posted by staff is a 403, whatever the form showed).

import type { FastifyInstance } from 'fastify';
import type { TokenListing } from '../../accounts/tokens/repo.js';
import {
  findTokenName,
  findUserTokenName,
  listLiveTokens,
  listUserTokens,
  revokeToken,
  revokeUserToken,
} from '../../accounts/tokens/repo.js';
import { SCOPES, type Scope, scopesAllowed } from '../../accounts/tokens/scopes.js';
import { issueToken } from '../../accounts/tokens/service.js';
import { ForbiddenError, NotFoundError } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { type Html, html, join } from '../../http/html.js';
import { type PanelContext, pathParam, queryParam, seeOther, sendPage } from '../context.js';
import { ageInDays, formatDateTime } from '../format.js';
import {
  addError,
  asForm,
  checkboxGroup,
  csrfField,
  errorSummary,
  type FieldErrors,
  input,
  list,
  nonceField,
  notice,
  str,
} from '../forms.js';
import { renderPage } from '../layout.js';
import { confirmForm, oneTime } from './one-time.js';

/** The contract's recommendation: rotate every 90 days. */
export const ROTATE_AFTER_DAYS = 90;

function isOwner(ctx: PanelContext): boolean {
  return ctx.session?.user.role === 'owner';
}

/** The tokens this user may see and revoke: every live one of the restaurant for an owner, else their own. */
function visibleTokens(db: Db, ctx: PanelContext): Promise<TokenListing[]> {
  return isOwner(ctx) ? listLiveTokens(db, ctx.tenantId) : listUserTokens(db, ctx.tenantId, ctx.session!.user.id);
}

/** The name of a token this user may revoke, or undefined. */
function revocableName(db: Db, ctx: PanelContext, id: number): Promise<string | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return Promise.resolve(undefined);
  return isOwner(ctx)
    ? findTokenName(db, ctx.tenantId, id)
    : findUserTokenName(db, ctx.tenantId, ctx.session!.user.id, id);
}

function tokenRow(ctx: PanelContext, token: TokenListing, now: number): Html {
  const { t } = ctx;
  const holder = isOwner(ctx) ? html`<td data-label="${t.tokenHolder}"><div>${token.email}</div></td>` : '';
  const age = ageInDays(token.created_at, now);
  const rotate = age > ROTATE_AFTER_DAYS ? html` <span class="badge warn">${t.rotate}</span>` : '';
  return html`<tr data-token-id="${token.id}">
<td data-label="${t.tokenName}"><div>${token.name}</div></td>${holder}
<td data-label="${t.tokenScopes}"><div>${join(
    token.scopes.map((s) => html`<code>${s}</code>`),
    ' ',
  )}</div></td>
<td data-label="${t.created}"><div>${formatDateTime(ctx, token.created_at)}</div></td>
<td data-label="${t.lastUsed}"><div>${formatDateTime(ctx, token.last_used_at)}</div></td>
<td data-label="${t.age}"><div>${t.ageDays(age)}${rotate}</div></td>
<td data-label="${t.actions}"><div>${confirmForm(ctx, {
    action: `/admin/api-tokens/${token.id}/revoke`,
    label: t.revoke,
    question: t.revokeConfirm(token.name),
    accessibleLabel: `${t.revoke}: ${token.name}`,
  })}</div></td>
</tr>`;
}

interface TokensView {
  name?: string;
  scopes?: string[];
  errors?: FieldErrors;
  banner?: string;
  message?: string;
}

async function tokensPage(app: FastifyInstance, ctx: PanelContext, now: number, view: TokensView = {}) {
  const { t } = ctx;
  const owner = isOwner(ctx);
  const tokens = await visibleTokens(app.database.db, ctx);
  const allowed = scopesAllowed(ctx.session!.user.role);
  const labels = { name: t.tokenName, scopes: t.tokenScopes };
  const errors = view.errors ?? {};
  const banner = view.banner
    ? html`<section class="banner" aria-labelledby="new-token-title"><h2 id="new-token-title">${t.bannerTitle}</h2>
<p>${t.bannerText}</p>
<div class="token-box"><label for="new-token" class="visually-hidden">${t.bannerTitle}</label><input id="new-token" class="token-value" type="text" readonly value="${view.banner}"><button type="button" class="copy" data-copy="new-token" data-copied="${t.copied}">${t.copy}</button></div>
<p class="copy-status" role="status" aria-live="polite"></p></section>`
    : '';
  const rows = tokens.map((token) => tokenRow(ctx, token, now));
  const table =
    tokens.length === 0
      ? html`<p>${owner ? t.noRestaurantTokens : t.noTokens}</p>`
      : html`<table class="list tokens"><caption class="visually-hidden">${owner ? t.allTokens : t.yourTokens}</caption><thead><tr><th scope="col">${t.tokenName}</th>${owner ? html`<th scope="col">${t.tokenHolder}</th>` : ''}<th scope="col">${t.tokenScopes}</th><th scope="col">${t.created}</th><th scope="col">${t.lastUsed}</th><th scope="col">${t.age}</th><th scope="col">${t.actions}</th></tr></thead><tbody>${rows}</tbody></table>`;
  const body = html`${banner}${view.message ? notice('info', view.message) : ''}
<p>${t.tokensIntro}</p>
<p class="note"><strong>${t.scopesFixed}</strong> ${t.rotation}</p>
<section aria-labelledby="your-tokens"><h2 id="your-tokens">${owner ? t.allTokens : t.yourTokens}</h2>${table}</section>
<section aria-labelledby="generate"><h2 id="generate">${t.generateTitle}</h2>
${errorSummary(ctx, errors, labels)}
<form method="post" action="/admin/api-tokens" class="stack narrow" novalidate>${csrfField(ctx)}${nonceField()}
${input({ name: 'name', label: t.tokenName, value: view.name ?? '', hint: t.tokenNameHint, errors, maxlength: 100, required: true })}
${checkboxGroup({
  name: 'scopes',
  label: t.tokenScopes,
  values: view.scopes ?? [],
  errors,
  options: allowed.map((s) => ({ value: s, label: s, help: t.scopeHelp[s] })),
})}${owner ? '' : html`<p class="note">${t.staffScopes}</p>`}
<div class="actions"><button type="submit" class="primary">${t.generate}</button></div>
</form></section>`;
  return renderPage(ctx, { title: t.tokens, body, active: 'tokens' });
}

export function registerTokens(app: FastifyInstance, now: () => number): void {
  const db = app.database.db;

  app.get('/api-tokens', async (request, reply) => {
    const revoked = queryParam(request, 'revoked');
    const ctx = request.panel;
    const name = await revocableName(db, ctx, Number(revoked));
    return sendPage(reply, await tokensPage(app, ctx, now(), { message: name ? ctx.t.revoked(name) : undefined }));
  });

  app.post('/api-tokens', async (request, reply) => {
    const ctx = request.panel;
    const body = asForm(request.body);
    const name = str(body, 'name').trim();
    const picked = list(body, 'scopes');
    const scopes = SCOPES.filter((s) => picked.includes(s));
    // Posted directly, past the form: a write scope from staff is refused, nothing is made.
    if (scopes.some((s) => !scopesAllowed(ctx.session!.user.role).includes(s))) throw new ForbiddenError();
    const errors: FieldErrors = {};
    if (name.length === 0) addError(errors, 'name', ctx.t.tokenNameHint);
    if (name.length > 100) addError(errors, 'name', ctx.t.tokenNameHint);
    if (scopes.length === 0) addError(errors, 'scopes', ctx.t.noScope);
    if (Object.keys(errors).length > 0) {
      return sendPage(reply, await tokensPage(app, ctx, now(), { name, scopes, errors }), 422);
    }
    // Created at most once per form: a reload of this answer sends the same nonce again.
    const created = await oneTime(app, request, (trx) =>
      issueToken(trx, request.tenant.id, ctx.session!.user.id, name, scopes as Scope[]),
    );
    if (!created) return sendPage(reply, await tokensPage(app, ctx, now(), { message: ctx.t.staleForm }), 409);
    // The plain token is in this answer only (no-store): not in the database, a cookie, a log or a URL.
    return sendPage(reply, await tokensPage(app, ctx, now(), { banner: created.plain }), 201);
  });

  app.post('/api-tokens/:id/revoke', async (request, reply) => {
    const ctx = request.panel;
    const id = Number(pathParam(request, 'id'));
    const name = await revocableName(db, ctx, id);
    if (name === undefined) {
      // Another user's token of this restaurant: only owners revoke it (the 403 page, as for every
      // owner-only action); a token that is not the restaurant's, or gone: not found.
      const exists = Number.isSafeInteger(id) && id > 0 && (await findTokenName(db, ctx.tenantId, id)) !== undefined;
      throw exists ? new ForbiddenError() : new NotFoundError();
    }
    if (str(asForm(request.body), 'confirmed') !== 'yes') {
      // Without the page's script there was no dialog: ask here.
      return sendPage(
        reply,
        renderPage(ctx, {
          title: ctx.t.revoke,
          active: 'tokens',
          body: html`<p>${ctx.t.revokeConfirm(name)}</p>${confirmForm(ctx, {
            action: `/admin/api-tokens/${id}/revoke`,
            label: ctx.t.revoke,
            question: '',
            confirmed: true,
          })}<p><a href="/admin/api-tokens">${ctx.t.cancel}</a></p>`,
        }),
      );
    }
    if (isOwner(ctx)) await revokeToken(db, request.tenant.id, id);
    else await revokeUserToken(db, request.tenant.id, ctx.session!.user.id, id);
    return seeOther(reply, `/admin/api-tokens?revoked=${id}`);
  });
}
