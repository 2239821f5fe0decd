// Builds the benchmark's menu (~300 dishes in 5 locales, derived from the demo restaurant) in a fresh SQLite file.

import { createTenant } from '../src/accounts/tenants/service.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { fillRestaurant } from '../src/seed/demo.js';
import { demoRestaurant } from '../src/seed/demo-data.js';
import type { DemoDish, DemoRestaurant, DemoSection, DemoText } from '../src/seed/demo-types.js';

export const BENCH_SLUG = 'bench';
export const BENCH_BASE_DOMAIN = 'localhost';
/** The Host header every request to the app carries. */
export const BENCH_HOST = `${BENCH_SLUG}.${BENCH_BASE_DOMAIN}`;

const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

export interface FixtureFacts {
  /** Dishes stored, active or not. */
  dishes: number;
  activeDishes: number;
  /** Sections and sub-sections stored. */
  sections: number;
  /** How many copies of the demo menu were made. */
  copies: number;
  locales: number;
}

function suffixed(text: DemoText, suffix: string): DemoText {
  return Object.fromEntries(Object.entries(text).map(([locale, value]) => [locale, `${value}${suffix}`])) as DemoText;
}

function countDishes(sections: DemoSection[]): { all: number; active: number; sections: number } {
  let all = 0;
  let active = 0;
  let count = 0;
  for (const section of sections) {
    const inner = countDishes(section.children ?? []);
    all += section.dishes.length + inner.all;
    active += section.dishes.filter((d) => d.active !== false).length + inner.active;
    count += 1 + inner.sections;
  }
  return { all, active, sections: count };
}

function copyDish(dish: DemoDish, copy: number): DemoDish {
  return {
    ...dish,
    name: suffixed(dish.name, ROMAN[copy]),
    // Prices differ a little too, so no two copies serialize identically.
    price: Math.round((dish.price + copy * 0.5) * 100) / 100,
  };
}

function copySection(section: DemoSection, copy: number): DemoSection {
  return {
    ...section,
    key: copy === 0 ? section.key : `${section.key}-${copy + 1}`,
    name: suffixed(section.name, ROMAN[copy]),
    // A time window stays (so the open-set check runs on every request) but covers the whole day
    // (start = end), so what is served, and therefore the figures, does not depend on the hour.
    ...(section.window ? { window: { start: section.window.start, end: section.window.start } } : {}),
    // Sub-category keys are local to their section, so each copy keeps them as they are.
    types: section.types?.map((t) => ({ ...t })),
    dishes: section.dishes.map((d) => copyDish(d, copy)),
    children: section.children?.map((c) => copySection(c, copy)),
  };
}

/** The demo restaurant with its sections repeated until the menu holds about `targetDishes` dishes. */
export function benchRestaurant(targetDishes = 300): { restaurant: DemoRestaurant; facts: FixtureFacts } {
  const perCopy = countDishes(demoRestaurant.sections).all;
  const copies = Math.min(ROMAN.length, Math.max(1, Math.round(targetDishes / perCopy)));
  const sections: DemoSection[] = [];
  for (let copy = 0; copy < copies; copy++) sections.push(...demoRestaurant.sections.map((s) => copySection(s, copy)));
  // Wineries are shared by every copy: dishes point at them by the same keys.
  const restaurant: DemoRestaurant = { ...demoRestaurant, slug: BENCH_SLUG, sections };
  const counted = countDishes(sections);
  return {
    restaurant,
    facts: {
      dishes: counted.all,
      activeDishes: counted.active,
      sections: counted.sections,
      copies,
      locales: restaurant.settings.supported_locales.length,
    },
  };
}

/** Creates, migrates and fills the SQLite database at `file`, then closes it. */
export async function createFixtureDatabase(file: string, targetDishes = 300): Promise<FixtureFacts> {
  const { restaurant, facts } = benchRestaurant(targetDishes);
  const handle = openDatabase(`sqlite:${file}`);
  try {
    await migrateToLatest(handle);
    await createTenant(handle.db, { slug: BENCH_SLUG, name: restaurant.settings.name }, BENCH_BASE_DOMAIN, (trx, id) =>
      fillRestaurant(trx, id, restaurant),
    );
  } finally {
    await handle.close();
  }
  return facts;
}
