// GET /api/v1/admin/analytics/{overview,items,sections,allergens,insights} (scope analytics:read).
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ANALYTICS_SCOPES } from '../../accounts/tokens/scopes.js';
import { addDays, daysBetween, localDayHour } from '../../catalog/clock.js';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import { type FieldIssue, ValidationError } from '../../core/errors.js';
import { paginate } from '../../http/params.js';
import { adminErrorResponses, envelope, nowIso, pagedEnvelope, pageLinks } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { RULE } from '../../http/validator.js';
import { resolveLocale } from '../../i18n/locales.js';
import { insights } from './insights.js';
import { allergensReport, itemsReport, overview, type Range, sectionsReport, tablesReport } from './reports.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', [RULE]: 'date' });
const RangeQuery = {
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  locale: Type.Optional(Type.String({ maxLength: 35 })),
};
const ReportMeta = Type.Object({
  generated_at: Type.String(),
  locale: Type.String(),
  from: Type.String(),
  to: Type.String(),
});
const ReportPageMeta = Type.Composite([
  ReportMeta,
  Type.Object({ total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer(), last_page: Type.Integer() }),
]);

const Count = Type.Integer();
const Share = Type.Number({ description: 'Percent of all menu views in the period, one decimal.' });
const TablesReport = Type.Object({
  tables: Type.Array(Type.Object({ table: Type.String(), menu_views: Count, item_views: Count, share: Share })),
  without_table: Type.Object({ menu_views: Count, share: Share }),
});
const Overview = Type.Object({
  from: Type.String(),
  to: Type.String(),
  totals: Type.Object({
    menu_views: Count,
    unique_sessions: Count,
    item_views: Count,
    section_views: Count,
    allergen_filters: Count,
    searches: Count,
  }),
  by_day: Type.Array(
    Type.Object({ date: Type.String(), menu_views: Count, unique_sessions: Count, item_views: Count }),
  ),
  by_locale: Type.Array(Type.Object({ locale: Type.String(), menu_views: Count })),
  by_hour: Type.Array(Type.Object({ hour: Count, menu_views: Count })),
});
const ItemStat = Type.Object({
  item_id: Count,
  name: Type.String(),
  category_id: Type.Union([Count, Type.Null()]),
  views: Count,
  share: Type.Number(),
  is_active: Type.Boolean(),
  is_recommended: Type.Boolean(),
});
const SectionStat = Type.Object({ category_id: Count, name: Type.String(), views: Count, item_views: Count });
const AllergenStat = Type.Object({ key: Type.String(), name: Type.String(), filters: Count, dishes_containing: Count });
const InsightSchema = Type.Object({
  kind: Type.String(),
  title: Type.String(),
  message: Type.String(),
  figures: Type.Object({}, { additionalProperties: true }),
  item_ids: Type.Array(Count),
  category_ids: Type.Array(Count),
});

/** Longest period a report covers. */
const MAX_DAYS = 366;

function isCalendarDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** from/to in the restaurant's time zone; default the last 30 days including today. */
export function rangeOf(tenantId: number, timezone: string, q: { from?: string; to?: string }, now: number): Range {
  const today = localDayHour(timezone, now).day;
  const to = q.to ?? today;
  const issues: FieldIssue[] = [];
  if (!isCalendarDay(to)) issues.push({ field: 'to', rule: 'date' });
  // The default start counts back from `to`, so only from a real day (the panel passes its query
  // unchecked: `?to=%FF` once made this a 500, found by test/reliability/fuzz.test.ts).
  const from = q.from ?? (issues.length === 0 ? addDays(to, -29) : today);
  if (!isCalendarDay(from)) issues.unshift({ field: 'from', rule: 'date' });
  if (issues.length === 0 && to < from) issues.push({ field: 'to', rule: 'after_or_equal', params: { date: 'from' } });
  else if (issues.length === 0 && daysBetween(from, to) > MAX_DAYS)
    issues.push({ field: 'to', rule: 'range_too_long' });
  // Nothing has happened yet after today (the restaurant's day): a future period is a mistake.
  if (issues.length === 0 && to > today) issues.push({ field: 'to', rule: 'before_or_equal', params: { date: today } });
  if (issues.length > 0) throw new ValidationError(issues);
  return { tenantId, from, to };
}

export function registerAnalyticsReports(app: FastifyInstance, now: () => number = Date.now): void {
  const api = typed(app);
  const Range = Type.Object(RangeQuery);
  type Context = Awaited<ReturnType<typeof context>>;
  const context = async (tenantId: number, q: Static<typeof Range>) => {
    const snapshot = await ownerSnapshot(app, tenantId);
    const range = rangeOf(tenantId, snapshot.settings.timezone, q, now());
    const locale = resolveLocale(q.locale, defaultLocaleOf(snapshot));
    return { snapshot, range, locale, meta: { generated_at: nowIso(), locale, from: range.from, to: range.to } };
  };
  const route = (path: string, summary: string, data: TSchema, report: (c: Context) => Promise<unknown>) =>
    api.get(
      `/analytics/${path}`,
      {
        config: { scopes: ANALYTICS_SCOPES },
        schema: {
          summary,
          querystring: Range,
          response: { 200: envelope(data, ReportMeta), ...adminErrorResponses },
        },
      },
      async (request) => {
        const c = await context(request.tenant.id, request.query);
        return { success: true, data: await report(c), meta: c.meta };
      },
    );
  const db = app.database.db;

  route('overview', 'Totals, per day, per locale and per hour', Overview, (c) => overview(db, c.range));
  route('sections', 'Sections by views', Type.Array(SectionStat), (c) =>
    sectionsReport(db, c.range, c.snapshot, c.locale),
  );
  route('allergens', 'All 14 allergens by how often diners filter on them', Type.Array(AllergenStat), (c) =>
    allergensReport(db, c.range, c.snapshot, c.locale),
  );
  route('insights', 'What to change on the menu, in words', Type.Array(InsightSchema), (c) =>
    insights(db, c.range, c.snapshot, c.locale),
  );
  route('tables', 'Where diners scanned: menu and dish views per table (from the QR code)', TablesReport, (c) =>
    tablesReport(db, c.range),
  );

  api.get(
    '/analytics/items',
    {
      config: { scopes: ANALYTICS_SCOPES },
      schema: {
        summary: 'Dishes by views, paginated like /items',
        querystring: Type.Object({
          ...RangeQuery,
          page: Type.Integer({ minimum: 1, default: 1 }),
          per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
        }),
        response: { 200: pagedEnvelope(Type.Array(ItemStat), ReportPageMeta), ...adminErrorResponses },
      },
    },
    async (request) => {
      const c = await context(request.tenant.id, request.query);
      const page = paginate(
        await itemsReport(db, c.range, c.snapshot, c.locale),
        request.query,
        c.locale,
        (row) => row,
      );
      return {
        ...page,
        meta: { ...page.meta, from: c.range.from, to: c.range.to },
        links: pageLinks(request.url, page.meta.page, page.meta.last_page),
      };
    },
  );
}
