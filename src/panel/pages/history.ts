// /admin/history: the audit log as an owner reads it (readAuditLog, the API's own reader): who
// changed what and when, each changed field before and after (prices in the menu's currency,
// allergens by name, translations per language), filtered by dish, section (with its dishes),
// person and field, newest first, 25 to a page, dates in the panel's language and the
// restaurant's time zone.
import type { FastifyInstance } from 'fastify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import { type AuditEntryView, readAuditLog } from '../../features/audit/admin.js';
import { auditPeople } from '../../features/audit/repo.js';
import { type Html, html, join } from '../../http/html.js';
import { isLocale } from '../../i18n/locales.js';
import { formatPrice } from '../../i18n/money.js';
import { allergenName } from '../../resources/allergens/data.js';
import { dietaryName } from '../../resources/dietary/data.js';
import { type PanelContext, queryParam, sendPage } from '../context.js';
import { formatDateTime } from '../format.js';
import { type Option, select } from '../forms.js';
import { renderPage } from '../layout.js';
import { displayName, findGrouped, languageName } from '../menu/fields.js';
import { weekdaysInWords } from '../menu/schedule.js';
import { type HistoryTexts, historyTexts } from './history-texts.js';

const PER_PAGE = 25;

/** A filter's field and the fields it stands for. */
const FIELD_FAMILIES: Record<string, string[]> = { allergens: ['allergens', 'allergen_traces'] };

/** The fields the filter offers (the others are still shown in entries). */
const FILTER_FIELDS = [
  'name',
  'description',
  'price',
  'variants',
  'allergens',
  'dietary',
  'is_active',
  'sold_out',
  'is_recommended',
  'category_id',
  'type_id',
  'display_order',
  'notes',
  'image',
  'cover_charge_text',
  'footer_text',
  'opening_hours',
  'weekdays',
];

/** Fields holding a list of keys: an entry shows what was added and removed, not both lists. */
const LIST_FIELDS = new Set(['allergens', 'allergen_traces', 'dietary', 'weekdays', 'supported_locales']);

/**
 * Names of rows the snapshot does not hold yet, by the field that refers to them: an import's
 * preview names the sections, sub-categories and wineries the same file creates (their ids live
 * only in the rolled-back dry run).
 */
export type RowNames = Partial<Record<'category_id' | 'parent_id' | 'type_id' | 'winery_id', Map<number, string>>>;

/** Fields holding the id of another row: shown by that row's name, as the panel names it. */
function rowName(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  field: string,
  id: number,
  extra: RowNames = {},
): string | undefined {
  const known = extra[field as keyof RowNames]?.get(id);
  if (known !== undefined) return known;
  if (field === 'category_id' || field === 'parent_id') {
    const section = snapshot.sections.find((s) => s.id === id);
    return section ? displayName(snapshot, ctx, section.name_translations) : undefined;
  }
  if (field === 'type_id') {
    const type = findGrouped(snapshot.types, id);
    return type ? displayName(snapshot, ctx, type.name_translations) : undefined;
  }
  if (field === 'winery_id') return snapshot.wineries.get(id)?.name;
  return undefined;
}

/** One key of a list field in words (an allergen's name, a weekday, a language). */
function listItem(ctx: PanelContext, field: string, key: unknown): string {
  if (field === 'allergens' || field === 'allergen_traces') return allergenName(String(key), ctx.locale);
  if (field === 'dietary') return dietaryName(String(key), ctx.locale);
  if (field === 'weekdays' && typeof key === 'number') return weekdaysInWords(ctx.locale, [key]);
  if (field === 'supported_locales') return languageName(ctx, String(key));
  return String(key);
}

/** A positive id from the query, or undefined (anything else is "no filter"). */
function idParam(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function isTranslations(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(([k, v]) => isLocale(k) && typeof v === 'string')
  );
}

