// Template menus a new restaurant can start from (trattoria, pizzeria, bar): a few sections of
// typical dishes with prices and allergens, named in the service's five languages, loaded through
// the whole-menu import (features/sync) as one write. Each row carries an `external_id`
// (`template:<kind>:…`), so loading the same template again updates it instead of doubling it.
import type { MenuDocument } from '../../features/sync/document.js';
import { LOCALES, type Locale } from '../../i18n/locales.js';

export const TEMPLATE_KINDS = ['trattoria', 'pizzeria', 'bar'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** A text in it, en, fr, de, es (LOCALES' order). */
type Words = readonly [string, string, string, string, string];
type Dish = readonly [key: string, name: Words, price: number, allergens: readonly string[]];
type Section = readonly [key: string, name: Words, dishes: readonly Dish[]];

const G = 'cereali_glutine';
const E = 'uova';
const M = 'latte';

const TEMPLATES: Record<TemplateKind, readonly Section[]> = {
  trattoria: [
    [
      'antipasti',
      ['Antipasti', 'Starters', 'Entrées', 'Vorspeisen', 'Entrantes'],
      [
        [
          'bruschetta',
          [
            'Bruschetta al pomodoro',
            'Tomato bruschetta',
            'Bruschetta à la tomate',
            'Bruschetta mit Tomaten',
            'Bruschetta de tomate',
          ],
          6,
          [G],
        ],
        [
          'tagliere',
          [
            'Tagliere di salumi e formaggi',
            'Cured meats and cheese board',
            'Planche de charcuterie et fromages',
            'Wurst- und Käseplatte',
            'Tabla de embutidos y quesos',
          ],
          14,
          [M],
        ],
        ['caprese', ['Caprese', 'Caprese salad', 'Salade caprese', 'Caprese-Salat', 'Ensalada caprese'], 9, [M]],
      ],
    ],
    [
      'primi',
      ['Primi', 'First courses', 'Premiers plats', 'Erste Gänge', 'Primeros platos'],
      [
        [
          'carbonara',
          [
            'Spaghetti alla carbonara',
            'Spaghetti carbonara',
            'Spaghetti à la carbonara',
            'Spaghetti Carbonara',
            'Espaguetis a la carbonara',
          ],
          12,
          [G, E, M],
        ],
        [
          'lasagne',
          ['Lasagne al forno', 'Baked lasagne', 'Lasagnes au four', 'Lasagne aus dem Ofen', 'Lasaña al horno'],
          13,
          [G, E, M, 'sedano'],
        ],
        [
          'risotto',
          [
            'Risotto ai funghi porcini',
            'Porcini mushroom risotto',
            'Risotto aux cèpes',
            'Steinpilzrisotto',
            'Risotto de boletus',
          ],
          14,
          [M, 'sedano'],
        ],
      ],
    ],
    [
      'secondi',
      ['Secondi', 'Main courses', 'Plats principaux', 'Hauptgerichte', 'Segundos platos'],
      [
        [
          'tagliata',
          [
            'Tagliata di manzo con rucola',
            'Sliced beef steak with rocket',
            'Tagliata de bœuf à la roquette',
            'Rindersteak in Scheiben mit Rucola',
            'Tagliata de ternera con rúcula',
          ],
          19,
          [],
        ],
        [
          'pollo',
          [
            'Pollo alla cacciatora',
            'Hunter-style chicken',
            'Poulet chasseur',
            'Huhn nach Jägerart',
            'Pollo a la cazadora',
          ],
          15,
          ['sedano'],
        ],
        [
          'branzino',
          [
            'Filetto di branzino al forno',
            'Baked sea bass fillet',
            'Filet de bar au four',
            'Gebackenes Wolfsbarschfilet',
            'Filete de lubina al horno',
          ],
          18,
          ['pesce'],
        ],
      ],
    ],
    [
      'dolci',
      ['Dolci', 'Desserts', 'Desserts', 'Desserts', 'Postres'],
      [
        ['tiramisu', ['Tiramisù', 'Tiramisu', 'Tiramisu', 'Tiramisu', 'Tiramisú'], 6, [G, E, M]],
        ['pannacotta', ['Panna cotta', 'Panna cotta', 'Panna cotta', 'Panna cotta', 'Panna cotta'], 5.5, [M]],
      ],
    ],
  ],
  pizzeria: [
    [
      'pizze',
      ['Pizze classiche', 'Classic pizzas', 'Pizzas classiques', 'Klassische Pizzen', 'Pizzas clásicas'],
      [
        ['margherita', ['Margherita', 'Margherita', 'Margherita', 'Margherita', 'Margarita'], 7, [G, M]],
        ['marinara', ['Marinara', 'Marinara', 'Marinara', 'Marinara', 'Marinara'], 6, [G]],
        [
          'diavola',
          [
            'Diavola',
            'Spicy salami pizza',
            'Pizza au salami piquant',
            'Pizza mit scharfer Salami',
            'Pizza de salami picante',
          ],
          8.5,
          [G, M],
        ],
        [
          'quattro-formaggi',
          ['Quattro formaggi', 'Four cheeses', 'Quatre fromages', 'Vier Käse', 'Cuatro quesos'],
          9.5,
          [G, M],
        ],
        ['capricciosa', ['Capricciosa', 'Capricciosa', 'Capricciosa', 'Capricciosa', 'Capricciosa'], 9.5, [G, M]],
      ],
    ],
    [
      'fritti',
      ['Fritti', 'Fried starters', 'Fritures', 'Frittiertes', 'Fritos'],
      [
        [
          'suppli',
          [
            'Supplì',
            'Supplì (rice croquette)',
            'Supplì (croquette de riz)',
            'Supplì (Reiskrokette)',
            'Supplì (croqueta de arroz)',
          ],
          2.5,
          [G, E, M],
        ],
        ['patatine', ['Patatine fritte', 'French fries', 'Frites', 'Pommes frites', 'Patatas fritas'], 4, []],
      ],
    ],
    [
      'bevande',
      ['Bevande', 'Drinks', 'Boissons', 'Getränke', 'Bebidas'],
      [
        [
          'birra',
          [
            'Birra alla spina 0,4 l',
            'Draught beer 0.4 l',
            'Bière pression 0,4 l',
            'Bier vom Fass 0,4 l',
            'Cerveza de barril 0,4 l',
          ],
          5,
          [G],
        ],
        ['acqua', ['Acqua minerale', 'Mineral water', 'Eau minérale', 'Mineralwasser', 'Agua mineral'], 2, []],
        [
          'bibita',
          ['Bibita in lattina', 'Soft drink (can)', 'Soda (canette)', 'Softdrink (Dose)', 'Refresco (lata)'],
          3,
          [],
        ],
      ],
    ],
  ],
  bar: [
    [
      'caffetteria',
      ['Caffetteria', 'Coffee', 'Cafés', 'Kaffee', 'Cafetería'],
      [
        ['espresso', ['Espresso', 'Espresso', 'Expresso', 'Espresso', 'Café solo'], 1.2, []],
        ['cappuccino', ['Cappuccino', 'Cappuccino', 'Cappuccino', 'Cappuccino', 'Capuchino'], 1.6, [M]],
        ['latte', ['Caffè latte', 'Caffè latte', 'Café au lait', 'Milchkaffee', 'Café con leche'], 1.8, [M]],
        ['te', ['Tè caldo', 'Hot tea', 'Thé chaud', 'Heißer Tee', 'Té caliente'], 2.5, []],
      ],
    ],
    [
      'colazione',
      ['Colazione', 'Breakfast', 'Petit-déjeuner', 'Frühstück', 'Desayuno'],
      [
        ['cornetto', ['Cornetto', 'Croissant', 'Croissant', 'Croissant', 'Cruasán'], 1.5, [G, E, M]],
        [
          'spremuta',
          [
            'Spremuta d’arancia',
            'Fresh orange juice',
            'Jus d’orange pressé',
            'Frisch gepresster Orangensaft',
            'Zumo de naranja natural',
          ],
          3.5,
          [],
        ],
      ],
    ],
    [
      'aperitivi',
      ['Aperitivi', 'Aperitifs', 'Apéritifs', 'Aperitifs', 'Aperitivos'],
      [
        ['spritz', ['Spritz', 'Spritz', 'Spritz', 'Spritz', 'Spritz'], 6, ['solfiti']],
        ['negroni', ['Negroni', 'Negroni', 'Negroni', 'Negroni', 'Negroni'], 8, []],
        ['vino', ['Calice di vino', 'Glass of wine', 'Verre de vin', 'Glas Wein', 'Copa de vino'], 5, ['solfiti']],
        ['tramezzino', ['Tramezzino', 'Sandwich', 'Sandwich', 'Sandwich', 'Sándwich'], 3.5, [G, E]],
      ],
    ],
  ],
};

/** A text in the restaurant's languages (the default one first: it is the one required). */
function named(words: Words, locales: readonly Locale[]): Record<string, string> {
  return Object.fromEntries(locales.map((l) => [l, words[LOCALES.indexOf(l)]!]));
}

/** The template as a whole-menu document in the restaurant's languages (its default one always). */
export function templateDocument(kind: TemplateKind, locales: readonly Locale[]): MenuDocument {
  return {
    sections: TEMPLATES[kind].map(([key, name, dishes], s) => ({
      external_id: `template:${kind}:${key}`,
      name: named(name, locales),
      display_order: s + 1,
      items: dishes.map(([dish, dishName, price, allergens], d) => ({
        external_id: `template:${kind}:${key}:${dish}`,
        name: named(dishName, locales),
        price,
        allergens: [...allergens],
        display_order: d + 1,
      })),
    })),
  };
}

export function isTemplateKind(value: unknown): value is TemplateKind {
  return TEMPLATE_KINDS.includes(value as TemplateKind);
}
