import { describe, expect, it } from 'vitest';
import { analyseMesh } from '../mesh';
import { exactVolume } from '../mesh/exact-reference.test-helper';
import { generateBar } from './bar';
import type { ParametricMesh } from './mesh';
import { toTriangleSoup } from './mesh';
import { parametricInputSchema, parametricMessages } from './parametric.schema';
import { generateRing, type RingProfile } from './ring';
import { describeRingSize, innerDiameterMm, type RingSize } from './ring-sizes';
import { generateParametric } from './generate';

/** Absolute (mm^3): the analysed volume of the stored float32 mesh against the closed form. */
const VOLUME_TOLERANCE_MM3 = 1e-9;

function expectExactAndSound(mesh: ParametricMesh, { bigint = false } = {}) {
  const positions = toTriangleSoup(mesh);
  const analysis = analyseMesh({ format: 'stl-binary', positions, unitDeclared: false, warnings: [] });
  expect(analysis.watertight).toBe(true);
  expect(analysis.boundaryEdges).toBe(0);
  expect(analysis.nonManifoldEdges).toBe(0);
  expect(analysis.inconsistentEdges).toBe(0);
  expect(analysis.degenerateFaces).toBe(0);
  expect(analysis.shells).toBe(1);
  expect(analysis.warnings).toEqual([]);
  expect(mesh.closedFormVolumeMm3).toBeGreaterThan(0);
  expect(Math.abs(analysis.volumeMm3 - mesh.closedFormVolumeMm3)).toBeLessThanOrEqual(VOLUME_TOLERANCE_MM3);
  // and against an independent, exact (BigInt) sum over the same float32 corners (slower: a part of the grid)
  if (bigint)
    expect(Math.abs(exactVolume(positions) - mesh.closedFormVolumeMm3)).toBeLessThanOrEqual(
      VOLUME_TOLERANCE_MM3,
    );
  // an indexed mesh: every triangle has three different corners
  for (let i = 0; i < mesh.indices.length; i += 3) {
    const [a, b, c] = [mesh.indices[i], mesh.indices[i + 1], mesh.indices[i + 2]];
    expect(a !== b && b !== c && a !== c).toBe(true);
  }
  return analysis;
}

describe('ring sizes', () => {
  it('gives the inside diameter of US and EU sizes', () => {
    expect(innerDiameterMm({ system: 'us', value: 7 })).toBeCloseTo(17.3196, 10);
    expect(innerDiameterMm({ system: 'us', value: 0 })).toBeCloseTo(11.63, 10);
    expect(innerDiameterMm({ system: 'eu', value: 54 })).toBeCloseTo(54 / Math.PI, 12);
  });

  it('converts between the systems through the diameter', () => {
    const us7 = describeRingSize({ system: 'us', value: 7 });
    expect(us7.eu).toBe(54.5);
    expect(us7.circumferenceMm).toBeCloseTo(54.41, 2);
    expect(describeRingSize({ system: 'eu', value: 54.5 }).us).toBe(7);
    expect(describeRingSize({ system: 'eu', value: 57 }).us).toBe(8);
  });
});

describe('generated rings are watertight and exact', () => {
  const sizes: RingSize[] = [
    { system: 'us', value: 3 },
    { system: 'us', value: 7 },
    { system: 'us', value: 9.25 },
    { system: 'us', value: 16 },
    { system: 'eu', value: 44 },
    { system: 'eu', value: 61.5 },
    { system: 'eu', value: 76 },
  ];
  const profiles: RingProfile[] = ['flat', 'comfort', 'd-shape'];
  const bands: Array<[number, number]> = [
    [1, 1],
    [2, 1.7],
    [6, 2],
    [20, 4],
    [1, 4],
  ];
  for (const profile of profiles) {
    it(`${profile}: every size, width and thickness of the grid`, () => {
      for (const size of sizes) {
        for (const [bandWidthMm, thicknessMm] of bands) {
          const mesh = generateRing({ size, bandWidthMm, thicknessMm, profile });
          const analysis = expectExactAndSound(mesh);
          // the finger hole: the corners of the inner side lie on the circle of the size
          const d = innerDiameterMm(size);
          expect(Math.abs(analysis.sizeMm.z - bandWidthMm)).toBeLessThanOrEqual(1 / 256);
          expect(analysis.sizeMm.x).toBeGreaterThan(d + 2 * thicknessMm - 0.02);
          expect(analysis.sizeMm.x).toBeLessThan(d + 2 * thicknessMm + 0.02);
        }
      }
    });
  }

  it('holds for coarse and fine segment counts', () => {
    for (const segments of [8, 24, 60, 256]) {
      for (const profile of profiles) {
        const mesh = generateRing(
          { size: { system: 'us', value: 7 }, bandWidthMm: 4, thicknessMm: 2, profile },
          { segments, arcSegments: 8 },
        );
        expect(mesh.indices.length / 3).toBe(segments * 2 * (profile === 'flat' ? 4 : 11));
        expectExactAndSound(mesh, { bigint: true });
      }
    }
  });

  it('is within the polygon error of the round ring (Pappus)', () => {
    const size = { system: 'us', value: 7 } as const;
    const mesh = generateRing({ size, bandWidthMm: 4, thicknessMm: 2, profile: 'flat' });
    const r = innerDiameterMm(size) / 2;
    const round = Math.PI * ((r + 2) ** 2 - r ** 2) * 4;
    // a 128-gon has N/2 sin(2pi/N) / pi = 0.9996 of the circle's area; the grids move corners by < 0.004 mm
    expect(mesh.closedFormVolumeMm3 / round).toBeGreaterThan(0.999);
    expect(mesh.closedFormVolumeMm3 / round).toBeLessThan(1.0005);
  });

  it('gives thinner edges to comfort fit and D shape bands than to flat ones', () => {
    const base = { size: { system: 'us', value: 7 } as const, bandWidthMm: 5, thicknessMm: 2 };
    const flat = generateRing({ ...base, profile: 'flat' }).closedFormVolumeMm3;
    const comfort = generateRing({ ...base, profile: 'comfort' }).closedFormVolumeMm3;
    const dShape = generateRing({ ...base, profile: 'd-shape' }).closedFormVolumeMm3;
    expect(comfort).toBeLessThan(flat);
    expect(dShape).toBeLessThan(flat);
  });
});

