// A dish's option groups on the public page, compact under the dish ("Add-ons: burrata +3,00 €,
// …"; "Cooking (choose 1): rare, medium, well done"), how the allergen filter counts an option's
// allergens, and the groups as schema.org `menuAddOn`.
import { type Html, html, join } from '../../http/html.js';
import type { Locale } from '../../i18n/locales.js';
import { formatPrice, machinePrice } from '../../i18n/money.js';
import { ALLERGEN_KEYS, allergenName } from '../../resources/allergens/data.js';
import type { MenuItem } from '../../resources/items/schema.js';
import type { DishOption, OptionGroup } from '../../resources/options/schema.js';
import type { PageTexts } from './texts.js';

/** What the filter needs to know: the allergens hidden, and whether traces count too. */
export interface AllergenFilter {
  exclude: string[];
  traces?: boolean;
}

/** Whether an option brings one of the excluded allergens (or its traces, when they count). */
function brings(option: DishOption, filter: AllergenFilter): boolean {
  return filter.exclude.some(
    (k) => option.allergens.includes(k) || (filter.traces === true && option.allergen_traces.includes(k)),
  );
}

/**
 * What the allergen filter makes of a dish's options: `avoidable` when the diner can still order
 * it without an excluded allergen (every group can be filled with options free of them), and the
 * options to leave out ("ask without burrata"). A dish whose only milk is in an add-on stays; one
 * whose every pasta choice has gluten does not.
 */
export function optionsUnderFilter(item: MenuItem, filter: AllergenFilter): { avoidable: boolean; without: string[] } {
  if (filter.exclude.length === 0) return { avoidable: true, without: [] };
  const without: string[] = [];
  let avoidable = true;
  for (const group of item.option_groups) {
    const bad = group.options.filter((o) => brings(o, filter));
    if (group.options.length - bad.length < group.min_choices) avoidable = false;
    without.push(...bad.map((o) => o.name));
  }
  return { avoidable, without };
}

/** "(choose 1)", "(up to 3)", "(at least 1)", "(1 to 3)", or nothing for "as many as you like". */
function rule(group: OptionGroup, t: PageTexts): string {
  const { min_choices: min, max_choices: max } = group;
  let text = '';
  if (max !== null && min === max) text = t.choose.exactly.replace('{n}', String(max));
  else if (max !== null && min === 0) text = t.choose.upTo.replace('{n}', String(max));
  else if (max === null && min > 0) text = t.choose.atLeast.replace('{n}', String(min));
  else if (max !== null) text = t.choose.between.replace('{min}', String(min)).replace('{max}', String(max));
  return text ? ` (${text})` : '';
}

/** A price change as a diner reads it: "+3,00 €", "−1,50 €"; nothing for 0. */
export function priceChange(value: number, locale: Locale, currency: string): string {
  if (value === 0) return '';
  const amount = formatPrice(Math.abs(value), locale, currency);
  return value > 0 ? `+${amount}` : `−${amount}`;
}

const allergenNumber = (key: string) => ALLERGEN_KEYS.indexOf(key) + 1;

function option(o: DishOption, locale: Locale, currency: string, t: PageTexts): Html {
  const change = priceChange(o.price_change, locale, currency);
  const allergens = o.allergens.filter((k) => allergenNumber(k) > 0);
  // The allergens' numbers as on the dish's tags (the legend names them), their names for screen readers.
  const marks =
    allergens.length > 0
      ? html` <span class="n-list" aria-hidden="true">${allergens.map((k) => allergenNumber(k)).join(' ')}</span><span class="sr"> (${allergens.map((k) => t.short[k] ?? allergenName(k, locale)).join(', ')})</span>`
      : '';
  return html`<span class="opt${o.sold_out ? ' sold-out' : ''}" data-allergens="${o.allergens.join(' ')}" data-traces="${o.allergen_traces.join(' ')}"><span class="opt-name">${o.name}</span>${marks}${
    change ? html` <span class="opt-price">${change}</span>` : ''
  }${o.sold_out ? html` <span class="badge sold-out-mark">${t.soldOut}</span>` : ''}</span>`;
}

/** The dish's groups, one short line each, and the filter's "ask without" note (hidden when empty). */
export function dishOptions(
  item: MenuItem,
  locale: Locale,
  currency: string,
  t: PageTexts,
  filter: AllergenFilter,
): Html | '' {
  if (item.option_groups.length === 0) return '';
  const lines = item.option_groups.map(
    (g) =>
      html`<p class="opt-group" data-min="${g.min_choices}"><span class="opt-label">${g.name}${rule(g, t)}:</span> ${join(
        g.options.map((o) => option(o, locale, currency, t)),
        ', ',
      )}</p>`,
  );
  const { without } = optionsUnderFilter(item, filter);
  const note = without.length > 0 ? t.askWithout.replace('{list}', without.join(', ')) : '';
  return html`<div class="options">${lines}<p class="ask-without" data-text="${t.askWithout}"${note ? '' : html` hidden`}>${note}</p></div>`;
}

/** schema.org: each group a MenuSection of add-on MenuItems with their price change as the offer. */
export function menuAddOnLd(item: MenuItem, currency: string) {
  if (item.option_groups.length === 0) return {};
  return {
    menuAddOn: item.option_groups.map((g) => ({
      '@type': 'MenuSection',
      name: g.name,
      hasMenuItem: g.options.map((o) => ({
        '@type': 'MenuItem',
        name: o.name,
        offers: { '@type': 'Offer', price: machinePrice(o.price_change), priceCurrency: currency },
      })),
    })),
  };
}