/** A dish's prices as stored (`[{label: {it: 'Calice'}, price_cents: 600}]`): "Calice 6,00 €, Bottiglia 28,00 €". */
function variantsText(ctx: PanelContext, snapshot: MenuSnapshot, variants: unknown[]): string {
  const h = historyTexts(ctx.locale);
  if (variants.length === 0) return h.empty_value;
  return variants
    .map((v) => {
      const { label, price_cents } = (v ?? {}) as { label?: Record<string, string>; price_cents?: number };
      const text =
        label?.[ctx.locale] || label?.[snapshot.settings.default_locale] || Object.values(label ?? {})[0] || '';
      const price =
        typeof price_cents === 'number' ? formatPrice(price_cents / 100, ctx.locale, snapshot.settings.currency) : '';
      return [text, price].filter(Boolean).join(' ');
    })
    .join(', ');
}

/** One value of a field as the owner reads it. */
function showValue(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  field: string,
  value: unknown,
  extra: RowNames = {},
): Html | string {
  const h = historyTexts(ctx.locale);
  if (value === null || value === undefined || value === '') return h.empty_value;
  if (typeof value === 'boolean') return value ? ctx.t.yes : h.no;
  if (field === 'price' && typeof value === 'number') return formatPrice(value, ctx.locale, snapshot.settings.currency);
  if ((field === 'allergens' || field === 'allergen_traces') && Array.isArray(value))
    return value.length ? value.map((k) => allergenName(String(k), ctx.locale)).join(', ') : h.empty_value;
  if (field === 'dietary' && Array.isArray(value))
    return value.length ? value.map((k) => dietaryName(String(k), ctx.locale)).join(', ') : h.empty_value;
  if (field === 'variants' && Array.isArray(value)) return variantsText(ctx, snapshot, value);
  if (LIST_FIELDS.has(field) && Array.isArray(value))
    return value.length ? value.map((k) => listItem(ctx, field, k)).join(', ') : h.empty_value;
  const named = typeof value === 'number' ? rowName(ctx, snapshot, field, value, extra) : undefined;
  if (named !== undefined) return named;
  if (field === 'menu_type' && typeof value === 'string') return h.menuTypes[value] ?? value;
  if (typeof value === 'object' && !Array.isArray(value) && 'key' in value) return h.picture;
  if (isTranslations(value)) {
    const parts = Object.entries(value).filter(([, text]) => text !== '');
    if (parts.length === 0) return h.empty_value;
    return join(
      parts.map(
        ([locale, text]) =>
          html`<span lang="${locale}"><abbr title="${languageName(ctx, locale)}">${locale.toUpperCase()}</abbr> ${text}</span>`,
      ),
      html`<br>`,
    );
  }
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The row an entry is about: its current name, else the name it had, else its kind and id. */
function subject(ctx: PanelContext, snapshot: MenuSnapshot, entry: AuditEntryView): Html {
  const h = historyTexts(ctx.locale);
  const kind = h.resources[entry.resource] ?? entry.resource;
  if (entry.resource === 'settings' || entry.resource === 'theme') return html`<strong>${kind}</strong>`;
  const id = entry.resource_id;
  const current =
    entry.resource === 'items'
      ? findGrouped(snapshot.items, id)?.name_translations
      : entry.resource === 'categories'
        ? snapshot.sections.find((s) => s.id === id)?.name_translations
        : entry.resource === 'types'
          ? findGrouped(snapshot.types, id)?.name_translations
          : undefined;
  const winery = entry.resource === 'wineries' ? snapshot.wineries.get(id)?.name : undefined;
  let name = winery ?? (current ? displayName(snapshot, ctx, current) : undefined);
  const exists = name !== undefined;
  if (!exists) {
    const recorded = entry.changes.name?.after ?? entry.changes.name?.before;
    name =
      typeof recorded === 'string'
        ? recorded
        : isTranslations(recorded)
          ? displayName(snapshot, ctx, JSON.stringify(recorded))
          : `#${id}`;
  }
  const link =
    exists && entry.resource === 'items'
      ? html`<a href="/admin/history?dish=${id}">${name}</a>`
      : exists && entry.resource === 'categories'
        ? html`<a href="/admin/history?section=${id}">${name}</a>`
        : html`${name}`;
  return html`${kind} <strong>${link}</strong>${exists ? '' : html` <span class="hint">(${h.gone})</span>`}`;
}

function who(ctx: PanelContext, entry: AuditEntryView): string {
  const h = historyTexts(ctx.locale);
  const person = entry.actor.user_email ?? (entry.actor.token_name ? h.token(entry.actor.token_name) : h.nobody);
  const token = entry.actor.user_email && entry.actor.token_name ? ` (${h.token(entry.actor.token_name)})` : '';
  return `${person}${token}, ${h.via[entry.actor.via] ?? entry.actor.via}`;
}

/**
 * A changed field's two cells. A list (allergens, traces, labels, days) shows only what went and
 * what came; translations only the languages whose text changed; anything else before and after.
 */
export function changeCells(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  field: string,
  before: unknown,
  after: unknown,
  extra: RowNames = {},
): Html {
  const h = historyTexts(ctx.locale);
  const cell = (label: string, value: Html | string) =>
    html`<td><span class="visually-hidden">${label}: </span>${value}</td>`;
  if (LIST_FIELDS.has(field) && Array.isArray(before) && Array.isArray(after)) {
    const removed = before.filter((k) => !after.includes(k)).map((k) => listItem(ctx, field, k));
    const added = after.filter((k) => !before.includes(k)).map((k) => listItem(ctx, field, k));
    const marks = (words: string[], kind: 'removed' | 'added') =>
      words.length === 0
        ? html`<span class="hint">${h.nothing[kind]}</span>`
        : join(
            words.map((w) =>
              kind === 'removed'
                ? html`<del class="change-removed"><span class="visually-hidden">${h.removed} </span>− ${w}</del>`
                : html`<ins class="change-added"><span class="visually-hidden">${h.added} </span>+ ${w}</ins>`,
            ),
            html`<br>`,
          );
    return html`${cell(h.before, marks(removed, 'removed'))}${cell(h.after, marks(added, 'added'))}`;
  }
  if (isTranslations(before) && isTranslations(after)) {
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (l) => (before[l] ?? '') !== (after[l] ?? ''),
    );
    const only = (t: Record<string, string>) =>
      Object.fromEntries(changed.map((l) => [l, t[l] ?? ''] as const).filter(([, v]) => v !== ''));
    return html`${cell(h.before, showValue(ctx, snapshot, field, only(before)))}${cell(h.after, showValue(ctx, snapshot, field, only(after)))}`;
  }
  return html`${cell(h.before, showValue(ctx, snapshot, field, before, extra))}${cell(h.after, showValue(ctx, snapshot, field, after, extra))}`;
}

