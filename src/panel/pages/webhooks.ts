// /admin/webhooks (owners only, as the API's menu:write): the restaurant's webhook addresses, added
// with the API's URL rules (the secret shown once, in the answer to the POST), paused and resumed,
// given a new secret (shown once), sent a test event, deleted after a confirmation; and each one's
// deliveries with status, HTTP answer or failure class and response time, any of them sent again.
// Everything goes through src/features/webhooks (repo, manage.ts), so the dispatcher sends what
// the page queues with the same signature, address checks and retries.

import type { FastifyInstance } from 'fastify';
import { readLimitOverrides } from '../../accounts/tenants/limits.js';
import { NotFoundError } from '../../core/errors.js';
import { queueTestEvent, registerEndpoint, resendDelivery, rotateSecret } from '../../features/webhooks/manage.js';
import { WEBHOOK_EVENTS } from '../../features/webhooks/outbox.js';
import {
  countEndpoints,
  deleteEndpoint,
  findEndpoint,
  listDeliveries,
  listEndpoints,
  setEndpointActive,
} from '../../features/webhooks/repo.js';
import { urlProblem } from '../../features/webhooks/targets.js';
import { attrs, type Html, html } from '../../http/html.js';
import { nowIso } from '../../http/schemas.js';
import { type PanelContext, pathParam, queryParam, seeOther, sendPage } from '../context.js';
import { formatDateTime } from '../format.js';
import {
  addError,
  asForm,
  checkboxGroup,
  csrfField,
  errorSummary,
  type FieldErrors,
  fieldErrors,
  input,
  list,
  nonceField,
  notice,
  str,
} from '../forms.js';
import { renderPage } from '../layout.js';
import { confirmForm, oneTime } from './one-time.js';
import { type WebhooksTexts, webhooksTexts } from './webhooks-texts.js';

const owners = { config: { panelAccess: 'owner' as const } };

type EndpointRow = Awaited<ReturnType<typeof listEndpoints>>[number];

function idOf(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
  return id;
}

/** The secret, once: a read-only field with the panel's copy button. */
function secretBanner(ctx: PanelContext, w: WebhooksTexts, secret: string): Html {
  return html`<section class="banner" aria-labelledby="secret-title"><h2 id="secret-title">${w.secretTitle}</h2>
<p>${w.secretText}</p>
<div class="token-box"><label for="new-secret" class="visually-hidden">${w.secretTitle}</label><input id="new-secret" class="token-value" type="text" readonly value="${secret}"><button type="button" class="copy" data-copy="new-secret" data-copied="${ctx.t.copied}">${ctx.t.copy}</button></div>
<p class="copy-status" role="status" aria-live="polite"></p></section>`;
}

function smallForm(ctx: PanelContext, action: string, label: string, extra: Html | string = ''): Html {
  return html`<form method="post" action="${action}" class="inline">${csrfField(ctx)}${extra}<button type="submit">${label}</button></form>`;
}

function endpointRow(ctx: PanelContext, w: WebhooksTexts, e: EndpointRow): Html {
  const events = (JSON.parse(e.events) as string[]).join(', ');
  const active = Boolean(e.is_active);
  const rotate = html`<form${attrs({
    method: 'post',
    action: `/admin/webhooks/${e.id}/rotate`,
    class: 'inline',
    'data-confirm': w.rotateConfirm(e.url),
    'data-confirm-label': w.rotate,
    'data-cancel-label': ctx.t.cancel,
  })}>${csrfField(ctx)}${nonceField()}<button type="submit">${w.rotate}</button></form>`;
  return html`<tr data-webhook-id="${e.id}">
<td data-label="${w.url}"><div><a href="/admin/webhooks/${e.id}">${e.url}</a></div></td>
<td data-label="${w.events}"><div>${events}</div></td>
<td data-label="${w.status}"><div>${active ? w.active : html`<span class="badge warn">${w.paused}</span>`}${e.paused_at ? html`<p class="hint">${w.pausedFailing}</p>` : ''}</div></td>
<td data-label="${w.created}"><div>${formatDateTime(ctx, e.created_at)}</div></td>
<td data-label="${w.actions}"><div class="row-actions">${smallForm(ctx, `/admin/webhooks/${e.id}/${active ? 'pause' : 'resume'}`, active ? w.pause : w.resume)}
${smallForm(ctx, `/admin/webhooks/${e.id}/test`, w.test)}${rotate}${confirmForm(ctx, {
  action: `/admin/webhooks/${e.id}/delete`,
  label: w.delete,
  question: w.deleteConfirm(e.url),
  accessibleLabel: `${w.delete}: ${e.url}`,
})}</div></td></tr>`;
}

interface ListView {
  url?: string;
  events?: string[];
  errors?: FieldErrors;
  secret?: string;
  message?: string;
}

