import { describe, expect, test } from 'vitest';
import { analyseMesh } from './analyse-mesh';
import { MeshReadError } from './mesh-read-error';
import { readMesh } from './read-mesh';

// a 2 mm cube: 8 corners, 6 quads
const corners = [
  [0, 0, 0],
  [2, 0, 0],
  [2, 2, 0],
  [0, 2, 0],
  [0, 0, 2],
  [2, 0, 2],
  [2, 2, 2],
  [0, 2, 2],
];
const quads = [
  [0, 3, 2, 1],
  [4, 5, 6, 7],
  [0, 1, 5, 4],
  [1, 2, 6, 5],
  [2, 3, 7, 6],
  [3, 0, 4, 7],
];

function header(format: string): string {
  return (
    `ply\nformat ${format} 1.0\ncomment made by a test\nelement vertex 8\nproperty float x\nproperty float y\n` +
    'property float z\nproperty uchar red\nelement face 6\nproperty list uchar int vertex_indices\nend_header\n'
  );
}

function binaryPly(little: boolean): Uint8Array {
  const head = new TextEncoder().encode(header(little ? 'binary_little_endian' : 'binary_big_endian'));
  const body = new DataView(new ArrayBuffer(8 * 13 + 6 * 17));
  let o = 0;
  for (const c of corners) {
    for (const v of c) {
      body.setFloat32(o, v, little);
      o += 4;
    }
    body.setUint8(o++, 200);
  }
  for (const q of quads) {
    body.setUint8(o++, 4);
    for (const i of q) {
      body.setInt32(o, i, little);
      o += 4;
    }
  }
  const out = new Uint8Array(head.length + body.byteLength);
  out.set(head);
  out.set(new Uint8Array(body.buffer), head.length);
  return out;
}

const asciiPly = new TextEncoder().encode(
  header('ascii') +
    corners.map((c) => `${c.join(' ')} 200`).join('\n') +
    '\n' +
    quads.map((q) => `4 ${q.join(' ')}`).join('\n') +
    '\n',
);

describe('PLY', () => {
  test.each([
    ['ascii', asciiPly, 'ply-ascii'],
    ['binary little endian', binaryPly(true), 'ply-binary'],
    ['binary big endian', binaryPly(false), 'ply-binary'],
  ] as const)('%s cube reads as a closed 8 mm3 cube', (_name, bytes, format) => {
    const mesh = readMesh(bytes, 'cube.ply');
    expect(mesh.format).toBe(format);
    const analysis = analyseMesh(mesh);
    expect(analysis.triangles).toBe(12);
    expect(analysis.volumeMm3).toBe(8);
    expect(analysis.watertight).toBe(true);
  });

  test('a huge declared count is refused before allocating, a cut file is refused', () => {
    const huge = binaryPly(true);
    const text = new TextDecoder()
      .decode(huge.subarray(0, 200))
      .replace('element vertex 8', 'element vertex 9999999999');
    const patched = new TextEncoder().encode(text.slice(0, text.indexOf('end_header') + 11));
    expect(() => readMesh(patched, 'x.ply')).toThrow(MeshReadError);
    const cut = binaryPly(false);
    expect(() => readMesh(cut.subarray(0, cut.length - 10), 'x.ply')).toThrow('cut short');
  });

  test('a face pointing past the vertices is refused', () => {
    const bad = new TextEncoder().encode(
      new TextDecoder().decode(asciiPly).replace('4 0 3 2 1', '4 0 3 2 8'),
    );
    expect(() => readMesh(bad)).toThrow('does not define');
  });
});
