import type { MeshAnalysis, TriangleMesh } from './mesh-types';
import { generateCube } from './generate-meshes';
import { guessUnit } from './units';

/** Size, area and volume: what a quick look needs, without the soundness checks. */
export interface MeshMeasures {
  triangles: number;
  volumeMm3: number;
  surfaceAreaMm2: number;
  sizeMm: { x: number; y: number; z: number };
  /** Faces of zero area: repeated corners or corners in one line. */
  zeroAreaFaces: number;
}

export interface MeshSoundness {
  watertight: boolean;
  boundaryEdges: number;
  nonManifoldEdges: number;
  inconsistentEdges: number;
  /** Faces with a repeated vertex after welding (also counted among the zero-area faces). */
  collapsedFaces: number;
  shells: number;
  /** Distinct vertices after welding. */
  vertices: number;
}

/** Full analysis: measures plus soundness after welding coincident vertices. */
export function analyseMesh(mesh: TriangleMesh): MeshAnalysis {
  const measures = measureMesh(mesh.positions);
  const soundness = checkSoundness(mesh.positions);
  const { x, y, z } = measures.sizeMm;
  const warnings = [...mesh.warnings];
  if (!soundness.watertight) {
    warnings.push('The model is not watertight, so its volume and weight are not reliable.');
  }
  return {
    format: mesh.format,
    triangles: measures.triangles,
    volumeMm3: measures.volumeMm3,
    surfaceAreaMm2: measures.surfaceAreaMm2,
    sizeMm: measures.sizeMm,
    watertight: soundness.watertight,
    boundaryEdges: soundness.boundaryEdges,
    nonManifoldEdges: soundness.nonManifoldEdges,
    inconsistentEdges: soundness.inconsistentEdges,
    degenerateFaces: measures.zeroAreaFaces,
    shells: soundness.shells,
    unitGuess: mesh.unitDeclared ? 'mm' : guessUnit(Math.max(x, y, z)),
    warnings,
  };
}

/**
 * Bounding box, surface area and enclosed volume in one pass.
 *
 * Volume is the sum of signed tetrahedra a . (b x c) / 6, rewritten as (a - o) . n + o . n with
 * n = (b - a) x (c - a) and o the first corner: differences of float32 numbers are exact in float64, so
 * the terms stay small for a model far from the origin and do not cancel; o . (sum of n) restores the
 * value about the origin (it is zero for a closed surface). Both sums are compensated (Neumaier, with
 * Knuth's 2Sum for the error terms).
 */
export function measureMesh(positions: Float32Array): MeshMeasures {
  const triangles = Math.floor(positions.length / 9);
  if (triangles === 0) {
    return { triangles: 0, volumeMm3: 0, surfaceAreaMm2: 0, sizeMm: { x: 0, y: 0, z: 0 }, zeroAreaFaces: 0 };
  }
  const ox = positions[0]!;
  const oy = positions[1]!;
  const oz = positions[2]!;
  let minX = ox;
  let minY = oy;
  let minZ = oz;
  let maxX = ox;
  let maxY = oy;
  let maxZ = oz;
  let volume = 0;
  let volumeC = 0;
  let area = 0;
  let areaC = 0;
  let nSumX = 0;
  let nSumY = 0;
  let nSumZ = 0;
  let zeroArea = 0;
  const end = triangles * 9;
  for (let i = 0; i < end; i += 9) {
    const ax = positions[i]!;
    const ay = positions[i + 1]!;
    const az = positions[i + 2]!;
    const bx = positions[i + 3]!;
    const by = positions[i + 4]!;
    const bz = positions[i + 5]!;
    const cx = positions[i + 6]!;
    const cy = positions[i + 7]!;
    const cz = positions[i + 8]!;
    if (ax < minX) minX = ax;
    if (ax > maxX) maxX = ax;
    if (bx < minX) minX = bx;
    if (bx > maxX) maxX = bx;
    if (cx < minX) minX = cx;
    if (cx > maxX) maxX = cx;
    if (ay < minY) minY = ay;
    if (ay > maxY) maxY = ay;
    if (by < minY) minY = by;
    if (by > maxY) maxY = by;
    if (cy < minY) minY = cy;
    if (cy > maxY) maxY = cy;
    if (az < minZ) minZ = az;
    if (az > maxZ) maxZ = az;
    if (bz < minZ) minZ = bz;
    if (bz > maxZ) maxZ = bz;
    if (cz < minZ) minZ = cz;
    if (cz > maxZ) maxZ = cz;
    const px = bx - ax;
    const py = by - ay;
    const pz = bz - az;
    const qx = cx - ax;
    const qy = cy - ay;
    const qz = cz - az;
    const nx = py * qz - pz * qy;
    const ny = pz * qx - px * qz;
    const nz = px * qy - py * qx;
    nSumX += nx;
    nSumY += ny;
    nSumZ += nz;
    const term = (ax - ox) * nx + (ay - oy) * ny + (az - oz) * nz;
    // compensated sums without branches (2Sum: the exact rounding error of each addition), so the
    // optimised loop never meets an untried branch and falls back to slow code in the middle of a model
    const v = volume + term;
    const vt = v - volume;
    volumeC += volume - (v - vt) + (term - vt);
    volume = v;
    const len2 = nx * nx + ny * ny + nz * nz;
    zeroArea += len2 === 0 ? 1 : 0;
    const half = Math.sqrt(len2);
    const a = area + half;
    const at = a - area;
    areaC += area - (a - at) + (half - at);
    area = a;
  }
  const originTerm = ox * nSumX + oy * nSumY + oz * nSumZ;
  return {
    triangles,
    volumeMm3: (volume + volumeC + originTerm) / 6,
    surfaceAreaMm2: (area + areaC) / 2,
    sizeMm: { x: maxX - minX, y: maxY - minY, z: maxZ - minZ },
    zeroAreaFaces: zeroArea,
  };
}