describe('generated bars are watertight and exact', () => {
  it('every length, height and thickness of the grid', () => {
    for (const lengthMm of [15, 22.5, 40, 60]) {
      for (const heightMm of [3, 4.5, 5.5]) {
        for (const thicknessMm of [1, 1.5, 4]) {
          if (lengthMm < 2 * heightMm + 4) continue;
          const mesh = generateBar({ lengthMm, heightMm, thicknessMm });
          const analysis = expectExactAndSound(mesh, { bigint: true });
          expect(analysis.sizeMm.x).toBeCloseTo(lengthMm, 2);
          expect(analysis.sizeMm.y).toBeCloseTo(heightMm, 2);
          expect(analysis.sizeMm.z).toBeCloseTo(thicknessMm, 2);
          // against the round outline and holes
          const r = heightMm / 2;
          const round =
            thicknessMm * ((lengthMm - heightMm) * heightMm + Math.PI * r * r - 2 * Math.PI * 0.36);
          expect(Math.abs(mesh.closedFormVolumeMm3 / round - 1)).toBeLessThan(0.005);
        }
      }
    }
    for (const directions of [16, 24, 128]) {
      expectExactAndSound(generateBar({ lengthMm: 30, heightMm: 6, thicknessMm: 1.5 }, { directions }));
    }
  });
});

describe('parametric input', () => {
  const ring = {
    sizeSystem: 'us',
    size: 7,
    bandWidthMm: 4,
    thicknessMm: 1.8,
    profile: 'comfort',
  };
  const fieldsOf = (input: unknown) => {
    const result = parametricInputSchema.safeParse(input);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes a ring and a bar', () => {
    expect(parametricInputSchema.safeParse({ kind: 'ring', params: ring }).success).toBe(true);
    expect(
      parametricInputSchema.safeParse({ kind: 'ring', params: { ...ring, sizeSystem: 'eu', size: 52.5 } })
        .success,
    ).toBe(true);
    expect(
      parametricInputSchema.safeParse({
        kind: 'bar',
        params: { lengthMm: 30, heightMm: 5, thicknessMm: 1.5 },
      }).success,
    ).toBe(true);
  });

  it('refuses out-of-range values with the field and a clear message', () => {
    expect(fieldsOf({ kind: 'ring', params: { ...ring, size: 2.5 } })).toEqual({
      'params.size': parametricMessages.usSize,
    });
    expect(fieldsOf({ kind: 'ring', params: { ...ring, size: 7.1 } })).toEqual({
      'params.size': parametricMessages.usSize,
    });
    expect(fieldsOf({ kind: 'ring', params: { ...ring, sizeSystem: 'eu', size: 7 } })).toEqual({
      'params.size': parametricMessages.euSize,
    });
    expect(fieldsOf({ kind: 'ring', params: { ...ring, bandWidthMm: 25, thicknessMm: 0.5 } })).toEqual({
      'params.bandWidthMm': parametricMessages.bandWidth,
      'params.thicknessMm': parametricMessages.ringThickness,
    });
    expect(fieldsOf({ kind: 'ring', params: { ...ring, profile: 'square' } })).toEqual({
      'params.profile': parametricMessages.profile,
    });
    expect(fieldsOf({ kind: 'ring', params: { ...ring, engravingText: 'x'.repeat(31) } })).toEqual({
      'params.engravingText': parametricMessages.engraving,
    });
    expect(fieldsOf({ kind: 'bar', params: { lengthMm: 15, heightMm: 6, thicknessMm: 1 } })).toEqual({
      'params.lengthMm': parametricMessages.barTooShort,
    });
    expect(fieldsOf({ kind: 'vase', params: {} })).toEqual({ kind: parametricMessages.kind });
    // every field's message at once, also when a value is not a number at all
    expect(fieldsOf({ kind: 'ring', params: { ...ring, size: 17, thicknessMm: 'thick' } })).toEqual({
      'params.size': parametricMessages.usSize,
      'params.thicknessMm': parametricMessages.ringThickness,
    });
    expect(fieldsOf({ kind: 'bar', params: { lengthMm: 16, heightMm: 7, thicknessMm: null } })).toEqual({
      'params.lengthMm': parametricMessages.barTooShort,
      'params.thicknessMm': parametricMessages.barThickness,
    });
  });

  it('generates what it takes, with the size in both systems', () => {
    const input = parametricInputSchema.parse({ kind: 'ring', params: ring });
    const { mesh, facts } = generateParametric(input);
    expect(facts.innerDiameterMm).toBeCloseTo(17.32, 2);
    expect(facts.euSize).toBe(54.5);
    expect(facts.closedFormVolumeMm3).toBe(mesh.closedFormVolumeMm3);
  });
});
