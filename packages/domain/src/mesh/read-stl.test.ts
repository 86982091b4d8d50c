import { describe, expect, test } from 'vitest';
import { measureMesh } from './analyse-mesh';
import { generateTorus } from './generate-meshes';
import { MeshReadError } from './mesh-read-error';
import { readMesh, readMeshStream } from './read-mesh';
import { MAX_COORDINATE } from './limits';
import { detectStlKind, parseStlAscii, readStl, readStlAsciiStream } from './read-stl';
import { writeStlAscii, writeStlBinary } from './write-stl';

const ring = generateTorus(9.5, 1, [3, 4, 5], 40, 12);
const encoder = new TextEncoder();
const asciiText = [...writeStlAscii(ring, 'ring', 100)].join('');
const ascii = encoder.encode(asciiText);

function errorOf(run: () => unknown): MeshReadError {
  try {
    run();
  } catch (error) {
    if (error instanceof MeshReadError) return error;
    throw error;
  }
  throw new Error('expected a MeshReadError');
}

describe('binary STL', () => {
  test('reads back exactly the float32 corners written', () => {
    const mesh = readStl(writeStlBinary(ring));
    expect(mesh.format).toBe('stl-binary');
    expect(mesh.positions).toEqual(ring);
  });

  test('is recognised by its size even when the header starts with "solid"', () => {
    const bytes = writeStlBinary(ring, 'solid ring facet normal vertex');
    expect(detectStlKind(bytes)).toBe('binary');
    expect(readStl(bytes).positions).toEqual(ring);
  });

  test('reads from an unaligned view of a larger buffer', () => {
    const bytes = writeStlBinary(ring);
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 1);
    expect(readStl(padded.subarray(1, 1 + bytes.length)).positions).toEqual(ring);
  });

  test('a truncated file and a huge declared count are refused before allocating', () => {
    const bytes = writeStlBinary(ring);
    expect(errorOf(() => readStl(bytes.subarray(0, bytes.length - 7))).code).toBe('truncated_file');
    const huge = bytes.slice(0, 84 + 50);
    new DataView(huge.buffer).setUint32(80, 0xffffffff, true);
    expect(errorOf(() => readStl(huge)).code).toBe('truncated_file');
  });

  test('NaN and infinite coordinates are refused', () => {
    // records 4 and 5: one 4-byte aligned in the file, the other 2 bytes off
    for (const at of [40, 50]) {
      for (const bad of [NaN, Infinity, -Infinity]) {
        const corrupt = ring.slice();
        corrupt[at] = bad;
        expect(errorOf(() => readStl(writeStlBinary(corrupt))).code).toBe('bad_number');
      }
    }
  });

  test('extra bytes after the last triangle are ignored with a warning', () => {
    const bytes = writeStlBinary(ring);
    const longer = new Uint8Array(bytes.length + 20);
    longer.set(bytes);
    const mesh = readStl(longer);
    expect(mesh.positions).toEqual(ring);
    expect(mesh.warnings).toHaveLength(1);
  });
  test('streamed binary: converted block by block, the same corners whatever the chunk size', async () => {
    // more triangles than one conversion block (4096), an odd count, chunks cutting records anywhere
    const big = generateTorus(9.5, 1, [120.5, -40.25, 7.75], 101, 50);
    const binary = writeStlBinary(big, 'solid ring');
    const pieces = (size: number): Uint8Array[] =>
      Array.from({ length: Math.ceil(binary.length / size) }, (_, i) =>
        binary.subarray(i * size, (i + 1) * size),
      );
    for (const size of [1100, 4099, 65536, binary.length]) {
      const mesh = await readMeshStream(pieces(size), { byteLength: binary.length });
      expect(mesh.format).toBe('stl-binary');
      expect(mesh.warnings).toEqual([]);
      expect(mesh.positions).toEqual(big);
    }
  });

  test('streamed binary: cut short, NaN corners and a lying length are handled', async () => {
    const binary = writeStlBinary(ring);
    const cut = binary.subarray(0, binary.length - 30);
    await expect(readMeshStream([cut], { byteLength: binary.length })).rejects.toMatchObject({
      code: 'truncated_file',
    });
    const bad = binary.slice();
    new DataView(bad.buffer).setFloat32(84 + 50 * 7 + 12 + 4 * 5, Number.NaN, true);
    await expect(readMeshStream([bad], { byteLength: bad.length })).rejects.toMatchObject({
      code: 'bad_number',
    });
    const longer = new Uint8Array(binary.length + 10);
    longer.set(binary);
    const mesh = await readMeshStream([longer], { byteLength: binary.length });
    expect(mesh.positions).toEqual(ring);
    expect(mesh.warnings).toHaveLength(1);
  });
});

