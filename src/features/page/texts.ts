// The few words of the public menu page itself, in the five locales.
import type { Locale } from '../../i18n/locales.js';

export interface PageTexts {
  menu: string;
  language: string;
  allergens: string;
  noAllergens: string;
  recommended: string;
  /** The mark of a dish that stays on the menu but cannot be ordered tonight. */
  soldOut: string;
  /** Live updates and the offline page ({name}, {price}, {n} minutes): features/page/menu-script.ts. */
  live: {
    soldOut: string;
    back: string;
    price: string;
    gone: string;
    updated: string;
    offline: string;
    retry: string;
  };
  reviews: string;
  vat: string;
  empty: string;
  /** Heading of the allergen block and the filter. */
  allergenHeading: string;
  /** The button that opens the allergen and diet filters; `active` with {n}. */
  filters: string;
  active: string;
  hideContaining: string;
  /** Opening hours: heading, a closed day, and the live line the script writes ({t} = a time). */
  hoursHeading: string;
  closed: string;
  openUntil: string;
  opensAt: string;
  closedToday: string;
  /** Before the allergens a dish may contain as traces. */
  mayContain: string;
  /** An option group's rule after its name ({n}, {min}, {max}): "Cooking (choose 1): rare, …". */
  choose: { exactly: string; upTo: string; atLeast: string; between: string };
  /** Under a dish the allergen filter keeps because its excluded allergens are only in options ({list}). */
  askWithout: string;
  /** Under a set menu's heading and notes, before its dishes (the choices). */
  setChoices: string;
  /** The filter's choice to hide dishes that may contain a hidden allergen as traces too. */
  hideTraces: string;
  onlyDietary: string;
  apply: string;
  reset: string;
  /** "{n} dishes hidden by the filter" */
  hidden: string;
  search: string;
  noMatch: string;
  legend: string;
  print: string;
  description: string;
  /** Short allergen names shown on every dish (the legend has the regulation's full names). */
  short: Record<string, string>;
}

