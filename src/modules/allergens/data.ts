// The 14-entry allergen dictionary of EU Regulation 1169/2011, with names in the five locales.

import dictionary from '../../i18n/allergens.json' with { type: 'json' };
import type { Locale } from '../../i18n/locales.js';

export const ALLERGEN_KEYS: readonly string[] = dictionary.order;
const names = dictionary.names as Record<string, Record<Locale, string>>;

export function allergenName(key: string, locale: Locale): string {
  return names[key]?.[locale] ?? key;
}