describe('ASCII STL', () => {
  test('reads 9 significant digits back to the same float32 corners', () => {
    const mesh = readStl(ascii);
    expect(mesh.format).toBe('stl-ascii');
    expect(mesh.positions).toEqual(ring);
  });

  test('streamed in chunks of any size gives the same triangles', async () => {
    for (const size of [1, 7, 64, 4096]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < ascii.length; i += size) chunks.push(ascii.subarray(i, i + size));
      const mesh = await readStlAsciiStream(chunks);
      expect(mesh.positions).toEqual(ring);
    }
  });

  test('readMeshStream picks the streaming reader for ASCII and the size rule for binary', async () => {
    const chunks = (bytes: Uint8Array): Uint8Array[] =>
      Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, i) =>
        bytes.subarray(i * 1000, (i + 1) * 1000),
      );
    expect((await readMeshStream(chunks(ascii), { byteLength: ascii.length })).format).toBe('stl-ascii');
    const binary = writeStlBinary(ring, 'solid but binary');
    const mesh = await readMeshStream(chunks(binary), { byteLength: binary.length });
    expect(mesh.format).toBe('stl-binary');
    expect(mesh.positions).toEqual(ring);
  });

  test('a caller may read every chunk into one reused buffer', async () => {
    function* reused(bytes: Uint8Array): Generator<Uint8Array> {
      const buffer = new Uint8Array(777);
      for (let i = 0; i < bytes.length; i += buffer.length) {
        const piece = bytes.subarray(i, i + buffer.length);
        buffer.set(piece);
        yield buffer.subarray(0, piece.length);
      }
    }
    expect((await readMeshStream(reused(ascii))).positions).toEqual(ring);
    const binary = writeStlBinary(ring);
    expect((await readMeshStream(reused(binary), { byteLength: binary.length })).positions).toEqual(ring);
    expect((await readMeshStream(reused(binary))).positions).toEqual(ring);
  });

  test('long names and normal lines are skipped, in memory and streamed', async () => {
    const name = 'x'.repeat(300);
    const text =
      `solid ${name}\nfacet normal ${'1.00000000e+00 '.repeat(9)}\n outer loop\n vertex 0 0 0\n` +
      ' vertex 1 0 0\n vertex 0 1 0\n endloop\nendfacet\nendsolid ' +
      name;
    const bytes = encoder.encode(text);
    expect(Array.from(readStl(bytes).positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const pieces = Array.from({ length: Math.ceil(bytes.length / 50) }, (_, i) =>
      bytes.subarray(i * 50, (i + 1) * 50),
    );
    expect(Array.from((await readStlAsciiStream(pieces)).positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  test('accepts leading spaces, CRLF, upper case keywords, nan normals and several solids', () => {
    const text =
      '  SOLID a\r\n facet normal nan nan nan\r\n outer loop\r\n vertex 0 0 0\r\n VERTEX 1e1 0 0\r\n' +
      ' vertex 0 +10. 0\r\n endloop\r\n endfacet\r\nendsolid a\r\nsolid b\nfacet normal 0 0 1\nouter loop\n' +
      'vertex 0 0 1\nvertex -1.5E+0 0 1\nvertex 0 -.5 1\nendloop\nendfacet\nendsolid b\n';
    const mesh = readMesh(encoder.encode(text), 'part.stl');
    expect(Array.from(mesh.positions)).toEqual([
      0, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0, 1, -1.5, 0, 1, 0, -0.5, 1,
    ]);
    expect(measureMesh(mesh.positions).triangles).toBe(2);
  });

  test('a file cut inside a triangle, a bad number and stray words are refused', () => {
    expect(errorOf(() => readStl(ascii.subarray(0, ascii.length - 60))).code).toBe('truncated_file');
    const badNumber = asciiText.replace(/vertex \S+/, 'vertex 1.2.3');
    expect(errorOf(() => readStl(encoder.encode(badNumber))).code).toBe('bad_structure');
    const word = asciiText.replace('outer loop', 'outer banana');
    expect(errorOf(() => readStl(encoder.encode(word))).message).toContain('banana');
    expect(errorOf(() => readStl(encoder.encode('solid empty\nendsolid empty\n'))).code).toBe('no_triangles');
  });
});

describe('ASCII STL numbers, fuzzed', () => {
  /** Small seeded generator so a failure can be replayed. */
  function random(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
      state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      return state / 2 ** 32;
    };
  }

  /** A decimal number in one of the forms exporters write, some beyond the fast paths (long, big exponents). */
  function numberText(next: () => number): string {
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const digits = (n: number): string =>
      Array.from({ length: n }, () => String(Math.floor(next() * 10))).join('');
    const sign = pick(['', '', '', '-', '-', '+']);
    if (next() < 0.3) {
      // a float32 rounding tie (odd integer in [2^24, 2^25) or k + 0.5 in [2^23, 2^24)) written with the
      // point and exponent moved: a reader off by one double ulp rounds it the wrong way
      const half = next() < 0.5;
      const whole = half
        ? String(2 * (2 ** 23 + Math.floor(next() * 2 ** 23)) + 1)
        : String(2 ** 24 + 2 * Math.floor(next() * 2 ** 23) + 1);
      const shown = whole + '0'.repeat(Math.floor(next() * 7));
      const point = 1 + Math.floor(next() * shown.length);
      const exponent = (half ? -1 : 0) - (shown.length - whole.length) + (shown.length - point);
      return `${sign}${shown.slice(0, point)}.${shown.slice(point)}e${exponent}`;
    }
    const whole = pick([0, 1, 1, 2, 3, 6, 9, 17]);
    const fraction = pick([0, 1, 4, 6, 8, 8, 9, 12, 20]);
    let text = digits(whole) + (fraction > 0 || next() < 0.1 ? `.${digits(fraction)}` : '');
    if (!/\d/.test(text)) text = `${digits(1)}${text}`;
    if (next() < 0.6) {
      const exponent = pick([0, 1, 2, 5, 9, 15, 22, 23, 30, 38, 39, 45, 50, 280]);
      text += `${pick(['e', 'E'])}${pick(['', '+', '-', '-'])}${String(Math.floor(next() * exponent))}`;
    }
    return sign + text;
  }

  test('full-precision numbers (16 to 19 digits) read without strings: the float32 Number() rounds to, midpoints too', () => {
    const next = random(17);
    const scratch = new Float32Array(1);
    const bits = new Uint32Array(scratch.buffer);
    const numbers: string[] = [];
    for (let i = 0; i < 30_000; i++) {
      scratch[0] = (next() - 0.5) * 2 ** (Math.floor(next() * 20) - 6);
      const f = scratch[0]!;
      const kind = i % 4;
      if (kind === 0) numbers.push(f.toPrecision(16 + Math.floor(next() * 4)));
      else if (kind === 1) {
        // the midpoint to the next float32 up: a tie, and the decimals just either side of it
        bits[0] = bits[0]! + 1;
        const mid = (f + scratch[0]!) / 2;
        numbers.push(mid.toPrecision(17 + Math.floor(next() * 3)));
        numbers.push((mid * (1 + 2 ** -52)).toPrecision(19), (mid * (1 - 2 ** -52)).toPrecision(19));
      } else {
        const digits = 16 + Math.floor(next() * 4);
        let text = String(1 + Math.floor(next() * 9));
        for (let d = 1; d < digits; d++) text += String(Math.floor(next() * 10));
        const point = 1 + Math.floor(next() * (digits - 1));
        numbers.push(
          `${next() < 0.5 ? '-' : ''}${text.slice(0, point)}.${text.slice(point)}e${Math.floor(next() * 9) - 6}`,
        );
      }
    }
    while (numbers.length % 9 !== 0) numbers.push('0');
    let text = 'solid full\n';
    for (let i = 0; i < numbers.length; i += 9) {
      text += ' facet normal 0 0 0\n  outer loop\n';
      for (let k = 0; k < 9; k += 3) text += `   vertex ${numbers.slice(i + k, i + k + 3).join(' ')}\n`;
      text += '  endloop\n endfacet\n';
    }
    text += 'endsolid full\n';
    const read = parseStlAscii(encoder.encode(text)).positions;
    const want = Float32Array.from(numbers.map((n) => Math.fround(Number(n))));
    expect(new Uint32Array(read.buffer, read.byteOffset, read.length)).toEqual(new Uint32Array(want.buffer));
  });

  test('every corner is Math.fround(Number.parseFloat(text)), in memory and streamed in any chunks', async () => {
    const next = random(3);
    for (let file = 0; file < 40; file++) {
      const expected: number[] = [];
      let text = next() < 0.5 ? 'solid fuzz\n' : '  SOLID fuzz\r\n';
      const end = (): string => (next() < 0.2 ? ' \r\n' : next() < 0.1 ? '\t\n' : '\n');
      const gap = (): string => (next() < 0.8 ? ' ' : next() < 0.5 ? '\t' : '   ');
      for (let t = 0; t < 200; t++) {
        text += `${next() < 0.1 ? ' ' : ''}facet normal ${numberText(next)} 0 nan${end()}`;
        text += `${next() < 0.05 ? 'OUTER  LOOP' : '  outer loop'}${end()}`;
        for (let k = 0; k < 3; k++) {
          const numbers = [numberText(next), numberText(next), numberText(next)];
          for (const n of numbers) expected.push(Math.fround(Number.parseFloat(n)));
          text += `${next() < 0.05 ? '\tVertex' : '    vertex'}${gap()}${numbers.join(gap())}${end()}`;
        }
        text += `  endloop${end()}endfacet${end()}`;
      }
      text += next() < 0.5 ? 'endsolid fuzz\n' : 'endsolid fuzz';
      const bytes = encoder.encode(text);
      const want = Float32Array.from(expected);
      // the exact parse: these numbers go far past the coordinate check (see the next test)
      const whole = parseStlAscii(bytes).positions;
      // compare bit patterns: toEqual would let -0 pass for +0
      expect(new Uint32Array(whole.buffer, whole.byteOffset, whole.length)).toEqual(
        new Uint32Array(want.buffer),
      );
      const size = 1 + Math.floor(next() * 3000);
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const streamed = parseStlAscii(chunks).positions;
      expect(new Uint32Array(streamed.buffer, streamed.byteOffset, streamed.length)).toEqual(
        new Uint32Array(want.buffer),
      );
      const inRange = expected.every((v) => Math.abs(v) < MAX_COORDINATE);
      for (const read of [async () => readStl(bytes), () => readStlAsciiStream(chunks)]) {
        if (inRange) expect((await read()).positions).toEqual(want);
        else
          await expect(read()).rejects.toMatchObject({
            code: expect.stringMatching(/^(out_of_range|bad_number)$/),
          });
      }
    }
  });
});
