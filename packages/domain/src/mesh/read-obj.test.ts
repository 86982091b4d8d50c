import { describe, expect, test } from 'vitest';
import { analyseMesh } from './analyse-mesh';
import { MeshReadError } from './mesh-read-error';
import { readMesh } from './read-mesh';
import { readObj } from './read-obj';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

const cubeObj = `# a 2 mm cube with quad faces
o cube
v 0 0 0
v 2 0 0
v 2 2 0
v 0 2 0
v 0 0 2
v 2 0 2
v 2 2 2
v 0 2 2
vt 0 0
vn 0 0 1
f 1 4 3 2
f 5/1 6/1 7/1 8/1
f 1//1 2//1 6//1 5//1
f 2/1/1 3/1/1 7/1/1 6/1/1
f -5 -1 -2 -6
f 4 1 5 8
`;

describe('OBJ', () => {
  test('quads become fans, all index forms and negative indices resolve', () => {
    const mesh = readMesh(encode(cubeObj), 'cube.obj');
    expect(mesh.format).toBe('obj');
    const analysis = analyseMesh(mesh);
    expect(analysis.triangles).toBe(12);
    expect(analysis.volumeMm3).toBe(8);
    expect(analysis.surfaceAreaMm2).toBe(24);
    expect(analysis.watertight).toBe(true);
  });

  test('a face using a vertex that does not exist is refused', () => {
    const error = (() => {
      try {
        readObj(encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n'));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MeshReadError);
    expect((error as MeshReadError).code).toBe('bad_index');
  });

  test('vertices without faces and faces with two corners are refused', () => {
    expect(() => readObj(encode('v 0 0 0\n'))).toThrow(MeshReadError);
    expect(() => readObj(encode('v 0 0 0\nv 1 1 1\nf 1 2\n'))).toThrow('fewer than 3 corners');
    expect(() => readObj(encode('v 0 0\n'))).toThrow('fewer than 3 numbers');
  });
});
