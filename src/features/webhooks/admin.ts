// /api/v1/admin/webhooks: register, list, read and remove the URLs a restaurant's changes are
// sent to, and read each one's delivery log. Scope menu:write (an endpoint's secret signs what
// the restaurant's systems will trust).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { readLimitOverrides } from '../../accounts/tenants/limits.js';
import { WEBHOOK_SCOPES } from '../../accounts/tokens/scopes.js';
import { NotFoundError } from '../../core/errors.js';
import { IdParams } from '../../http/params.js';
import { adminErrorResponses, adminWriteErrorResponses, envelope, Meta, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { queueTestEvent, registerEndpoint } from './manage.js';
import { WEBHOOK_EVENTS } from './outbox.js';
import { deleteEndpoint, findEndpoint, listDeliveries, listEndpoints, setEndpointActive } from './repo.js';

const WebhookInput = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, examples: ['https://pos.example.com/hooks/menu'] }),
    events: Type.Array(Type.Union(WEBHOOK_EVENTS.map((e) => Type.Literal(e))), { minItems: 1, uniqueItems: true }),
  },
  { additionalProperties: false },
);

const Endpoint = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  is_active: Type.Boolean({ description: 'false: paused (by the owner, or by itself after failing for about a day).' }),
  paused_for_failing: Type.Boolean({
    description: 'Paused by itself: its deliveries kept failing. Resume it (is_active: true) once it answers again.',
  }),
  created_at: Type.String(),
});
const EndpointChange = Type.Object(
  { is_active: Type.Boolean({ description: 'false pauses the endpoint (nothing is sent to it); true resumes it.' }) },
  { additionalProperties: false },
);
const NewEndpoint = Type.Composite([
  Endpoint,
  Type.Object({ secret: Type.String({ description: 'HMAC-SHA256 key of `Menu-Signature`; shown only here.' }) }),
]);
const Delivery = Type.Object({
  id: Type.Integer(),
  event_id: Type.String(),
  event_type: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  last_status_code: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()], {
    description:
      'Why the last attempt failed: refused_target, unreachable (no HTTP answer: refused, silent, reset, timed out or not TLS, deliberately one class), http_error, redirect_not_followed or endpoint_removed; null once delivered.',
  }),
  created_at: Type.String(),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  delivered_at: Type.Union([Type.String(), Type.Null()]),
});

type EndpointRow = Awaited<ReturnType<typeof listEndpoints>>[number];
const view = (row: EndpointRow) => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as string[],
  is_active: Boolean(row.is_active),
  paused_for_failing: row.paused_at !== null,
  created_at: row.created_at,
});

export function registerAdminWebhooks(app: FastifyInstance): void {
  const db = app.database.db;
  const config = { scopes: WEBHOOK_SCOPES };
  const api = typed(app);

  api.post(
    '/webhooks',
    {
      config,
      schema: {
        summary: 'Register a webhook endpoint',
        description:
          'Changes are POSTed as JSON (`type` is the event name) signed with `Menu-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. Failed deliveries are retried with exponential backoff for 24 h; redirects are not followed.',
        body: WebhookInput,
        response: { 201: envelope(NewEndpoint, Meta), ...adminWriteErrorResponses },
      },
    },
    async (request, reply) => {
      // The restaurant's own limit when the operator set one (console), else WEBHOOKS_MAX_PER_RESTAURANT.
      const own = (await readLimitOverrides(db, request.tenant.id)).webhooks;
      const { row, secret } = await db.transaction().execute((trx) =>
        registerEndpoint(
          trx,
          request.tenant.id,
          request.body,
          {
            allowPrivate: app.config.webhooksAllowPrivate,
            maxPerRestaurant: own ?? app.config.webhooksMaxPerRestaurant,
          },
          nowIso(),
        ),
      );
      return reply.code(201).send({ success: true, data: { ...view(row), secret }, meta: { generated_at: nowIso() } });
    },
  );

  api.get(
    '/webhooks',
    {
      config,
      schema: {
        summary: 'Webhook endpoints of the restaurant',
        response: { 200: envelope(Type.Array(Endpoint), Meta), ...adminErrorResponses },
      },
    },
    async (request) => ({
      success: true,
      data: (await listEndpoints(db, request.tenant.id)).map(view),
      meta: { generated_at: nowIso() },
    }),
  );

  api.get(
    '/webhooks/:id',
    {
      config,
      schema: {
        summary: 'One webhook endpoint',
        params: IdParams,
        response: { 200: envelope(Endpoint, Meta), ...adminErrorResponses },
      },
    },
    async (request) => {
      const row = await findEndpoint(db, request.tenant.id, request.params.id);
      if (!row) throw new NotFoundError();
      return { success: true, data: view(row), meta: { generated_at: nowIso() } };
    },
  );

  api.get(
    '/webhooks/:id/deliveries',
    {
      config,
      schema: {
        summary: 'Delivery log of a webhook endpoint (latest 100 first)',
        params: IdParams,
        response: { 200: envelope(Type.Array(Delivery), Meta), ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findEndpoint(db, request.tenant.id, id))) throw new NotFoundError();
      const rows = await listDeliveries(db, request.tenant.id, id, 100);
      return {
        success: true,
        data: rows.map((d) => ({
          id: d.id,
          event_id: d.event_id,
          event_type: d.event_type,
          status: d.status,
          attempts: d.attempts,
          last_status_code: d.last_status_code,
          last_error: d.last_error,
          created_at: d.created_at,
          next_attempt_at: d.status === 'pending' ? d.next_attempt_at : null,
          delivered_at: d.delivered_at,
        })),
        meta: { generated_at: nowIso() },
      };
    },
  );

  api.patch(
    '/webhooks/:id',
    {
      config,
      schema: {
        summary: 'Pause or resume a webhook endpoint',
        description: 'A resumed endpoint starts afresh: its count of failures is forgotten.',
        params: IdParams,
        body: EndpointChange,
        response: { 200: envelope(Endpoint, Meta), ...adminWriteErrorResponses },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      const { id } = request.params;
      if (!(await setEndpointActive(db, tenantId, id, request.body.is_active, nowIso()))) throw new NotFoundError();
      const row = await findEndpoint(db, tenantId, id);
      if (!row) throw new NotFoundError();
      return { success: true, data: view(row), meta: { generated_at: nowIso() } };
    },
  );

  api.post(
    '/webhooks/:id/test',
    {
      config,
      schema: {
        summary: 'Send a test event to a webhook endpoint',
        description: 'Queues a signed `webhook.test` event (no change in it); its attempt shows in the delivery log.',
        params: IdParams,
        response: { 202: envelope(Type.Object({ queued: Type.Boolean() }), Meta), ...adminWriteErrorResponses },
      },
    },
    async (request, reply) => {
      if (!(await queueTestEvent(db, request.tenant.id, request.params.id, nowIso()))) throw new NotFoundError();
      app.webhooks.kick();
      return reply.code(202).send({ success: true, data: { queued: true }, meta: { generated_at: nowIso() } });
    },
  );

  api.delete(
    '/webhooks/:id',
    {
      config,
      schema: {
        summary: 'Remove a webhook endpoint (its pending deliveries go with it)',
        params: IdParams,
        response: { 204: Type.Null(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      if (!(await deleteEndpoint(db, request.tenant.id, request.params.id))) {
        throw new NotFoundError();
      }
      return reply.code(204).send(null);
    },
  );
}
