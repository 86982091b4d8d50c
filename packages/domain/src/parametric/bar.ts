import { MeshBuilder, type ParametricMesh } from './mesh';
import { snapLength, twiceSignedArea } from './grid';

/** A bar for a bar necklace: a flat bar with round ends and a chain hole near each end. */
export interface BarParams {
  lengthMm: number;
  heightMm: number;
  thicknessMm: number;
}

/** The chain holes' diameter (mm): a 1 mm chain passes; the rules keep at least 0.9 mm of metal around it. */
export const BAR_HOLE_DIAMETER_MM = 1.2;

type Point = readonly [number, number];

function signedArea2(p: Point, q: Point, r: Point): number {
  return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
}

/**
 * The bar lies on the plate (z from 0 to the thickness), its length along x and its height along y, centred
 * on the origin. Each end is a half disc of radius height/2 around a hole; `directions` rays (a multiple of 8)
 * from the hole's centre meet the hole (a regular polygon) and the outline (the half circle, or the square
 * that joins the middle) at matching corners, so the face between them is a strip of quads; the middle
 * rectangle is a strip between the two ends' straight sides. The walls stand on the boundary edges of that
 * face. Closed form: V = thickness × (A(outline) − 2 A(hole)), areas by the shoelace formula of the corners.
 */
export function generateBar(params: BarParams, options: { directions?: number } = {}): ParametricMesh {
  const k = options.directions ?? 64;
  if (!Number.isInteger(k) || k < 16 || k % 8 !== 0)
    throw new Error('directions must be a multiple of 8, >= 16');
  const radius = snapLength(params.heightMm / 2);
  const half = snapLength(params.lengthMm / 2 - 2 * radius); // half the middle rectangle's length
  const thickness = snapLength(params.thicknessMm);
  const hole = BAR_HOLE_DIAMETER_MM / 2;
  if (half <= 0 || hole >= radius) throw new Error('bar too short or too thin for its holes');
  const cx = half + radius;

  const outer: Point[] = [];
  const inner: Point[] = [];
  for (let i = 0; i < k; i++) {
    const phi = (2 * Math.PI * i) / k;
    const cos = Math.cos(phi);
    const sin = Math.sin(phi);
    let p: Point;
    if (i <= k / 4 || i >= (3 * k) / 4) p = [cx + radius * cos, radius * sin];
    else if (i >= (3 * k) / 8 && i <= (5 * k) / 8) p = [half, (-radius * sin) / cos];
    else p = [cx + (radius * cos) / Math.abs(sin), radius * Math.sign(sin)];
    outer.push([snapLength(p[0]), snapLength(p[1])]);
    inner.push([snapLength(cx + hole * cos), snapLength(hole * sin)]);
  }
  // exact mirror images for the left end (the snap is symmetric)
  const mirror = (p: Point): Point => [-p[0], p[1]];

  const points: Point[] = [];
  const add = (p: Point): number => points.push(p) - 1;
  const rightOuter = outer.map(add);
  const rightInner = inner.map(add);
  const leftOuter = outer.map((p) => add(mirror(p)));
  const leftInner = inner.map((p) => add(mirror(p)));

  const top: Array<[number, number, number]> = [];
  const face = (a: number, b: number, c: number): void => {
    if (signedArea2(points[a]!, points[b]!, points[c]!) <= 0)
      throw new Error('bar face not counter-clockwise');
    top.push([a, b, c]);
  };
  for (let i = 0; i < k; i++) {
    const j = (i + 1) % k;
    face(rightInner[i]!, rightOuter[i]!, rightOuter[j]!);
    face(rightInner[i]!, rightOuter[j]!, rightInner[j]!);
    // mirrored: the same quad, the other way round
    face(leftInner[i]!, leftOuter[j]!, leftOuter[i]!);
    face(leftInner[i]!, leftInner[j]!, leftOuter[j]!);
  }
  for (let i = (3 * k) / 8; i < (5 * k) / 8; i++) {
    // the straight sides run from the top (y = radius) down to the bottom as i grows
    face(leftOuter[i + 1]!, rightOuter[i + 1]!, rightOuter[i]!);
    face(leftOuter[i + 1]!, rightOuter[i]!, leftOuter[i]!);
  }

  const mesh = new MeshBuilder();
  const low = points.map(([x, y]) => mesh.vertex(x, y, 0));
  const high = points.map(([x, y]) => mesh.vertex(x, y, thickness));
  const edges = new Set<string>();
  for (const [a, b, c] of top) {
    mesh.triangle(high[a]!, high[b]!, high[c]!);
    mesh.triangle(low[a]!, low[c]!, low[b]!);
    edges.add(`${a},${b}`).add(`${b},${c}`).add(`${c},${a}`);
  }
  // walls on the boundary edges (used one way only); the face is on the edge's left, so outside is its right
  for (const [a, b, c] of top) {
    for (const [p, q] of [
      [a, b],
      [b, c],
      [c, a],
    ] as const) {
      if (!edges.has(`${q},${p}`)) mesh.quad(low[p]!, low[q]!, high[q]!, high[p]!);
    }
  }

  // the outline counter-clockwise: the right end from its bottom-left corner round to its top-left corner,
  // then the left end from its top-right corner round to its bottom-right corner
  const range = (from: number, to: number): number[] => {
    const out: number[] = [];
    for (let i = from; ; i = (i + 1) % k) {
      out.push(i);
      if (i === to) return out;
    }
  };
  const rightArc = range((5 * k) / 8, (3 * k) / 8).map((i) => points[rightOuter[i]!]!);
  const leftArc = range((5 * k) / 8, (3 * k) / 8)
    .reverse()
    .map((i) => points[leftOuter[i]!]!);
  const outlineArea = twiceSignedArea([...rightArc, ...leftArc]) / 2;
  const holeArea = twiceSignedArea(inner) / 2;
  return mesh.build(thickness * (outlineArea - 2 * holeArea));
}
