import { detectMeshKind } from './detect-mesh-kind';
import { MeshReadError, asMeshReadError } from './mesh-read-error';
import type { TriangleMesh } from './mesh-types';
import { read3mf } from './read-3mf';
import { readObj } from './read-obj';
import { readPly } from './read-ply';
import { readStl } from './read-stl';

export { detectMeshKind } from './detect-mesh-kind';
export type { MeshFileKind } from './detect-mesh-kind';
// streams are read without the whole-file readers until a file needs one
export { readMeshStream } from './read-mesh-stream';
export type { MeshStreamOptions } from './read-mesh-stream';

/** Reads any supported model file held in memory. Throws MeshReadError, and nothing else, for a bad file. */
export function readMesh(bytes: Uint8Array, fileName = ''): TriangleMesh {
  if (bytes.length === 0) throw new MeshReadError('empty_file', 'The file is empty.');
  const kind = detectMeshKind(bytes, fileName);
  try {
    switch (kind) {
      case '3mf':
        return read3mf(bytes);
      case 'ply':
        return readPly(bytes);
      case 'obj':
        return readObj(bytes);
      case 'stl':
        return readStl(bytes);
      default:
        throw new MeshReadError(
          'unknown_format',
          'This file is not a 3D model we can read. Please upload an STL, OBJ, PLY or 3MF file.',
        );
    }
  } catch (error) {
    throw asMeshReadError(error);
  }
}