/**
 * Welds corners with identical float32 coordinates and returns each corner's vertex number (numbered in
 * order of first appearance), plus how many vertices there are. Open addressing with linear probing on the
 * coordinates' bit patterns (-0 read as +0); a slot holds 1 + the corner where its vertex first appeared.
 * A small direct-mapped table of recently seen corners answers most repeats (a vertex is usually met again
 * a few hundred faces later) without touching the big table.
 */
export function weldVertices(positions: Float32Array): {
  ids: Int32Array;
  vertices: number;
  scratch: Int32Array;
} {
  return weld(positions, false);
}

/** `reuse`: take the corner ids and the table from the scratch arena (only for callers that keep neither). */
function weld(
  positions: Float32Array,
  reuse: boolean,
): { ids: Int32Array; vertices: number; scratch: Int32Array } {
  const corners = Math.floor(positions.length / 3);
  const bits = new Int32Array(positions.buffer, positions.byteOffset, corners * 3);
  const ids = reuse ? scratchInts(SCRATCH_IDS, corners) : new Int32Array(corners);
  // a closed mesh has about a sixth as many vertices as corners; grow when the table passes half full
  let log2 = Math.max(4, Math.ceil(Math.log2(Math.max(16, corners / 3))));
  let shift = 32 - log2;
  let mask = (1 << log2) - 1;
  let table: Int32Array = reuse ? scratchInts(SCRATCH_TABLE, 1 << log2).fill(0) : new Int32Array(1 << log2);
  let limit = 1 << (log2 - 1);
  const recent = new Int32Array(1 << RECENT_BITS);
  let vertices = 0;
  for (let k = 0, j = 0; k < corners; k++, j += 3) {
    let x = bits[j]!;
    let y = bits[j + 1]!;
    let z = bits[j + 2]!;
    if (x === NEGATIVE_ZERO) x = 0;
    if (y === NEGATIVE_ZERO) y = 0;
    if (z === NEGATIVE_ZERO) z = 0;
    const h = hash(x, y, z);
    const r = h >>> (32 - RECENT_BITS);
    const seen = recent[r]!;
    if (seen !== 0) {
      const m = (seen - 1) * 3;
      if (same(bits[m]!, x) && same(bits[m + 1]!, y) && same(bits[m + 2]!, z)) {
        ids[k] = ids[seen - 1]!;
        continue;
      }
    }
    recent[r] = k + 1;
    let slot = h >>> shift;
    for (;;) {
      const entry = table[slot]!;
      if (entry === 0) {
        table[slot] = k + 1;
        ids[k] = vertices++;
        if (vertices > limit) {
          log2++;
          shift--;
          mask = (1 << log2) - 1;
          limit = 1 << (log2 - 1);
          table = rehash(table, log2, bits);
        }
        break;
      }
      const m = (entry - 1) * 3;
      if (same(bits[m]!, x) && same(bits[m + 1]!, y) && same(bits[m + 2]!, z)) {
        ids[k] = ids[entry - 1]!;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return { ids, vertices, scratch: table };
}

const RECENT_BITS = 13;

/**
 * Scratch arena: typed arrays kept between calls (a worker analyses one model after another), because
 * fresh pages cost about as much as the work done in them. Only arrays up to SCRATCH_MAX_BYTES are kept, so a
 * one-off huge model does not pin its memory.
 */
const SCRATCH_IDS = 0;
const SCRATCH_TABLE = 1;
const SCRATCH_ENTRIES = 2;
const SCRATCH_MAX_BYTES = 24 << 20;
const scratch: (Int32Array | undefined)[] = [undefined, undefined, undefined];

/** An Int32Array of `length` from the arena (contents left over from an earlier call). */
function scratchInts(slot: number, length: number): Int32Array {
  const kept = scratch[slot];
  if (kept && kept.length >= length) return kept.subarray(0, length);
  const fresh = new Int32Array(length);
  scratch[slot] = length * 4 <= SCRATCH_MAX_BYTES ? fresh : undefined;
  return fresh;
}
const NEGATIVE_ZERO = -0x80000000;

/** Stored bits `a` against normalised bits `x` (never -0): equal, or -0 against +0. */
function same(a: number, x: number): boolean {
  return a === x || (x === 0 && a === NEGATIVE_ZERO);
}

/** Multiplicative hashing: the top bits of the product depend on every input bit. */
function hash(x: number, y: number, z: number): number {
  return Math.imul(
    Math.imul(x, 0x9e3779b1) ^ Math.imul(y ^ (y >>> 16), 0x85ebca77) ^ (z ^ (z >>> 15)),
    0xc2b2ae3d,
  );
}

function rehash(old: Int32Array, log2: number, bits: Int32Array): Int32Array {
  const table = new Int32Array(1 << log2);
  const mask = (1 << log2) - 1;
  const shift = 32 - log2;
  for (let s = 0; s < old.length; s++) {
    const entry = old[s]!;
    if (entry === 0) continue;
    const m = (entry - 1) * 3;
    let x = bits[m]!;
    let y = bits[m + 1]!;
    let z = bits[m + 2]!;
    if (x === NEGATIVE_ZERO) x = 0;
    if (y === NEGATIVE_ZERO) y = 0;
    if (z === NEGATIVE_ZERO) z = 0;
    let slot = hash(x, y, z) >>> shift;
    while (table[slot] !== 0) slot = (slot + 1) & mask;
    table[slot] = entry;
  }
  return table;
}

/**
 * Soundness after welding. Each face's three edges are filed under their lower vertex (a counting sort,
 * no comparison sort), then each vertex's short list is matched by the other end: an edge used once is a
 * boundary (a hole), twice in opposite directions is sound, twice the same way is inconsistent
 * orientation, three or more times is non-manifold. Faces with a repeated vertex are degenerate and left
 * out of the edge count. Shells are the connected parts (union-find over vertices).
 */
export function checkSoundness(positions: Float32Array): MeshSoundness {
  const triangles = Math.floor(positions.length / 9);
  const { ids, vertices, scratch: table } = weld(positions, true);
  // the hash table is done with: its memory (at least 2 x vertices long) holds the list starts and the
  // union-find parents, which saves fresh pages
  const start =
    table.length >= vertices + 1 ? table.subarray(0, vertices + 1).fill(0) : new Int32Array(vertices + 1);
  const parent =
    table.length >= 2 * vertices + 1
      ? table.subarray(vertices + 1, 2 * vertices + 1)
      : new Int32Array(vertices);
  for (let v = 0; v < vertices; v++) parent[v] = v;
  for (let t = 0, j = 0; t < triangles; t++, j += 3) {
    const a = ids[j]!;
    const b = ids[j + 1]!;
    const c = ids[j + 2]!;
    if (a === b || b === c || c === a) continue;
    start[a < b ? a : b]! += 1;
    start[b < c ? b : c]! += 1;
    start[c < a ? c : a]! += 1;
  }
  // running totals: start[v] = end of v's list; filling counts it back down to the beginning
  let sum = 0;
  for (let v = 0; v < vertices; v++) {
    sum += start[v]!;
    start[v] = sum;
  }
  start[vertices] = sum;
  // each entry: other end * 2 + (1 when the face runs from high to low)
  const entries = scratchInts(SCRATCH_ENTRIES, sum);
  let degenerate = 0;
  for (let t = 0, j = 0; t < triangles; t++, j += 3) {
    const a = ids[j]!;
    const b = ids[j + 1]!;
    const c = ids[j + 2]!;
    joinFace(parent, a, b, c);
    if (a === b || b === c || c === a) {
      degenerate++;
      continue;
    }
    if (a < b) entries[--start[a]!] = b << 1;
    else entries[--start[b]!] = (a << 1) | 1;
    if (b < c) entries[--start[b]!] = c << 1;
    else entries[--start[c]!] = (b << 1) | 1;
    if (c < a) entries[--start[c]!] = a << 1;
    else entries[--start[a]!] = (c << 1) | 1;
  }
  let boundary = 0;
  let nonManifold = 0;
  let inconsistent = 0;
  for (let v = 0; v < vertices; v++) {
    const from = start[v]!;
    const to = start[v + 1]!;
    // insertion sort of a short list (about six entries on a closed mesh)
    for (let i = from + 1; i < to; i++) {
      const e = entries[i]!;
      let k = i - 1;
      while (k >= from && entries[k]! > e) {
        entries[k + 1] = entries[k]!;
        k--;
      }
      entries[k + 1] = e;
    }
    let i = from;
    while (i < to) {
      const other = entries[i]! >> 1;
      let forward = 0;
      let backward = 0;
      while (i < to && entries[i]! >> 1 === other) {
        if (entries[i]! & 1) backward++;
        else forward++;
        i++;
      }
      const uses = forward + backward;
      if (uses === 1) boundary++;
      else if (uses > 2) nonManifold++;
      else if (forward !== 1) inconsistent++;
    }
  }
  let shells = 0;
  for (let v = 0; v < vertices; v++) if (parent[v] === v) shells++;
  return {
    watertight: triangles > 0 && boundary === 0 && nonManifold === 0 && inconsistent === 0,
    boundaryEdges: boundary,
    nonManifoldEdges: nonManifold,
    inconsistentEdges: inconsistent,
    collapsedFaces: degenerate,
    shells,
    vertices,
  };
}

function find(parent: Int32Array, v: number): number {
  let x = v;
  while (parent[x] !== x) {
    const up = parent[parent[x]!]!;
    parent[x] = up;
    x = up;
  }
  return x;
}

/** Unites the three corners of a face (the lower root wins), finding a's root once. */
function joinFace(parent: Int32Array, a: number, b: number, c: number): void {
  let r = find(parent, a);
  const rb = find(parent, b);
  if (rb < r) {
    parent[r] = rb;
    r = rb;
  } else if (r < rb) parent[rb] = r;
  const rc = find(parent, c);
  if (rc < r) parent[r] = rc;
  else if (r < rc) parent[rc] = r;
}

/**
 * Runs the analysis once on a tiny soup that takes every path (welds, table growth, -0, boundary,
 * inconsistent and non-manifold edges, a degenerate face). The optimising compiler takes over in the
 * middle of the first big model; code that never ran by then has no type feedback, and meeting it later
 * throws the optimised code away, so each call would run partly in slow code. Takes a few milliseconds
 * once per thread.
 */
function primeTypeFeedback(): void {
  const cube = generateCube(1, [0, 0, 0], 2);
  const first = Array.from(cube.subarray(0, 9));
  const extra = [...first, ...first, -0, 5, 5, 6, 5, 5, 5, 6, 5, 7, 7, 7, 7, 7, 7, 8, 8, 8];
  const soup = new Float32Array(cube.length + extra.length);
  soup.set(cube);
  soup.set(extra, cube.length);
  for (let i = 0; i < 3; i++) {
    checkSoundness(soup);
    checkSoundness(cube);
  }
  // measureMesh is a single loop: make it hot enough to be optimised before the first real model
  for (let i = 0; i < 30; i++) {
    measureMesh(soup);
    measureMesh(cube);
  }
}

primeTypeFeedback();
