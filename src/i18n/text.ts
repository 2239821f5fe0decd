// Translated text: choosing the text to show for a locale, and folding text for search.
import type { Locale } from './locales.js';

export type Translations = Partial<Record<string, string>>;

/**
 * The text to show in `locale`: that translation, else the restaurant's default locale, else
 * Italian, else the first non-empty translation, else ''.
 */
export function pickText(translations: Translations, locale: Locale, defaultLocale: Locale): string {
  const direct = translations[locale];
  if (direct) return direct;
  const byDefault = translations[defaultLocale];
  if (byDefault) return byDefault;
  if (translations.it) return translations.it;
  for (const value of Object.values(translations)) if (value) return value;
  return '';
}

/** Lower case without diacritics, so "caffe" finds "Caffè" on SQLite and PostgreSQL alike. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[Œœ]/g, 'oe')
    .replace(/[Ææ]/g, 'ae')
    .toLowerCase();
}

/** Search words of a query: folded, split on whitespace, empty ones dropped. */
export function searchWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * A diner-facing text kept as translations beside a plain column (the default locale's copy, read
 * by older code). Rows written before the translations existed have only the plain text: it counts
 * as the default locale's.
 */
export function storedTranslations(json: string, plain: string | null, defaultLocale: Locale): Translations {
  const translations = parseJson<Translations>(json, {});
  if (Object.values(translations).some(Boolean)) return translations;
  return plain ? { [defaultLocale]: plain } : {};
}

/**
 * Applies an admin write to a translatable text: an object replaces every translation, a plain
 * string sets the default locale's text and keeps the others. Returns what to store in the
 * translations column and in the plain column.
 */
export function writeTranslatable(
  input: string | Translations,
  current: Translations,
  defaultLocale: Locale,
): { json: string; plain: string } {
  const next: Translations =
    typeof input === 'string' ? { ...current, [defaultLocale]: input } : Object.assign({}, input);
  for (const [key, value] of Object.entries(next)) if (!value) delete next[key];
  return { json: JSON.stringify(next), plain: pickText(next, defaultLocale, defaultLocale) };
}

/** A real calendar date written YYYY-MM-DD (Date.parse would take 2026-02-30 as 2 March). */
export function isCalendarDate(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}
