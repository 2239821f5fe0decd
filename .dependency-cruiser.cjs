// Import rules of src/ (docs/ARCHITECTURE.md, "Layers"): `npm run lint` fails when one is broken.
// Layers, lowest first: runtime, i18n, db, http → catalog, tenants/tokens/users, plugins →
// resource modules → menu → page → routes.ts / app.ts / cli.ts.
const RESOURCES = 'src/resources/';
const FEATURES = 'src/(features|panel)/';
const ACCOUNTS = 'src/accounts/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle means two modules cannot be understood, tested or changed apart.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'resources-below-menu-and-page',
      severity: 'error',
      comment:
        'Resources own their rows, rules and views; the menu document and the page are composed on top of them, never the other way round.',
      from: { path: `^${RESOURCES}` },
      to: { path: '^src/features/(menu|page)/' },
    },
    {
      name: 'foundations-below-resources',
      severity: 'error',
      comment:
        'http, db, plugins, catalog and the account modules are what resources build on: they never import a resource or a feature (domain errors live in src/http/errors.ts).',
      from: { path: `^(src/(core|http|db|plugins|catalog|i18n|runtime)/|${ACCOUNTS})` },
      to: { path: `^(${RESOURCES}|${FEATURES})` },
    },
    {
      name: 'catalog-is-low-level',
      severity: 'error',
      comment: 'The snapshot layer (loading queries, visibility, clock, the write wrapper) knows only tenants among the modules.',
      from: { path: '^src/catalog/' },
      to: { path: '^src/(resources|features|panel|accounts/(?!tenants/))' },
    },
    {
      name: 'features-are-leaves',
      severity: 'error',
      comment:
        'Feature modules (menu document, page, analytics, docs, the admin panel...) are only assembled by the route table and the app, plus page → menu.',
      from: { path: '^src/(?:features|resources|accounts)/([^/]+)/', pathNot: '^src/features/page/' },
      to: { path: '^src/(features/(menu|page|docs)|panel)/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'panel-only-from-route-table',
      severity: 'error',
      comment: 'The admin panel calls the resources\' services; nothing calls the panel.',
      from: { path: '^src/', pathNot: ['^src/(app|routes)\\.ts$', '^src/panel/'] },
      to: { path: '^src/panel/' },
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
    exclude: { path: '^(node_modules|test|bench|scripts|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
