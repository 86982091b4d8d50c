/**
 * An indexed triangle mesh made by a generator: corners exact in float32 (see grid.ts), faces counter-clockwise
 * seen from outside, and the closed form of the polyhedron's volume.
 */
export interface ParametricMesh {
  /** x, y, z per vertex, millimetres. */
  vertices: Float32Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
  /** The volume of this polyhedron by its closed form (mm^3), computed without the triangles. */
  closedFormVolumeMm3: number;
}

/** Builds a mesh vertex by vertex and face by face. */
export class MeshBuilder {
  private readonly xyz: number[] = [];
  private readonly faces: number[] = [];

  vertex(x: number, y: number, z: number): number {
    this.xyz.push(x, y, z);
    return this.xyz.length / 3 - 1;
  }

  triangle(a: number, b: number, c: number): void {
    this.faces.push(a, b, c);
  }

  /** A planar quad a-b-c-d (counter-clockwise from outside) as two triangles. */
  quad(a: number, b: number, c: number, d: number): void {
    this.faces.push(a, b, c, a, c, d);
  }

  build(closedFormVolumeMm3: number): ParametricMesh {
    const vertices = Float32Array.from(this.xyz);
    for (let i = 0; i < this.xyz.length; i++) {
      if (vertices[i] !== this.xyz[i]) throw new Error(`corner ${i} is not exact in float32`);
    }
    return { vertices, indices: Uint32Array.from(this.faces), closedFormVolumeMm3 };
  }
}

/** The mesh as a triangle soup (9 float32 per triangle): what `analyseMesh` and `writeStlBinary` take. */
export function toTriangleSoup(mesh: ParametricMesh): Float32Array {
  const soup = new Float32Array(mesh.indices.length * 3);
  for (let i = 0; i < mesh.indices.length; i++) {
    const v = mesh.indices[i]! * 3;
    soup[i * 3] = mesh.vertices[v]!;
    soup[i * 3 + 1] = mesh.vertices[v + 1]!;
    soup[i * 3 + 2] = mesh.vertices[v + 2]!;
  }
  return soup;
}
