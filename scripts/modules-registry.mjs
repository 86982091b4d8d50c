#!/usr/bin/env node
// `npm run modules`: writes packages/server/src/modules/registry.generated.ts, the list of the server's
// modules, from the folders that hold a `modules/<name>/<name>.module.ts` (docs/architecture.md, "Add a
// module"), and the module graph in docs/architecture.md from their `dependsOn`. `--check` fails when
// either is not what the folders say (scripts/test.mjs runs it).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = join(root, 'packages/server/src/modules');
export const REGISTRY = join(modulesDir, 'registry.generated.ts');
const ARCHITECTURE = join(root, 'docs/architecture.md');
const GRAPH_START = '<!-- module graph: written by `npm run modules` -->';
const GRAPH_END = '<!-- end of module graph -->';

/** The module folders that hold a registration, by name. */
function moduleNames() {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(join(modulesDir, entry.name, `${entry.name}.module.ts`)),
    )
    .map((entry) => entry.name)
    .sort();
}

/** A registration's `dependsOn: [...]`, read from its text (every registration writes it as a literal). */
function dependenciesOf(name) {
  const text = readFileSync(join(modulesDir, name, `${name}.module.ts`), 'utf8');
  const list = /dependsOn:\s*\[([^\]]*)\]/.exec(text);
  if (!list) throw new Error(`${name}.module.ts has no dependsOn: [...] list`);
  return [...list[1].matchAll(/'([^']+)'/g)].map((match) => match[1]);
}

/** docs/architecture.md with its module graph (mermaid) redrawn from the registrations. */
export function architectureText() {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const start = text.indexOf(GRAPH_START);
  const end = text.indexOf(GRAPH_END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md lacks the module graph markers`);
  const lines = ['```mermaid', 'graph BT'];
  for (const name of moduleNames()) {
    const dependencies = dependenciesOf(name);
    if (dependencies.length === 0) lines.push(`  ${name}`);
    for (const dependency of dependencies) lines.push(`  ${name} --> ${dependency}`);
  }
  lines.push('```');
  return `${text.slice(0, start + GRAPH_START.length)}\n\n${lines.join('\n')}\n\n${text.slice(end)}`;
}

/** The registry's text for the module folders as they are now. */
export function registryText() {
  const names = moduleNames();
  const identifier = (name) => name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
  return [
    '// Written by `npm run modules` (scripts/modules-registry.mjs) from the modules/<name>/<name>.module.ts files.',
    '// Do not edit: add a module folder with its registration and run the command.',
    ...names.map((name) => `import ${identifier(name)} from './${name}/${name}.module';`),
    '',
    '/** Every module of the server, by name; `buildModules` puts them in dependency order. */',
    'export const MODULES = [',
    ...names.map((name) => `  ${identifier(name)},`),
    '] as const;',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of [
    [REGISTRY, registryText()],
    [ARCHITECTURE, architectureText()],
  ]) {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (current === text) continue;
    if (process.argv.includes('--check')) {
      console.error(`${file} is out of date with the modules: run \`npm run modules\` and commit it.`);
      process.exit(1);
    }
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
  }
}
