// /admin/menu: the menu as a tree of sections and sub-sections, each with its state (hidden, wine
// list, time window), how many dishes it holds, and the controls to open, add and reorder.
import type { FastifyInstance } from 'fastify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import type { CategoryRow } from '../../db/schema.js';
import { esc } from '../../http/html.js';
import { type PanelContext, sendPage } from '../context.js';
import { notice } from '../forms.js';
import { renderPage } from '../layout.js';
import { displayName } from './fields.js';
import { dragForm, moveButtons } from './order.js';
import { menuTexts } from './texts.js';

/** Small labels after a section's name: hidden, wine list, time window. */
export function sectionBadges(ctx: PanelContext, row: CategoryRow): string {
  const mt = menuTexts(ctx.locale);
  const badges: string[] = [];
  if (!row.is_active) badges.push(`<span class="badge off">${esc(mt.hidden)}</span>`);
  if (row.menu_type === 'wine' && row.parent_id === null) badges.push(`<span class="badge">${esc(mt.wine)}</span>`);
  if (row.time_visibility_enabled && row.time_start && row.time_end) {
    badges.push(`<span class="badge">${esc(mt.window(row.time_start, row.time_end))}</span>`);
  }
  return badges.join(' ');
}

function sectionRow(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  row: CategoryRow,
  index: number,
  count: number,
  children: CategoryRow[],
): string {
  const mt = menuTexts(ctx.locale);
  const name = displayName(snapshot, ctx, row.name_translations);
  const dishes = snapshot.items.get(row.id)?.length ?? 0;
  const sub =
    children.length > 0
      ? `<ol class="tree sub" data-reorder="sections" data-scope="${row.id}">${children
          .map((c, i) => sectionRow(ctx, snapshot, c, i, children.length, []))
          .join('')}</ol>${dragForm(ctx, 'sections', row.id, '/admin/menu')}`
      : '';
  return `<li id="row-sections-${row.id}" data-id="${row.id}" tabindex="-1"><div class="tree-row"><span class="handle" aria-hidden="true" title="${esc(
    mt.dragHandle(name),
  )}">⠿</span><a class="tree-name" href="/admin/menu/sections/${row.id}">${esc(name)}</a> ${sectionBadges(ctx, row)} <span class="muted">${esc(
    mt.dishCount(dishes),
  )}</span><span class="tree-actions">${moveButtons(ctx, {
    kind: 'sections',
    scope: row.parent_id ?? 0,
    id: row.id,
    name,
    index,
    count,
    back: '/admin/menu',
  })}</span></div>${sub}</li>`;
}

function overviewPage(ctx: PanelContext, snapshot: MenuSnapshot, message: string): string {
  const mt = menuTexts(ctx.locale);
  const top = snapshot.sections.filter((s) => s.parent_id === null);
  const tree =
    top.length === 0
      ? `<p>${esc(mt.noSections)}</p>`
      : `<p class="hint">${esc(mt.dragHint)}</p><ol class="tree" data-reorder="sections" data-scope="0">${top
          .map((row, i) =>
            sectionRow(
              ctx,
              snapshot,
              row,
              i,
              top.length,
              snapshot.sections.filter((s) => s.parent_id === row.id),
            ),
          )
          .join('')}</ol>${dragForm(ctx, 'sections', 0, '/admin/menu')}`;
  const body = `${message ? notice('success', esc(message)) : ''}<p>${esc(mt.intro)}</p>
<p class="actions"><a class="button primary-link" href="/admin/menu/sections/new">${esc(mt.addSection)}</a> <a class="button" href="/admin/menu/wineries">${esc(
    mt.wineries,
  )}</a> <a class="button" href="/">${esc(ctx.t.viewMenu)}</a></p>
<h2>${esc(mt.sections)}</h2>${tree}`;
  return renderPage(ctx, { title: ctx.t.menuTitle, body, active: 'menu', scripts: ['menu-editor.js'] });
}

export function registerOverview(app: FastifyInstance): void {
  app.get('/menu', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const { deleted, ordered } = request.query as { deleted?: string; ordered?: string };
    const mt = menuTexts(ctx.locale);
    const message = deleted === '1' ? mt.deleted : ordered === '1' ? mt.orderSaved : '';
    return sendPage(reply, overviewPage(ctx, snapshot, message));
  });
}
