// The words of the option groups' pages (groups, options, a dish's groups) and of a section's set-menu price, in the panel's two languages.
import type { PanelLocale } from '../context.js';

const en = {
  title: 'Options and add-ons',
  intro:
    'Groups of choices a dish can offer ("Add-ons", "Cooking"), defined once and picked on each dish’s form. Diners see them under the dish, with the price change.',
  none: 'No option groups yet.',
  addGroup: 'Add an option group',
  editGroup: (name: string) => `Option group: ${name}`,
  group: 'Group',
  groups: 'Option groups',
  nameIn: (language: string) => `Name (${language})`,
  minChoices: 'At least (how many a diner must pick)',
  minHint: '0: optional.',
  maxChoices: 'At most',
  maxHint: 'Empty: as many as the diner likes.',
  shown: 'Shown to diners',
  options: 'Options',
  noOptions: 'No options in this group yet: diners do not see it until it has one.',
  addOption: 'Add an option',
  newOption: 'New option',
  editOption: (name: string) => `Option: ${name}`,
  priceChange: (sign: string) => `Price change (${sign})`,
  priceChangeHint: 'Added to the dish’s price when chosen: 3 for +3, -1,5 for a cheaper choice, 0 or empty for none.',
  allergens: 'Allergens of this option',
  traces: 'May contain traces of',
  dietary: 'Dietary labels',
  rule: (min: number, max: number | null) =>
    max === null
      ? min === 0
        ? 'any number'
        : `at least ${min}`
      : min === max
        ? `exactly ${max}`
        : min === 0
          ? `up to ${max}`
          : `${min} to ${max}`,
  onDishes: (n: number) => `on ${n} dish${n === 1 ? '' : 'es'}`,
  detachWarning: (n: number) =>
    `This group is on ${n} dish${n === 1 ? '' : 'es'}: deleting it takes it off ${n === 1 ? 'that dish' : 'those dishes'} too.`,
  dishGroups: 'Options and add-ons',
  dishGroupsHint: 'Tick the groups this dish offers; diners see them under it, in this order.',
  manage: 'Edit the option groups',
  backToGroups: 'Options and add-ons',
  setPrice: (sign: string) => `Set menu price (${sign})`,
  setPriceHint:
    'A set menu ("Menu of the day 15 €"): the whole offer’s price; its notes say what it includes and its dishes are the choices, shown without a price. Empty: an ordinary section.',
};

export type OptionTexts = typeof en;

const it: OptionTexts = {
  title: 'Opzioni e aggiunte',
  intro:
    'Gruppi di scelte che un piatto può offrire («Aggiunte», «Cottura»), definiti una volta e scelti nella scheda di ogni piatto. I clienti li vedono sotto il piatto, con la variazione di prezzo.',
  none: 'Nessun gruppo di opzioni.',
  addGroup: 'Aggiungi un gruppo di opzioni',
  editGroup: (name) => `Gruppo di opzioni: ${name}`,
  group: 'Gruppo',
  groups: 'Gruppi di opzioni',
  nameIn: (language) => `Nome (${language})`,
  minChoices: 'Almeno (quante il cliente deve sceglierne)',
  minHint: '0: facoltativo.',
  maxChoices: 'Al massimo',
  maxHint: 'Vuoto: quante ne vuole.',
  shown: 'Visibile ai clienti',
  options: 'Opzioni',
  noOptions: 'Questo gruppo non ha ancora opzioni: i clienti non lo vedono finché non ne ha una.',
  addOption: 'Aggiungi un’opzione',
  newOption: 'Nuova opzione',
  editOption: (name) => `Opzione: ${name}`,
  priceChange: (sign) => `Variazione di prezzo (${sign})`,
  priceChangeHint:
    'Si aggiunge al prezzo del piatto se scelta: 3 per +3, -1,5 per una scelta più economica, 0 o vuoto per nessuna.',
  allergens: 'Allergeni di questa opzione',
  traces: 'Può contenere tracce di',
  dietary: 'Indicazioni dietetiche',
  rule: (min, max) =>
    max === null
      ? min === 0
        ? 'quante se ne vuole'
        : `almeno ${min}`
      : min === max
        ? `esattamente ${max}`
        : min === 0
          ? `fino a ${max}`
          : `da ${min} a ${max}`,
  onDishes: (n) => `su ${n} piatt${n === 1 ? 'o' : 'i'}`,
  detachWarning: (n) =>
    `Questo gruppo è su ${n} piatt${n === 1 ? 'o' : 'i'}: eliminandolo lo togli anche da ${n === 1 ? 'quel piatto' : 'quei piatti'}.`,
  dishGroups: 'Opzioni e aggiunte',
  dishGroupsHint: 'Spunta i gruppi che questo piatto offre; i clienti li vedono sotto il piatto, in quest’ordine.',
  manage: 'Modifica i gruppi di opzioni',
  backToGroups: 'Opzioni e aggiunte',
  setPrice: (sign) => `Prezzo del menu fisso (${sign})`,
  setPriceHint:
    'Un menu a prezzo fisso («Menu del giorno 15 €»): il prezzo dell’intera offerta; le note dicono cosa comprende e i piatti sono le scelte, mostrati senza prezzo. Vuoto: una sezione normale.',
};

export function optionTexts(locale: PanelLocale): OptionTexts {
  return locale === 'it' ? it : en;
}
