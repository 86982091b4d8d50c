/**
 * The number grids that keep a generated mesh exact when stored as float32 (binary STL). Lengths sit on a
 * 1/256 mm grid: below 32 mm such a number has at most 13 significant bits. Directions around an axis sit on
 * a 1/2048 grid: at most 11 bits. A length times a direction then has at most 24 bits, so every corner is a
 * float32 number exactly and the stored file is the very polyhedron whose closed form we compute.
 */
export const LENGTH_GRID = 256;
export const DIRECTION_GRID = 2048;
/** Lengths on the grid stay below this (mm) so a length times a direction fits float32's 24 bits. */
export const MAX_GRID_LENGTH_MM = 32;

function snapTo(value: number, grid: number): number {
  // symmetric rounding, so a mirrored point snaps to the mirror of the snapped point
  const snapped = Math.round(Math.abs(value) * grid) / grid;
  return value < 0 ? -snapped : snapped;
}

export const snapLength = (mm: number): number => snapTo(mm, LENGTH_GRID);
export const snapDirection = (v: number): number => snapTo(v, DIRECTION_GRID);

/** Twice the signed area of a closed polygon (shoelace), positive when counter-clockwise. */
export function twiceSignedArea(points: ReadonlyArray<readonly [number, number]>): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % points.length]!;
    sum += x0 * y1 - x1 * y0;
  }
  return sum;
}
