// The import page's preview of a file: the counts per kind of row, then every row it creates or
// changes and every row a prune deletes, by name in the panel's language and where it sits, each
// change field by field as the history shows it.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { fieldChanges } from '../../features/audit/record.js';
import type { SyncChanges, SyncDeletions, SyncSummary } from '../../features/sync/apply.js';
import { type Html, html } from '../../http/html.js';
import type { PanelContext } from '../context.js';
import { displayName, findGrouped } from '../menu/fields.js';
import { changeCells, fieldLabel, type RowNames } from './history.js';
import { historyTexts } from './history-texts.js';
import type { ImportTexts } from './import-texts.js';

export const KINDS = ['sections', 'sub_categories', 'items', 'wineries', 'option_groups', 'options'] as const;

export function summaryTable(t: ImportTexts, summary: SyncSummary): Html {
  const rows = KINDS.map(
    (kind) =>
      html`<tr data-kind="${kind}"><th scope="row" data-label="${t.kind}">${t[kind]}</th><td data-label="${t.created}"><div>${summary[kind].created}</div></td><td data-label="${t.changed}"><div>${summary[kind].updated}</div></td><td data-label="${t.deleted}"><div>${summary[kind].deleted}</div></td><td data-label="${t.unchanged}"><div>${summary[kind].unchanged}</div></td></tr>`,
  );
  return html`<table class="list"><thead><tr><th scope="col">${t.kind}</th><th scope="col">${t.created}</th><th scope="col">${t.changed}</th><th scope="col">${t.deleted}</th><th scope="col">${t.unchanged}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A row's name as the panel says it: in the panel's language, else the menu's (a winery has one name). */
function rowLabel(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  row: Record<string, unknown> | null | undefined,
  fallback: string,
): string {
  if (typeof row?.name_translations === 'string') return displayName(snapshot, ctx, row.name_translations);
  if (typeof row?.name === 'string') return row.name;
  return fallback;
}

/**
 * The sections, sub-categories and wineries the import creates, named, by the fields that refer to
 * them: a dish going into a section of the same file reads "Pizze", not the id the dry run gave it.
 */
function createdNames(ctx: PanelContext, snapshot: MenuSnapshot, changes: SyncChanges): RowNames {
  const named = (kind: 'sections' | 'sub_categories' | 'wineries') =>
    new Map(
      changes[kind]
        .filter((row) => row.action === 'created')
        .map((row) => [row.id, rowLabel(ctx, snapshot, row.after as Record<string, unknown> | null, row.name)]),
    );
  const sections = named('sections');
  return { category_id: sections, parent_id: sections, type_id: named('sub_categories'), winery_id: named('wineries') };
}

/** The section a row is in (a dish, a sub-category) or under (a sub-section), by name; undefined for the others. */
function placeOfRow(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  names: RowNames,
  kind: (typeof KINDS)[number],
  row: Record<string, unknown> | null | undefined,
): string | undefined {
  const id =
    kind === 'sections' ? row?.parent_id : kind === 'items' || kind === 'sub_categories' ? row?.category_id : null;
  if (typeof id !== 'number') return undefined;
  const section = snapshot.sections.find((s) => s.id === id);
  return names.category_id?.get(id) ?? (section ? displayName(snapshot, ctx, section.name_translations) : undefined);
}

/** A row's name and where it sits: `<strong>Margherita</strong> in “Pizze”`. */
function named(t: ImportTexts, name: string, place: string | undefined): Html {
  return html`<strong>${name}</strong>${place === undefined ? '' : html` <span class="hint">${t.inSection(place)}</span>`}`;
}

/**
 * Every row the import creates or changes, by name, kind by kind; for a change each field before →
 * after as the history shows it (prices in the panel's number format, allergens added and removed,
 * texts per changed language, sections by name, those the same file creates included).
 */
export function changeList(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  t: ImportTexts,
  changes: SyncChanges,
): Html | string {
  const kinds = KINDS.filter((kind) => changes[kind].length > 0);
  if (kinds.length === 0) return '';
  const h = historyTexts(ctx.locale);
  const names = createdNames(ctx, snapshot, changes);
  const lists = kinds.map((kind) => {
    const items = changes[kind].map((row) => {
      const after = row.after as Record<string, unknown> | null;
      const name = rowLabel(ctx, snapshot, after, row.name);
      if (row.action === 'created') {
        return html`<li data-row="${row.id}">${named(t, name, placeOfRow(ctx, snapshot, names, kind, after))} <span class="badge">${t.createdRow}</span></li>`;
      }
      const fields = fieldChanges({
        resource: 'items',
        id: row.id,
        action: 'updated',
        before: row.before,
        after: row.after,
      });
      const lines = Object.entries(fields).map(
        ([field, { before, after }]) =>
          html`<tr><th scope="row">${fieldLabel(ctx, field)}</th>${changeCells(ctx, snapshot, field, before, after, names)}</tr>`,
      );
      return html`<li data-row="${row.id}">${named(t, name, undefined)} <span class="badge">${t.changedRow}</span><table class="changes"><thead><tr><th scope="col">${h.field}</th><th scope="col">${h.before}</th><th scope="col">${h.after}</th></tr></thead><tbody>${lines}</tbody></table></li>`;
    });
    return html`<h3>${t[kind]}: ${changes[kind].length}</h3><ul class="import-changes" data-kind="${kind}">${items}</ul>`;
  });
  return html`<section aria-labelledby="changes-title" class="import-changes"><h2 id="changes-title">${t.changesTitle}</h2>${lists}</section>`;
}

/** The row a prune deletes as the menu holds it now (the preview's dry run was rolled back). */
function storedRow(snapshot: MenuSnapshot, kind: (typeof KINDS)[number], id: number) {
  switch (kind) {
    case 'sections':
      return snapshot.sections.find((s) => s.id === id);
    case 'sub_categories':
      return findGrouped(snapshot.types, id);
    case 'items':
      return findGrouped(snapshot.items, id);
    case 'wineries':
      return snapshot.wineries.get(id);
    case 'option_groups':
      return snapshot.optionGroups.get(id);
    case 'options':
      return findGrouped(snapshot.options, id);
  }
}

/** What a prune deletes, by name, kind by kind, each dish and sub-category with its section. */
export function deletionList(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  t: ImportTexts,
  deletions: SyncDeletions,
): Html | string {
  const kinds = KINDS.filter((kind) => deletions[kind].length > 0);
  if (kinds.length === 0) return '';
  const lists = kinds.map((kind) => {
    const items = deletions[kind].map((deletion) => {
      const row = storedRow(snapshot, kind, deletion.id) as Record<string, unknown> | undefined;
      const place = placeOfRow(ctx, snapshot, {}, kind, row);
      return html`<li data-row="${deletion.id}">${named(t, rowLabel(ctx, snapshot, row, deletion.name), place)}</li>`;
    });
    return html`<h3>${t[kind]}: ${deletions[kind].length}</h3><ul class="deletions" data-kind="${kind}">${items}</ul>`;
  });
  return html`<section aria-labelledby="deleted-title" class="import-deletions"><h2 id="deleted-title">${t.deletedTitle}</h2>${lists}</section>`;
}