async function listPage(app: FastifyInstance, ctx: PanelContext, view: ListView = {}): Promise<Html> {
  const w = webhooksTexts(ctx.locale);
  const endpoints = await listEndpoints(app.database.db, ctx.tenantId);
  const errors = view.errors ?? {};
  const labels = { url: w.url, events: w.events };
  const table = endpoints.length
    ? html`<table class="list"><thead><tr><th scope="col">${w.url}</th><th scope="col">${w.events}</th><th scope="col">${w.status}</th><th scope="col">${w.created}</th><th scope="col">${w.actions}</th></tr></thead><tbody>${endpoints.map((e) => endpointRow(ctx, w, e))}</tbody></table>`
    : html`<p>${w.none}</p>`;
  const body = html`${view.secret ? secretBanner(ctx, w, view.secret) : ''}${view.message ? notice('success', view.message) : ''}
<p>${w.intro}</p>
<section aria-labelledby="endpoints"><h2 id="endpoints">${w.endpoints}</h2>${table}</section>
<section aria-labelledby="add-title"><h2 id="add-title">${w.addTitle}</h2>${errorSummary(ctx, errors, labels)}
<form method="post" action="/admin/webhooks" class="stack narrow" novalidate>${csrfField(ctx)}${nonceField()}
${input({ name: 'url', label: w.url, value: view.url ?? '', hint: w.urlHint, errors, type: 'url', maxlength: 2048, required: true })}
${checkboxGroup({
  name: 'events',
  label: w.events,
  values: view.events ?? ['menu.updated'],
  errors,
  options: WEBHOOK_EVENTS.map((e) => ({ value: e, label: e, help: w.eventHelp[e] })),
})}
<div class="actions"><button type="submit" class="primary">${w.add}</button></div></form></section>`;
  return renderPage(ctx, { title: w.title, body, active: 'webhooks' });
}

async function deliveriesPage(app: FastifyInstance, ctx: PanelContext, id: number, message?: string): Promise<Html> {
  const w = webhooksTexts(ctx.locale);
  const db = app.database.db;
  const endpoint = await findEndpoint(db, ctx.tenantId, id);
  if (!endpoint) throw new NotFoundError();
  const rows = (await listDeliveries(db, ctx.tenantId, id, 50)).map((d) => {
    const answer =
      d.last_status_code !== null
        ? `HTTP ${d.last_status_code}${d.last_error ? ` · ${w.errors[d.last_error] ?? d.last_error}` : ''}`
        : d.last_error
          ? (w.errors[d.last_error] ?? d.last_error)
          : '—';
    const state =
      d.status === 'pending' && d.attempts > 0
        ? `${w.state.pending} · ${w.nextTry(formatDateTime(ctx, d.next_attempt_at))}`
        : (w.state[d.status] ?? d.status);
    return html`<tr data-delivery-id="${d.id}" data-status="${d.status}">
<td data-label="${w.event}"><div><code>${d.event_type}</code></div></td>
<td data-label="${w.when}"><div>${formatDateTime(ctx, d.created_at)}</div></td>
<td data-label="${w.status}"><div>${state}</div></td>
<td data-label="${w.attempts}"><div>${d.attempts}</div></td>
<td data-label="${w.result}"><div>${answer}</div></td>
<td data-label="${w.time}"><div>${d.last_duration_ms === null ? '—' : w.ms(d.last_duration_ms)}</div></td>
<td data-label="${w.actions}"><div>${smallForm(ctx, `/admin/webhooks/${id}/deliveries/${d.id}/resend`, w.resend)}</div></td></tr>`;
  });
  const table = rows.length
    ? html`<table class="list"><thead><tr><th scope="col">${w.event}</th><th scope="col">${w.when}</th><th scope="col">${w.status}</th><th scope="col">${w.attempts}</th><th scope="col">${w.result}</th><th scope="col">${w.time}</th><th scope="col">${w.actions}</th></tr></thead><tbody>${rows}</tbody></table>`
    : html`<p>${w.noDeliveries}</p>`;
  const body = html`${message ? notice('success', message) : ''}<p class="breadcrumb"><a href="/admin/webhooks">${w.back}</a></p>
<p>${smallForm(ctx, `/admin/webhooks/${id}/test`, w.test)}</p>${table}`;
  return renderPage(ctx, { title: w.deliveriesOf(endpoint.url), body, active: 'webhooks' });
}

