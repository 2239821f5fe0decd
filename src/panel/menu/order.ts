// Reordering sections, sub-sections, dishes and sub-categories: arrow buttons (plain forms, so the
// keyboard and no-script browsers work; with script, menu-editor.js sends them without leaving the
// page, header `X-Panel-Fetch: order`, and moves the row itself) and drag and drop (menu-editor.js
// posts the same form with the whole new order). Either way the siblings are renumbered through the
// resources' update services in one transaction.

import type { FastifyInstance } from 'fastify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import { NotFoundError } from '../../core/errors.js';
import { attrs, type Html, html } from '../../http/html.js';
import { updateCategory } from '../../resources/categories/service.js';
import { updateItem } from '../../resources/items/service.js';
import { updateType } from '../../resources/types/service.js';
import { type PanelContext, safePanelPath, seeOther, sendPage } from '../context.js';
import { editorTexts } from '../editor-texts.js';
import { asForm, csrfField, hidden, notice, str } from '../forms.js';
import { renderPage } from '../layout.js';
import { saveThrough } from '../save.js';
import { menuTexts } from './texts.js';

export type OrderKind = 'sections' | 'dishes' | 'subcategories';

interface Sibling {
  id: number;
  display_order: number;
}

/** The rows that share one order: top-level sections (scope 0), a section's sub-sections, dishes or sub-categories. */
export function siblings(snapshot: MenuSnapshot, kind: OrderKind, scope: number): Sibling[] {
  switch (kind) {
    case 'sections':
      return snapshot.sections.filter((s) => (s.parent_id ?? 0) === scope);
    case 'dishes':
      return snapshot.items.get(scope) ?? [];
    case 'subcategories':
      return snapshot.types.get(scope) ?? [];
  }
}

/**
 * The up/down buttons of one row, in one form. The first row has no "up", the last no "down"
 * (disabled, so the column stays aligned).
 */
export function moveButtons(
  ctx: PanelContext,
  o: { kind: OrderKind; scope: number; id: number; name: string; index: number; count: number; back: string },
): Html {
  const mt = menuTexts(ctx.locale);
  const button = (move: 'up' | 'down', label: string, title: string, disabled: boolean, arrow: string) =>
    html`<button${attrs({ type: 'submit', name: 'move', value: move, class: 'icon', 'aria-label': label, title, disabled })}>${arrow}</button>`;
  return html`<form method="post" action="/admin/menu/order" class="inline move">${csrfField(ctx)}${hidden('kind', o.kind)}${hidden(
    'scope',
    String(o.scope),
  )}${hidden('id', String(o.id))}${hidden('back', o.back)}${button('up', mt.moveUpNamed(o.name), mt.moveUp, o.index === 0, '↑')}${button(
    'down',
    mt.moveDownNamed(o.name),
    mt.moveDown,
    o.index === o.count - 1,
    '↓',
  )}</form>`;
}

/** The list's drag-and-drop form (menu-editor.js fills `ids` and sends it). */
export function dragForm(ctx: PanelContext, kind: OrderKind, scope: number, back: string): Html {
  return html`<form method="post" action="/admin/menu/order" class="drag-order" hidden data-kind="${kind}" data-scope="${scope}">${csrfField(
    ctx,
  )}${hidden('kind', kind)}${hidden('scope', String(scope))}${hidden('back', back)}${hidden('ids', '')}</form>`;
}

/** The new order: the posted one (drag), or one row moved by one place (buttons). Undefined when stale. */
function newOrder(current: number[], body: Record<string, string | string[]>): number[] | undefined {
  const ids = str(body, 'ids');
  if (ids !== '') {
    const order = ids.split(',').map(Number);
    const same =
      order.length === current.length &&
      new Set(order).size === order.length &&
      order.every((id) => current.includes(id));
    return same ? order : undefined;
  }
  const id = Number(str(body, 'id'));
  const at = current.indexOf(id);
  if (at < 0) return undefined;
  const to = str(body, 'move') === 'up' ? at - 1 : str(body, 'move') === 'down' ? at + 1 : at;
  if (to < 0 || to >= current.length) return current;
  const order = [...current];
  [order[at], order[to]] = [order[to], order[at]];
  return order;
}

function isKind(value: string): value is OrderKind {
  return value === 'sections' || value === 'dishes' || value === 'subcategories';
}

export function registerOrder(app: FastifyInstance): void {
  app.post('/menu/order', async (request, reply) => {
    const ctx = request.panel;
    const body = asForm(request.body);
    const kind = str(body, 'kind');
    const scope = Number(str(body, 'scope'));
    const back = safePanelPath(str(body, 'back'));
    if (!isKind(kind) || !Number.isSafeInteger(scope) || scope < 0) throw new NotFoundError();
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const rows = siblings(snapshot, kind, scope);
    const order = newOrder(
      rows.map((r) => r.id),
      body,
    );
    const mt = menuTexts(ctx.locale);
    const stale = (message: string) =>
      renderPage(ctx, {
        title: mt.order,
        active: 'menu',
        body: html`${notice('error', message)}<p><a href="${back}">${mt.backToMenu}</a></p>`,
      });
    // The arrow buttons' script (menu-editor.js) moves the row in place and wants a word, not a page.
    const inPlace = request.headers['x-panel-fetch'] === 'order';
    if (!order) return inPlace ? reply.code(409).send({ ok: false }) : sendPage(reply, stale(mt.orderStale), 409);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const saved = await saveThrough(app, ctx, null, {}, {}, async (w) => {
      for (const [index, id] of order.entries()) {
        if (byId.get(id)?.display_order === index) continue;
        if (kind === 'sections') await updateCategory(w, id, { display_order: index });
        else if (kind === 'dishes') await updateItem(w, id, { display_order: index });
        else await updateType(w, id, { display_order: index });
      }
    });
    if (!saved.ok)
      return inPlace
        ? reply.code(409).send({ ok: false })
        : sendPage(reply, stale(saved.message ?? mt.orderStale), 409);
    if (inPlace) return reply.code(200).send({ ok: true, message: editorTexts(ctx.locale).orderSaved });
    const moved = str(body, 'id');
    const anchor = moved ? `#row-${kind}-${moved}` : '';
    const path = back.split('?')[0];
    return seeOther(reply, `${path}?ordered=1${anchor}`);
  });
}
