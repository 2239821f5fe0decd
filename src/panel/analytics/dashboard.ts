// /admin/analytics: the five reports the analytics module computes (overview, dishes, sections,
// allergens, insights) for a chosen period, as charts (Chart.js, served by the app itself from
// node_modules), the same figures as tables, each with a CSV download, and the insights as text.
import type { FastifyInstance } from 'fastify';
import { addDays, localDayHour } from '../../catalog/clock.js';
import { ownerSnapshot } from '../../catalog/write.js';
import { NotFoundError, ValidationError } from '../../core/errors.js';
import { rangeOf } from '../../features/analytics/admin.js';
import { insights } from '../../features/analytics/insights.js';
import {
  allergensReport,
  itemsReport,
  overview,
  type Range,
  sectionsReport,
  tablesReport,
} from '../../features/analytics/reports.js';
import { attrs, type Html, html, join } from '../../http/html.js';
import { type PanelContext, pathParam, queryParam, sendPage } from '../context.js';
import { formatDay } from '../format.js';
import { errorSummary, type FieldErrors, fieldErrors, input } from '../forms.js';
import { renderPage } from '../layout.js';
import { type AnalyticsTexts, analyticsTexts } from './texts.js';

type Cell = string | number;

interface Column {
  key: string;
  numeric?: boolean;
}

interface Chart {
  type: 'line' | 'bar';
  horizontal?: boolean;
  labels: string[];
  series: { label: string; data: number[] }[];
}

/** One table of the dashboard: its rows, the chart drawn from it, and its CSV. */
export interface ReportTable {
  key: string;
  title: string;
  columns: Column[];
  rows: Record<string, Cell>[];
  chart?: Chart;
}

/** How many dishes the chart shows (the table and the CSV have them all). */
const TOP_DISHES = 10;
export const TABLE_KEYS = ['days', 'hours', 'languages', 'dishes', 'sections', 'allergens', 'tables'] as const;

export async function reportTables(app: FastifyInstance, ctx: PanelContext, range: Range) {
  const at = analyticsTexts(ctx.locale);
  const db = app.database.db;
  const snapshot = await ownerSnapshot(app, ctx.tenantId);
  const [o, items, sections, allergens, advice] = await Promise.all([
    overview(db, range),
    itemsReport(db, range, snapshot, ctx.locale),
    sectionsReport(db, range, snapshot, ctx.locale),
    allergensReport(db, range, snapshot, ctx.locale),
    insights(db, range, snapshot, ctx.locale, (d) => formatDay(ctx, d, 'long')),
  ]);
  const byTable = await tablesReport(db, range);
  const yes = (v: boolean) => (v ? at.yes : at.no);
  const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
  const language = (code: string) => `${ctx.t.localeNames[code] ?? code} (${code})`;
  const topDishes = items.filter((i) => i.views > 0).slice(0, TOP_DISHES);
  const tables: ReportTable[] = [
    {
      key: 'days',
      title: at.perDay,
      columns: [
        { key: 'date' },
        { key: 'menu_views', numeric: true },
        { key: 'unique_sessions', numeric: true },
        { key: 'item_views', numeric: true },
      ],
      rows: o.by_day,
      chart: {
        type: 'line',
        // Short days in the panel's language ("21 Nov"): ISO dates ran together at 390 px.
        labels: o.by_day.map((d) => formatDay(ctx, d.date, 'short')),
        series: (['menu_views', 'unique_sessions', 'item_views'] as const).map((k) => ({
          label: at.col[k],
          data: o.by_day.map((d) => d[k]),
        })),
      },
    },
    {
      key: 'hours',
      title: at.perHour,
      columns: [{ key: 'hour' }, { key: 'menu_views', numeric: true }],
      rows: o.by_hour.map((h) => ({ hour: hour(h.hour), menu_views: h.menu_views })),
      chart: {
        type: 'bar',
        labels: o.by_hour.map((h) => hour(h.hour)),
        series: [{ label: at.col.menu_views, data: o.by_hour.map((h) => h.menu_views) }],
      },
    },
    {
      key: 'languages',
      title: at.perLanguage,
      columns: [{ key: 'language' }, { key: 'menu_views', numeric: true }],
      rows: o.by_locale.map((l) => ({ language: language(l.locale), menu_views: l.menu_views })),
      chart: {
        type: 'bar',
        horizontal: true,
        labels: o.by_locale.map((l) => language(l.locale)),
        series: [{ label: at.col.menu_views, data: o.by_locale.map((l) => l.menu_views) }],
      },
    },
    {
      key: 'dishes',
      title: at.dishes,
      columns: [
        { key: 'dish' },
        { key: 'views', numeric: true },
        { key: 'share', numeric: true },
        { key: 'active' },
        { key: 'recommended' },
      ],
      rows: items.map((i) => ({
        dish: i.category_id === null ? `${i.name} (${at.deleted})` : i.name,
        views: i.views,
        share: `${(i.share * 100).toFixed(1)} %`,
        active: yes(i.is_active),
        recommended: yes(i.is_recommended),
      })),
      chart: {
        type: 'bar',
        horizontal: true,
        labels: topDishes.map((i) => i.name),
        series: [{ label: at.col.views, data: topDishes.map((i) => i.views) }],
      },
    },
    {
      key: 'sections',
      title: at.sections,
      columns: [{ key: 'section' }, { key: 'views', numeric: true }, { key: 'item_views', numeric: true }],
      rows: sections.map((s) => ({ section: s.name, views: s.views, item_views: s.item_views })),
      chart: {
        type: 'bar',
        horizontal: true,
        labels: sections.map((s) => s.name),
        series: [
          { label: at.col.views, data: sections.map((s) => s.views) },
          { label: at.col.item_views, data: sections.map((s) => s.item_views) },
        ],
      },
    },
    {
      key: 'allergens',
      title: at.allergens,
      columns: [{ key: 'allergen' }, { key: 'filters', numeric: true }, { key: 'dishes_containing', numeric: true }],
      rows: allergens.map((a) => ({ allergen: a.name, filters: a.filters, dishes_containing: a.dishes_containing })),
      chart: {
        type: 'bar',
        horizontal: true,
        labels: allergens.map((a) => a.name),
        series: [{ label: at.col.filters, data: allergens.map((a) => a.filters) }],
      },
    },
    {
      // Where diners scanned (the ?table= of a table's QR code), then the views without a table.
      key: 'tables',
      title: at.tables,
      columns: [
        { key: 'table' },
        { key: 'menu_views', numeric: true },
        { key: 'item_views', numeric: true },
        { key: 'share', numeric: true },
      ],
      rows: [
        ...byTable.tables.map((t) => ({
          table: t.table,
          menu_views: t.menu_views,
          item_views: t.item_views,
          share: `${t.share.toFixed(1)} %`,
        })),
        ...(byTable.without_table.menu_views > 0
          ? [
              {
                table: at.withoutTable,
                menu_views: byTable.without_table.menu_views,
                item_views: '',
                share: `${byTable.without_table.share.toFixed(1)} %`,
              },
            ]
          : []),
      ],
      chart: {
        type: 'bar',
        horizontal: true,
        labels: byTable.tables.slice(0, TOP_DISHES).map((t) => t.table),
        series: [{ label: at.col.menu_views, data: byTable.tables.slice(0, TOP_DISHES).map((t) => t.menu_views) }],
      },
    },
  ];
  return { totals: o.totals, tables, insights: advice };
}

