import { describe, expect, test } from 'vitest';
import { generateTorus } from './generate-meshes';
import { MAX_COORDINATE, MAX_COORDINATE_EXPONENT } from './limits';
import { MeshReadError, NOT_A_MODEL_MESSAGE, OUT_OF_RANGE_MESSAGE } from './mesh-read-error';
import { detectMeshKind, readMesh, readMeshStream } from './read-mesh';
import { detectStlKind, readStl, readStlAscii } from './read-stl';
import { writeStlAscii, writeStlBinary } from './write-stl';

const ring = generateTorus(9.5, 1, [3, 4, 5], 40, 12);
const encoder = new TextEncoder();

function errorOf(run: () => unknown): MeshReadError {
  try {
    run();
  } catch (error) {
    if (error instanceof MeshReadError) return error;
    throw error;
  }
  throw new Error('expected a MeshReadError');
}

async function streamErrorOf(bytes: Uint8Array, fileName: string, chunk = 1 << 20): Promise<MeshReadError> {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += chunk) chunks.push(bytes.subarray(i, i + chunk));
  try {
    await readMeshStream(chunks, { fileName, byteLength: bytes.length });
  } catch (error) {
    if (error instanceof MeshReadError) return error;
    throw error;
  }
  throw new Error('expected a MeshReadError');
}

/**
 * The start of a 64-bit x86 Linux executable: ELF header, then program headers; the first (PT_PHDR) has
 * its virtual address 64 at bytes 80..83, which a binary STL reader takes for "64 triangles". The rest is
 * machine code, here a fixed pattern whose floats (0x72727272 = 4.8e30) are absurd as coordinates.
 */
function elfExecutable(length: number): Uint8Array {
  const bytes = new Uint8Array(length).fill(0x72);
  const view = new DataView(bytes.buffer);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  view.setUint16(16, 3, true); // e_type: shared object (position-independent executable)
  view.setUint16(18, 0x3e, true); // e_machine: x86-64
  view.setUint32(20, 1, true);
  view.setBigUint64(24, 0x1040n, true); // entry
  view.setBigUint64(32, 64n, true); // program headers at 64
  view.setBigUint64(40, BigInt(length - 1024), true); // section headers
  view.setUint16(52, 64, true);
  view.setUint16(54, 56, true);
  view.setUint16(56, 13, true);
  // program header 0: PT_PHDR, flags R, offset 64, vaddr 64, paddr 64
  view.setUint32(64, 6, true);
  view.setUint32(68, 4, true);
  view.setBigUint64(72, 64n, true);
  view.setBigUint64(80, 64n, true);
  view.setBigUint64(88, 64n, true);
  return bytes;
}

/** A binary STL of the ring with one coordinate replaced. */
function ringWith(at: number, value: number): Uint8Array {
  const corners = ring.slice();
  corners[at] = value;
  return writeStlBinary(corners);
}

/** The same bytes starting at an odd address (the reader's other copy path). */
function atOddAddress(bytes: Uint8Array): Uint8Array {
  const odd = new Uint8Array(bytes.length + 1).subarray(1);
  odd.set(bytes);
  return odd;
}

describe('a file that is not a model, named .stl', () => {
  test('an executable renamed .stl is refused as not a model, never read as 64 huge triangles', async () => {
    const elf = elfExecutable(16_384);
    expect(detectStlKind(elf)).toBeUndefined();
    expect(detectMeshKind(elf, 'program.bin')).toBeUndefined();
    for (const error of [
      errorOf(() => readMesh(elf, 'ring.stl')),
      errorOf(() => readStl(elf)),
      await streamErrorOf(elf, 'ring.stl'),
      await streamErrorOf(elf, 'ring.stl', 1000),
    ]) {
      expect(error.code).toBe('not_a_model');
      expect(error.message).toBe(NOT_A_MODEL_MESSAGE);
    }
  });

  test('an executable cut to exactly 84 + 50 x 64 bytes is refused for its absurd coordinates', async () => {
    const elf = elfExecutable(84 + 50 * 64);
    expect(detectStlKind(elf)).toBe('binary');
    for (const error of [
      errorOf(() => readMesh(elf, 'ring.stl')),
      errorOf(() => readMesh(atOddAddress(elf), 'ring.stl')),
      await streamErrorOf(elf, 'ring.stl'),
      await streamErrorOf(elf, 'ring.stl', 1001),
    ]) {
      expect(error.code).toBe('out_of_range');
      expect(error.message).toBe(OUT_OF_RANGE_MESSAGE);
    }
  });

  test('a few trailing bytes (less than one record) are still read, with a warning; a record or more is not', () => {
    const bytes = writeStlBinary(ring);
    for (const extra of [1, 2, 20, 49]) {
      const longer = new Uint8Array(bytes.length + extra);
      longer.set(bytes);
      expect(detectStlKind(longer)).toBe('binary');
      const mesh = readMesh(longer, 'ring.stl');
      expect(mesh.positions).toEqual(ring);
      expect(mesh.warnings).toEqual([
        'The STL file has extra bytes after its last triangle; they were ignored.',
      ]);
    }
    for (const extra of [50, 51, 1000]) {
      const longer = new Uint8Array(bytes.length + extra);
      longer.set(bytes);
      expect(detectStlKind(longer)).toBeUndefined();
      expect(errorOf(() => readMesh(longer, 'ring.stl')).code).toBe('not_a_model');
      // without the .stl name it is no model format at all
      expect(errorOf(() => readMesh(longer, 'ring')).code).toBe('unknown_format');
    }
  });
});

