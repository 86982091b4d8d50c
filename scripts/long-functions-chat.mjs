// Lists function-like nodes longer than a number of lines (default 100) in the given TypeScript files:
//   node scripts/long-functions-chat.mjs [--min N] file.ts…
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const args = process.argv.slice(2);
const minAt = args.indexOf('--min');
const min = minAt >= 0 ? Number(args.splice(minAt, 2)[1]) : 100;

const rows = [];
for (const file of args) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const name = node.name?.getText() ?? node.parent?.name?.getText?.() ?? '(anonymous)';
      if (end - start + 1 >= min) rows.push({ lines: end - start + 1, where: `${file}:${start}`, name });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
rows.sort((a, b) => b.lines - a.lines);
for (const r of rows) console.log(`${String(r.lines).padStart(5)}  ${r.name}  ${r.where}`);
if (rows.length === 0) console.log(`no function of ${min} lines or more`);
