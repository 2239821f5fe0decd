// POST /api/v1/analytics/events: the one public write. Diners' browsers send batches of 1..100
// events (no token, no cookie set, no IP stored); a valid batch is queued and answered 202.
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { normalizeHost } from '../../accounts/tenants/directory.js';
import { localDayHour } from '../../catalog/clock.js';
import { publicContext } from '../../catalog/context.js';
import { defaultLocaleOf, type MenuSnapshot } from '../../catalog/snapshot.js';
import { type FieldIssue, TooManyRequestsError, UnavailableError, ValidationError } from '../../core/errors.js';
import { Id } from '../../http/inputs.js';
import { messageLocale } from '../../http/request-locale.js';
import { envelope, errorResponses, Meta, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { isLocale, resolveLocale } from '../../i18n/locales.js';
import { formatMessage } from '../../i18n/messages.js';
import { AllergenKey } from '../../resources/allergens/data.js';
import {
  EventCeilings,
  hostOfOrigin,
  IP_EVENTS_PER_MINUTE,
  normalizeQuery,
  SESSION_EVENTS_PER_MINUTE,
} from './guard.js';
import type { StoredEvent } from './repo.js';
import type { AnalyticsWriter } from './writer.js';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: AnalyticsWriter;
  }
}

export const EVENT_TYPES = [
  'menu_view',
  'section_view',
  'item_view',
  'allergen_filter',
  'search',
  'locale_switch',
] as const;

const Event = Type.Object(
  {
    type: Type.Union(EVENT_TYPES.map((t) => Type.Literal(t))),
    occurred_at: Type.Optional(
      Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})$' }),
    ),
    session_id: Type.String({ minLength: 1, maxLength: 64 }),
    locale: Type.Optional(Type.String({ minLength: 1, maxLength: 35 })),
    category_id: Type.Optional(Id),
    item_id: Type.Optional(Id),
    allergens: Type.Optional(
      Type.Array(AllergenKey, {
        minItems: 1,
        maxItems: 14,
        uniqueItems: true,
      }),
    ),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    // The table from the QR code the diner scanned (?table=12).
    table: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,16}$' })),
    // The page's own id of the event: sent again (after being offline), it is counted once.
    event_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,40}$' })),
  },
  { additionalProperties: false },
);
type Event = Static<typeof Event>;