/** A field's name as the panel says it (`type_id` is "sub-category"). */
export function fieldLabel(ctx: PanelContext, field: string): string {
  return historyTexts(ctx.locale).fields[field] ?? field.replaceAll('_', ' ');
}

function entryRow(ctx: PanelContext, snapshot: MenuSnapshot, entry: AuditEntryView): Html {
  const h = historyTexts(ctx.locale);
  const action = h[entry.action as 'created' | 'updated' | 'deleted'] ?? entry.action;
  const changes = Object.entries(entry.changes).map(
    ([field, { before, after }]) =>
      html`<tr><th scope="row">${fieldLabel(ctx, field)}</th>${changeCells(ctx, snapshot, field, before, after)}</tr>`,
  );
  const table = changes.length
    ? html`<table class="changes"><thead><tr><th scope="col">${h.field}</th><th scope="col">${h.before}</th><th scope="col">${h.after}</th></tr></thead><tbody>${changes}</tbody></table>`
    : '';
  return html`<li class="history-entry" data-entry-id="${entry.id}"><p><time datetime="${entry.occurred_at}">${formatDateTime(ctx, entry.occurred_at)}</time> · ${who(ctx, entry)}</p>
<p>${subject(ctx, snapshot, entry)} ${action}</p>${table}</li>`;
}

