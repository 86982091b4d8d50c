import { describe, expect, test } from 'vitest';
import { analyseMesh, checkSoundness, measureMesh, weldVertices } from './analyse-mesh';
import { exactArea, exactVolume } from './exact-reference.test-helper';
import { generateCube, generateTorus, generateUvSphere } from './generate-meshes';
import type { TriangleMesh } from './mesh-types';
import { MESH_UNITS, MM_PER_UNIT, guessUnit, toMillimetres } from './units';

const soup = (positions: Float32Array): TriangleMesh => ({
  format: 'stl-binary',
  positions,
  unitDeclared: false,
  warnings: [],
});

const relative = (value: number, expected: number): number => Math.abs(value - expected) / Math.abs(expected);

const shapes: Array<[string, Float32Array]> = [
  ['cube at the origin', generateCube(10)],
  ['cube off the origin, split faces', generateCube(7.3, [1234.5, -987.25, 42.125], 9)],
  ['UV sphere', generateUvSphere(8, [0, 0, 0], 24, 48)],
  ['UV sphere off the origin', generateUvSphere(3.7, [250.3, 180.9, -75.1], 30, 60)],
  ['ring: torus of inner diameter 17 mm, 2 mm band', generateTorus(9.5, 1, [0, 0, 0], 96, 24)],
  ['ring off the origin', generateTorus(9.5, 1, [153.7, -88.2, 301.9], 128, 32)],
  ['large ring far off the origin', generateTorus(30, 4, [-4000.5, 2500.25, 999.75], 200, 40)],
];

describe('measures match the exact polyhedral value of the float32 corners', () => {
  test.each(shapes)('%s', (_name, positions) => {
    const measures = measureMesh(positions);
    expect(relative(measures.volumeMm3, exactVolume(positions))).toBeLessThan(1e-12);
    expect(relative(measures.surfaceAreaMm2, exactArea(positions))).toBeLessThan(1e-9);
  });

  test('cube volume, area and size are the textbook numbers', () => {
    const analysis = analyseMesh(soup(generateCube(10, [5, 5, 5], 3)));
    expect(analysis.volumeMm3).toBe(1000);
    expect(analysis.surfaceAreaMm2).toBeCloseTo(600, 10);
    expect(analysis.sizeMm).toEqual({ x: 10, y: 10, z: 10 });
    expect(analysis.triangles).toBe(6 * 9 * 2);
  });

  test('the ring is close to the smooth torus volume 2 pi^2 R r^2', () => {
    const analysis = analyseMesh(soup(generateTorus(9.5, 1, [0, 0, 0], 256, 64)));
    expect(relative(analysis.volumeMm3, 2 * Math.PI ** 2 * 9.5)).toBeLessThan(2e-3);
    expect(analysis.sizeMm.x).toBeCloseTo(21, 5);
    expect(analysis.sizeMm.z).toBeCloseTo(2, 5);
  });
});

