// Import rules of src/ (docs/ARCHITECTURE.md, "Layers"): `npm run lint` fails when one is broken.
// Layers, lowest first: runtime, i18n, db, http → catalog, tenants/tokens/users, plugins →
// resource modules → menu → page → routes.ts / app.ts / cli.ts.
const RESOURCES = 'src/modules/(categories|items|types|wineries|settings|theme|admin|allergens)/';
const FEATURES = 'src/modules/(menu|page|analytics|docs|panel|media|sync|webhooks|audit|qr)/';
const ACCOUNTS = 'src/modules/(tenants|tokens|users)/';

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
      to: { path: '^src/modules/(menu|page)/' },
    },
    {
      name: 'foundations-below-resources',
      severity: 'error',
      comment:
        'http, db, plugins, catalog and the account modules are what resources build on: they never import a resource or a feature (domain errors live in src/http/errors.ts).',
      from: { path: `^(src/(http|db|plugins|catalog|i18n|runtime)/|${ACCOUNTS})` },
      to: { path: `^(${RESOURCES}|${FEATURES})` },
    },
    {
      name: 'catalog-is-low-level',
      severity: 'error',
      comment: 'The snapshot layer (loading queries, visibility, clock, the write wrapper) knows only tenants among the modules.',
      from: { path: '^src/catalog/' },
      to: { path: '^src/modules/(?!tenants/)' },
    },
    {
      name: 'features-are-leaves',
      severity: 'error',
      comment:
        'Feature modules (menu document, page, analytics, docs, the admin panel...) are only assembled by the route table and the app, plus page → menu.',
      from: { path: '^src/modules/([^/]+)/', pathNot: '^src/modules/(page|panel)/' },
      to: { path: '^src/modules/(menu|page|docs|panel)/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'panel-only-from-route-table',
      severity: 'error',
      comment: 'The admin panel calls the resources\' services; nothing calls the panel.',
      from: { path: '^src/', pathNot: ['^src/(app|routes)\\.ts$', '^src/modules/panel/'] },
      to: { path: '^src/modules/panel/' },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A source file nothing imports is dead code (browser files under assets/ are served, not imported).',
      from: {
        orphan: true,
        path: '^src/',
        pathNot: ['\\.d\\.ts$', '^src/(cli|server)\\.ts$', '\\.json$', '^src/modules/[^/]+/assets/'],
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
