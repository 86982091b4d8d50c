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

export interface AnalyseOptions {
  /**
   * The caller is done with `mesh.positions` once this returns (the CLI): the edge lists are written over
   * the corners once they are measured and welded, which saves a quarter of their size in fresh memory.
   */
  reuseCorners?: boolean;
}

/** Full analysis: measures plus soundness after welding coincident vertices. */
export function analyseMesh(mesh: TriangleMesh, options: AnalyseOptions = {}): MeshAnalysis {
  const measures = measureMesh(mesh.positions);
  const sound = options.reuseCorners
    ? soundness(mesh.positions, PARTITION_CORNERS, RECENT_BITS, true)
    : checkSoundness(mesh.positions);
  const { x, y, z } = measures.sizeMm;
  const warnings = [...mesh.warnings];
  if (!sound.watertight) {
    warnings.push('The model is not watertight, so its volume and weight are not reliable.');
  }
  return {
    format: mesh.format,
    triangles: measures.triangles,
    volumeMm3: measures.volumeMm3,
    surfaceAreaMm2: measures.surfaceAreaMm2,
    sizeMm: measures.sizeMm,
    watertight: sound.watertight,
    boundaryEdges: sound.boundaryEdges,
    nonManifoldEdges: sound.nonManifoldEdges,
    inconsistentEdges: sound.inconsistentEdges,
    degenerateFaces: measures.zeroAreaFaces,
    shells: sound.shells,
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
 * order of first appearance), plus how many vertices there are. Corners are compared by their bit
 * patterns (-0 read as +0). See `weldInto` for how.
 */
export function weldVertices(positions: Float32Array): { ids: Int32Array; vertices: number } {
  const corners = Math.floor(positions.length / 3);
  const ids = new Int32Array(corners);
  const vertices = weldInto(positions, ids, false);
  return { ids, vertices };
}

/**
 * Scratch arena: typed arrays kept between calls (a worker analyses one model after another), because
 * fresh pages cost about as much as the work done in them (about 0.6 ms per MB here). Arrays up to
 * SCRATCH_MAX_BYTES are kept: enough for a 4M-triangle model (its corner ids and edge lists are 48 MB
 * each), so a thread that has analysed one keeps up to about 120 MB; a larger one-off model does not pin
 * its memory. Nothing taken from the arena escapes a call.
 */
const SCRATCH_IDS = 0;
const SCRATCH_MISSES = 1;
const SCRATCH_ENTRIES = 2;
const SCRATCH_TABLE = 3;
const SCRATCH_MAX_BYTES = 48 << 20;
const scratch: (Int32Array | undefined)[] = [undefined, undefined, undefined, undefined];

/** An Int32Array of `length` from the arena (contents left over from an earlier call). */
function scratchInts(slot: number, length: number): Int32Array {
  const kept = scratch[slot];
  if (kept && kept.length >= length) return kept.subarray(0, length);
  const fresh = new Int32Array(length);
  scratch[slot] = length * 4 <= SCRATCH_MAX_BYTES ? fresh : undefined;
  return fresh;
}

const NEGATIVE_ZERO = -0x80000000;
const RECENT_BITS = 13;
/** Corners per partition of the second stage, at most (1 << PARTITION_BITS_MAX) partitions. */
const PARTITION_CORNERS = 12_000;
const PARTITION_BITS_MAX = 10;

/** The bits of a float32 with -0 read as +0. */
function zeroed(bits: number): number {
  return bits === NEGATIVE_ZERO ? 0 : bits;
}

/** Multiplicative hashing: the top bits of the product depend on every input bit. */
function hash(x: number, y: number, z: number): number {
  return Math.imul(
    Math.imul(x, 0x9e3779b1) ^ Math.imul(y ^ (y >>> 16), 0x85ebca77) ^ (z ^ (z >>> 15)),
    0xc2b2ae3d,
  );
}

/**
 * Welds in three stages, each with memory access that stays local (random lookups into one big hash
 * table cost a cache and TLB miss each, about 70 ns here, and were most of the time):
 * 1. `weldRecent`: a small direct-mapped table of recently seen corners answers most repeats (a vertex is
 *    usually met again a few hundred faces later); a corner it does not know is marked as its own vertex
 *    for now (`ids[k] = k`) and counted in its partition (the top bits of its hash).
 * 2. `scatterMisses`: those corners' (hash, corner) pairs are filed by partition, in corner order.
 * 3. `weldPartitions`: each partition (a few thousand corners) is welded in a hash table that fits the
 *    fastest cache; a corner equal to an earlier one points at it. The first corner of every vertex is
 *    always such a miss, so this finds it.
 * Then `numberVertices` turns the pointers (always to an earlier corner) into vertex numbers in one pass.
 * `reuse`: the working arrays come from the scratch arena; returns the vertex count. `ids` has one slot
 * per corner.
 */
function weldInto(
  positions: Float32Array,
  ids: Int32Array,
  reuse: boolean,
  partitionCorners = PARTITION_CORNERS,
  recentBits = RECENT_BITS,
): number {
  const corners = ids.length;
  const bits = new Int32Array(positions.buffer, positions.byteOffset, corners * 3);
  let partitionBits = 0;
  while (partitionBits < PARTITION_BITS_MAX && corners >>> partitionBits > partitionCorners) partitionBits++;
  const partitions = 1 << partitionBits;
  // counts per partition at [p + 1], turned into starts below
  const partitionStart = new Int32Array(partitions + 1);
  const misses = weldRecent(bits, ids, partitionStart, partitionBits, recentBits);
  let largest = 0;
  for (let p = 0; p < partitions; p++) {
    largest = Math.max(largest, partitionStart[p + 1]!);
    partitionStart[p + 1] = partitionStart[p + 1]! + partitionStart[p]!;
  }
  // one spare int: the caller reuses this memory for 2 x vertices + 1 ints (vertices <= misses)
  const pairs = reuse ? scratchInts(SCRATCH_MISSES, 2 * misses + 1) : new Int32Array(2 * misses + 1);
  scatterMisses(bits, ids, partitionStart, partitionBits, pairs);
  let tableBits = 4;
  while (1 << tableBits < 2 * largest) tableBits++;
  const table = reuse ? scratchInts(SCRATCH_TABLE, 1 << tableBits) : new Int32Array(1 << tableBits);
  weldPartitions(bits, ids, partitionStart, partitionBits, pairs, table);
  return numberVertices(ids);
}

/** Stage 1 of `weldInto`; returns how many corners the recent table did not know. */
function weldRecent(
  bits: Int32Array,
  ids: Int32Array,
  counts: Int32Array,
  partitionBits: number,
  recentBits: number,
): number {
  const corners = ids.length;
  const recent = new Int32Array(1 << recentBits);
  const recentShift = 32 - recentBits;
  const partitionShift = 32 - partitionBits;
  let misses = 0;
  for (let k = 0, j = 0; k < corners; k++, j += 3) {
    let x = bits[j]!;
    let y = bits[j + 1]!;
    let z = bits[j + 2]!;
    if (x === NEGATIVE_ZERO) x = 0;
    if (y === NEGATIVE_ZERO) y = 0;
    if (z === NEGATIVE_ZERO) z = 0;
    const h = hash(x, y, z);
    const r = h >>> recentShift;
    const seen = recent[r]!;
    if (seen !== 0) {
      const m = (seen - 1) * 3;
      const a = bits[m]!;
      const b = bits[m + 1]!;
      const c = bits[m + 2]!;
      // one test, no short-circuit: every operation here runs for every corner (see primeTypeFeedback)
      const differ = (zeroed(a) ^ x) | (zeroed(b) ^ y) | (zeroed(c) ^ z);
      if (differ === 0) {
        ids[k] = ids[seen - 1]!;
        continue;
      }
    }
    recent[r] = k + 1;
    ids[k] = k;
    misses++;
    // (h >>> 32) is h: the partition of a single partition is 0
    counts[(partitionBits === 0 ? 0 : h >>> partitionShift) + 1]! += 1;
  }
  return misses;
}

/** Stage 2 of `weldInto`: (hash, corner) of every corner marked as its own vertex, filed by partition. */
function scatterMisses(
  bits: Int32Array,
  ids: Int32Array,
  partitionStart: Int32Array,
  partitionBits: number,
  pairs: Int32Array,
): void {
  const fill = partitionStart.slice(0, partitionStart.length - 1);
  const partitionShift = 32 - partitionBits;
  const corners = ids.length;
  for (let k = 0, j = 0; k < corners; k++, j += 3) {
    if (ids[k] !== k) continue;
    let x = bits[j]!;
    let y = bits[j + 1]!;
    let z = bits[j + 2]!;
    if (x === NEGATIVE_ZERO) x = 0;
    if (y === NEGATIVE_ZERO) y = 0;
    if (z === NEGATIVE_ZERO) z = 0;
    const h = hash(x, y, z);
    const at = fill[partitionBits === 0 ? 0 : h >>> partitionShift]!++;
    pairs[2 * at] = h;
    pairs[2 * at + 1] = k;
  }
}

/** Stage 3 of `weldInto`: within each partition, a corner equal to an earlier one points at it. */
function weldPartitions(
  bits: Int32Array,
  ids: Int32Array,
  partitionStart: Int32Array,
  partitionBits: number,
  pairs: Int32Array,
  table: Int32Array,
): void {
  const partitions = partitionStart.length - 1;
  for (let p = 0; p < partitions; p++) {
    const from = partitionStart[p]!;
    const to = partitionStart[p + 1]!;
    let tableBits = 4;
    while (1 << tableBits < 2 * (to - from)) tableBits++;
    const mask = (1 << tableBits) - 1;
    table.fill(0, 0, 1 << tableBits);
    for (let e = from; e < to; e++) {
      const h = pairs[2 * e]!;
      const k = pairs[2 * e + 1]!;
      // the hash bits below the partition's
      let slot = (h << partitionBits) >>> (32 - tableBits);
      for (;;) {
        const entry = table[slot]!;
        if (entry === 0) {
          table[slot] = e + 1;
          break;
        }
        if (pairs[2 * entry - 2] === h) {
          const earlier = pairs[2 * entry - 1]!;
          const m = 3 * earlier;
          const n = 3 * k;
          // equal bits once -0 is read as +0 on both sides
          const differ =
            (zeroed(bits[m]!) ^ zeroed(bits[n]!)) |
            (zeroed(bits[m + 1]!) ^ zeroed(bits[n + 1]!)) |
            (zeroed(bits[m + 2]!) ^ zeroed(bits[n + 2]!));
          if (differ === 0) {
            ids[k] = earlier;
            break;
          }
        }
        slot = (slot + 1) & mask;
      }
    }
  }
}

/** Each corner points at itself (a new vertex) or at an earlier corner of its vertex: number them in order. */
function numberVertices(ids: Int32Array): number {
  let vertices = 0;
  const corners = ids.length;
  for (let k = 0; k < corners; k++) {
    const earlier = ids[k]!;
    ids[k] = earlier === k ? vertices++ : ids[earlier]!;
  }
  return vertices;
}

/**
 * Soundness after welding. Each face's three edges are filed under their lower vertex (a counting sort,
 * no comparison sort), then each vertex's short list is matched by the other end: an edge used once is a
 * boundary (a hole), twice in opposite directions is sound, twice the same way is inconsistent
 * orientation, three or more times is non-manifold. Faces with a repeated vertex are degenerate and left
 * out of the edge count. Shells are the connected parts (union-find over vertices). Each step is a small
 * function of its own, so the optimising compiler takes each quickly and none runs in slow code for long.
 */
export function checkSoundness(positions: Float32Array): MeshSoundness {
  return soundness(positions, PARTITION_CORNERS);
}

/** `partitionCorners`, `recentBits`: smaller than usual only to take every path when priming. */
function soundness(
  positions: Float32Array,
  partitionCorners: number,
  recentBits = RECENT_BITS,
  reuseCorners = false,
): MeshSoundness {
  const triangles = Math.floor(positions.length / 9);
  const ids = scratchInts(SCRATCH_IDS, triangles * 3);
  const vertices = weldInto(positions, ids, true, partitionCorners, recentBits);
  // the weld's pairs are done with: their memory (at least 2 x vertices + 1 long) holds the list starts
  // and the union-find parents, which saves fresh pages
  const spare = scratch[SCRATCH_MISSES];
  const room = spare !== undefined && spare.length >= 2 * vertices + 1;
  const start = room ? spare.subarray(0, vertices + 1) : new Int32Array(vertices + 1);
  const parent = room ? spare.subarray(vertices + 1, 2 * vertices + 1) : new Int32Array(vertices);
  const halfEdges = countEdges(ids, start);
  // at most 3 ints per face, the corners have 9 floats: room whenever the caller lets them go
  const entries = reuseCorners
    ? new Int32Array(positions.buffer, positions.byteOffset, halfEdges)
    : scratchInts(SCRATCH_ENTRIES, halfEdges);
  const degenerate = fillEdges(ids, start, entries, parent);
  const counts = matchEdges(start, entries);
  const boundary = counts[0]!;
  const nonManifold = counts[1]!;
  const inconsistent = counts[2]!;
  return {
    watertight: triangles > 0 && boundary === 0 && nonManifold === 0 && inconsistent === 0,
    boundaryEdges: boundary,
    nonManifoldEdges: nonManifold,
    inconsistentEdges: inconsistent,
    collapsedFaces: degenerate,
    shells: countShells(parent),
    vertices,
  };
}

/**
 * Counts each vertex's edges (filed under the lower end) and turns the counts into running totals:
 * start[v] = end of v's list (filling counts it back down to the beginning). Returns the total.
 */
function countEdges(ids: Int32Array, start: Int32Array): number {
  start.fill(0);
  const end = ids.length - (ids.length % 3);
  for (let j = 0; j < end; j += 3) {
    const a = ids[j]!;
    const b = ids[j + 1]!;
    const c = ids[j + 2]!;
    if (a === b || b === c || c === a) continue;
    start[a < b ? a : b]! += 1;
    start[b < c ? b : c]! += 1;
    start[c < a ? c : a]! += 1;
  }
  const vertices = start.length - 1;
  let sum = 0;
  for (let v = 0; v < vertices; v++) {
    sum += start[v]!;
    start[v] = sum;
  }
  start[vertices] = sum;
  return sum;
}

/**
 * Files each face's edges (entry: other end * 2 + 1 when the face runs from high to low) and joins its
 * corners in the union-find. Returns the number of faces with a repeated vertex.
 */
function fillEdges(ids: Int32Array, start: Int32Array, entries: Int32Array, parent: Int32Array): number {
  const vertices = parent.length;
  for (let v = 0; v < vertices; v++) parent[v] = v;
  let degenerate = 0;
  const end = ids.length - (ids.length % 3);
  for (let j = 0; j < end; j += 3) {
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
  return degenerate;
}

const edgeCounts = new Int32Array(3);

/** Matches each vertex's list: [boundary, non-manifold, inconsistent] edges (a shared array). */
function matchEdges(start: Int32Array, entries: Int32Array): Int32Array {
  let boundary = 0;
  let nonManifold = 0;
  let inconsistent = 0;
  const vertices = start.length - 1;
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
  edgeCounts[0] = boundary;
  edgeCounts[1] = nonManifold;
  edgeCounts[2] = inconsistent;
  return edgeCounts;
}

function countShells(parent: Int32Array): number {
  let shells = 0;
  const vertices = parent.length;
  for (let v = 0; v < vertices; v++) if (parent[v] === v) shells++;
  return shells;
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
 * Runs the analysis on a small soup that takes every path (welds near and far, clashes in the recent
 * table, one and several partitions, -0, boundary, inconsistent and non-manifold edges, a degenerate
 * face) often enough that the optimising compiler takes up every function now, on its own thread, while
 * the caller goes on to read the first model. Otherwise the first big model runs in slow code until each
 * loop is compiled mid-run, and code that never ran by then has no type feedback: meeting it throws the
 * optimised code away. About 10 ms once per thread.
 */
function primeTypeFeedback(): void {
  const cube = generateCube(1, [0, 0, 0], 3);
  const first = Array.from(cube.subarray(0, 9));
  const extra = [...first, ...first, -0, 5, 5, 6, 5, 5, 5, 6, 5, 7, 7, 7, 7, 7, 7, 8, 8, 8];
  const soup = new Float32Array(cube.length + extra.length);
  soup.set(cube);
  soup.set(extra, cube.length);
  const small = generateCube(1, [0, 0, 0], 1);
  for (let i = 0; i < 8; i++) {
    soundness(soup, PARTITION_CORNERS);
    soundness(soup, 64, 2);
    soundness(small, PARTITION_CORNERS);
    soundness(soup.slice(), PARTITION_CORNERS, RECENT_BITS, true);
  }
  for (let i = 0; i < 24; i++) {
    measureMesh(soup);
    measureMesh(small);
  }
}

primeTypeFeedback();