describe(`coordinates are finite and less than ${MAX_COORDINATE} from the origin`, () => {
  test("binary STL's exponent check is the limit's: 2^14, whose biased exponent carries 0x39800000 to the sign", () => {
    expect(2 ** (MAX_COORDINATE_EXPONENT - 127)).toBe(MAX_COORDINATE);
    expect(((256 - MAX_COORDINATE_EXPONENT) << 23) >>> 0).toBe(0x39800000);
  });

  test('binary STL: the limit holds exactly, for records at every alignment and both copy paths', async () => {
    // records 4 and 5: one 4-byte aligned in the file, the other 2 bytes off
    for (const at of [40, 50, ring.length - 1]) {
      for (const value of [MAX_COORDINATE, -MAX_COORDINATE, 3.7e30, -1e20, 2 ** 100]) {
        const bytes = ringWith(at, value);
        for (const copy of [bytes, atOddAddress(bytes)]) {
          const error = errorOf(() => readStl(copy));
          expect(error.code).toBe('out_of_range');
          expect(error.message).toBe(OUT_OF_RANGE_MESSAGE);
        }
        expect((await streamErrorOf(bytes, 'ring.stl', 777)).code).toBe('out_of_range');
      }
      for (const value of [NaN, Infinity, -Infinity]) {
        expect(errorOf(() => readStl(ringWith(at, value))).code).toBe('bad_number');
        expect((await streamErrorOf(ringWith(at, value), 'ring.stl', 777)).code).toBe('bad_number');
      }
      // just inside the limit is a (large, far-away) model
      const inside = Math.fround(MAX_COORDINATE - 0.001);
      for (const value of [inside, -inside]) {
        expect(readStl(ringWith(at, value)).positions[at]).toBe(value);
        expect(readStl(atOddAddress(ringWith(at, value))).positions[at]).toBe(value);
      }
    }
  });

  test('ASCII STL, OBJ and PLY: the same limit', () => {
    const far = ring.slice();
    far[7] = 20_000;
    const asciiFar = encoder.encode([...writeStlAscii(far, 'far', 100)].join(''));
    expect(errorOf(() => readStlAscii(asciiFar)).code).toBe('out_of_range');
    expect(errorOf(() => readMesh(asciiFar, 'far.stl')).code).toBe('out_of_range');

    const obj = (x: string) => encoder.encode(`v 0 0 0\nv ${x} 0 0\nv 0 1 0\nf 1 2 3\n`);
    expect(readMesh(obj('16383.5'), 'a.obj').positions[3]).toBe(16383.5);
    for (const x of ['16384', '-3.7e30']) {
      expect(errorOf(() => readMesh(obj(x), 'a.obj')).code).toBe('out_of_range');
    }
    // past what a float holds: infinite once read
    expect(errorOf(() => readMesh(obj('1e39'), 'a.obj')).code).toBe('bad_number');

    const ply = (x: string) =>
      encoder.encode(
        'ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n' +
          `element face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n${x} 0 0\n0 1 0\n3 0 1 2\n`,
      );
    expect(readMesh(ply('12.5'), 'a.ply').positions[3]).toBe(12.5);
    expect(errorOf(() => readMesh(ply('-20000'), 'a.ply')).code).toBe('out_of_range');
  });

  test('the message says what is wrong and what to do, without internals', () => {
    for (const message of [NOT_A_MODEL_MESSAGE, OUT_OF_RANGE_MESSAGE]) {
      expect(message).toMatch(/^This .*\. Please .*\.$/);
      expect(message).not.toMatch(/float|exponent|byte|NaN|coordinate/i);
    }
  });
});
