import { strToU8, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { analyseMesh } from './analyse-mesh';
import { fixtureNames, readFixture } from './fixture-files.test-helper';
import { generateTorus } from './generate-meshes';
import { MeshReadError } from './mesh-read-error';
import { readMesh, readMeshStream } from './read-mesh';
import { writeStlAscii, writeStlBinary } from './write-stl';

/** Small seeded generator so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

/** Either a readable mesh that analyses to finite numbers, or a MeshReadError; never anything else. */
function readsOrRefuses(bytes: Uint8Array, name: string): 'read' | 'refused' {
  try {
    const analysis = analyseMesh(readMesh(bytes, name));
    expect(Number.isFinite(analysis.volumeMm3)).toBe(true);
    expect(Number.isFinite(analysis.surfaceAreaMm2)).toBe(true);
    return 'read';
  } catch (error) {
    if (!(error instanceof MeshReadError)) throw error;
    expect(error.message.length).toBeGreaterThan(10);
    return 'refused';
  }
}

const ring = generateTorus(9.5, 1, [0, 0, 0], 24, 8);
const seeds: Array<[string, Uint8Array]> = [
  ['binary.stl', writeStlBinary(ring)],
  ['ascii.stl', new TextEncoder().encode([...writeStlAscii(ring)].join(''))],
  [
    'cube.obj',
    new TextEncoder().encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n'),
  ],
  [
    'cube.ply',
    new TextEncoder().encode(
      'ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\nproperty float y\nproperty float z\n' +
        'element face 4\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n' +
        '3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n',
    ),
  ],
  ...fixtureNames('3mf').map((name): [string, Uint8Array] => [name, readFixture('3mf', name)]),
];

describe('hostile input gives a MeshReadError, never a crash or a hang', () => {
  test('random bytes of every length', () => {
    const next = random(1);
    expect(readsOrRefuses(new Uint8Array(0), 'empty.stl')).toBe('refused');
    for (let n = 0; n < 400; n++) {
      const bytes = new Uint8Array(Math.floor(next() * 3000));
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
      // some start like real files
      if (n % 4 === 1) bytes.set(strToU8('solid x\n').subarray(0, bytes.length));
      if (n % 4 === 2) bytes.set(strToU8('ply\nformat ascii 1.0\n').subarray(0, bytes.length));
      if (n % 4 === 3 && bytes.length >= 4) bytes.set([0x50, 0x4b, 3, 4]);
      readsOrRefuses(bytes, 'random.bin');
    }
  });

  test.each(seeds)('%s cut at every length is read or refused', (name, bytes) => {
    const step = Math.max(1, Math.floor(bytes.length / 300));
    for (let n = 0; n < bytes.length; n += step) readsOrRefuses(bytes.subarray(0, n), name);
  });

  test.each(seeds)('%s with random bytes changed is read or refused', (name, bytes) => {
    const next = random(name.length);
    for (let n = 0; n < 150; n++) {
      const copy = bytes.slice();
      for (let k = 0; k < 1 + Math.floor(next() * 8); k++)
        copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
      readsOrRefuses(copy, name);
    }
  });

  test('huge declared counts are refused quickly, without allocating', () => {
    const started = Date.now();
    const stl = new Uint8Array(84 + 50);
    new DataView(stl.buffer).setUint32(80, 4_000_000_000, true);
    expect(readsOrRefuses(stl, 'a.stl')).toBe('refused');
    const ply = strToU8(
      'ply\nformat binary_little_endian 1.0\nelement vertex 4000000000\nproperty float x\nproperty float y\n' +
        'property float z\nelement face 4000000000\nproperty list uchar int vertex_indices\nend_header\n',
    );
    expect(readsOrRefuses(ply, 'a.ply')).toBe('refused');
    const bomb = zipSync({ '3D/3dmodel.model': new Uint8Array(8 << 20) }, { level: 9 });
    expect(readsOrRefuses(bomb, 'a.3mf')).toBe('refused');
    expect(readsOrRefuses(strToU8('f 1 2 3\n'), 'a.obj')).toBe('refused');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('a stream that never ends a line is refused, not buffered without limit', async () => {
    function* endless(): Generator<Uint8Array> {
      yield strToU8('solid x\nfacet normal 0 0 1\n');
      const filler = new Uint8Array(64 * 1024).fill(0x37);
      for (let i = 0; i < 64; i++) yield filler;
    }
    await expect(readMeshStream(endless())).rejects.toBeInstanceOf(MeshReadError);
  });
});
