#!/usr/bin/env node
// Lists function-like nodes (declarations, expressions, arrows, methods, accessors) longer than a
// threshold, longest first. A factory closure counts as one function, so a 1,000-line service
// factory shows up here even when each inner function is short.
//
//   node scripts/long-functions.mjs                       # packages/server/src and packages/web/src, over 100 lines
//   node scripts/long-functions.mjs --min 150 packages/server/src/modules/projects
//
// Tests are included (a long test is worth seeing too); packages/domain/src/mesh (the binary readers)
// is left out when packages/domain is named.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
let min = 100;
const roots = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--min') min = Number(args[++i]);
  else roots.push(args[i]);
}
if (roots.length === 0) roots.push('packages/server/src', 'packages/web/src');
if (!Number.isFinite(min) || min < 1) throw new Error('--min takes a positive number of lines');

const EXCLUDED = [/node_modules/, /(^|\/)dist\//, /packages\/domain\/src\/mesh\//];

function* sourceFiles(path) {
  if (EXCLUDED.some((re) => re.test(path))) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* sourceFiles(join(path, entry));
  } else if (/\.(ts|tsx|mts|cts)$/.test(path) && !path.endsWith('.d.ts')) {
    yield path;
  }
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent))
    return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '(anonymous)';
}

const rows = [];
for (const root of roots) {
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
        const lines = end - start + 1;
        if (lines > min)
          rows.push({ lines, where: `${relative(process.cwd(), file)}:${start}`, name: nameOf(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

rows.sort((a, b) => b.lines - a.lines || a.where.localeCompare(b.where));
for (const row of rows) console.log(`${String(row.lines).padStart(5)}  ${row.where}  ${row.name}`);
console.log(`${rows.length} function${rows.length === 1 ? '' : 's'} over ${min} lines`);