export const pageTexts: Record<Locale, PageTexts> = {
  it: {
    menu: 'Menu',
    language: 'Lingua',
    allergens: 'Allergeni',
    noAllergens: 'Nessun allergene dichiarato',
    recommended: 'Consigliato',
    soldOut: 'Esaurito',
    live: {
      soldOut: '{name} è esaurito',
      back: '{name} è di nuovo disponibile',
      price: '{name}: ora {price}',
      gone: '{name} non è più nel menu',
      updated: 'Il menu è stato aggiornato',
      offline: 'Sei offline: menu aggiornato {n} minuti fa.',
      retry: 'Riprova',
    },
    reviews: 'Lascia una recensione',
    vat: 'P. IVA',
    empty: 'Il menu è in preparazione.',
    allergenHeading: 'Allergeni e filtri',
    filters: 'Allergeni e diete',
    active: '{n} attivi',
    hideContaining: 'Nascondi i piatti che contengono',
    hoursHeading: 'Orari di apertura',
    closed: 'Chiuso',
    openUntil: 'Aperto ora · fino alle {t}',
    opensAt: 'Chiuso ora · apre alle {t}',
    closedToday: 'Chiuso oggi',
    mayContain: 'Può contenere tracce di',
    choose: { exactly: 'scegli {n}', upTo: 'fino a {n}', atLeast: 'almeno {n}', between: 'da {min} a {max}' },
    askWithout: 'Chiedi senza: {list}',
    setChoices: 'A scelta tra:',
    hideTraces: 'Nascondi anche i piatti che ne possono contenere tracce',
    onlyDietary: 'Mostra solo i piatti',
    apply: 'Applica',
    reset: 'Mostra tutto',
    hidden: 'Piatti nascosti dal filtro: {n}',
    search: 'Cerca nel menu',
    noMatch: 'Nessun piatto corrisponde.',
    legend: 'Legenda degli allergeni (Reg. UE 1169/2011)',
    print: 'Versione stampabile',
    description: 'Il menu di {name}: {sections}. Allergeni e prezzi in {languages} lingue.',
    short: {
      cereali_glutine: 'Glutine',
      crostacei: 'Crostacei',
      uova: 'Uova',
      pesce: 'Pesce',
      arachidi: 'Arachidi',
      soia: 'Soia',
      latte: 'Latte',
      frutta_guscio: 'Frutta a guscio',
      sedano: 'Sedano',
      senape: 'Senape',
      sesamo: 'Sesamo',
      solfiti: 'Solfiti',
      lupini: 'Lupini',
      molluschi: 'Molluschi',
    },
  },
  en: {
    menu: 'Menu',
    language: 'Language',
    allergens: 'Allergens',
    noAllergens: 'No allergens declared',
    recommended: 'Recommended',
    soldOut: 'Sold out',
    live: {
      soldOut: '{name} is sold out',
      back: '{name} is available again',
      price: '{name}: now {price}',
      gone: '{name} is no longer on the menu',
      updated: 'The menu was updated',
      offline: 'You are offline: menu last updated {n} minutes ago.',
      retry: 'Retry',
    },
    reviews: 'Leave a review',
    vat: 'VAT no.',
    empty: 'The menu is being prepared.',
    allergenHeading: 'Allergens and filters',
    filters: 'Allergens and diets',
    active: '{n} active',
    hideContaining: 'Hide dishes containing',
    hoursHeading: 'Opening hours',
    closed: 'Closed',
    openUntil: 'Open now · until {t}',
    opensAt: 'Closed now · opens at {t}',
    closedToday: 'Closed today',
    mayContain: 'May contain traces of',
    choose: { exactly: 'choose {n}', upTo: 'up to {n}', atLeast: 'at least {n}', between: '{min} to {max}' },
    askWithout: 'Ask without: {list}',
    setChoices: 'Choose from:',
    hideTraces: 'Also hide dishes that may contain traces',
    onlyDietary: 'Show only dishes that are',
    apply: 'Apply',
    reset: 'Show all',
    hidden: 'Dishes hidden by the filter: {n}',
    search: 'Search the menu',
    noMatch: 'No dish matches.',
    legend: 'Allergen key (EU Regulation 1169/2011)',
    print: 'Printable menu',
    description: 'The menu of {name}: {sections}. Allergens and prices in {languages} languages.',
    short: {
      cereali_glutine: 'Gluten',
      crostacei: 'Crustaceans',
      uova: 'Eggs',
      pesce: 'Fish',
      arachidi: 'Peanuts',
      soia: 'Soy',
      latte: 'Milk',
      frutta_guscio: 'Nuts',
      sedano: 'Celery',
      senape: 'Mustard',
      sesamo: 'Sesame',
      solfiti: 'Sulphites',
      lupini: 'Lupin',
      molluschi: 'Molluscs',
    },
  },
  fr: {
    menu: 'Menu',
    language: 'Langue',
    allergens: 'Allergènes',
    noAllergens: 'Aucun allergène déclaré',
    recommended: 'Recommandé',
    soldOut: 'Épuisé',
    live: {
      soldOut: '{name} est épuisé',
      back: '{name} est de nouveau disponible',
      price: '{name} : désormais {price}',
      gone: '{name} n’est plus à la carte',
      updated: 'La carte a été mise à jour',
      offline: 'Vous êtes hors ligne : carte mise à jour il y a {n} minutes.',
      retry: 'Réessayer',
    },
    reviews: 'Laisser un avis',
    vat: 'N° TVA',
    empty: 'Le menu est en préparation.',
    allergenHeading: 'Allergènes et filtres',
    filters: 'Allergènes et régimes',
    active: '{n} actifs',
    hideContaining: 'Masquer les plats contenant',
    hoursHeading: 'Horaires d’ouverture',
    closed: 'Fermé',
    openUntil: 'Ouvert · jusqu’à {t}',
    opensAt: 'Fermé · ouvre à {t}',
    closedToday: 'Fermé aujourd’hui',
    mayContain: 'Peut contenir des traces de',
    choose: { exactly: 'au choix : {n}', upTo: 'jusqu’à {n}', atLeast: 'au moins {n}', between: 'de {min} à {max}' },
    askWithout: 'Demandez sans : {list}',
    setChoices: 'Au choix :',
    hideTraces: 'Masquer aussi les plats pouvant en contenir des traces',
    onlyDietary: 'Afficher seulement les plats',
    apply: 'Appliquer',
    reset: 'Tout afficher',
    hidden: 'Plats masqués par le filtre : {n}',
    search: 'Rechercher dans la carte',
    noMatch: 'Aucun plat ne correspond.',
    legend: 'Légende des allergènes (règlement UE 1169/2011)',
    print: 'Version imprimable',
    description: 'La carte de {name} : {sections}. Allergènes et prix en {languages} langues.',
    short: {
      cereali_glutine: 'Gluten',
      crostacei: 'Crustacés',
      uova: 'Œufs',
      pesce: 'Poisson',
      arachidi: 'Arachides',
      soia: 'Soja',
      latte: 'Lait',
      frutta_guscio: 'Fruits à coque',
      sedano: 'Céleri',
      senape: 'Moutarde',
      sesamo: 'Sésame',
      solfiti: 'Sulfites',
      lupini: 'Lupin',
      molluschi: 'Mollusques',
    },
  },
  de: {
    menu: 'Speisekarte',
    language: 'Sprache',
    allergens: 'Allergene',
    noAllergens: 'Keine Allergene angegeben',
    recommended: 'Empfohlen',
    soldOut: 'Ausverkauft',
    live: {
      soldOut: '{name} ist ausverkauft',
      back: '{name} ist wieder verfügbar',
      price: '{name}: jetzt {price}',
      gone: '{name} ist nicht mehr auf der Karte',
      updated: 'Die Karte wurde aktualisiert',
      offline: 'Sie sind offline: Karte zuletzt vor {n} Minuten aktualisiert.',
      retry: 'Erneut versuchen',
    },
    reviews: 'Bewertung schreiben',
    vat: 'USt-IdNr.',
    empty: 'Die Speisekarte wird gerade vorbereitet.',
    allergenHeading: 'Allergene und Filter',
    filters: 'Allergene und Ernährung',
    active: '{n} aktiv',
    hideContaining: 'Gerichte ausblenden mit',
    hoursHeading: 'Öffnungszeiten',
    closed: 'Geschlossen',
    openUntil: 'Jetzt geöffnet · bis {t}',
    opensAt: 'Jetzt geschlossen · öffnet um {t}',
    closedToday: 'Heute geschlossen',
    mayContain: 'Kann Spuren enthalten von',
    choose: { exactly: '{n} wählen', upTo: 'bis zu {n}', atLeast: 'mindestens {n}', between: '{min} bis {max}' },
    askWithout: 'Bestellen Sie ohne: {list}',
    setChoices: 'Zur Auswahl:',
    hideTraces: 'Auch Gerichte ausblenden, die Spuren enthalten können',
    onlyDietary: 'Nur Gerichte zeigen, die sind',
    apply: 'Anwenden',
    reset: 'Alle zeigen',
    hidden: 'Vom Filter ausgeblendete Gerichte: {n}',
    search: 'Speisekarte durchsuchen',
    noMatch: 'Kein Gericht gefunden.',
    legend: 'Allergenkennzeichnung (EU-Verordnung 1169/2011)',
    print: 'Druckversion',
    description: 'Die Speisekarte von {name}: {sections}. Allergene und Preise in {languages} Sprachen.',
    short: {
      cereali_glutine: 'Gluten',
      crostacei: 'Krebstiere',
      uova: 'Eier',
      pesce: 'Fisch',
      arachidi: 'Erdnüsse',
      soia: 'Soja',
      latte: 'Milch',
      frutta_guscio: 'Schalenfrüchte',
      sedano: 'Sellerie',
      senape: 'Senf',
      sesamo: 'Sesam',
      solfiti: 'Sulfite',
      lupini: 'Lupinen',
      molluschi: 'Weichtiere',
    },
  },
  es: {
    menu: 'Carta',
    language: 'Idioma',
    allergens: 'Alérgenos',
    noAllergens: 'Sin alérgenos declarados',
    recommended: 'Recomendado',
    soldOut: 'Agotado',
    live: {
      soldOut: '{name} está agotado',
      back: '{name} vuelve a estar disponible',
      price: '{name}: ahora {price}',
      gone: '{name} ya no está en la carta',
      updated: 'La carta se ha actualizado',
      offline: 'Sin conexión: carta actualizada hace {n} minutos.',
      retry: 'Reintentar',
    },
    reviews: 'Deja una reseña',
    vat: 'NIF-IVA',
    empty: 'La carta está en preparación.',
    allergenHeading: 'Alérgenos y filtros',
    filters: 'Alérgenos y dietas',
    active: '{n} activos',
    hideContaining: 'Ocultar platos que contienen',
    hoursHeading: 'Horario',
    closed: 'Cerrado',
    openUntil: 'Abierto ahora · hasta las {t}',
    opensAt: 'Cerrado ahora · abre a las {t}',
    closedToday: 'Cerrado hoy',
    mayContain: 'Puede contener trazas de',
    choose: { exactly: 'elige {n}', upTo: 'hasta {n}', atLeast: 'al menos {n}', between: 'de {min} a {max}' },
    askWithout: 'Pide sin: {list}',
    setChoices: 'A elegir entre:',
    hideTraces: 'Ocultar también los platos que pueden contener trazas',
    onlyDietary: 'Mostrar solo platos',
    apply: 'Aplicar',
    reset: 'Mostrar todo',
    hidden: 'Platos ocultos por el filtro: {n}',
    search: 'Buscar en la carta',
    noMatch: 'Ningún plato coincide.',
    legend: 'Leyenda de alérgenos (Reglamento UE 1169/2011)',
    print: 'Versión para imprimir',
    description: 'La carta de {name}: {sections}. Alérgenos y precios en {languages} idiomas.',
    short: {
      cereali_glutine: 'Gluten',
      crostacei: 'Crustáceos',
      uova: 'Huevos',
      pesce: 'Pescado',
      arachidi: 'Cacahuetes',
      soia: 'Soja',
      latte: 'Leche',
      frutta_guscio: 'Frutos de cáscara',
      sedano: 'Apio',
      senape: 'Mostaza',
      sesamo: 'Sésamo',
      solfiti: 'Sulfitos',
      lupini: 'Altramuces',
      molluschi: 'Moluscos',
    },
  },
};
