// The 14-entry allergen dictionary of EU Regulation 1169/2011, with names in the five locales.

import { Type } from '@sinclair/typebox';
import { PARAMS, RULE } from '../../http/validator.js';
import dictionary from '../../i18n/allergens.json' with { type: 'json' };
import type { Locale } from '../../i18n/locales.js';

export const ALLERGEN_KEYS: readonly string[] = dictionary.order;
const names = dictionary.names as Record<string, Record<Locale, string>>;

export function allergenName(key: string, locale: Locale): string {
  return names[key]?.[locale] ?? key;
}

/** One allergen key; a wrong one is answered with the list of valid keys. */
export const AllergenKey = Type.Unsafe<string>({
  type: 'string',
  enum: [...ALLERGEN_KEYS],
  [RULE]: 'in_list',
  [PARAMS]: { values: ALLERGEN_KEYS.join(', ') },
});
