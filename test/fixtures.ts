// Small, fully known restaurants for tests (the demo seed is too big to reason about by hand).

import { createTenant } from '../src/accounts/tenants/service.js';
import type { Db } from '../src/db/connect.js';
import { fillRestaurant } from '../src/seed/demo.js';
import type { DemoRestaurant, DemoText } from '../src/seed/demo-types.js';

const t = (it: string, en?: string): DemoText => ({ it, ...(en ? { en } : {}) }) as DemoText;

/** Winter in Rome is UTC+1: 12:00Z is 13:00 there (aperitivo closed), 17:30Z is 18:30 (open). */
export const NOON_UTC = Date.UTC(2026, 10, 21, 12, 0);
export const EVENING_UTC = Date.UTC(2026, 10, 21, 17, 30);

export function fixtureRestaurant(slug: string, label = 'Osteria'): DemoRestaurant {
  return {
    slug,
    settings: {
      name: `${label} ${slug}`,
      logo_url: 'https://example.test/logo.png',
      cover_image_url: null,
      cover_charge_text: 'Coperto 2 €',
      allergen_info: 'Chiedere al personale.',
      review_url: 'https://example.test/review',
      recommended_label: 'Consigliato',
      business_name: `${label} S.r.l.`,
      vat_number: 'IT01234567890',
      address: 'Via Roma 1, Bologna',
      phone: '+39 051 000000',
      email: 'info@example.test',
      default_locale: 'it',
      supported_locales: ['it', 'en', 'fr', 'de', 'es'],
      timezone: 'Europe/Rome',
    },
    theme: {
      primary_color: '#112233',
      secondary_color: '#445566',
      accent_color: '#778899',
      background_color: '#FFFFFF',
      text_color: '#000000',
      font_family: 'Georgia, serif',
      font_url: '/fonts/georgia.css',
      border_radius: '4px',
      layout_variant: 'cards',
      header_style: 'minimal',
      footer_text: 'Grazie',
    },
    wineries: [
      {
        key: 'cantina',
        name: `Cantina ${label}`,
        region: 'Piemonte',
        country: 'Italia',
        description: t('Cantina storica', 'Historic winery'),
        website_url: 'https://cantina.example.test',
      },
    ],
    sections: [
      {
        key: 'antipasti',
        menu_type: 'standard',
        name: t('Antipasti', 'Starters'),
        notes: 'Pane fatto in casa',
        dishes: [
          {
            name: t(`Bruschetta ${label}`, `Bruschetta ${label}`),
            description: t('Pane tostato e pomodoro', 'Toasted bread and tomato'),
            price: 6.5,
            allergens: ['cereali_glutine'],
            recommended: true,
          },
          { name: t('Caprese'), description: t('Mozzarella di bufala e basilico'), price: 9, allergens: ['latte'] },
          { name: t('Fiori fritti'), description: t('Fiori di zucca'), price: 7, allergens: [], active: false },
        ],
      },
      {
        key: 'vini',
        menu_type: 'wine',
        name: t('Vini', 'Wines'),
        dishes: [],
        children: [
          {
            key: 'rossi',
            menu_type: 'wine',
            name: t('Rossi', 'Reds'),
            dishes: [
              {
                name: t('Barolo'),
                description: t('Nebbiolo in purezza', 'Pure Nebbiolo'),
                price: 48,
                allergens: ['solfiti'],
                winery: 'cantina',
              },
            ],
          },
        ],
      },
      {
        key: 'primi',
        menu_type: 'standard',
        name: t('Primi', 'First courses'),
        show_subcategories: true,
        types: [
          { key: 'pasta', name: t('Pasta', 'Pasta') },
          { key: 'risotti', name: t('Risotti', 'Risottos') },
        ],
        dishes: [
          {
            name: t('Cacio e pepe'),
            description: t('Pecorino romano e pepe nero', 'Pecorino cheese and black pepper'),
            price: 12,
            allergens: ['cereali_glutine', 'latte'],
            type: 'pasta',
          },
          {
            name: t('Risotto ai funghi', 'Mushroom risotto'),
            description: t('Porcini e parmigiano', 'Porcini and parmesan'),
            price: 14.25,
            allergens: ['latte'],
            type: 'risotti',
            recommended: true,
          },
        ],
      },
      {
        key: 'aperitivo',
        menu_type: 'standard',
        name: t('Aperitivo'),
        window: { start: '17:00', end: '20:00' },
        dishes: [{ name: t('Spritz'), description: t('Aperol e prosecco'), price: 7, allergens: ['solfiti'] }],
      },
      {
        key: 'dolci',
        menu_type: 'standard',
        name: t('Dolci', 'Desserts'),
        dishes: [
          { name: t('Tiramisù'), description: t('Mascarpone e caffè'), price: 6, allergens: ['uova', 'latte'] },
          { name: t('Caffè', 'Coffee'), description: t('Espresso 100% arabica'), price: 1.5, allergens: [] },
        ],
      },
    ],
  };
}

/** Creates tenant `slug` with the fixture menu; returns its id. */
export async function createFixtureTenant(db: Db, slug: string, label?: string): Promise<number> {
  const restaurant = fixtureRestaurant(slug, label);
  return createTenant(db, { slug, name: restaurant.settings.name }, 'localhost', (trx, id) =>
    fillRestaurant(trx, id, restaurant),
  );
}