/**
 * A CSV cell: quoted when needed; a text starting like a formula is prefixed so a spreadsheet shows
 * it as text. With ';' (Italian Excel) a decimal number is written with a comma, as it reads it.
 */
function csvCell(value: Cell, delimiter: ',' | ';' = ','): string {
  if (typeof value === 'number') return delimiter === ';' ? String(value).replace('.', ',') : String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV: ';' for the Italian panel (what Italian Excel opens in columns), else ','. */
export function toCsv(at: AnalyticsTexts, table: ReportTable, delimiter: ',' | ';' = ','): string {
  const lines = [table.columns.map((c) => csvCell(at.col[c.key] ?? c.key, delimiter)).join(delimiter)];
  for (const row of table.rows)
    lines.push(table.columns.map((c) => csvCell(row[c.key] ?? '', delimiter)).join(delimiter));
  return `${lines.join('\r\n')}\r\n`;
}

const query = (range: { from: string; to: string }) => `from=${range.from}&to=${range.to}`;

function tableSection(ctx: PanelContext, table: ReportTable, range: Range): Html {
  const at = analyticsTexts(ctx.locale);
  const id = `report-${table.key}`;
  const head = table.columns.map(
    (c) => html`<th scope="col"${attrs({ class: c.numeric && 'num' })}>${at.col[c.key] ?? c.key}</th>`,
  );
  const body = table.rows.map(
    (row) =>
      html`<tr>${table.columns.map((c, i) => {
        // The HTML shows days in the panel's language; the CSV keeps ISO dates for spreadsheets.
        const cell = c.key === 'date' ? formatDay(ctx, String(row[c.key]), 'long') : String(row[c.key] ?? '');
        const label = attrs({ 'data-label': at.col[c.key] ?? c.key });
        return i === 0
          ? html`<th scope="row"${label}><div>${cell}</div></th>`
          : html`<td${label}${attrs({ class: c.numeric && 'num' })}><div>${cell}</div></td>`;
      })}</tr>`,
  );
  const empty = table.chart?.series.every((s) => s.data.every((v) => v === 0));
  const chart = table.chart
    ? empty
      ? html`<p class="note">${at.noData}</p>`
      : html`<div${attrs({ class: ['chart', table.chart.horizontal && 'tall'] })}><canvas id="${id}-chart" role="img" aria-label="${at.chartLabel(table.title)}" data-chart="${JSON.stringify(table.chart)}">${at.chartLabel(table.title)}</canvas></div>`
    : '';
  return html`<section class="report" aria-labelledby="${id}"><h2 id="${id}">${table.title}</h2>${chart}
<details><summary>${at.table}</summary><div class="table-wrap"><table class="list report-table"><caption class="visually-hidden">${table.title}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div></details>
<p><a class="button" href="/admin/analytics/${table.key}.csv?${query(range)}" download aria-label="${at.csvNamed(table.title)}">${at.csv}</a></p></section>`;
}

function periodForm(ctx: PanelContext, values: { from: string; to: string }, today: string, errors: FieldErrors): Html {
  const at = analyticsTexts(ctx.locale);
  const presets = [7, 30, 90].map(
    (days) =>
      html`<a class="button" href="/admin/analytics?from=${addDays(today, -(days - 1))}&amp;to=${today}">${at.last(days)}</a>`,
  );
  return html`${errorSummary(ctx, errors, { from: at.from, to: at.to })}<form method="get" action="/admin/analytics" class="period" novalidate>
<fieldset><legend>${at.period}</legend><p class="actions presets">${join(presets, ' ')}</p>
<div class="pair">${input({ name: 'from', label: at.from, type: 'date', value: values.from, errors })}${input({ name: 'to', label: at.to, type: 'date', value: values.to, errors })}</div>
<div class="actions"><button type="submit" class="primary">${at.show}</button></div></fieldset></form>`;
}

export function registerAnalytics(app: FastifyInstance, now: () => number): void {
  const period = (ctx: PanelContext, q: { from?: string; to?: string }) => {
    const wanted = { from: q.from || undefined, to: q.to || undefined };
    return rangeOf(ctx.tenantId, ctx.timezone, wanted, now());
  };

  app.get('/analytics', async (request, reply) => {
    const ctx = request.panel;
    const at = analyticsTexts(ctx.locale);
    const q = { from: queryParam(request, 'from'), to: queryParam(request, 'to') };
    const today = localDayHour(ctx.timezone, now()).day;
    let range: Range;
    try {
      range = period(ctx, q);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const errors = fieldErrors(ctx, err.issues, { from: at.from, to: at.to });
      const body = html`<p>${at.intro}</p>${periodForm(ctx, { from: String(q.from ?? ''), to: String(q.to ?? '') }, today, errors)}`;
      return sendPage(reply, renderPage(ctx, { title: ctx.t.analyticsTitle, body, active: 'analytics' }), 422);
    }
    const { totals, tables, insights: advice } = await reportTables(app, ctx, range);
    const cards = Object.entries(totals).map(
      ([k, v]) =>
        html`<div class="stat"><dt>${at.total[k] ?? k}</dt><dd>${v.toLocaleString(ctx.locale === 'it' ? 'it-IT' : 'en-GB')}</dd></div>`,
    );
    const advices = advice.map(
      (i) => html`<li class="insight insight-${i.kind}"><h3>${i.title}</h3><p>${i.message}</p></li>`,
    );
    const body = html`<p>${at.intro}</p>${periodForm(ctx, range, today, {})}
<p class="showing" role="status">${at.showing(formatDay(ctx, range.from, 'long'), formatDay(ctx, range.to, 'long'), ctx.timezone)}</p>
<section aria-labelledby="totals-title"><h2 id="totals-title">${at.totals}</h2><dl class="stats">${cards}</dl></section>
<section aria-labelledby="insights-title"><h2 id="insights-title">${at.insights}</h2><ul class="insights">${advices}</ul></section>
${join(
  tables.map((t) => tableSection(ctx, t, range)),
  '\n',
)}`;
    return sendPage(
      reply,
      renderPage(ctx, {
        title: ctx.t.analyticsTitle,
        body,
        active: 'analytics',
        scripts: ['chart.umd.js', 'analytics.js'],
      }),
    );
  });

  app.get('/analytics/:name', async (request, reply) => {
    const ctx = request.panel;
    const name = pathParam(request, 'name');
    const key = name.endsWith('.csv') ? name.slice(0, -4) : '';
    if (!(TABLE_KEYS as readonly string[]).includes(key)) throw new NotFoundError();
    let range: Range;
    try {
      range = period(ctx, { from: queryParam(request, 'from'), to: queryParam(request, 'to') });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return reply.redirect(
        `/admin/analytics?${new URL(request.url, 'http://panel.invalid').searchParams.toString()}`,
        303,
      );
    }
    const { tables } = await reportTables(app, ctx, range);
    const table = tables.find((t) => t.key === key)!;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="analytics-${key}-${range.from}-${range.to}.csv"`)
      .send(`\ufeff${toCsv(analyticsTexts(ctx.locale), table, ctx.locale === 'it' ? ';' : ',')}`);
  });
}
