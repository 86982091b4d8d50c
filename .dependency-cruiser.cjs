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
  'marketing',
  'auth',
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
];
const FEATURES = '^packages/web/src/features/';

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
    // Server (packages/server/src): module ownership rules go here (e.g. a module's tables are used by that
    // module only). Keep the web section above untouched when adding them.
    // ─────────────────────────────────────────────────────────────────────────────────────────────────────
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
