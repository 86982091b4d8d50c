// Module boundaries of the monorepo, checked by `npm run lint` and by scripts/test.mjs ('module boundaries'):
//   npx depcruise packages/web/src packages/server/src --config .dependency-cruiser.cjs
// See docs/decisions/017-web-module-boundaries.md. Rules are grouped by package: add a package's rules in its
// own section below, with the same shape (name, severity 'error', a comment saying why).

/**
 * The web's features, each allowed to import only the features listed BEFORE it. Any cycle between features
 * (projects -> chat -> projects, even through different files and folders) then breaks a rule. Any order
 * without cycles can be written this way: when a new import needs a later feature, move that feature up if
 * it does not import the first one (else it is a cycle: move what both need to src/lib, src/components or
 * @facet/domain, or invert the dependency with props, children or render callbacks).
 */
const WEB_FEATURES = [
  'status',
  'notifications',
  'billing',
  'marketing',
  'auth',
  'identity',
  'onboarding',
  'account',
  'chat',
  'designers',
  'produce',
  'projects',
  'dashboard',
  'design',
  'commerce',
  'orders',
  'ops-catalog',
  'ops',
];
const { declaredImportRules } = require('./scripts/server-module-graph.cjs');

const FEATURES = '^packages/web/src/features/';

const SERVER = '^packages/server/src/';
/** Tests and their kits: they may arrange rows in any module's tables. */
const SERVER_TESTS =
  '(\\.test|[.-]test-(helper|kit|payloads)|cluster-kit)\\.ts$|^packages/server/src/(test|fault)/';
const TABLES = '[^/]+\\.tables\\.ts$';
/** What a module lets others import: its service (and its types), its reads, its contracts, its tables (for foreign keys). */
const PUBLIC_FILES = '[^/]+\\.(service|reads|contract|tables)\\.ts$';

