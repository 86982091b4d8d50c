import { detectMeshKind } from './detect-mesh-kind';
import { MeshReadError, asMeshReadError } from './mesh-read-error';
import type { TriangleMesh } from './mesh-types';
import { read3mf } from './read-3mf';
import { readObj } from './read-obj';
import { readPly } from './read-ply';
import { readStl } from './read-stl';
import { readMeshStreamWith, type MeshStreamOptions } from './read-mesh-stream';

export { detectMeshKind } from './detect-mesh-kind';
export type { MeshFileKind } from './detect-mesh-kind';
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

/**
 * Reads a model from a stream of chunks. ASCII STL (the bulky text format) is parsed as it arrives and never
 * held whole; binary STL is converted as it arrives; the other formats are gathered, up to
 * `options.maxBytes`, then read by readMesh. A chunk is done with once the next one is asked for, so the
 * caller may read every chunk into the same buffer.
 */
export function readMeshStream(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: MeshStreamOptions = {},
): Promise<TriangleMesh> {
  return readMeshStreamWith(readMesh, chunks, options);
}
