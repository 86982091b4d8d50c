import { Box3, BufferGeometry, Mesh, Sphere, Vector3 } from 'three';
import type { Object3D } from 'three';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { ThreeMFLoader } from 'three/examples/jsm/loaders/3MFLoader.js';
import { detectStlKind } from '@facet/domain/mesh';

/** The piece ready to draw: geometries centred on the origin, Y up, with their bounding sphere. */
export type ModelGeometry = { geometries: BufferGeometry[]; radius: number; minY: number };

export class ViewerLoadError extends Error {
  constructor(message = 'The 3D view could not read this file.') {
    super(message);
    this.name = 'ViewerLoadError';
  }
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Every mesh's geometry with its world transform baked in (OBJ and 3MF arrive as groups). */
function meshGeometries(root: Object3D): BufferGeometry[] {
  root.updateMatrixWorld(true);
  const out: BufferGeometry[] = [];
  root.traverse((node) => {
    if (node instanceof Mesh && node.geometry instanceof BufferGeometry) {
      out.push(node.geometry.clone().applyMatrix4(node.matrixWorld));
    }
  });
  return out;
}

/**
 * Three's STLLoader takes a file as binary only when its length is exactly 84 + 50 × triangles, and reads
 * anything else as text, so a binary file with stray bytes after its last triangle (common) shows nothing.
 * The domain's detection (by the numbers, as the server reads it) decides; binary files are cut to length.
 */
function stlForLoader(buffer: ArrayBuffer): ArrayBuffer | string {
  const bytes = new Uint8Array(buffer);
  const kind = detectStlKind(bytes);
  if (kind === 'ascii') return new TextDecoder().decode(bytes);
  if (kind === 'binary') {
    const count = new DataView(buffer, 80, 4).getUint32(0, true);
    return buffer.slice(0, 84 + 50 * count);
  }
  return buffer;
}

/** Parses model bytes with three's loader for the file type. */
export function parseModel(buffer: ArrayBuffer, fileName: string): BufferGeometry[] {
  switch (extensionOf(fileName)) {
    case 'stl':
      return [new STLLoader().parse(stlForLoader(buffer))];
    case 'ply':
      return [new PLYLoader().parse(buffer)];
    case 'obj':
      return meshGeometries(new OBJLoader().parse(new TextDecoder().decode(buffer)));
    case '3mf':
      return meshGeometries(new ThreeMFLoader().parse(buffer));
    default:
      throw new ViewerLoadError('The 3D view does not know this file type.');
  }
}

/**
 * Prepares parsed geometries for the stage: STL, PLY and 3MF are drawn Z up (the CAD convention) and turned
 * Y up; OBJ is Y up already. Normals are computed where the file has none; the piece is centred.
 */
export function prepareGeometry(geometries: BufferGeometry[], fileName: string): ModelGeometry {
  const usable = geometries.filter((g) => (g.getAttribute('position')?.count ?? 0) >= 3);
  if (usable.length === 0) throw new ViewerLoadError('The file has no triangles to show.');
  const zUp = extensionOf(fileName) !== 'obj';
  const box = new Box3();
  for (const geometry of usable) {
    if (zUp) geometry.rotateX(-Math.PI / 2);
    // many STL writers leave the stored normals zero: recompute them (flat per triangle) for every STL
    if (extensionOf(fileName) === 'stl') geometry.deleteAttribute('normal');
    if (!geometry.getAttribute('normal')) geometry.computeVertexNormals();
    geometry.computeBoundingBox();
    if (geometry.boundingBox) box.union(geometry.boundingBox);
  }
  if (box.isEmpty()) throw new ViewerLoadError('The file has no triangles to show.');
  const center = box.getCenter(new Vector3());
  for (const geometry of usable) {
    geometry.translate(-center.x, -center.y, -center.z);
    geometry.computeBoundingSphere();
  }
  const sphere = box.getBoundingSphere(new Sphere());
  const radius = sphere.radius > 0 && Number.isFinite(sphere.radius) ? sphere.radius : 1;
  return { geometries: usable, radius, minY: box.min.y - center.y };
}

/** Fetches the model file (same origin, with the session cookie) and prepares it for the 3D view. */
export async function loadModelGeometry(
  fileUrl: string,
  fileName: string,
  signal?: AbortSignal,
): Promise<ModelGeometry> {
  const response = await fetch(fileUrl, { credentials: 'same-origin', signal });
  if (!response.ok) throw new ViewerLoadError('The model file could not be loaded for the 3D view.');
  const buffer = await response.arrayBuffer();
  try {
    return prepareGeometry(parseModel(buffer, fileName), fileName);
  } catch (error) {
    if (error instanceof ViewerLoadError) throw error;
    throw new ViewerLoadError();
  }
}