function filterForm(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  people: { user_id: number; user_email: string }[],
  chosen: Record<'dish' | 'section' | 'person' | 'field', string>,
): Html {
  const h = historyTexts(ctx.locale);
  const any: Option = { value: '', label: h.any };
  const sections = snapshot.sections.map((s) => ({
    value: String(s.id),
    label: displayName(snapshot, ctx, s.name_translations),
  }));
  const dishGroups = snapshot.sections
    .filter((s) => (snapshot.items.get(s.id) ?? []).length > 0)
    .map((s) => ({
      label: displayName(snapshot, ctx, s.name_translations),
      options: (snapshot.items.get(s.id) ?? []).map((i) => ({
        value: String(i.id),
        label: displayName(snapshot, ctx, i.name_translations),
      })),
    }));
  const fields = FILTER_FIELDS.map((value) => ({
    value,
    label: (FIELD_FAMILIES[value] ?? [value]).map((f) => h.fields[f] ?? f).join(' + '),
  }));
  return html`<form method="get" action="/admin/history" class="filters"><fieldset><legend>${h.filters}</legend>
${select({ name: 'dish', label: h.dish, value: chosen.dish, options: [any], groups: dishGroups })}
${select({ name: 'section', label: h.section, value: chosen.section, options: [any, ...sections] })}
${select({ name: 'person', label: h.person, value: chosen.person, options: [any, ...people.map((p) => ({ value: String(p.user_id), label: p.user_email }))] })}
${select({ name: 'field', label: h.field, value: chosen.field, options: [any, ...fields] })}
<div class="actions"><button type="submit">${h.apply}</button> <a href="/admin/history">${h.clear}</a></div></fieldset></form>`;
}

function pager(h: HistoryTexts, query: URLSearchParams, page: number, last: number, total: number): Html {
  const link = (p: number, label: string, rel: string) => {
    const q = new URLSearchParams(query);
    q.set('page', String(p));
    return html`<a href="/admin/history?${q.toString()}" rel="${rel}">${label}</a>`;
  };
  return html`<nav class="pager" aria-label="${h.pages}"><p>${h.page(page, last, total)}</p><p>${page > 1 ? link(page - 1, h.previous, 'prev') : ''} ${page < last ? link(page + 1, h.next, 'next') : ''}</p></nav>`;
}

export function registerHistory(app: FastifyInstance): void {
  app.get('/history', async (request, reply) => {
    const ctx = request.panel;
    const h = historyTexts(ctx.locale);
    const snapshot = await ownerSnapshot(app, ctx.tenantId);
    const dish = idParam(queryParam(request, 'dish'));
    const section = idParam(queryParam(request, 'section'));
    const person = idParam(queryParam(request, 'person'));
    const fieldParam = queryParam(request, 'field') ?? '';
    const field = Object.hasOwn(h.fields, fieldParam) ? fieldParam : undefined;
    const page = idParam(queryParam(request, 'page')) ?? 1;
    // A section's history is its own entries and those of the dishes in it now.
    const rows =
      dish !== undefined
        ? [{ resource: 'items', ids: [dish] }]
        : section !== undefined
          ? [
              { resource: 'categories', ids: [section] },
              { resource: 'items', ids: (snapshot.items.get(section) ?? []).map((i) => i.id) },
            ]
          : undefined;
    const log = await readAuditLog(app.database.db, ctx.tenantId, {
      page,
      per_page: PER_PAGE,
      // "Who changed this allergen": the allergens and the traces ("may contain") alike.
      any_field: field === undefined ? undefined : (FIELD_FAMILIES[field] ?? [field]),
      user_id: person,
      rows,
    });
    const people = await auditPeople(app.database.db, ctx.tenantId);
    const query = new URLSearchParams();
    if (dish) query.set('dish', String(dish));
    if (section) query.set('section', String(section));
    if (person) query.set('person', String(person));
    if (field) query.set('field', field);
    const chosen = {
      dish: String(dish ?? ''),
      section: String(section ?? ''),
      person: String(person ?? ''),
      field: field ?? '',
    };
    const entries = log.data.length
      ? html`<ol class="history">${log.data.map((e) => entryRow(ctx, snapshot, e))}</ol>`
      : html`<p>${h.empty}</p>`;
    const body = html`<p>${h.intro}</p>${filterForm(ctx, snapshot, people, chosen)}${entries}${pager(h, query, log.meta.page, log.meta.last_page, log.meta.total)}`;
    return sendPage(reply, renderPage(ctx, { title: h.title, body, active: 'history' }));
  });
}
