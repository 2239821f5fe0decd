// The few words of the public menu page itself, in the five locales.
import type { Locale } from '../../i18n/locales.js';

export interface PageTexts {
  menu: string;
  language: string;
  allergens: string;
  noAllergens: string;
  recommended: string;
  reviews: string;
  vat: string;
  empty: string;
}

export const pageTexts: Record<Locale, PageTexts> = {
  it: {
    menu: 'Menu',
    language: 'Lingua',
    allergens: 'Allergeni',
    noAllergens: 'Nessun allergene dichiarato',
    recommended: 'Consigliato',
    reviews: 'Lascia una recensione',
    vat: 'P. IVA',
    empty: 'Il menu è in preparazione.',
  },
  en: {
    menu: 'Menu',
    language: 'Language',
    allergens: 'Allergens',
    noAllergens: 'No allergens declared',
    recommended: 'Recommended',
    reviews: 'Leave a review',
    vat: 'VAT no.',
    empty: 'The menu is being prepared.',
  },
  fr: {
    menu: 'Menu',
    language: 'Langue',
    allergens: 'Allergènes',
    noAllergens: 'Aucun allergène déclaré',
    recommended: 'Recommandé',
    reviews: 'Laisser un avis',
    vat: 'N° TVA',
    empty: 'Le menu est en préparation.',
  },
  de: {
    menu: 'Speisekarte',
    language: 'Sprache',
    allergens: 'Allergene',
    noAllergens: 'Keine Allergene angegeben',
    recommended: 'Empfohlen',
    reviews: 'Bewertung schreiben',
    vat: 'USt-IdNr.',
    empty: 'Die Speisekarte wird gerade vorbereitet.',
  },
  es: {
    menu: 'Carta',
    language: 'Idioma',
    allergens: 'Alérgenos',
    noAllergens: 'Sin alérgenos declarados',
    recommended: 'Recomendado',
    reviews: 'Deja una reseña',
    vat: 'NIF-IVA',
    empty: 'La carta está en preparación.',
  },
};
