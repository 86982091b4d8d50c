// The server's modules and what each declares it depends on, read from the registrations
// (packages/server/src/modules/<name>/<name>.module.ts, `dependsOn: [...]` written as a literal). Used by
// .dependency-cruiser.cjs (a module imports only the modules it declares) and by its test on a fixture tree.
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/** `{ name: [dependencies] }` of the modules under `root`/packages/server/src/modules. */
function declaredDependencies(root) {
  const dir = join(root, 'packages/server/src/modules');
  const graph = {};
  if (!existsSync(dir)) return graph;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name, `${entry.name}.module.ts`);
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const list = /dependsOn:\s*\[([^\]]*)\]/.exec(readFileSync(file, 'utf8'));
    if (!list) throw new Error(`${entry.name}.module.ts has no dependsOn: [...] list`);
    graph[entry.name] = [...list[1].matchAll(/'([^']+)'/g)].map((match) => match[1]);
  }
  return graph;
}

/**
 * One rule per module: it imports (values and types alike) only its own files and the modules its
 * registration declares in `dependsOn`. `buildModules` refuses a cycle in the declarations, so the imports
 * between modules cannot make one either.
 */
function declaredImportRules(root, { server, tests }) {
  const graph = declaredDependencies(root);
  return Object.entries(graph).map(([name, dependencies]) => ({
    name: 'server-module-imports-what-it-declares',
    severity: 'error',
    comment:
      'A module imports only the modules its registration lists in dependsOn (modules/<name>/<name>.module.ts), ' +
      'so the module graph in docs/architecture.md is the whole truth and has no cycle: to use another ' +
      'module, declare it; if that makes a cycle, invert the dependency (docs/decisions/071).',
    from: { path: `${server}modules/${name}/`, pathNot: tests },
    to: { path: `${server}modules/(?!(?:${[name, ...dependencies].join('|')})/)[^/]+/` },
  }));
}

module.exports = { declaredDependencies, declaredImportRules };
