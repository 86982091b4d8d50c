import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

/**
 * Adding a production stage (docs/architecture.md, "How to change it: add a production stage"): the row in
 * `@facet/domain/workflow` PRODUCTION_STAGES is all the code needs, except what only a person can decide.
 * This test adds a stage between CASTING and POLISH to a copy of the table held in memory, type-checks every
 * source file that uses the stages against it (the server's and the web's, each with its own compiler
 * options) and expects the one site that must be written by hand to fail: the customer's mail for the new
 * stage. Every other site derives from the table and still compiles. (The database's half, the migration
 * adding the code to `production_stages`, is checked by db/migrations.test.ts.)
 */

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const TABLE = join(repo, 'packages/domain/src/workflow/production-line.ts');
const STAGE_USE =
  /PRODUCTION_(STAGES|LINE)|StageCode|StageWire|stageByWire|stageLabel|stageWire|readStage|orderStageOf|FIRST_STAGE|LAST_STAGE|CANCELLED_STAGE|stageMoveAllowed|allRefundable|stageIndex|productionStage/;

/** The table as a developer would change it: a row after CASTING, and CASTING moving on to it. */
function withStoneSetting(source: string): string {
  const row =
    "  { code: 'setting', label: 'STONE SETTING', wire: 8, next: 'polish', refundable: false, alwaysMailed: false },\n";
  const moved = source.replace(/(\{ code: 'casting',[^}]*?next: )'polish'/, "$1'setting'");
  const added = moved.replace(/^(\s*\{ code: 'polish')/m, `${row}$1`);
  if (moved === source || added === moved) throw new Error('the table no longer looks as this test expects');
  return added;
}

/** Source files (not tests) of a package that use the stages. */
function stageUsers(pkg: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['test', 'testing', 'node_modules', 'fault'].includes(entry.name)) walk(path);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(entry.name) &&
        path !== TABLE &&
        STAGE_USE.test(readFileSync(path, 'utf8'))
      ) {
        found.push(path);
      }
    }
  };
  walk(join(repo, 'packages', pkg, 'src'));
  return found;
}

const programs = new Map<string, ts.Program>();

/**
 * Type errors in `files` (by file, relative to the repo, with their messages), each file in `replaced` read
 * with its replacement text. `also` are files the program needs but that are not checked (declarations).
 */
function typeErrors(pkg: string, files: string[], replaced: Map<string, string>, also: string[] = []) {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(repo, 'packages', pkg, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  // the domain read as source (no project references), nothing written
  const options: ts.CompilerOptions = {
    ...config.options,
    noEmit: true,
    composite: false,
    declaration: false,
    emitDeclarationOnly: false,
    incremental: false,
    rootDir: undefined,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => {
    const text = replaced.get(name);
    return text === undefined
      ? getSourceFile(name, language, ...rest)
      : ts.createSourceFile(name, text, language);
  };
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => replaced.get(name) ?? readFile(name);
  // the package's previous program lends the files that did not change
  const program = ts.createProgram({
    rootNames: [...files, ...also, TABLE],
    options,
    host,
    oldProgram: programs.get(pkg),
  });
  programs.set(pkg, program);
  const errors: Record<string, string[]> = {};
  for (const file of [...files, TABLE]) {
    const source = program.getSourceFile(file)!;
    for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      (errors[relative(repo, file)] ??= []).push(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    }
  }
  return errors;
}

describe('adding a production stage', { timeout: 300_000 }, () => {
  const table = withStoneSetting(readFileSync(TABLE, 'utf8'));

  test('the server: only the stage mail is missing, and the type check says so', () => {
    const files = [...stageUsers('server'), ...stageUsers('domain')];
    // the orders module, the dashboards and the mails all read the table
    expect(files.map((f) => relative(repo, f))).toEqual(
      expect.arrayContaining([
        'packages/server/src/modules/orders/orders.views.ts',
        'packages/server/src/modules/orders/orders.production.ts',
        'packages/server/src/modules/orders/orders.routes.ts',
        'packages/server/src/modules/dashboard/dashboard.service.ts',
        'packages/server/src/modules/notifications/templates.ts',
        'packages/domain/src/notifications/catalog.ts',
      ]),
    );
    // app.ts declares the app's context on Fastify
    const errors = typeErrors('server', files, new Map([[TABLE, table]]), [
      join(repo, 'packages/server/src/app.ts'),
    ]);
    expect(errors).toEqual({
      'packages/server/src/modules/notifications/templates.ts': [
        expect.stringMatching(/^Property 'setting' is missing/),
      ],
    });
  });

  test('the web: the board, the timeline and the labels follow the table once the API types are made again', () => {
    const files = stageUsers('web');
    expect(files.map((f) => relative(repo, f))).toEqual(
      expect.arrayContaining([
        'packages/web/src/features/ops/pages/orders-page.tsx',
        'packages/web/src/features/orders/pages/order-details-page.tsx',
      ]),
    );
    // with the API types as they are, the new stage's number is not one the API sends or takes: type
    // errors, each of them that one (where the pages read it, and where they send it back)
    const before = Object.values(typeErrors('web', files, new Map([[TABLE, table]]))).flat();
    expect(before.length).toBeGreaterThan(0);
    for (const error of before) expect(error).toContain("Type '8' is not assignable");
    // `npm run api:types` (CI: api:types:check) lists it among the API's stage numbers; then all compiles
    const API_TYPES = join(repo, 'packages/web/src/api/openapi.d.ts');
    const types = readFileSync(API_TYPES, 'utf8');
    const regenerated = types.replaceAll(
      '0 | 1 | 2 | 3 | 4 | 5 | 6 | 7',
      '0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8',
    );
    expect(regenerated).not.toBe(types);
    expect(
      typeErrors(
        'web',
        files,
        new Map([
          [TABLE, table],
          [API_TYPES, regenerated],
        ]),
      ),
    ).toEqual({});
  });
});