export const EventBatch = Type.Object(
  { events: Type.Array(Event, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);

/** The field each event type cannot do without. */
const NEEDS: Partial<Record<Event['type'], keyof Event>> = {
  section_view: 'category_id',
  item_view: 'item_id',
  allergen_filter: 'allergens',
  search: 'query',
  locale_switch: 'locale',
};

/** Events older than this are refused (a page queues events while offline, not for weeks). */
const MAX_AGE_MS = 7 * 86_400_000;

/** Checks every event against this tenant's menu and turns it into a stored row; throws on any issue. */
export function toStoredEvents(snapshot: MenuSnapshot, events: Event[], now: number): StoredEvent[] {
  const issues: FieldIssue[] = [];
  const sections = new Set(snapshot.sections.map((s) => s.id));
  const itemSection = new Map<number, number>();
  for (const [sectionId, list] of snapshot.items) for (const item of list) itemSection.set(item.id, sectionId);
  const timezone = snapshot.settings.timezone;
  const fallback = defaultLocaleOf(snapshot);

  const stored = events.map((e, i): StoredEvent => {
    const field = (name: string) => `events.${i}.${name}`;
    const needed = NEEDS[e.type];
    if (needed && e[needed] === undefined) issues.push({ field: field(needed), rule: 'required' });
    if (e.category_id !== undefined && !sections.has(e.category_id))
      issues.push({ field: field('category_id'), rule: 'exists' });
    if (e.item_id !== undefined && !itemSection.has(e.item_id))
      issues.push({ field: field('item_id'), rule: 'exists' });
    // Only the service's five locales are counted: anything else would open a bucket per typo.
    if (e.locale !== undefined && !isLocale(e.locale.toLowerCase()))
      issues.push({ field: field('locale'), rule: 'in' });
    let at = e.occurred_at === undefined ? now : Date.parse(e.occurred_at);
    if (Number.isNaN(at)) issues.push({ field: field('occurred_at'), rule: 'date' });
    else if (at < now - MAX_AGE_MS)
      issues.push({
        field: field('occurred_at'),
        rule: 'after_or_equal',
        params: { date: new Date(now - MAX_AGE_MS).toISOString().slice(0, 10) },
      });
    // A device clock running ahead is not the diner's fault: count the event as happening now.
    if (Number.isNaN(at) || at > now) at = now;
    const { day, hour } = localDayHour(timezone, at);
    return {
      type: e.type,
      occurred_at: new Date(at).toISOString(),
      day,
      hour,
      session_id: e.session_id,
      locale: resolveLocale(e.locale, fallback),
      // A dish view counts for the dish's current section, whatever the page sent.
      category_id: e.item_id !== undefined ? (itemSection.get(e.item_id) ?? null) : (e.category_id ?? null),
      item_id: e.item_id ?? null,
      allergens: e.allergens ? JSON.stringify(e.allergens) : null,
      query: e.query === undefined ? null : normalizeQuery(e.query) || null,
      table_label: e.table ?? null,
      event_id: e.event_id ?? null,
    };
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return stored;
}

export const ingestRoutes: FastifyPluginAsync<{ now?: () => number }> = async (app, options) => {
  const now = options.now ?? Date.now;
  // navigator.sendBeacon() sends text/plain unless told otherwise: read it as JSON here (only here).
  // The same parser as JSON bodies (`__proto__` keys dropped), under the beacon's content type.
  const json = app.getDefaultJsonParser('remove', 'remove');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, json);
  const ceilings = new EventCeilings(now);
  app.addHook('onClose', async () => ceilings.close());

  /** No Origin/Referer (not a browser's cross-site post), or one of this restaurant's own addresses, any port. */
  async function fromOwnAddress(request: FastifyRequest): Promise<boolean> {
    const source = request.headers.origin ?? request.headers.referer;
    if (source === undefined) return true;
    const host = hostOfOrigin(String(source));
    if (host === undefined) return false;
    if (host === normalizeHost(request.headers.host)) return true;
    if (app.tenants.slugOf(host) !== undefined) return app.tenants.slugOf(host) === request.tenant.slug;
    const state = app.tenants.peek(host) ?? (await app.tenants.lookup(host));
    return state?.id === request.tenant.id;
  }

  typed(app).post(
    '/analytics/events',
    {
      schema: {
        summary: "Diners' analytics events, accepted for batch processing (202)",
        body: EventBatch,
        response: {
          202: envelope(Type.Object({ accepted: Type.Integer() }), Meta),
          ...errorResponses,
          403: Type.Ref('ErrorEnvelope'),
          429: Type.Ref('ErrorEnvelope'),
          503: Type.Ref('ErrorEnvelope'),
        },
      },
    },
    async (request, reply) => {
      // text/plain is a "simple" request any web site can make a browser send: only the
      // restaurant's own pages may post.
      if (!(await fromOwnAddress(request))) {
        const message = formatMessage(messageLocale(request.headers['accept-language']), 'origin_not_allowed', {});
        return reply.code(403).send({ success: false, message });
      }
      const { snapshot } = await publicContext(app, request);
      const { events } = request.body;
      const stored = toStoredEvents(snapshot, events, now());
      // One session or one address cannot dominate a restaurant's figures.
      const perSession = new Map<string, number>();
      for (const e of stored) perSession.set(e.session_id, (perSession.get(e.session_id) ?? 0) + 1);
      const wait = ceilings.take([
        { key: `ip:${request.tenant.id}:${request.client}`, events: stored.length, limit: IP_EVENTS_PER_MINUTE },
        ...[...perSession].map(([session, count]) => ({
          key: `session:${request.tenant.id}:${session}`,
          events: count,
          limit: SESSION_EVENTS_PER_MINUTE,
        })),
      ]);
      if (wait > 0) throw new TooManyRequestsError(wait);
      // The writer is behind (the database is slow or away): ask the page to send again later.
      if (!app.analytics.enqueue(request.tenant.id, stored)) throw new UnavailableError(5);
      return reply
        .code(202)
        .send({ success: true, data: { accepted: stored.length }, meta: { generated_at: nowIso() } });
    },
  );
};