export function registerWebhooks(app: FastifyInstance): void {
  const db = app.database.db;
  const doneMessage = (ctx: PanelContext, key: string | undefined) =>
    key === undefined ? undefined : webhooksTexts(ctx.locale).done[key];

  app.get('/webhooks', owners, async (request, reply) => {
    const ctx = request.panel;
    return sendPage(reply, await listPage(app, ctx, { message: doneMessage(ctx, queryParam(request, 'done')) }));
  });

  app.post('/webhooks', owners, async (request, reply) => {
    const ctx = request.panel;
    const w = webhooksTexts(ctx.locale);
    const form = asForm(request.body);
    const url = str(form, 'url').trim();
    const events = WEBHOOK_EVENTS.filter((e) => list(form, 'events').includes(e));
    const errors: FieldErrors = {};
    // The API's URL rules (registerEndpoint checks them again) and the events, reported together.
    const problem = urlProblem(url, app.config.webhooksAllowPrivate);
    if (problem) Object.assign(errors, fieldErrors(ctx, [{ field: 'url', rule: problem }], { url: w.url }));
    if (events.length === 0) addError(errors, 'events', w.noEvent);
    // The restaurant's own limit when the operator set one (console), else WEBHOOKS_MAX_PER_RESTAURANT.
    const max =
      (await readLimitOverrides(app.database.db, ctx.tenantId)).webhooks ?? app.config.webhooksMaxPerRestaurant;
    if ((await countEndpoints(app.database.db, ctx.tenantId)) >= max) {
      Object.assign(
        errors,
        fieldErrors(ctx, [{ field: 'url', rule: 'webhook_limit', params: { max } }], { url: w.url }),
      );
    }
    if (Object.keys(errors).length > 0) return sendPage(reply, await listPage(app, ctx, { url, events, errors }), 422);
    // Made at most once per form: a reload of this answer sends the same nonce again.
    const created = await oneTime(app, request, (trx) =>
      registerEndpoint(
        trx,
        ctx.tenantId,
        { url, events },
        { allowPrivate: app.config.webhooksAllowPrivate, maxPerRestaurant: max },
        nowIso(),
      ),
    );
    if (!created) return sendPage(reply, await listPage(app, ctx, { message: ctx.t.staleForm }), 409);
    const { secret } = created;
    // The secret is in this answer only (no-store), like a new API token.
    return sendPage(reply, await listPage(app, ctx, { secret }), 201);
  });

  for (const [action, active] of [
    ['pause', false],
    ['resume', true],
  ] as const) {
    app.post(`/webhooks/:id/${action}`, owners, async (request, reply) => {
      const id = idOf(pathParam(request, 'id'));
      if (!(await setEndpointActive(db, request.panel.tenantId, id, active, nowIso()))) throw new NotFoundError();
      return seeOther(reply, `/admin/webhooks?done=${active ? 'resumed' : 'paused'}`);
    });
  }

  app.post('/webhooks/:id/rotate', owners, async (request, reply) => {
    const ctx = request.panel;
    const id = idOf(pathParam(request, 'id'));
    if (!(await findEndpoint(db, ctx.tenantId, id))) throw new NotFoundError();
    const secret = await oneTime(app, request, (trx) => rotateSecret(trx, ctx.tenantId, id, nowIso()));
    if (secret === undefined) return sendPage(reply, await listPage(app, ctx, { message: ctx.t.staleForm }), 409);
    return sendPage(reply, await listPage(app, ctx, { secret }));
  });

  app.post('/webhooks/:id/delete', owners, async (request, reply) => {
    const ctx = request.panel;
    const w = webhooksTexts(ctx.locale);
    const id = idOf(pathParam(request, 'id'));
    const endpoint = await findEndpoint(db, ctx.tenantId, id);
    if (!endpoint) throw new NotFoundError();
    if (str(asForm(request.body), 'confirmed') !== 'yes') {
      // Without the page's script there was no dialog: ask here.
      const body = html`<p>${w.deleteConfirm(endpoint.url)}</p>${confirmForm(ctx, {
        action: `/admin/webhooks/${id}/delete`,
        label: w.delete,
        question: '',
        confirmed: true,
      })}<p><a href="/admin/webhooks">${ctx.t.cancel}</a></p>`;
      return sendPage(reply, renderPage(ctx, { title: w.delete, body, active: 'webhooks' }));
    }
    await deleteEndpoint(db, ctx.tenantId, id);
    return seeOther(reply, '/admin/webhooks?done=deleted');
  });

  app.post('/webhooks/:id/test', owners, async (request, reply) => {
    const id = idOf(pathParam(request, 'id'));
    if (!(await queueTestEvent(db, request.panel.tenantId, id, nowIso()))) throw new NotFoundError();
    app.webhooks.kick();
    return seeOther(reply, `/admin/webhooks/${id}?done=test`);
  });

  app.get('/webhooks/:id', owners, async (request, reply) => {
    const ctx = request.panel;
    const id = idOf(pathParam(request, 'id'));
    return sendPage(reply, await deliveriesPage(app, ctx, id, doneMessage(ctx, queryParam(request, 'done'))));
  });

  app.post('/webhooks/:id/deliveries/:delivery/resend', owners, async (request, reply) => {
    const id = idOf(pathParam(request, 'id'));
    const delivery = idOf(pathParam(request, 'delivery'));
    if (!(await resendDelivery(db, request.panel.tenantId, id, delivery, nowIso()))) throw new NotFoundError();
    app.webhooks.kick();
    return seeOther(reply, `/admin/webhooks/${id}?done=resent`);
  });
}
