import { checkCoordinates } from './coordinates';
import { FloatList, IntList, NumberScanner, isSpace } from './ascii-scanner';
import { MAX_TRIANGLES } from './limits';
import { MeshReadError } from './mesh-read-error';
import type { TriangleMesh } from './mesh-types';

/**
 * Wavefront OBJ: `v x y z` vertices and `f` faces (`i`, `i/t`, `i//n`, `i/t/n`; negative numbers count back
 * from the last vertex). Faces with more than three corners are split into a fan. Everything else
 * (normals, texture coordinates, groups, materials, lines) is skipped.
 */
export function readObj(bytes: Uint8Array): TriangleMesh {
  const end = bytes.length;
  const scanner = new NumberScanner();
  const vertices = new FloatList(Math.min(Math.floor(end / 12), 1 << 24));
  const faces = new IntList(Math.min(Math.floor(end / 8), 1 << 24));
  const corners: number[] = [];
  let line = 1;
  let i = 0;
  while (i < end) {
    // start of a line: skip blanks
    while (i < end && (bytes[i] === 32 || bytes[i] === 9)) i++;
    const c0 = bytes[i];
    const c1 = i + 1 < end ? bytes[i + 1]! : 10;
    if (c0 === 118 && (c1 === 32 || c1 === 9)) {
      // v x y z [w]
      i += 2;
      for (let k = 0; k < 3; k++) {
        while (i < end && (bytes[i] === 32 || bytes[i] === 9)) i++;
        if (i >= end || bytes[i] === 10 || bytes[i] === 13)
          throw bad(`line ${line} has a vertex with fewer than 3 numbers`);
        vertices.push(scanner.read(bytes, i, end));
        i = scanner.pos;
      }
    } else if (c0 === 102 && (c1 === 32 || c1 === 9)) {
      i += 2;
      corners.length = 0;
      const known = vertices.length / 3;
      for (;;) {
        while (i < end && (bytes[i] === 32 || bytes[i] === 9)) i++;
        if (i >= end || bytes[i] === 10 || bytes[i] === 13 || bytes[i] === 35) break;
        const value = scanner.read(bytes, i, end);
        i = scanner.pos;
        if (!Number.isInteger(value) || value === 0)
          throw bad(`line ${line} has a face with a bad vertex number`);
        const index = value < 0 ? known + value : value - 1;
        corners.push(index);
        // skip /texture/normal parts
        while (i < end && !isSpace(bytes[i]!)) i++;
      }
      if (corners.length < 3) throw bad(`line ${line} has a face with fewer than 3 corners`);
      for (let k = 1; k + 1 < corners.length; k++) {
        faces.push(corners[0]!);
        faces.push(corners[k]!);
        faces.push(corners[k + 1]!);
      }
      if (faces.length > MAX_TRIANGLES * 3) throw tooLarge();
    }
    // to the end of the line
    while (i < end && bytes[i] !== 10) i++;
    i++;
    line++;
  }
  const vertexCount = vertices.length / 3;
  const triangles = faces.length / 3;
  if (triangles === 0) {
    throw new MeshReadError(
      vertexCount === 0 ? 'unknown_format' : 'no_triangles',
      vertexCount === 0 ? 'This file is not a readable OBJ file.' : 'The OBJ file contains no faces.',
    );
  }
  const positions = new Float32Array(triangles * 9);
  const v = vertices.data;
  const f = faces.data;
  for (let k = 0; k < faces.length; k++) {
    const index = f[k]!;
    if (index < 0 || index >= vertexCount) {
      throw new MeshReadError('bad_index', 'The OBJ file has a face that uses a vertex it does not define.');
    }
    positions[k * 3] = v[index * 3]!;
    positions[k * 3 + 1] = v[index * 3 + 1]!;
    positions[k * 3 + 2] = v[index * 3 + 2]!;
  }
  checkCoordinates(positions, 'OBJ');
  return { format: 'obj', positions, unitDeclared: false, warnings: [] };
}

function bad(detail: string): MeshReadError {
  return new MeshReadError('bad_structure', `The OBJ file cannot be read: ${detail}.`);
}

export function tooLarge(): MeshReadError {
  return new MeshReadError(
    'too_large',
    `The model has more than ${MAX_TRIANGLES.toLocaleString('en-US')} triangles.`,
  );
}
