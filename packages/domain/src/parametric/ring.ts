import { MeshBuilder, type ParametricMesh } from './mesh';
import { MAX_GRID_LENGTH_MM, snapDirection, snapLength, twiceSignedArea } from './grid';
import { innerDiameterMm, type RingSize } from './ring-sizes';

export type RingProfile = 'flat' | 'comfort' | 'd-shape';

export interface RingParams {
  size: RingSize;
  bandWidthMm: number;
  thicknessMm: number;
  profile: RingProfile;
}

export interface RingOptions {
  /** Segments around the finger (at least 8). */
  segments?: number;
  /** Segments of a rounded side of the profile. */
  arcSegments?: number;
}

type Point = readonly [number, number];

/**
 * Points of a circular arc bulging from `edgeT` (at z = 0 and z = width) to `apexT` (at z = width / 2), from
 * z = 0 to z = width, both ends included. `apexT` may lie either side of `edgeT`.
 */
function arc(edgeT: number, apexT: number, width: number, segments: number): Point[] {
  const c = width / 2;
  const h = Math.abs(apexT - edgeT);
  const radius = (c * c + h * h) / (2 * h);
  const alpha = Math.asin(c / radius);
  const towards = Math.sign(apexT - edgeT);
  const points: Point[] = [[edgeT, 0]];
  for (let i = 1; i < segments; i++) {
    const phi = -alpha + (2 * alpha * i) / segments;
    points.push([apexT - towards * (radius - radius * Math.cos(phi)), c + radius * Math.sin(phi)]);
  }
  points.push([edgeT, width]);
  return points;
}

/**
 * The cross-section of the band in the (t, z) half-plane, t the distance from the finger's axis and z along
 * it, counter-clockwise, on the length grid. `thicknessMm` is the metal at the middle of the band; the inner
 * diameter is the finger hole at its narrowest.
 * - flat: a rectangle;
 * - D shape: flat inside, the outside a circular arc rising by half the thickness from the edges to the
 *   middle (at most 0.4 of the width, so the arc stays under a half circle);
 * - comfort fit: flat outside, the inside a circular arc bulging towards the finger by 0.35 of the thickness
 *   (at most a quarter of the width), so the edges are thinner and the band slides on easily.
 */
export function ringProfile(params: RingParams, arcSegments = 16): Point[] {
  const r = innerDiameterMm(params.size) / 2;
  const t = params.thicknessMm;
  const w = params.bandWidthMm;
  let raw: Point[];
  if (params.profile === 'flat') {
    raw = [
      [r, 0],
      [r + t, 0],
      [r + t, w],
      [r, w],
    ];
  } else if (params.profile === 'd-shape') {
    const dome = Math.min(t / 2, 0.4 * w);
    raw = [[r, 0], ...arc(r + t - dome, r + t, w, arcSegments), [r, w]];
  } else {
    const dome = Math.min(0.35 * t, 0.25 * w);
    // inside from z = width down to z = 0: the arc reversed, its ends are the first and last corners
    const inner = arc(r + dome, r, w, arcSegments).reverse();
    raw = [[r + dome, 0], [r + t, 0], [r + t, w], ...inner.slice(0, -1)];
  }
  const points = raw.map(([pt, pz]): Point => [snapLength(pt), snapLength(pz)]);
  for (let i = 0; i < points.length; i++) {
    const [a, b] = points[i]!;
    const [c, d] = points[(i + 1) % points.length]!;
    if (a === c && b === d) throw new Error('profile corners too close for the length grid');
    if (a <= 0 || a >= MAX_GRID_LENGTH_MM) throw new Error('profile outside the length grid');
  }
  if (twiceSignedArea(points) <= 0) throw new Error('profile is not counter-clockwise');
  return points;
}

/** The unit polygon around the axis: `segments` directions on the direction grid, counter-clockwise. */
export function unitPolygon(segments: number): Point[] {
  return Array.from({ length: segments }, (_, k): Point => {
    const angle = (2 * Math.PI * k) / segments;
    return [snapDirection(Math.cos(angle)), snapDirection(Math.sin(angle))];
  });
}

/**
 * The closed form of the volume of a band made by sweeping a polygonal profile (t, z) around a polygon P
 * (each profile corner t becomes the polygon t·P at height z):
 *
 *   V = 2 · A(P) · M,   M = ∫∫ t dt dz = 1/6 · Σ (t_i + t_{i+1}) (t_i z_{i+1} − t_{i+1} z_i)
 *
 * (A(P) the area of P, M the profile's first moment about the axis). Per edge of P the solid is a wedge
 * whose section at height z has area a_k (t_out² − t_in²); summing gives A(P) ∫ 2t dt. For a regular
 * N-gon A(P) = N/2 · sin(2π/N) and V = N sin(2π/N) · M, which tends to Pappus' 2π · M.
 */
export function sweptVolume(profile: readonly Point[], polygon: readonly Point[]): number {
  let moment = 0;
  for (let i = 0; i < profile.length; i++) {
    const [t0, z0] = profile[i]!;
    const [t1, z1] = profile[(i + 1) % profile.length]!;
    moment += (t0 + t1) * (t0 * z1 - t1 * z0);
  }
  return (2 * (twiceSignedArea(polygon) / 2) * moment) / 6;
}

/** A ring band lying on the plate (axis z, from z = 0 to the band width), outward faces. */
export function generateRing(params: RingParams, options: RingOptions = {}): ParametricMesh {
  const segments = options.segments ?? 128;
  if (!Number.isInteger(segments) || segments < 8) throw new Error('a ring needs at least 8 segments');
  const profile = ringProfile(params, options.arcSegments ?? 16);
  const polygon = unitPolygon(segments);
  const mesh = new MeshBuilder();
  const ids = profile.map(([t, z]) => polygon.map(([c, s]) => mesh.vertex(t * c, t * s, z)));
  for (let j = 0; j < profile.length; j++) {
    const here = ids[j]!;
    const next = ids[(j + 1) % profile.length]!;
    for (let k = 0; k < segments; k++) {
      const k1 = (k + 1) % segments;
      mesh.quad(here[k]!, here[k1]!, next[k1]!, next[k]!);
    }
  }
  return mesh.build(sweptVolume(profile, polygon));
}
