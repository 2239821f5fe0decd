// Finding a dish during service: the search box and "show" filter of the menu page and of every
// section's list (a GET form, so it works without script; menu-editor.js filters the same rows as
// one types), the words a dish is found by (its name in every language, accents and case ignored),
// and the jump list of sections.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { CategoryRow, ItemRow } from '../../db/schema.js';
import { attrs, type Html, html } from '../../http/html.js';
import type { PanelContext } from '../context.js';
import { displayName, translations } from './fields.js';
import { soldOutNow } from './quick.js';
import { menuTexts } from './texts.js';

export const SHOW_FILTERS = ['all', 'on_sale', 'sold_out', 'hidden'] as const;
export type ShowFilter = (typeof SHOW_FILTERS)[number];

export interface DishQuery {
  /** What was typed, folded (no accents, lower case, spaces collapsed); '' for none. */
  q: string;
  /** What was typed, as typed (the box shows it again). */
  typed: string;
  show: ShowFilter;
}

/** Lower case without accents or repeated spaces: "Tiramisù" and "TIRAMISU" are found alike. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The search and filter asked for by this page's address (`?q=…&show=…`). */
export function dishQuery(ctx: PanelContext): DishQuery {
  const params = new URL(ctx.url, 'http://panel.invalid').searchParams;
  const typed = (params.get('q') ?? '').slice(0, 100);
  const show = params.get('show');
  return {
    q: fold(typed),
    typed,
    show: (SHOW_FILTERS as readonly string[]).includes(show ?? '') ? (show as ShowFilter) : 'all',
  };
}

export function isFiltering(query: DishQuery): boolean {
  return query.q !== '' || query.show !== 'all';
}

/** Every name of the dish, in every language, folded: what the box is matched against. */
export function searchText(row: ItemRow): string {
  return fold(Object.values(translations(row.name_translations)).join(' · '));
}

/** Whether a dish is listed under this search and filter. */
export function dishMatches(snapshot: MenuSnapshot, row: ItemRow, query: DishQuery): boolean {
  if (query.q !== '' && !searchText(row).includes(query.q)) return false;
  const soldOut = soldOutNow(snapshot, row);
  switch (query.show) {
    case 'on_sale':
      return Boolean(row.is_active) && !soldOut;
    case 'sold_out':
      return soldOut;
    case 'hidden':
      return !row.is_active;
    default:
      return true;
  }
}

/**
 * What a dish row carries for the script to filter it as the owner types, and `hidden` when this
 * page's search leaves it out (every row is sent, so emptying the box brings them all back).
 */
export function dishRowData(snapshot: MenuSnapshot, row: ItemRow, query: DishQuery): Html {
  return html`${attrs({
    hidden: !dishMatches(snapshot, row, query),
    'data-search': searchText(row),
    'data-sold': soldOutNow(snapshot, row) ? '1' : '0',
    'data-hidden': row.is_active ? '0' : '1',
  })}`;
}

/**
 * The search box, the filter and the jump list of sections. `action` is the page itself; on a
 * section's page the jump list opens the other sections' lists, on the menu page it scrolls.
 */
export function searchBar(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  query: DishQuery,
  options: { action: string; found: number; jump: 'anchor' | 'page'; current?: number; beside?: Html },
): Html {
  const mt = menuTexts(ctx.locale);
  const showOptions = SHOW_FILTERS.map(
    (value) => html`<option${attrs({ value, selected: query.show === value })}>${mt.showFilter[value]}</option>`,
  );
  const status = isFiltering(query)
    ? html`${mt.searchFound(options.found)} <a class="clear-search" href="${options.action}">${mt.clearSearch}</a>`
    : '';
  return html`<form method="get" action="${options.action}" class="dish-search" role="search" data-found="${JSON.stringify(mt.searchFoundWords)}">
<label class="visually-hidden" for="dish-q">${mt.searchLabel}</label><input id="dish-q" type="search" name="q" value="${query.typed}" placeholder="${mt.searchPlaceholder}" autocomplete="off" enterkeyhint="search" maxlength="100">
<label class="visually-hidden" for="dish-show">${mt.showLabel}</label><select id="dish-show" name="show">${showOptions}</select>
<button type="submit">${mt.searchButton}</button>
<p class="search-status" role="status">${status}</p>
</form><div class="finder-tools">${jumpList(ctx, snapshot, options.jump, options.current)}${options.beside ?? ''}</div>`;
}

/** Every section by name: a tap scrolls to it (menu page) or opens its list (section page). */
function jumpList(ctx: PanelContext, snapshot: MenuSnapshot, jump: 'anchor' | 'page', current?: number): Html {
  const mt = menuTexts(ctx.locale);
  const top = snapshot.sections.filter((s) => s.parent_id === null);
  if (top.length < 2) return html``;
  const link = (s: CategoryRow) => {
    const name = displayName(snapshot, ctx, s.name_translations);
    const href = jump === 'anchor' ? `#row-sections-${s.id}` : `/admin/menu/sections/${s.id}`;
    return s.id === current
      ? html`<li><a href="${href}" aria-current="page">${name}</a></li>`
      : html`<li><a href="${href}">${name}</a></li>`;
  };
  const items = top.map((s) => {
    const children = snapshot.sections.filter((c) => c.parent_id === s.id);
    return children.length === 0 ? link(s) : html`${link(s)}${children.map(link)}`;
  });
  return html`<details class="jump-list"><summary>${mt.jumpToSection}</summary><nav aria-label="${mt.jumpToSection}"><ul>${items}</ul></nav></details>`;
}
