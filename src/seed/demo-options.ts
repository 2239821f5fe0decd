// The demo restaurant's option groups: add-ons with a price, and a choice of cooking (exactly one).
import type { DemoOptionGroup } from './demo-types.js';

export const demoOptionGroups: DemoOptionGroup[] = [
  {
    key: 'aggiunte',
    name: { it: 'Aggiunte', en: 'Add-ons', fr: 'Suppléments', de: 'Extras', es: 'Extras' },
    min: 0,
    max: 3,
    options: [
      {
        name: {
          it: 'Acciughe del Cantabrico',
          en: 'Cantabrian anchovies',
          fr: 'Anchois de Cantabrie',
          de: 'Kantabrische Sardellen',
          es: 'Anchoas del Cantábrico',
        },
        price_change: 1.5,
        allergens: ['pesce'],
      },
      {
        name: { it: 'Burrata', en: 'Burrata', fr: 'Burrata', de: 'Burrata', es: 'Burrata' },
        price_change: 3,
        allergens: ['latte'],
        dietary: ['vegetarian'],
      },
      {
        name: {
          it: 'Parmigiano Reggiano 24 mesi',
          en: 'Parmigiano Reggiano, aged 24 months',
          fr: 'Parmigiano Reggiano 24 mois',
          de: 'Parmigiano Reggiano, 24 Monate gereift',
          es: 'Parmigiano Reggiano 24 meses',
        },
        price_change: 1,
        allergens: ['latte'],
        dietary: ['vegetarian'],
      },
    ],
  },
  {
    key: 'cottura',
    name: { it: 'Cottura', en: 'Cooking', fr: 'Cuisson', de: 'Garstufe', es: 'Punto de cocción' },
    min: 1,
    max: 1,
    options: [
      { name: { it: 'Al sangue', en: 'Rare', fr: 'Saignant', de: 'Blutig', es: 'Poco hecha' }, price_change: 0 },
      { name: { it: 'Media', en: 'Medium', fr: 'À point', de: 'Medium', es: 'Al punto' }, price_change: 0 },
      {
        name: { it: 'Ben cotta', en: 'Well done', fr: 'Bien cuit', de: 'Durchgebraten', es: 'Muy hecha' },
        price_change: 0,
      },
    ],
  },
];

/** Which dishes (by Italian name) carry which groups, in order. */
export const demoDishGroups: Record<string, string[]> = {
  'Burrata con pomodorini e pesto': ['aggiunte'],
  'Tagliatelle al ragù': ['aggiunte'],
  'Tagliata di manzo': ['cottura', 'aggiunte'],
};
