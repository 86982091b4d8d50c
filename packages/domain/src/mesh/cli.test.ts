/// <reference types="node" />
// `npm run analyze -- FILE` runs scripts/analyze.mjs: the CLI's bundle built at install (rebuilt when a mesh
// source is newer), run in the same process.
// eslint-disable-next-line no-restricted-imports -- test-only: runs the command as a person would
import { execFile } from 'node:child_process';
import { describe, expect, test } from 'vitest';

const root = new URL('../../../../', import.meta.url).pathname;
const cube = new URL('../../../../fixtures/models/stl/stl_ascii-Cube.stl', import.meta.url).pathname;

function analyze(file: string): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile('node', ['scripts/analyze.mjs', file], { cwd: root }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, out: stdout || stderr }),
    );
  });
}

describe('npm run analyze', () => {
  test('prints the analysis of a model as JSON, the same on a second run from the kept bundle', async () => {
    const first = await analyze(cube);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.out)).toMatchObject({
      format: 'stl-ascii',
      triangles: 12,
      volumeMm3: 8,
      surfaceAreaMm2: 24,
      watertight: true,
    });
    const second = await analyze(cube);
    expect(second.out).toBe(first.out);
  });

  test('reads a 3MF too (its reader is loaded only for a file read whole)', async () => {
    const r = await analyze(new URL('../../../../fixtures/models/3mf/box.3mf', import.meta.url).pathname);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      format: '3mf',
      triangles: 12,
      volumeMm3: 6000,
      watertight: true,
    });
  });

  test('a file that cannot be opened exits non-zero with the error as JSON', async () => {
    const r = await analyze('/no/such/model.stl');
    expect(r.code).not.toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      error: { code: 'cannot_open', message: 'The file /no/such/model.stl cannot be opened.' },
    });
  });
});
