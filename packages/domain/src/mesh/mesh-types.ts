import type { MeshUnitGuess } from './units';

export type MeshFormat = 'stl-binary' | 'stl-ascii' | 'obj' | 'ply-ascii' | 'ply-binary' | '3mf';

/**
 * A triangle soup: `positions` holds 9 float32 numbers (x, y, z of three corners) per triangle, in millimetres
 * as far as the file says so (see `unitDeclared`). Soup rather than indexed so every reader produces the same
 * thing and welding is done once, in the analysis, on exact float32 bit patterns.
 */
export interface TriangleMesh {
  format: MeshFormat;
  positions: Float32Array;
  /** True when the file itself names its unit (3MF) and the positions were converted to millimetres. */
  unitDeclared: boolean;
  /** Things the customer may want to know although the file could be read. */
  warnings: string[];
}

export interface MeshAnalysis {
  format: MeshFormat;
  triangles: number;
  volumeMm3: number;
  surfaceAreaMm2: number;
  sizeMm: { x: number; y: number; z: number };
  watertight: boolean;
  boundaryEdges: number;
  nonManifoldEdges: number;
  /** Edges used by exactly two faces that run the same way (one face is flipped). */
  inconsistentEdges: number;
  degenerateFaces: number;
  shells: number;
  unitGuess: MeshUnitGuess;
  warnings: string[];
}