describe('soundness after welding', () => {
  test.each(shapes)('%s is watertight, one shell, nothing degenerate', (_name, positions) => {
    const analysis = analyseMesh(soup(positions));
    expect(analysis).toMatchObject({
      watertight: true,
      boundaryEdges: 0,
      nonManifoldEdges: 0,
      inconsistentEdges: 0,
      degenerateFaces: 0,
      shells: 1,
    });
  });

  test('a missing face leaves a hole of three boundary edges', () => {
    const cube = generateCube(10);
    const analysis = analyseMesh(soup(cube.slice(9)));
    expect(analysis.watertight).toBe(false);
    expect(analysis.boundaryEdges).toBe(3);
    expect(analysis.warnings).toContain(
      'The model is not watertight, so its volume and weight are not reliable.',
    );
  });

  test('a flipped face gives three inconsistently oriented edges', () => {
    const cube = generateCube(10);
    const flipped = cube.slice();
    flipped.set(cube.subarray(3, 6), 6);
    flipped.set(cube.subarray(6, 9), 3);
    const analysis = analyseMesh(soup(flipped));
    expect(analysis.inconsistentEdges).toBe(3);
    expect(analysis.boundaryEdges).toBe(0);
    expect(analysis.watertight).toBe(false);
  });

  test('a face used twice makes its edges non-manifold', () => {
    const cube = generateCube(10);
    const doubled = new Float32Array(cube.length + 9);
    doubled.set(cube);
    doubled.set(cube.subarray(0, 9), cube.length);
    expect(analyseMesh(soup(doubled)).nonManifoldEdges).toBe(3);
  });

  test('two separate cubes are two shells; a collapsed face is degenerate', () => {
    const a = generateCube(5);
    const b = generateCube(5, [20, 0, 0]);
    const both = new Float32Array(a.length + b.length + 9);
    both.set(a);
    both.set(b, a.length);
    // a face whose three corners are one point of the first cube
    both.set([0, 0, 0, 0, 0, 0, 0, 0, 0], a.length + b.length);
    const analysis = analyseMesh(soup(both));
    expect(analysis.shells).toBe(2);
    expect(analysis.degenerateFaces).toBe(1);
    expect(analysis.watertight).toBe(true);
  });

  test('corners at -0 and +0 are the same vertex', () => {
    const cube = generateCube(1);
    const signed = cube.map((v) => (v === 0 ? -0 : v));
    signed.set(cube.subarray(0, 9));
    expect(checkSoundness(signed).watertight).toBe(true);
    expect(weldVertices(signed).vertices).toBe(8);
  });

  test('welding numbers vertices as a plain map does, over many partitions, far repeats and -0', () => {
    let state = 7;
    const next = (): number => {
      state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      return state / 2 ** 32;
    };
    // [corners, distinct points]: one partition, and several with repeats far apart and recent-table clashes
    for (const [corners, pool] of [
      [30, 5],
      [3000, 700],
      [60_000, 9000],
      [90_000, 90_000],
    ] as const) {
      const points = Array.from({ length: pool }, () =>
        [0, 1, 2].map(() => (next() < 0.2 ? 0 : Math.fround((next() - 0.5) * 100))),
      );
      const positions = new Float32Array(corners * 3);
      for (let k = 0; k < corners; k++) {
        const point = points[Math.floor(next() * pool)]!;
        for (let a = 0; a < 3; a++) positions[3 * k + a] = point[a] === 0 && next() < 0.5 ? -0 : point[a]!;
      }
      const seen = new Map<string, number>();
      const expected = Array.from({ length: corners }, (_, k) => {
        const key = [0, 1, 2].map((a) => String(positions[3 * k + a]! + 0)).join(' ');
        if (!seen.has(key)) seen.set(key, seen.size);
        return seen.get(key)!;
      });
      const welded = weldVertices(positions);
      expect(welded.vertices).toBe(seen.size);
      expect(Array.from(welded.ids)).toEqual(expected);
      const whole = corners - (corners % 3);
      expect(checkSoundness(positions.subarray(0, whole * 3)).vertices).toBe(
        new Set(expected.slice(0, whole)).size,
      );
    }
  });

  test('edge counts match a plain map of edges on damaged soups', () => {
    let state = 11;
    const next = (): number => {
      state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      return state / 2 ** 32;
    };
    const ring = generateTorus(9.5, 1, [0, 0, 0], 30, 12);
    for (let round = 0; round < 20; round++) {
      // drop, flip, repeat (up to four times) and collapse faces at random
      const faces: number[][] = [];
      for (let t = 0; t < ring.length / 9; t++) {
        const face = Array.from(ring.subarray(9 * t, 9 * t + 9));
        const roll = next();
        if (roll < 0.05) continue;
        if (roll < 0.1) faces.push([...face.slice(3, 6), ...face.slice(0, 3), ...face.slice(6, 9)]);
        else if (roll < 0.13) for (let k = 0; k < 2 + Math.floor(next() * 3); k++) faces.push(face);
        else if (roll < 0.15) faces.push([...face.slice(0, 6), ...face.slice(0, 3)]);
        else faces.push(face);
      }
      const positions = Float32Array.from(faces.flat());
      const { ids } = weldVertices(positions);
      const uses = new Map<string, { forward: number; backward: number }>();
      for (let t = 0; t < ids.length / 3; t++) {
        const corner = [ids[3 * t]!, ids[3 * t + 1]!, ids[3 * t + 2]!];
        if (new Set(corner).size < 3) continue;
        for (let k = 0; k < 3; k++) {
          const a = corner[k]!;
          const b = corner[(k + 1) % 3]!;
          const key = `${Math.min(a, b)} ${Math.max(a, b)}`;
          const tally = uses.get(key) ?? { forward: 0, backward: 0 };
          if (a < b) tally.forward++;
          else tally.backward++;
          uses.set(key, tally);
        }
      }
      const all = [...uses.values()];
      expect(checkSoundness(positions)).toMatchObject({
        boundaryEdges: all.filter((u) => u.forward + u.backward === 1).length,
        nonManifoldEdges: all.filter((u) => u.forward + u.backward > 2).length,
        inconsistentEdges: all.filter((u) => u.forward + u.backward === 2 && u.forward !== 1).length,
      });
      // the edge lists written over the corners give the same analysis
      const reused = analyseMesh(soup(positions.slice()), { reuseCorners: true });
      expect(reused).toEqual(analyseMesh(soup(positions)));
    }
  });

  test.each(shapes)(
    '%s: the same analysis with the edge lists written over the corners',
    (_name, positions) => {
      const expected = analyseMesh(soup(positions));
      const copy = positions.slice();
      expect(analyseMesh(soup(copy), { reuseCorners: true })).toEqual(expected);
      expect(copy).not.toEqual(positions);
    },
  );

  test('welding grows its table for a soup with no shared corners', () => {
    const positions = new Float32Array(9 * 5000).map((_, i) => i * 0.25);
    expect(weldVertices(positions).vertices).toBe(3 * 5000);
  });

  test('the scratch arena reused between calls leaves no trace: big, open, small and big again agree', () => {
    const big = generateTorus(9.5, 1, [120.5, -40.25, 7.75], 200, 60);
    const open = big.slice(9);
    const small = generateCube(2, [1, 1, 1], 3);
    const first = checkSoundness(big);
    expect(first).toMatchObject({ watertight: true, shells: 1, vertices: 200 * 60 });
    expect(checkSoundness(open)).toMatchObject({ watertight: false, boundaryEdges: 3, shells: 1 });
    expect(checkSoundness(small)).toMatchObject({ watertight: true, shells: 1 });
    expect(checkSoundness(big)).toEqual(first);
    // the public weld hands out arrays of its own, untouched by later analyses
    const { ids } = weldVertices(small);
    const copy = ids.slice();
    checkSoundness(big);
    expect(ids).toEqual(copy);
  });
});

describe('units', () => {
  test('lists every unit word of the spec with its millimetres', () => {
    expect(MESH_UNITS).toEqual(['mm', 'cm', 'dm', 'm', 'inches', 'inch', 'in', 'feet', 'foot', 'ft']);
    expect(MM_PER_UNIT.inch).toBe(25.4);
    expect(MM_PER_UNIT.ft).toBe(304.8);
    expect(toMillimetres(2, 'cm')).toBe(20);
  });

  test.each([
    [21, 'mm'],
    [2, 'mm'],
    [60, 'mm'],
    [0.83, 'in'],
    [2.1 / 1, 'mm'],
    [1.9, 'cm'],
    [0.021, 'm'],
    [0.5, 'in'],
    [0, 'mm'],
    [500, 'mm'],
  ] as const)('a piece %f long is guessed as %s', (longest, unit) => {
    expect(guessUnit(longest)).toBe(unit);
  });

  test('a ring drawn in inches is guessed as inches', () => {
    const inches = generateTorus(9.5 / 25.4, 1 / 25.4);
    expect(analyseMesh(soup(inches)).unitGuess).toBe('in');
  });
});
