// Dietary labels a dish can carry: a fixed vocabulary (like the allergens), named in the five locales.
import type { Locale } from '../../i18n/locales.js';

export const DIETARY_KEYS = ['vegetarian', 'vegan', 'gluten_free', 'lactose_free', 'spicy'] as const;
export type DietaryKey = (typeof DIETARY_KEYS)[number];

const NAMES: Record<DietaryKey, Record<Locale, string>> = {
  vegetarian: { it: 'Vegetariano', en: 'Vegetarian', fr: 'Végétarien', de: 'Vegetarisch', es: 'Vegetariano' },
  vegan: { it: 'Vegano', en: 'Vegan', fr: 'Végétalien', de: 'Vegan', es: 'Vegano' },
  gluten_free: { it: 'Senza glutine', en: 'Gluten-free', fr: 'Sans gluten', de: 'Glutenfrei', es: 'Sin gluten' },
  lactose_free: { it: 'Senza lattosio', en: 'Lactose-free', fr: 'Sans lactose', de: 'Laktosefrei', es: 'Sin lactosa' },
  spicy: { it: 'Piccante', en: 'Spicy', fr: 'Épicé', de: 'Scharf', es: 'Picante' },
};

export function isDietaryKey(key: string): key is DietaryKey {
  return (DIETARY_KEYS as readonly string[]).includes(key);
}

export function dietaryName(key: string, locale: Locale): string {
  return isDietaryKey(key) ? NAMES[key][locale] : key;
}
