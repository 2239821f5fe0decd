// Prices in and out: a price as people type it read into a number, and a price written for a
// language and currency (Intl), the same on the panel, the public page, its print form and exports.

/** The restaurant's currency when its settings name none, or one Intl does not know. */
export const DEFAULT_CURRENCY = 'EUR';

/**
 * A price as people type it: "12,50", "12.50", "1.234,50", "1,234.50", "€ 12", "12 €", "EUR 12",
 * "1'234.50". Answers the number (at most 2 decimals), undefined for an empty field, or the text
 * as typed when it is not a price (or has more than 2 decimals), so the API's own rule says what
 * is wrong with it in the form's language.
 */
export function parsePrice(text: string): number | string | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  // Currency signs and codes, spaces (also the no-break ones Intl writes) and the Swiss apostrophe.
  let s = typed.replace(/[\p{Sc}\s\u00a0\u202f'’]|\b[A-Za-z]{3}\b/gu, '');
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    // Both: the later one is the decimal separator, the other groups thousands.
    s = comma > dot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (comma >= 0 || dot >= 0) {
    const sep = comma >= 0 ? ',' : '.';
    const groups = s.split(sep);
    // One separator repeated between groups of three digits groups thousands ("1.234.567");
    // a single one is the decimal separator ("12,5", "12.50").
    if (groups.length > 2) {
      if (!groups.slice(1).every((g) => /^\d{3}$/.test(g))) return typed;
      s = groups.join('');
    } else {
      s = groups.join('.');
    }
  }
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(s)) return typed;
  const value = Number(s);
  if (!Number.isFinite(value)) return typed;
  const decimals = s.includes('.') ? s.split('.')[1].replace(/0+$/, '').length : 0;
  // More than two decimals is refused by the API's rule with its own message: pass the number on.
  return decimals > 2 ? value : Math.round(value * 100) / 100;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, currency: string | null | undefined, style: 'currency' | 'decimal') {
  const code = currency || DEFAULT_CURRENCY;
  const key = `${locale}|${code}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.NumberFormatOptions =
      style === 'currency'
        ? { style, currency: code }
        : { style, minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false };
    try {
      f = new Intl.NumberFormat(locale, options);
    } catch {
      // A code Intl does not know (the settings' rule refuses it, older rows may hold one).
      f = new Intl.NumberFormat(locale, { ...options, currency: DEFAULT_CURRENCY });
    }
    formatters.set(key, f);
  }
  return f;
}

/** A price as a diner reads it: formatPrice(12.5, 'it', 'EUR') → "12,50 €"; 'en' → "€12.50". */
export function formatPrice(value: number, locale: string, currency: string | null | undefined): string {
  return formatter(locale, currency, 'currency').format(value);
}

/**
 * A price as a form field shows it, to be typed over and read back by parsePrice: no sign, no
 * grouping, two decimals in the language's own way ("12,50" in Italian, "12.50" in English).
 */
export function formatAmount(value: number, locale: string): string {
  return formatter(locale, DEFAULT_CURRENCY, 'decimal').format(value);
}

/** The currency's sign as the language writes it ("€", "CHF", "US$"), for labels like "Price (€)". */
export function currencySign(locale: string, currency: string | null | undefined): string {
  const part = formatter(locale, currency, 'currency')
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? (currency || DEFAULT_CURRENCY);
}

/** A price for machines (schema.org offers, CSV columns read by spreadsheets): "12.50". */
export function machinePrice(value: number): string {
  return value.toFixed(2);
}

/** Stored cents as a price. */
export function fromCents(cents: number): number {
  return cents / 100;
}
