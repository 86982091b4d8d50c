/**
 * Closed test meshes with outward faces, as triangle soups of float32 corners: used by the tests (whose
 * exact volumes are computed from these same float32 numbers) and by the benchmark.
 */

type Vec3 = readonly [number, number, number];

/** Emits quads of a (rows+1) x (cols+1) grid of float32 points as two triangles each. */
function gridTriangles(
  grid: Float32Array,
  rows: number,
  cols: number,
  wrapCols: boolean,
  out: Float32Array,
  offset: number,
): number {
  const stride = wrapCols ? cols : cols + 1;
  let o = offset;
  const put = (r: number, c: number): void => {
    const k = (r * stride + (wrapCols ? c % cols : c)) * 3;
    out[o++] = grid[k]!;
    out[o++] = grid[k + 1]!;
    out[o++] = grid[k + 2]!;
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      put(r, c);
      put(r + 1, c);
      put(r + 1, c + 1);
      put(r, c);
      put(r + 1, c + 1);
      put(r, c + 1);
    }
  }
  return o;
}

/** An axis-aligned cube of edge `size` with its lowest corner at `origin`, each face split n x n. */
export function generateCube(size: number, origin: Vec3 = [0, 0, 0], divisions = 1): Float32Array {
  const n = divisions;
  const out = new Float32Array(6 * n * n * 2 * 9);
  let o = 0;
  // each face: a corner and two edge directions whose cross product points outwards
  const faces: Array<[Vec3, Vec3, Vec3]> = [
    [
      [0, 0, 0],
      [0, 1, 0],
      [1, 0, 0],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
  ];
  for (const [corner, u, v] of faces) {
    const grid = new Float32Array((n + 1) * (n + 1) * 3);
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= n; j++) {
        for (let a = 0; a < 3; a++) {
          grid[(i * (n + 1) + j) * 3 + a] =
            origin[a]! + size * (corner[a]! + (u[a]! * i) / n + (v[a]! * j) / n);
        }
      }
    }
    o = gridTriangles(grid, n, n, false, out, o);
  }
  return out;
}

/** A UV sphere: `rings` bands from pole to pole, `segments` around; pole bands are fans. */
export function generateUvSphere(
  radius: number,
  center: Vec3 = [0, 0, 0],
  rings = 16,
  segments = 32,
): Float32Array {
  const point = (r: number, s: number): Vec3 => {
    const theta = (Math.PI * r) / rings;
    const phi = (2 * Math.PI * s) / segments;
    return [
      Math.fround(center[0] + radius * Math.sin(theta) * Math.cos(phi)),
      Math.fround(center[1] + radius * Math.sin(theta) * Math.sin(phi)),
      Math.fround(center[2] + radius * Math.cos(theta)),
    ];
  };
  const triangles = 2 * segments + 2 * segments * (rings - 2);
  const out = new Float32Array(triangles * 9);
  let o = 0;
  const put = (p: Vec3): void => {
    out[o++] = p[0];
    out[o++] = p[1];
    out[o++] = p[2];
  };
  const top = point(0, 0);
  const bottom = point(rings, 0);
  for (let s = 0; s < segments; s++) {
    put(top);
    put(point(1, s));
    put(point(1, s + 1 === segments ? 0 : s + 1));
  }
  for (let r = 1; r < rings - 1; r++) {
    for (let s = 0; s < segments; s++) {
      const s1 = s + 1 === segments ? 0 : s + 1;
      put(point(r, s));
      put(point(r + 1, s));
      put(point(r + 1, s1));
      put(point(r, s));
      put(point(r + 1, s1));
      put(point(r, s1));
    }
  }
  for (let s = 0; s < segments; s++) {
    put(bottom);
    put(point(rings - 1, s + 1 === segments ? 0 : s + 1));
    put(point(rings - 1, s));
  }
  return out;
}

/**
 * A torus around the z axis: `majorRadius` to the middle of the tube, `minorRadius` of the tube.
 * A ring of inner diameter 17 mm with a 2 mm round band is generateTorus(9.5, 1).
 * Triangles: 2 x majorSegments x minorSegments.
 */
export function generateTorus(
  majorRadius: number,
  minorRadius: number,
  center: Vec3 = [0, 0, 0],
  majorSegments = 64,
  minorSegments = 32,
): Float32Array {
  const grid = new Float32Array((majorSegments + 1) * minorSegments * 3);
  for (let i = 0; i <= majorSegments; i++) {
    const u = (2 * Math.PI * (i % majorSegments)) / majorSegments;
    for (let j = 0; j < minorSegments; j++) {
      const v = (2 * Math.PI * j) / minorSegments;
      const k = (i * minorSegments + j) * 3;
      const ring = majorRadius + minorRadius * Math.cos(v);
      grid[k] = center[0] + ring * Math.cos(u);
      grid[k + 1] = center[1] + ring * Math.sin(u);
      grid[k + 2] = center[2] + minorRadius * Math.sin(v);
    }
  }
  const out = new Float32Array(majorSegments * minorSegments * 2 * 9);
  gridTriangles(grid, majorSegments, minorSegments, true, out, 0);
  return out;
}
