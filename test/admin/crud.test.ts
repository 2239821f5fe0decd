// The admin CRUD contract (crud-contract.ts) over the four menu resources: sections, dishes,
// sub-categories and wineries, on every dialect.
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
