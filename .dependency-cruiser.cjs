// Import rules of src/ (docs/ARCHITECTURE.md, "Layers"): `npm run lint` fails when one is broken.
//
// ONE rule: a folder imports only the folders below it in FLOORS (lowest first), never one on its
// own floor or above, except the few imports named in EXCEPTIONS with their reason. Folders that
// share a floor are independent of each other. test/unit/layers.test.ts injects upward imports
// into a copy and checks that this configuration refuses them.

/** Lowest first. Each entry is one floor: the folders (or top-level files) on it. */
const FLOORS = [
  ['runtime', 'i18n'], // process plumbing (announcements, tick shape); words and messages: import nothing from src/
  ['core'], // the typed errors every layer throws (their messages come from i18n)
  ['config.ts'], // the environment, parsed once
  ['db'], // connection, migrations, row types
  ['http'], // envelopes, validation, the error map
  ['accounts/users'], // admin users, passwords, sessions
  ['accounts/tokens', 'accounts/tenants'], // API tokens (issued to users); restaurants and their addresses
  ['plugins'], // request stages: tenant, rate limit, auth, swagger
  ['catalog'], // the per-tenant snapshot and writeMenu
  ['resources/crud', 'resources/media', 'resources/allergens', 'resources/dietary'], // building blocks of resources
  ['resources/wineries', 'resources/options'], // option groups and their options
  ['resources/types'],
  ['resources/items'], // dishes carry their winery
  ['resources/categories', 'resources/settings', 'resources/theme'], // sections hold dishes and types
  ['features/ops', 'features/docs', 'features/qr', 'features/audit', 'features/webhooks', 'features/analytics', 'features/sync', 'features/translations'],
  ['features/menu'], // the /menu document, composed from the resources
  ['features/page'], // the public page, rendered from the /menu document
  ['seed', 'panel', 'backup'], // the demo data; the owners' panel (its theme preview renders the page); menu backup/restore
  ['routes.ts'], // the route table
  ['app.ts'], // buildApp
  ['server.ts'], // listen, cluster
  ['cli.ts'], // the menu command
];

/** Imports allowed against the floors, each with its reason. Keep this list short. */
const EXCEPTIONS = [
  {
    from: 'panel',
    to: 'backup/tenant.ts',
    reason: 'the operator console offers a restaurant\'s export (the file of menu backup --tenant) before erasing it',
  },
];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pathOf = (name) => (name.endsWith('.ts') ? `^src/${escape(name)}$` : `^src/${escape(name)}/`);
const anyOf = (names) => names.map(pathOf).join('|');

const floorRules = FLOORS.flatMap((floor, i) =>
  floor.flatMap((name) => {
    const sameFloor = floor.filter((other) => other !== name);
    const forbidden = [...sameFloor, ...FLOORS.slice(i + 1).flat()];
    if (forbidden.length === 0) return []; // the top floor may import anything below it
    return {
      name: `floor:${name}`,
      severity: 'error',
      comment: `${name} imports only the floors below it (see FLOORS in .dependency-cruiser.cjs).`,
      from: { path: pathOf(name) },
      to: {
        path: anyOf(forbidden),
        pathNot: EXCEPTIONS.filter((e) => e.from === name).map((e) => pathOf(e.to)),
      },
    };
  }),
);

module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: 'on-a-floor',
      severity: 'error',
      comment: 'Every source folder has a floor: add a new folder to FLOORS in .dependency-cruiser.cjs.',
      from: { path: '^src/', pathNot: anyOf(FLOORS.flat()) },
      to: {},
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle means two modules cannot be understood, tested or changed apart.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A source file nothing imports is dead code (browser files under assets/ are served, not imported).',
      from: {
        orphan: true,
        path: '^src/',
        pathNot: ['\\.d\\.ts$', '^src/(cli|server)\\.ts$', '\\.json$', '^src/(features/[^/]+|panel)/assets/'],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|test|bench|scripts|dist|\\.test-build)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
