// A dish's several prices on its form (glass and bottle, sizes, half portion): the dish's price is
// the first one, with a label of its own; up to five more, each a label in every language of the
// menu and a price as people type it. Empty rows are ignored; no row filled is the one price.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { ItemRow } from '../../db/schema.js';
import { attrs, type Html, html } from '../../http/html.js';
import { currencySign, formatAmount, fromCents, parsePrice } from '../../i18n/money.js';
import { parseJson, type Translations } from '../../i18n/text.js';
import type { PanelContext } from '../context.js';
import { type FieldErrors, type FormBody, fieldError, fieldId, str } from '../forms.js';
import { editLocales, languageName } from './fields.js';
import { menuTexts } from './texts.js';

/** The API's limit: a dish has at most 6 prices. */
export const MAX_VARIANTS = 6;

export interface VariantValues {
  /** Label of each price, index 0 the dish's own price. */
  labels: Translations[];
  /** Typed prices of the rows after the first ('' in row 0: the dish's price field is the first). */
  prices: string[];
}

export const noVariants = (): VariantValues => ({
  labels: Array.from({ length: MAX_VARIANTS }, () => ({})),
  prices: Array.from({ length: MAX_VARIANTS }, () => ''),
});

export function variantsFromRow(ctx: PanelContext, row: ItemRow): VariantValues {
  const out = noVariants();
  parseJson<{ label: Translations; price_cents: number }[]>(row.variants, [])
    .slice(0, MAX_VARIANTS)
    .forEach((v, i) => {
      out.labels[i] = v.label ?? {};
      out.prices[i] = i === 0 ? '' : formatAmount(fromCents(v.price_cents), ctx.locale);
    });
  return out;
}

export function variantsFromBody(body: FormBody, snapshot: MenuSnapshot): VariantValues {
  const out = noVariants();
  const locales = editLocales(snapshot);
  for (let i = 0; i < MAX_VARIANTS; i++) {
    for (const locale of locales) {
      const text = str(body, `variant_${i}_label_${locale}`).trim();
      if (text) out.labels[i][locale] = text;
    }
    out.prices[i] = i === 0 ? '' : str(body, `variant_${i}_price`).trim();
  }
  return out;
}

const filled = (v: VariantValues, i: number) =>
  Object.values(v.labels[i]).some((t) => t && t.trim() !== '') || (i > 0 && v.prices[i] !== '');

/**
 * The API's `variants`: [] for one price, else the dish's price with its label first and every
 * filled row after it. An unreadable dish price stands as 0 here: its own field already says what is wrong.
 */
export function variantsInput(v: VariantValues, price: number | string | undefined): unknown[] {
  const extra = Array.from({ length: MAX_VARIANTS - 1 }, (_, k) => k + 1).filter((i) => filled(v, i));
  if (extra.length === 0 && !filled(v, 0)) return [];
  const first = { label: v.labels[0], price: typeof price === 'number' ? price : 0 };
  return [
    first,
    ...extra.map((i) => ({
      label: v.labels[i],
      price: v.prices[i] === '' ? undefined : (parsePrice(v.prices[i]) ?? ''),
    })),
  ];
}

/** Labels of the rows, for messages and the error summary (issues on `variants.N` land on row N). */
export function variantLabels(ctx: PanelContext): Record<string, string> {
  const mt = menuTexts(ctx.locale);
  const out: Record<string, string> = { variants: mt.variantsTitle };
  for (let i = 0; i < MAX_VARIANTS; i++) out[`variants_${i}`] = i === 0 ? mt.variantFirst : mt.variantN(i + 1);
  return out;
}

/** Rows shown: the filled ones and one empty row to add a price (the first row always). */
function shownRows(v: VariantValues, errors: FieldErrors): number {
  let last = 0;
  for (let i = 1; i < MAX_VARIANTS; i++) if (filled(v, i) || errors[`variants_${i}`]) last = i;
  return Math.min(MAX_VARIANTS, last + 2);
}

export function variantsFields(ctx: PanelContext, snapshot: MenuSnapshot, v: VariantValues, errors: FieldErrors): Html {
  const mt = menuTexts(ctx.locale);
  const locales = editLocales(snapshot);
  const currency = currencySign(ctx.locale, snapshot.settings.currency);
  const shown = shownRows(v, errors);
  // Every row is in the page; those past the first empty one stay hidden until "Add another price"
  // (script) shows one more. Without script a save brings the next empty row, as before.
  const rows = Array.from({ length: MAX_VARIANTS }, (_, i) => {
    const id = fieldId(`variants_${i}`);
    const messages = errors[`variants_${i}`] ?? [];
    const labels = locales.map((locale) => {
      const name = `variant_${i}_label_${locale}`;
      return html`<div class="field"><label for="${fieldId(name)}">${mt.variantLabelIn(i + 1, languageName(ctx, locale))}</label><input${attrs(
        {
          id: fieldId(name),
          name,
          type: 'text',
          value: v.labels[i][locale] ?? '',
          maxlength: 60,
          lang: locale,
          'aria-describedby': messages.length ? `${id}-error` : undefined,
        },
      )}></div>`;
    });
    const price =
      i === 0
        ? html`<p class="hint">${mt.variantFirstHint}</p>`
        : html`<div class="field"><label for="${fieldId(`variant_${i}_price`)}">${mt.variantPrice(i + 1, currency)}</label><input${attrs(
            {
              id: fieldId(`variant_${i}_price`),
              name: `variant_${i}_price`,
              value: v.prices[i],
              inputmode: 'decimal',
              autocomplete: 'off',
              size: 8,
              'aria-describedby': messages.length ? `${id}-error` : undefined,
            },
          )}></div>`;
    return html`<fieldset class="variant${messages.length ? ' invalid' : ''}" id="${id}" tabindex="-1"${i >= shown ? html` hidden data-spare` : ''}><legend>${
      i === 0 ? mt.variantFirst : mt.variantN(i + 1)
    }</legend>${fieldError(id, messages)}${price}<div class="variant-labels">${labels}</div></fieldset>`;
  });
  const open = v.labels.some((_, i) => filled(v, i)) || Object.keys(errors).some((k) => k.startsWith('variants'));
  return html`<details class="variants"${open ? html` open` : ''}><summary>${mt.variantsTitle}</summary><p class="hint">${mt.variantsHint}</p>${fieldError(
    fieldId('variants'),
    errors.variants ?? [],
  )}${rows}${shown < MAX_VARIANTS ? html`<button type="button" class="add-variant" hidden>${mt.variantAdd}</button>` : ''}</details>`;
}
