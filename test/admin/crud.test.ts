// The admin CRUD contract (crud-contract.ts) over the menu resources: sections, dishes,
// sub-categories, wineries, option groups and options, on every dialect.
import { after, before, describe } from 'node:test';
import { NOON_UTC } from '../fixtures.js';
import { createTestApp, dialects, type TestApp } from '../helper.js';
import { type CrudResource, crudContract, firstSection } from './crud-contract.js';

const resources: CrudResource[] = [
  {
    name: 'categories',
    create: async () => ({ name: { it: 'Contorni', en: 'Sides' } }),
    label: (row) => row.name_translations.it,
    update: { body: { display_order: 99 }, changed: (row) => row.display_order, expected: 99 },
    patch: { body: { is_active: false }, changed: (row) => row.is_active, expected: false },
    required: 'name',
  },
  {
    name: 'items',
    create: async (r) => ({ category_id: await firstSection(r), name: { it: 'Bruschetta' }, price: 5 }),
    label: (row) => row.name_translations.it,
    update: { body: { price: 7.5 }, changed: (row) => row.price, expected: 7.5 },
    patch: { body: { is_recommended: true }, changed: (row) => row.is_recommended, expected: true },
    required: 'price',
  },
  {
    name: 'types',
    create: async (r) => ({ category_id: await firstSection(r), name: { it: 'Zuppe' } }),
    label: (row) => row.name_translations.it,
    update: { body: { display_order: 99 }, changed: (row) => row.display_order, expected: 99 },
    patch: { body: { is_active: false }, changed: (row) => row.is_active, expected: false },
    required: 'category_id',
  },
  {
    name: 'wineries',
    create: async () => ({ name: 'Cantina Nuova' }),
    label: (row) => row.name,
    update: { body: { region: 'Langhe' }, changed: (row) => row.region, expected: 'Langhe' },
    patch: { body: { country: 'Italia' }, changed: (row) => row.country, expected: 'Italia' },
    required: 'name',
  },
  {
    name: 'option-groups',
    table: 'option_groups',
    prepare: async (r) => void (await r.admin('POST', '/option-groups', { name: { it: 'Cottura' }, min_choices: 1 })),
    create: async () => ({ name: { it: 'Aggiunte', en: 'Add-ons' }, max_choices: 5 }),
    label: (row) => row.name_translations.it,
    update: { body: { min_choices: 1 }, changed: (row) => row.min_choices, expected: 1 },
    patch: { body: { is_active: false }, changed: (row) => row.is_active, expected: false },
    required: 'name',
  },
  {
    name: 'options',
    prepare: async (r) => {
      const group = await r.admin('POST', '/option-groups', {
        name: { it: 'Cottura' },
        min_choices: 1,
        max_choices: 1,
      });
      await r.admin('POST', '/options', { group_id: group.json.data.id, name: { it: 'Al sangue' } });
    },
    create: async (r) => {
      const group = await r.admin('POST', '/option-groups', { name: { it: 'Aggiunte' } });
      return { group_id: group.json.data.id, name: { it: 'Burrata' }, price_change: 3 };
    },
    label: (row) => row.name_translations.it,
    update: { body: { price_change: -1.5 }, changed: (row) => row.price_change, expected: -1.5 },
    patch: { body: { allergens: ['latte'] }, changed: (row) => row.allergens, expected: ['latte'] },
    required: 'group_id',
  },
];

for (const dialect of dialects) {
  describe(`admin CRUD contract (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 }, { now: () => NOON_UTC });
    });
    after(() => t.close());

    for (const resource of resources) {
      describe(`/api/v1/admin/${resource.name}`, () => crudContract(() => t, resource));
    }
  });
}