function featureOrderRules() {
  const comment =
    'Web features use each other one way only, in the order of WEB_FEATURES in this file: a feature ' +
    'importing a later one is how cycles start (docs/decisions/017-web-module-boundaries.md).';
  const rules = WEB_FEATURES.slice(0, -1).map((feature, index) => ({
    name: 'no-feature-cycles',
    severity: 'error',
    comment,
    from: { path: `${FEATURES}${feature}/` },
    to: { path: `${FEATURES}(${WEB_FEATURES.slice(index + 1).join('|')})/` },
  }));
  const known = `(${WEB_FEATURES.join('|')})/`;
  rules.push({
    name: 'no-feature-cycles',
    severity: 'error',
    comment: 'Every web feature is listed in WEB_FEATURES (in this file), so the order above covers it.',
    from: { path: FEATURES },
    to: { path: `${FEATURES}(?!${known})` },
  });
  return rules;
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ─────────────────────────────────────────────────────────────────────────────────────────────────────
    // Web (packages/web/src)
    // ─────────────────────────────────────────────────────────────────────────────────────────────────────
    ...featureOrderRules(),
    {
      name: 'web-shared-not-to-features',
      severity: 'error',
      comment:
        'Shared web code (lib, components, config, testing, api) serves every feature, so it must not depend on ' +
        'one; the app shell (src/app) and pages compose features.',
      from: { path: '^packages/web/src/(lib|components|config|testing|api)/' },
      to: { path: '^packages/web/src/features/' },
    },

    // ─────────────────────────────────────────────────────────────────────────────────────────────────────
    // Server (packages/server/src): every table has one owner, the module (or platform part) whose folder
    // holds its `*.tables.ts`; only that folder uses it. Written over folder names, so a new module under
    // src/modules/<name>/ gets the rules without an edit here (docs/decisions/019-one-owner-per-table.md).
    // ─────────────────────────────────────────────────────────────────────────────────────────────────────
    {
      name: 'server-table-owner',
      severity: 'error',
      comment:
        "A module uses its own tables only. For another module's data call that module's service, or a query " +
        'it exports for the purpose (its *.queries.ts); the tables files themselves may reference each other ' +
        'for foreign keys. Tests may arrange rows in any table.',
      from: { path: `${SERVER}(modules|platform)/([^/]+)/`, pathNot: [SERVER_TESTS, TABLES] },
      to: { path: `${SERVER}(modules|platform)/[^/]+/${TABLES}`, pathNot: `${SERVER}$1/$2/` },
    },
    {
      name: 'server-reads-are-leaves',
      severity: 'error',
      comment:
        "A module's *.reads.ts (what other modules may read of its tables) imports nothing from another " +
        'module, so reading across modules never makes a cycle between them.',
      from: { path: `${SERVER}modules/([^/]+)/[^/]+\\.reads\\.ts$` },
      to: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/$1/` },
    },
    {
      name: 'server-platform-not-modules',
      severity: 'error',
      comment:
        'The platform (src/platform) is what every module is built on: it never imports a module. A part ' +
        "that needs a module's data or service belongs to that module, or takes it as a port that the module " +
        'plugs in when it is built (docs/decisions/071).',
      from: { path: `${SERVER}platform/`, pathNot: SERVER_TESTS },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'server-module-public-files',
      severity: 'error',
      comment:
        "Another module may import a module's public files only: its *.service.ts (the service and its types), " +
        'its *.reads.ts, its *.contract.ts (schemas and replies others share) and, from a *.tables.ts for a ' +
        'foreign key, its *.tables.ts. The rest (routes, queries, stores, mappers) can change freely.',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: SERVER_TESTS },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: [`${SERVER}modules/$1/`, PUBLIC_FILES] },
    },
    ...declaredImportRules(__dirname, { server: SERVER, tests: SERVER_TESTS }),
    {
      name: 'server-tables-in-modules-only',
      severity: 'error',
      comment:
        'Code outside a module folder (app.ts, flat platform files) reaches data through a module, never a ' +
        'table; db/ (client, seed, migrations) and demo/ (the demo data, like a test arranging rows) are the ' +
        'exceptions.',
      from: {
        path: SERVER,
        pathNot: [`${SERVER}(modules|platform)/[^/]+/`, `${SERVER}db/`, `${SERVER}demo/`, SERVER_TESTS],
      },
      to: { path: TABLES },
    },
    {
      name: 'server-demo-stays-out',
      severity: 'error',
      comment:
        'The demo (src/demo: published logins, sample projects and money) is run by the start-up default and ' +
        "the operator's seed-demo only; a module or the platform importing it would ship it as a feature.",
      from: { path: `${SERVER}(modules|platform|db)/`, pathNot: SERVER_TESTS },
      to: { path: `${SERVER}demo/` },
    },
    {
      name: 'server-cli-starts-no-server',
      severity: 'error',
      comment:
        "The operator's command (src/cli) opens the database and the services it needs, never the HTTP " +
        'server (app.ts, main.ts, routes), the real-time server, or the job workers and schedules that the ' +
        '*.jobs.ts registrations start (docs/decisions/055-operators-command.md). Its tests may build the app.',
      from: { path: `${SERVER}cli/`, pathNot: SERVER_TESTS },
      to: {
        path: [
          `${SERVER}(app|main)\\.ts$`,
          `${SERVER}modules/chat/realtime`,
          '\\.routes\\.ts$',
          '\\.jobs\\.ts$',
        ],
      },
    },
    {
      name: 'server-schema-index-in-db-only',
      severity: 'error',
      comment:
        'db/schema/index.ts gathers every table for drizzle-kit and the client; importing it elsewhere would ' +
        "reach every module's tables at once.",
      from: { path: SERVER, pathNot: [`${SERVER}db/`, SERVER_TESTS] },
      to: { path: `${SERVER}db/schema/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Dynamic imports are left out: they are the app shell's lazy routes (src/app/router.tsx loads every page),
    // and counting them would put src/app, which features use for useAuth, inside every cycle.
    exclude: { path: ['node_modules', '(^|/)dist/'], dynamic: true },
    // type-only imports count: a cycle of types is still two modules that cannot change apart
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
