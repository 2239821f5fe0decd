// /admin/menu: the menu as a tree of sections and sub-sections, each with its state (hidden, wine
// list, time window), how many dishes it holds, and the controls to open, add and reorder; under
// each, its dishes with their one-tap sold-out switch (a waiter finds the dish from the first page).
import type { FastifyInstance } from 'fastify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import type { CategoryRow } from '../../db/schema.js';
import { type Html, html, join } from '../../http/html.js';
import { type PanelContext, queryParam, sendPage } from '../context.js';
import { editorTexts } from '../editor-texts.js';
import { notice } from '../forms.js';
import { renderPage } from '../layout.js';
import { thumbnail } from '../photos.js';
import { displayName } from './fields.js';
import { optionTexts } from './options-texts.js';
import { dragForm, moveButtons } from './order.js';
import { soldOutNow, soldOutSwitch } from './quick.js';
import { scheduleInWords, sectionScheduleWords } from './schedule.js';
import { type DishQuery, dishMatches, dishQuery, dishRowData, isFiltering, searchBar } from './search.js';
import { menuTexts } from './texts.js';

/** Small labels after a section's name: hidden, wine list, time window. */
export function sectionBadges(ctx: PanelContext, row: CategoryRow): Html {
  const mt = menuTexts(ctx.locale);
  const badges: Html[] = [];
  if (!row.is_active) badges.push(html`<span class="badge off">${mt.hidden}</span>`);
  if (row.menu_type === 'wine' && row.parent_id === null) badges.push(html`<span class="badge">${mt.wine}</span>`);
  // When it is shown, in words ("Monday to Friday, 12:00–15:00"), when it is not always.
  const when = sectionScheduleWords(ctx.locale, row);
  if (when !== scheduleInWords(ctx.locale, { weekdays: [], window: null, date_from: null, date_to: null })) {
    badges.push(html`<span class="badge">${when}</span>`);
  }
  return join(badges, ' ');
}

/** A section's own dishes, each with its sold-out switch (the section page has the full rows). */
function dishList(ctx: PanelContext, snapshot: MenuSnapshot, section: CategoryRow, query: DishQuery): Html {
  const dishes = snapshot.items.get(section.id) ?? [];
  if (dishes.length === 0) return html``;
  const mt = menuTexts(ctx.locale);
  const rows = dishes.map((d) => {
    const name = displayName(snapshot, ctx, d.name_translations);
    const hidden = d.is_active ? '' : html` <span class="badge off">${mt.hidden}</span>`;
    return html`<li id="row-dishes-${d.id}" tabindex="-1"${dishRowData(snapshot, d, query)}><a href="/admin/menu/dishes/${d.id}">${thumbnail(d.image)}${name}</a>${hidden} ${soldOutSwitch(ctx, d, soldOutNow(snapshot, d), name, '/admin/menu')}</li>`;
  });
  return html`<ul class="dish-list" aria-label="${mt.dishesOf(displayName(snapshot, ctx, section.name_translations))}">${rows}</ul>`;
}

/** Whether a section is listed under this search: it or one of its sub-sections holds a dish found. */
function holdsMatch(snapshot: MenuSnapshot, section: CategoryRow, query: DishQuery): boolean {
  if (!isFiltering(query)) return true;
  const own = (snapshot.items.get(section.id) ?? []).some((d) => dishMatches(snapshot, d, query));
  return own || snapshot.sections.some((c) => c.parent_id === section.id && holdsMatch(snapshot, c, query));
}

function sectionRow(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  row: CategoryRow,
  index: number,
  count: number,
  children: CategoryRow[],
  query: DishQuery,
): Html {
  const mt = menuTexts(ctx.locale);
  const name = displayName(snapshot, ctx, row.name_translations);
  // A wine list's dishes are in its sub-sections: the count is of the whole section.
  const dishes = [row, ...children].reduce((n, s) => n + (snapshot.items.get(s.id)?.length ?? 0), 0);
  const sub =
    children.length > 0
      ? html`<ol class="tree sub" data-reorder="sections" data-scope="${row.id}">${children.map((c, i) =>
          sectionRow(ctx, snapshot, c, i, children.length, [], query),
        )}</ol>${dragForm(ctx, 'sections', row.id, '/admin/menu')}`
      : '';
  return html`<li id="row-sections-${row.id}" data-id="${row.id}" tabindex="-1"${holdsMatch(snapshot, row, query) ? '' : html` hidden`}><div class="tree-row"><span class="handle" aria-hidden="true" title="${mt.dragHandle(name)}">⠿</span><a class="tree-name" href="/admin/menu/sections/${row.id}">${name}</a> ${sectionBadges(ctx, row)} <span class="muted">${mt.dishCount(dishes)}</span><span class="tree-actions">${moveButtons(
    ctx,
    {
      kind: 'sections',
      scope: row.parent_id ?? 0,
      id: row.id,
      name,
      index,
      count,
      back: '/admin/menu',
    },
  )}</span></div>${dishList(ctx, snapshot, row, query)}${sub}</li>`;
}

function overviewPage(ctx: PanelContext, snapshot: MenuSnapshot, message: string): Html {
  const mt = menuTexts(ctx.locale);
  const query = dishQuery(ctx);
  const top = snapshot.sections.filter((s) => s.parent_id === null);
  const found = snapshot.sections.reduce(
    (n, s) => n + (snapshot.items.get(s.id) ?? []).filter((d) => dishMatches(snapshot, d, query)).length,
    0,
  );
  const tree =
    top.length === 0
      ? html`<p>${mt.noSections}</p>`
      : html`<p class="hint not-searching">${mt.dragHint}</p><ol class="tree" data-reorder="sections" data-scope="0">${top.map(
          (row, i) =>
            sectionRow(
              ctx,
              snapshot,
              row,
              i,
              top.length,
              snapshot.sections.filter((s) => s.parent_id === row.id),
              query,
            ),
        )}</ol>${dragForm(ctx, 'sections', 0, '/admin/menu')}`;
  // The search comes first: on a phone during service the dish found is on the first screen.
  const body = html`${message ? notice('success', message) : ''}<div class="dish-finder${isFiltering(query) ? ' searching' : ''}">${searchBar(ctx, snapshot, query, { action: '/admin/menu', found, jump: 'anchor' })}
<div class="not-searching"><p>${mt.intro}</p>
<p class="actions"><a class="button primary-link" href="/admin/menu/sections/new">${mt.addSection}</a> <a class="button" href="/admin/menu/wineries">${mt.wineries}</a> <a class="button" href="/admin/menu/option-groups">${optionTexts(ctx.locale).title}</a> <a class="button" href="/">${ctx.t.viewMenu}</a> <a class="button" href="/admin/qr">${ctx.t.qr}</a> <a class="button" href="/admin/preview">${mt.previewAt}</a></p>
<h2>${mt.sections}</h2></div>${tree}</div>`;
  return renderPage(ctx, { title: ctx.t.menuTitle, body, active: 'menu', scripts: ['menu-editor.js'] });
}

export function registerOverview(app: FastifyInstance): void {
  app.get('/menu', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const [deleted, ordered] = [queryParam(request, 'deleted'), queryParam(request, 'ordered')];
    const et = editorTexts(ctx.locale);
    const message = deleted === '1' ? et.deleted : ordered === '1' ? et.orderSaved : '';
    return sendPage(reply, overviewPage(ctx, snapshot, message));
  });
}
