import { describe, expect, test } from 'vitest';
import { analyseMesh } from './analyse-mesh';
import { readFixture, readReferences } from './fixture-files.test-helper';
import { readMesh } from './read-mesh';

interface Reference {
  triangles: number;
  volumeMm3: number;
  surfaceAreaMm2: number;
  sizeMm: { x: number; y: number; z: number };
}

// made by bench/mesh/make-fixture-references.py (numpy-stl and float64 sums); see its "_note"
const cases = Object.entries(readReferences()).filter(([key]) => key !== '_note') as unknown as Array<
  [string, Reference]
>;

describe('fixture models match the float64 reference', () => {
  test('all fixture models have a reference', () => {
    expect(cases.length).toBe(10);
  });

  test.each(cases)('%s', (key, reference) => {
    const [folder, name] = key.split('/') as ['stl' | '3mf', string];
    const analysis = analyseMesh(readMesh(readFixture(folder, name), name));
    expect(analysis.triangles).toBe(reference.triangles);
    expect(Math.abs(analysis.volumeMm3 - reference.volumeMm3)).toBeLessThanOrEqual(
      1e-12 * Math.abs(reference.volumeMm3),
    );
    expect(Math.abs(analysis.surfaceAreaMm2 - reference.surfaceAreaMm2)).toBeLessThanOrEqual(
      1e-9 * reference.surfaceAreaMm2,
    );
    for (const axis of ['x', 'y', 'z'] as const)
      expect(analysis.sizeMm[axis]).toBeCloseTo(reference.sizeMm[axis], 12);
  });

  test('ASCII and binary copies of one model agree exactly, and are sound', () => {
    for (const model of ['Cube', 'HalfDonut', 'Moon']) {
      const ascii = analyseMesh(readMesh(readFixture('stl', `stl_ascii-${model}.stl`)));
      const binary = analyseMesh(readMesh(readFixture('stl', `stl_binary-${model}.stl`)));
      expect(ascii.format).toBe('stl-ascii');
      expect(binary.format).toBe('stl-binary');
      // the binary HalfDonut has stray bytes after its last triangle, hence a warning of its own
      expect({ ...ascii, format: 'x', warnings: [] }).toEqual({ ...binary, format: 'x', warnings: [] });
      expect(binary.watertight).toBe(true);
    }
  });

  test('the 3MF samples read as closed shells', () => {
    const cylinders = analyseMesh(readMesh(readFixture('3mf', 'multiple_cylinders.3mf')));
    expect(cylinders).toMatchObject({ watertight: true, shells: 6, triangles: 528 });
  });
});
