// One-tap changes on a dish row, for a phone during service: sold out (tonight, or until switched
// back) and back on sale, visible or hidden, and the price typed in place. Each is a small plain
// form (works without script) whose POST writes through the dish's own service (saveThrough: the
// API's schema and rules, writeMenu, audit, webhook) and comes back to the row it was sent from.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type MenuSnapshot, momentKey } from '../../catalog/snapshot.js';
import { isSoldOut } from '../../catalog/visibility.js';
import { ownerSnapshot } from '../../catalog/write.js';
import { NotFoundError } from '../../core/errors.js';
import type { ItemRow } from '../../db/schema.js';
import { attrs, type Html, html } from '../../http/html.js';
import { partial } from '../../http/inputs.js';
import { formatAmount, fromCents, parsePrice } from '../../i18n/money.js';
import { ItemInput, updateItem } from '../../resources/items/service.js';
import { type PanelContext, pathParam, safePanelPath, seeOther, sendPage } from '../context.js';
import { formatTime } from '../format.js';
import { asForm, csrfField, hidden, notice, str } from '../forms.js';
import { renderPage } from '../layout.js';
import { saveThrough } from '../save.js';
import { findGrouped } from './fields.js';
import { menuTexts } from './texts.js';

const QuickInput = partial(ItemInput);

/** The sold-out switch of a row (a dish, or an option at `base` /admin/menu/options): two taps' worth of choice when on sale, one to bring it back. */
export function soldOutSwitch(
  ctx: PanelContext,
  row: Pick<ItemRow, 'id' | 'sold_out_until'>,
  soldOut: boolean,
  name: string,
  back: string,
  base = '/admin/menu/dishes',
): Html {
  const mt = menuTexts(ctx.locale);
  const form = (body: Html) =>
    html`<form method="post" action="${base}/${row.id}/sold-out" class="inline quick">${csrfField(ctx)}${hidden('back', back)}${body}</form>`;
  if (soldOut) {
    const until = row.sold_out_until
      ? mt.soldOutUntil(formatTime(ctx, Date.parse(row.sold_out_until)))
      : mt.soldOutHeld;
    return form(
      html`<span class="badge sold">${until}</span> <button${attrs({ type: 'submit', name: 'sold_out', value: 'off', 'aria-label': mt.backOnSaleNamed(name) })}>${mt.backOnSale}</button>`,
    );
  }
  return form(
    html`<button${attrs({ type: 'submit', name: 'sold_out', value: 'tonight', class: 'sold-out-button', 'aria-label': mt.soldOutTonightNamed(name) })}>${mt.soldOutTonight}</button> <button${attrs({ type: 'submit', name: 'sold_out', value: 'held', class: 'link-button', 'aria-label': mt.soldOutHeldNamed(name) })}>${mt.soldOutHeldShort}</button>`,
  );
}

/** The visible switch of a row. */
export function visibleSwitch(ctx: PanelContext, row: ItemRow, name: string, back: string): Html {
  const mt = menuTexts(ctx.locale);
  const on = Boolean(row.is_active);
  return html`<form method="post" action="/admin/menu/dishes/${row.id}/visible" class="inline quick">${csrfField(ctx)}${hidden('back', back)}${hidden('is_active', on ? '0' : '1')}<button${attrs({ type: 'submit', role: 'switch', 'aria-checked': on ? 'true' : 'false', 'aria-label': mt.visibleNamed(name) })}>${on ? mt.visibleOn : mt.visibleOff}</button></form>`;
}

/** The price typed in place, in the panel's way of writing numbers (12,50 in Italian). */
export function priceInPlace(ctx: PanelContext, row: ItemRow, name: string, back: string, currency: string): Html {
  const mt = menuTexts(ctx.locale);
  const id = `price-${row.id}`;
  return html`<form method="post" action="/admin/menu/dishes/${row.id}/price" class="inline quick price-in-place">${csrfField(ctx)}${hidden('back', back)}<label class="visually-hidden" for="${id}">${mt.priceOfNamed(name, currency)}</label><input id="${id}" name="price" inputmode="decimal" autocomplete="off" size="7" value="${formatAmount(fromCents(row.price_cents), ctx.locale)}"><button type="submit" aria-label="${mt.savePriceNamed(name)}">${mt.savePrice}</button></form>`;
}

export function registerQuick(app: FastifyInstance): void {
  /** The dish named by the path, from the owner's snapshot (another restaurant's is not found). */
  const dishOf = async (tenantId: number, raw: string) => {
    const snapshot = await ownerSnapshot(app, tenantId);
    const row = findGrouped(snapshot.items, Number(raw));
    if (!row) throw new NotFoundError();
    return { snapshot, row };
  };

  const save = async (request: FastifyRequest, reply: FastifyReply, input: Record<string, unknown>) => {
    const ctx = request.panel;
    const { row } = await dishOf(request.tenant.id, pathParam(request, 'id'));
    const back = safePanelPath(str(asForm(request.body), 'back'));
    const mt = menuTexts(ctx.locale);
    const saved = await saveThrough(app, ctx, QuickInput, input, { price: mt.priceCol }, (w, v: Partial<ItemInput>) =>
      updateItem(w, row.id, v),
    );
    // Back to the row it was sent from (the path alone is checked; the anchor is this dish's row).
    if (saved.ok) return seeOther(reply, `${back}#row-dishes-${row.id}`);
    const messages = [saved.message, ...Object.values(saved.errors).flat()].filter((m): m is string => Boolean(m));
    const body = html`${notice('error', messages.join(' '))}<p><a href="${back}">${mt.backToMenu}</a></p>`;
    return sendPage(reply, renderPage(ctx, { title: mt.dishes, active: 'menu', body }), 422);
  };

  app.post('/menu/dishes/:id/sold-out', async (request, reply) => {
    const choice = str(asForm(request.body), 'sold_out');
    const input =
      choice === 'off'
        ? { sold_out: false }
        : choice === 'held'
          ? { sold_out: true, sold_out_until: null }
          : { sold_out: true };
    return save(request, reply, input);
  });

  app.post('/menu/dishes/:id/visible', async (request, reply) =>
    save(request, reply, { is_active: str(asForm(request.body), 'is_active') === '1' }),
  );

  app.post('/menu/dishes/:id/price', async (request, reply) => {
    const typed = str(asForm(request.body), 'price').trim();
    // What the dish form does with a typed price: "12,50" and "12.50" are 12.5; anything else is left to the schema.
    return save(request, reply, { price: parsePrice(typed) ?? typed });
  });
}

/** Whether the row is sold out now, by the snapshot's clock. */
export function soldOutNow(snapshot: MenuSnapshot, row: ItemRow): boolean {
  return isSoldOut(row, momentKey(snapshot));
}
