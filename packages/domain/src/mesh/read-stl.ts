import { FloatList, NumberScanner, float32Near, isSpace } from './ascii-scanner';
import { checkCoordinates } from './coordinates';
import { MeshReadError, NOT_A_MODEL_MESSAGE } from './mesh-read-error';
import type { TriangleMesh } from './mesh-types';
import { MAX_TRIANGLES } from './limits';

const HEADER_BYTES = 84;
const RECORD_BYTES = 50;
/**
 * Bytes some exporters leave after the last record (padding, a newline, a stray terminator): fewer than
 * one record. A file with more after its declared triangles is not the STL its header describes; an
 * executable renamed .stl is the usual case.
 */
const MAX_TRAILING_BYTES = RECORD_BYTES - 1;
/** An ASCII line longer than this is not an STL line; stops a reader from buffering a whole binary file. */
const MAX_LINE_BYTES = 1 << 20;

export type StlKind = 'binary' | 'ascii';

/**
 * Tells binary from ASCII STL by the numbers, not by the word "solid" (binary files often start with it):
 * a binary file is exactly 84 + 50 x (its declared triangle count) bytes long.
 */
export function detectStlKind(bytes: Uint8Array): StlKind | undefined {
  if (bytes.length >= HEADER_BYTES && HEADER_BYTES + RECORD_BYTES * declaredCount(bytes) === bytes.length) {
    return 'binary';
  }
  if (looksLikeAsciiStl(bytes)) return 'ascii';
  // a few stray bytes after the last record are common; fewer bytes than declared is not an STL (or a
  // cut one), nor is a file with much more than its records
  const count = declaredCount(bytes);
  const trailing = bytes.length - HEADER_BYTES - RECORD_BYTES * count;
  if (bytes.length >= HEADER_BYTES && count > 0 && trailing >= 0 && trailing <= MAX_TRAILING_BYTES)
    return 'binary';
  return undefined;
}

function declaredCount(bytes: Uint8Array): number {
  return (bytes[80]! | (bytes[81]! << 8) | (bytes[82]! << 16) | (bytes[83]! << 24)) >>> 0;
}

/** Text without control bytes whose first words are STL keywords. */
export function looksLikeAsciiStl(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 1024);
  let text = '';
  for (let i = 0; i < n; i++) {
    const c = bytes[i]!;
    if (c === 0 || (c < 32 && !isSpace(c))) return false;
    text += String.fromCharCode(c);
  }
  return /^\s*solid\b/i.test(text)
    ? /\b(facet|endsolid)\b/i.test(text) || n < 1024
    : /^\s*facet\s/i.test(text);
}

export function readStl(bytes: Uint8Array): TriangleMesh {
  const kind = detectStlKind(bytes);
  if (kind === 'binary') return readStlBinary(bytes);
  if (kind === 'ascii') return readStlAscii(bytes);
  if (bytes.length === 0) throw new MeshReadError('empty_file', 'The file is empty.');
  // named .stl but neither form fits: a binary file cut short says so
  if (bytes.length >= HEADER_BYTES && !looksLikeAsciiStl(bytes.subarray(0, 84))) return readStlBinary(bytes);
  throw new MeshReadError('unknown_format', 'This file is not a readable STL file.');
}

export function readStlBinary(bytes: Uint8Array): TriangleMesh {
  if (bytes.length < HEADER_BYTES) {
    throw new MeshReadError('truncated_file', 'The STL file is cut short: it has no complete header.');
  }
  const count = declaredCount(bytes);
  const warnings: string[] = [];
  const available = Math.floor((bytes.length - HEADER_BYTES) / RECORD_BYTES);
  // compare before allocating: a header may claim billions of triangles
  if (count > available) {
    throw new MeshReadError(
      'truncated_file',
      `The STL file is cut short: it declares ${count} triangles but holds only ${available}.`,
    );
  }
  const trailing = bytes.length - HEADER_BYTES - RECORD_BYTES * count;
  if (trailing > MAX_TRAILING_BYTES) throw new MeshReadError('not_a_model', NOT_A_MODEL_MESSAGE);
  if (trailing > 0) warnings.push('The STL file has extra bytes after its last triangle; they were ignored.');
  if (count === 0) throw new MeshReadError('no_triangles', 'The STL file contains no triangles.');
  const positions = new Float32Array(count * 9);
  const ok = LITTLE_ENDIAN
    ? copyRecordsAligned(bytes, count, positions)
    : copyRecordsDataView(bytes, count, positions);
  if (!ok) refuseCoordinates(positions);
  return { format: 'stl-binary', positions, unitDeclared: false, warnings };
}

/** The copy loops flagged a corner: says which rule it breaks (NaN or infinite, or out of range). */
function refuseCoordinates(positions: Float32Array): never {
  checkCoordinates(positions, 'STL');
  throw new MeshReadError('bad_number', 'The STL file contains invalid coordinates.');
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const BLOCK_RECORDS = 4096;

/**
 * Copies the 9 corner floats of each 50-byte record as 32-bit words (much faster than DataView). Returns
 * false when a coordinate is NaN or infinite or MAX_COORDINATE or more in size (exponent bits at least
 * MAX_COORDINATE_EXPONENT).
 */
function copyRecordsAligned(bytes: Uint8Array, count: number, positions: Float32Array): boolean {
  const copier = new RecordCopier(positions);
  for (let first = 0; first < count; first += BLOCK_RECORDS) {
    const records = Math.min(BLOCK_RECORDS, count - first);
    const from = HEADER_BYTES + first * RECORD_BYTES;
    copier.copy(bytes.subarray(from, from + records * RECORD_BYTES), records, first);
  }
  return copier.bad === 0;
}

/**
 * Copies blocks of whole records (starting on a record) into positions. Records alternate between 4-byte
 * aligned and 2 bytes off. From a block at an even address (nearly always) the aligned records are read
 * as 32-bit words and the others as pairs of 16-bit halves, straight from the block's own memory; from an
 * odd address each block is first copied twice into scratch buffers, once shifted by 2 bytes (copying is
 * slow here: about 0.4 ms per MB).
 */
class RecordCopier {
  bad = 0;
  private readonly out: Uint32Array;
  private buffer: ArrayBufferLike | undefined;
  private words: Uint32Array<ArrayBufferLike> = new Uint32Array(0);
  private halves: Uint16Array<ArrayBufferLike> = new Uint16Array(0);
  private even: Uint8Array | undefined;
  private odd: Uint8Array | undefined;

  constructor(positions: Float32Array) {
    this.out = new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
  }

  copy(block: Uint8Array, records: number, first: number): void {
    if ((block.byteOffset & 1) === 0) {
      if (block.buffer !== this.buffer) {
        this.buffer = block.buffer;
        this.words = new Uint32Array(block.buffer, 0, block.buffer.byteLength >> 2);
        this.halves = new Uint16Array(block.buffer, 0, block.buffer.byteLength >> 1);
      }
      this.bad |= copyRecords(this.words, this.halves, block.byteOffset + 12, records, this.out, first * 9);
      return;
    }
    this.even ??= new Uint8Array(BLOCK_RECORDS * RECORD_BYTES + 4);
    this.odd ??= new Uint8Array(BLOCK_RECORDS * RECORD_BYTES + 4);
    this.even.set(block.subarray(0, records * RECORD_BYTES), 0);
    this.odd.set(block.subarray(0, records * RECORD_BYTES), 2);
    this.bad |= copyBlock(
      new Uint32Array(this.even.buffer),
      new Uint32Array(this.odd.buffer),
      records,
      this.out,
      first * 9,
    );
  }
}

/**
 * The hot loop of RecordCopier for blocks at even addresses: record i's 9 words start at byte
 * `at + 50 i` of the views' buffer, a 32-bit word when that is a multiple of 4, two 16-bit halves
 * (little-endian) otherwise. Returns non-zero when a coordinate is NaN, infinite or out of range:
 * (exponent bits) + 0x39800000, i.e. (256 - MAX_COORDINATE_EXPONENT) << 23, carries into the sign bit
 * when the exponent is MAX_COORDINATE_EXPONENT or more.
 */
function copyRecords(
  words: Uint32Array,
  halves: Uint16Array,
  at: number,
  records: number,
  out: Uint32Array,
  start: number,
): number {
  let bad = 0;
  let u = 0;
  let o = start;
  for (let i = 0, b = at; i < records; i++, b += RECORD_BYTES, o += 9) {
    if ((b & 2) === 0) {
      const w = b >> 2;
      u = words[w]!;
      out[o] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = words[w + 1]!;
      out[o + 1] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = words[w + 2]!;
      out[o + 2] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = words[w + 3]!;
      out[o + 3] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = words[w + 4]!;
      out[o + 4] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = words[w + 5]!;
      out[o + 5] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = words[w + 6]!;
      out[o + 6] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = words[w + 7]!;
      out[o + 7] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = words[w + 8]!;
      out[o + 8] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
    } else {
      const h = b >> 1;
      u = halves[h]! | (halves[h + 1]! << 16);
      out[o] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = halves[h + 2]! | (halves[h + 3]! << 16);
      out[o + 1] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = halves[h + 4]! | (halves[h + 5]! << 16);
      out[o + 2] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = halves[h + 6]! | (halves[h + 7]! << 16);
      out[o + 3] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = halves[h + 8]! | (halves[h + 9]! << 16);
      out[o + 4] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = halves[h + 10]! | (halves[h + 11]! << 16);
      out[o + 5] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = halves[h + 12]! | (halves[h + 13]! << 16);
      out[o + 6] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = halves[h + 14]! | (halves[h + 15]! << 16);
      out[o + 7] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
      u = halves[h + 16]! | (halves[h + 17]! << 16);
      out[o + 8] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
    }
  }
  return bad >>> 31;
}

/**
 * The hot loop of RecordCopier for blocks at odd addresses, unrolled over pairs of records: record 2i's
 * floats are words 25i + 3.. of the even copy, record 2i + 1's words 25i + 16.. of the odd copy.
 * Returns non-zero when a coordinate is NaN, infinite or out of range (as copyRecords).
 */
function copyBlock(
  evenWords: Uint32Array,
  oddWords: Uint32Array,
  records: number,
  out: Uint32Array,
  start: number,
): number {
  let bad = 0;
  let u = 0;
  let o = start;
  const pairs = records >> 1;
  for (let i = 0, e = 3, d = 16; i < pairs; i++, e += 25, d += 25, o += 18) {
    u = evenWords[e + 0]!;
    out[o + 0] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = evenWords[e + 1]!;
    out[o + 1] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = evenWords[e + 2]!;
    out[o + 2] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = evenWords[e + 3]!;
    out[o + 3] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = evenWords[e + 4]!;
    out[o + 4] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = evenWords[e + 5]!;
    out[o + 5] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = evenWords[e + 6]!;
    out[o + 6] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = evenWords[e + 7]!;
    out[o + 7] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = evenWords[e + 8]!;
    out[o + 8] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = oddWords[d + 0]!;
    out[o + 9] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = oddWords[d + 1]!;
    out[o + 10] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = oddWords[d + 2]!;
    out[o + 11] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = oddWords[d + 3]!;
    out[o + 12] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = oddWords[d + 4]!;
    out[o + 13] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = oddWords[d + 5]!;
    out[o + 14] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = oddWords[d + 6]!;
    out[o + 15] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = oddWords[d + 7]!;
    out[o + 16] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
    u = oddWords[d + 8]!;
    out[o + 17] = u;
    bad |= (u & 0x7f800000) + 0x39800000;
  }
  if ((records & 1) !== 0) {
    const e = (RECORD_BYTES * (records - 1) + 12) >> 2;
    for (let k = 0; k < 9; k++) {
      u = evenWords[e + k]!;
      out[o + k] = u;
      bad |= (u & 0x7f800000) + 0x39800000;
    }
  }
  return bad >>> 31;
}

/**
 * Gives the record copies type feedback for all their code (both record alignments, the pair loop, an
 * odd last record, the return) on a few tiny blocks, so they are compiled before the first real file
 * instead of mid-file, where code after a loop had never run and threw the compiled code away.
 */
function primeRecordCopies(): void {
  const words = new Uint32Array(((65 * RECORD_BYTES) >> 2) + 1);
  const halves = new Uint16Array(words.buffer);
  const out = new Uint32Array(65 * 9);
  for (let i = 0; i < 40; i++) {
    copyRecords(words, halves, 12, 65, out, 0);
    copyBlock(words, words, 65, out, 0);
  }
}

primeRecordCopies();

/**
 * Reads a binary STL from a stream of chunks whose first chunk holds at least the header, converting whole
 * blocks of records as they arrive: memory is the corners plus one block, never the whole file. Chunks may
 * be reused by the caller once the next one is asked for.
 */
export async function readStlBinaryStream(
  first: Uint8Array,
  rest: AsyncIterator<Uint8Array>,
): Promise<TriangleMesh> {
  if (first.length < HEADER_BYTES) {
    throw new MeshReadError('truncated_file', 'The STL file is cut short: it has no complete header.');
  }
  const count = declaredCount(first);
  if (count === 0) throw new MeshReadError('no_triangles', 'The STL file contains no triangles.');
  if (count > MAX_TRIANGLES) {
    throw new MeshReadError(
      'too_large',
      `The model has more than ${MAX_TRIANGLES.toLocaleString('en-US')} triangles.`,
    );
  }
  if (!LITTLE_ENDIAN) return readStlBinary(await gather(first, rest));
  const positions = new Float32Array(count * 9);
  const copier = new RecordCopier(positions);
  // whole records are converted straight from each chunk; only a record cut by a chunk's end is put
  // together here
  const record = new Uint8Array(RECORD_BYTES);
  let filled = 0;
  let done = 0;
  let extra = 0;
  const take = (chunk: Uint8Array): void => {
    let at = 0;
    while (at < chunk.length) {
      if (done === count) {
        extra += chunk.length - at;
        return;
      }
      if (filled === 0) {
        const whole = Math.min(BLOCK_RECORDS, count - done, Math.floor((chunk.length - at) / RECORD_BYTES));
        if (whole > 0) {
          copier.copy(chunk.subarray(at, at + whole * RECORD_BYTES), whole, done);
          done += whole;
          at += whole * RECORD_BYTES;
          continue;
        }
      }
      const n = Math.min(RECORD_BYTES - filled, chunk.length - at);
      record.set(chunk.subarray(at, at + n), filled);
      filled += n;
      at += n;
      if (filled === RECORD_BYTES) {
        copier.copy(record, 1, done);
        done += 1;
        filled = 0;
      }
    }
  };
  take(first.subarray(HEADER_BYTES));
  for (;;) {
    const next = await rest.next();
    if (next.done) break;
    take(next.value);
  }
  if (done < count) {
    throw new MeshReadError(
      'truncated_file',
      `The STL file is cut short: it declares ${count} triangles but holds only ${done}.`,
    );
  }
  if (extra > MAX_TRAILING_BYTES) throw new MeshReadError('not_a_model', NOT_A_MODEL_MESSAGE);
  if (copier.bad !== 0) refuseCoordinates(positions);
  const warnings = extra ? ['The STL file has extra bytes after its last triangle; they were ignored.'] : [];
  return { format: 'stl-binary', positions, unitDeclared: false, warnings };
}

async function gather(first: Uint8Array, rest: AsyncIterator<Uint8Array>): Promise<Uint8Array> {
  let bytes: Uint8Array = first.slice();
  for (;;) {
    const next = await rest.next();
    if (next.done) return bytes;
    bytes = concatBytes(bytes, next.value);
  }
}

function copyRecordsDataView(bytes: Uint8Array, count: number, positions: Float32Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let t = 0, p = HEADER_BYTES + 12, o = 0; t < count; t++, p += RECORD_BYTES, o += 9) {
    for (let k = 0; k < 9; k++) positions[o + k] = view.getFloat32(p + 4 * k, true);
  }
  checkCoordinates(positions, 'STL');
  return true;
}

/** Reads a whole ASCII STL held in memory. */
export function readStlAscii(bytes: Uint8Array): TriangleMesh {
  return checked(parseStlAscii(bytes));
}

/**
 * The text's corners exactly as written, before the coordinate check: a whole file, or its chunks in
 * order. The number scanner's own tests read far-out numbers with it; customers' files go through
 * readStlAscii or readStlAsciiStream.
 */
export function parseStlAscii(source: Uint8Array | readonly Uint8Array[]): TriangleMesh {
  if (source instanceof Uint8Array) {
    const parser = new StlAsciiParser(Math.floor(source.length / 22));
    parser.push(source, true);
    return parser.finish();
  }
  const parser = new StlAsciiParser(0);
  for (const chunk of source) parser.push(chunk, false);
  parser.push(new Uint8Array(0), true);
  return parser.finish();
}

function checked(mesh: TriangleMesh): TriangleMesh {
  checkCoordinates(mesh.positions, 'STL');
  return mesh;
}

/**
 * Reads an ASCII STL from a stream of chunks (a file read piece by piece, an upload). Memory stays at the
 * triangles read so far plus one chunk; nothing of the text is kept. `sizeHint` (bytes) sizes the output
 * (a compact writer needs about 200 bytes a triangle, i.e. 22 bytes a coordinate) so it rarely has to grow.
 */
export async function readStlAsciiStream(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  sizeHint = 0,
): Promise<TriangleMesh> {
  const parser = new StlAsciiParser(Math.floor(sizeHint / 22));
  for await (const chunk of chunks) parser.push(chunk, false);
  parser.push(new Uint8Array(0), true);
  return checked(parser.finish());
}

const enum Expect {
  Word,
  Number,
  RestOfLine,
}

/**
 * Token scanner for ASCII STL. Only the 3 numbers after each `vertex` are kept; normals are recomputed
 * from the corners by the analysis, names and keywords are skipped. Lines are cut at newlines so no
 * token ever straddles two chunks.
 */
class StlAsciiParser {
  private readonly out: FloatList;
  // its numbers are kept as float32: full-precision exports are read without making strings
  private readonly scanner = new NumberScanner(true);
  private carry: Uint8Array = new Uint8Array(0);
  private expect = Expect.Word;
  private numbersLeft = 0;
  private sawSolidOrFacet = false;

  constructor(floatCapacity: number) {
    this.out = new FloatList(Math.min(floatCapacity, 1 << 26));
  }

  push(chunk: Uint8Array, last: boolean): void {
    let data = chunk;
    if (this.carry.length > 0) {
      // finish the carried partial line with the head of this chunk, then go on in the chunk itself
      const newline = chunk.indexOf(10);
      if (newline < 0 && !last) {
        this.keep(concatBytes(this.carry, chunk));
        return;
      }
      const head = newline < 0 ? chunk.length : newline + 1;
      const joined = concatBytes(this.carry, chunk.subarray(0, head));
      this.carry = new Uint8Array(0);
      this.scanLines(joined);
      data = chunk.subarray(head);
    }
    const end = data.lastIndexOf(10) + 1;
    if (end > 0) this.scan(data, end);
    if (end < data.length) {
      if (last) this.scanLines(data.subarray(end));
      else this.keep(data.slice(end));
    }
  }

  /** Scans bytes that may lack the final newline `scan` relies on (the file's last line). */
  private scanLines(b: Uint8Array): void {
    if (b.length === 0) return;
    if (b[b.length - 1] === 10) {
      this.scan(b, b.length);
      return;
    }
    const ended = new Uint8Array(b.length + 1);
    ended.set(b);
    ended[b.length] = 10;
    this.scan(ended, ended.length);
  }

  private keep(partialLine: Uint8Array): void {
    if (partialLine.length > MAX_LINE_BYTES) {
      throw new MeshReadError('unknown_format', 'This file is not a readable STL file (a line is too long).');
    }
    this.carry = partialLine;
  }

  finish(): TriangleMesh {
    if (this.numbersLeft !== 0 || this.out.length % 9 !== 0) {
      throw new MeshReadError('truncated_file', 'The STL file is cut short in the middle of a triangle.');
    }
    if (!this.sawSolidOrFacet)
      throw new MeshReadError('unknown_format', 'This file is not a readable STL file.');
    if (this.out.length === 0) throw new MeshReadError('no_triangles', 'The STL file contains no triangles.');
    return { format: 'stl-ascii', positions: this.out.toArray(), unitDeclared: false, warnings: [] };
  }

  /**
   * Scans whole lines: `b[end - 1]` is a newline (push and scanLines see to it), so loops that stop at
   * any byte <= 32 need no bounds check. At each line start the usual lines (`vertex x y z`,
   * `facet normal ...`, `outer loop`, `endloop`, `endfacet`, in lower case, numbers in the simple form) are
   * read by a fast path without per-token state; anything else, or a line the fast path does not fully
   * accept, is read by the general token scanner below, which gives the same numbers and the errors.
   */
  private scan(b: Uint8Array, end: number): void {
    // hot loop: state in locals, the common number form parsed inline
    const out = this.out;
    let data = out.data;
    let length = out.length;
    let expect = this.expect;
    let numbersLeft = this.numbersLeft;
    let i = 0;
    let lineStart = true;
    while (i < end) {
      if (lineStart && numbersLeft === 0 && expect === Expect.Word) {
        lineStart = false;
        let p = i;
        let c = b[p]!;
        while (c === 32 || c === 9) c = b[++p]!;
        if (c === 118) {
          // vertex x y z
          if (
            b[p + 1] === 101 &&
            b[p + 2] === 114 &&
            b[p + 3] === 116 &&
            b[p + 4] === 101 &&
            b[p + 5] === 120 &&
            (b[p + 6] === 32 || b[p + 6] === 9)
          ) {
            p += 6;
            let x = 0;
            let y = 0;
            let z = 0;
            let k = 0;
            for (; k < 3; k++) {
              c = b[p]!;
              while (c === 32 || c === 9) c = b[++p]!;
              let negative = false;
              if (c === 45) {
                negative = true;
                c = b[++p]!;
              }
              let mantissa = 0;
              let digits = 0;
              let scale = 0;
              while (c >= 48 && c <= 57) {
                mantissa = mantissa * 10 + (c - 48);
                digits++;
                c = b[++p]!;
              }
              if (c === 46) {
                c = b[++p]!;
                while (c >= 48 && c <= 57) {
                  mantissa = mantissa * 10 + (c - 48);
                  digits++;
                  scale--;
                  c = b[++p]!;
                }
              }
              if (c === 101 || c === 69) {
                c = b[++p]!;
                let expNegative = false;
                if (c === 45 || c === 43) {
                  expNegative = c === 45;
                  c = b[++p]!;
                }
                let e = 0;
                let expDigits = 0;
                while (c >= 48 && c <= 57 && expDigits < 4) {
                  e = e * 10 + (c - 48);
                  expDigits++;
                  c = b[++p]!;
                }
                if (expDigits === 0) break;
                scale += expNegative ? -e : e;
              }
              if (digits === 0 || digits > 19 || scale < -22 || scale > 22) break;
              if (c !== 32 && c !== 9 && c !== 13 && c !== 10) break;
              let value = scale < 0 ? mantissa / POW10[-scale]! : mantissa * POW10[scale]!;
              // full precision (16 to 19 digits): the float32 Number() would round to, when sure
              if (digits > 15 && value !== 0 && (value = float32Near(value)) < 0) break;
              if (negative) value = -value;
              if (k === 0) x = value;
              else if (k === 1) y = value;
              else z = value;
            }
            if (k === 3) {
              while (c === 32 || c === 9 || c === 13) c = b[++p]!;
              if (c === 10) {
                if (length + 3 > data.length) {
                  out.length = length;
                  out.reserve(1 << 16);
                  data = out.data;
                }
                data[length] = x;
                data[length + 1] = y;
                data[length + 2] = z;
                length += 3;
                i = p + 1;
                lineStart = true;
                continue;
              }
            }
          }
        } else if (c === 101) {
          // endloop, endfacet
          let after = 0;
          if (b[p + 1] === 110 && b[p + 2] === 100) {
            if (b[p + 3] === 108 && b[p + 4] === 111 && b[p + 5] === 111 && b[p + 6] === 112) after = p + 7;
            else if (
              b[p + 3] === 102 &&
              b[p + 4] === 97 &&
              b[p + 5] === 99 &&
              b[p + 6] === 101 &&
              b[p + 7] === 116
            )
              after = p + 8;
          }
          if (after !== 0) {
            p = after;
            c = b[p]!;
            while (c === 32 || c === 9 || c === 13) c = b[++p]!;
            if (c === 10) {
              i = p + 1;
              lineStart = true;
              continue;
            }
          }
        } else if (c === 102) {
          // facet normal ... (the stored normal is not used)
          if (
            length % 9 === 0 &&
            b[p + 1] === 97 &&
            b[p + 2] === 99 &&
            b[p + 3] === 101 &&
            b[p + 4] === 116 &&
            (b[p + 5] === 32 || b[p + 5] === 9)
          ) {
            p += 5;
            c = b[p]!;
            while (c === 32 || c === 9) c = b[++p]!;
            if (
              c === 110 &&
              b[p + 1] === 111 &&
              b[p + 2] === 114 &&
              b[p + 3] === 109 &&
              b[p + 4] === 97 &&
              b[p + 5] === 108 &&
              b[p + 6]! <= 32
            ) {
              p += 6;
              while (b[p] !== 10) p++;
              this.sawSolidOrFacet = true;
              i = p + 1;
              lineStart = true;
              continue;
            }
          }
        } else if (c === 111) {
          // outer loop
          if (
            b[p + 1] === 117 &&
            b[p + 2] === 116 &&
            b[p + 3] === 101 &&
            b[p + 4] === 114 &&
            (b[p + 5] === 32 || b[p + 5] === 9)
          ) {
            p += 5;
            c = b[p]!;
            while (c === 32 || c === 9) c = b[++p]!;
            if (c === 108 && b[p + 1] === 111 && b[p + 2] === 111 && b[p + 3] === 112) {
              p += 4;
              c = b[p]!;
              while (c === 32 || c === 9 || c === 13) c = b[++p]!;
              if (c === 10) {
                i = p + 1;
                lineStart = true;
                continue;
              }
            }
          }
        }
        // not a line the fast path takes: the general scanner reads it from its start
      }
      let c = b[i]!;
      if (c <= 32) {
        if (c === 10) {
          if (expect === Expect.RestOfLine) expect = Expect.Word;
          lineStart = true;
        }
        i++;
        continue;
      }
      if (expect === Expect.RestOfLine) {
        // names and normals: a short rest is skipped here, a long one (a name) natively
        const stop = i + 64 < end ? i + 64 : end;
        while (i < stop && b[i] !== 10) i++;
        if (i === stop && i < end) {
          const newline = b.indexOf(10, i);
          i = newline < 0 || newline >= end ? end : newline;
        }
        continue;
      }
      if (numbersLeft > 0) {
        if (length === data.length) {
          out.length = length;
          out.reserve(1 << 16);
          data = out.data;
        }
        // fast path: [-]digits[.digits][e[+-]digits] with at most 15 digits
        const start = i;
        let negative = false;
        if (c === 45) {
          negative = true;
          c = b[++i]!;
        }
        let mantissa = 0;
        let digits = 0;
        let scale = 0;
        while (c >= 48 && c <= 57) {
          mantissa = mantissa * 10 + (c - 48);
          digits++;
          c = ++i < end ? b[i]! : 32;
        }
        if (c === 46) {
          c = ++i < end ? b[i]! : 32;
          while (c >= 48 && c <= 57) {
            mantissa = mantissa * 10 + (c - 48);
            digits++;
            scale--;
            c = ++i < end ? b[i]! : 32;
          }
        }
        if ((c === 101 || c === 69) && digits > 0) {
          c = ++i < end ? b[i]! : 32;
          let expNegative = false;
          if (c === 45 || c === 43) {
            expNegative = c === 45;
            c = ++i < end ? b[i]! : 32;
          }
          let e = 0;
          let expDigits = 0;
          while (c >= 48 && c <= 57 && expDigits < 4) {
            e = e * 10 + (c - 48);
            expDigits++;
            c = ++i < end ? b[i]! : 32;
          }
          if (expDigits === 0) digits = 99;
          scale += expNegative ? -e : e;
        }
        let value = 0;
        let taken = false;
        if (digits > 0 && digits <= 19 && scale >= -22 && scale <= 22 && c <= 32) {
          value = scale < 0 ? mantissa / POW10[-scale]! : mantissa * POW10[scale]!;
          taken = true;
          // full precision (16 to 19 digits): the float32 Number() would round to, when sure
          if (digits > 15 && value !== 0) taken = (value = float32Near(value)) >= 0;
          if (negative) value = -value;
        }
        if (!taken) {
          // anything else (long mantissas, '+' signs, odd forms, garbage) through the careful reader
          value = this.scanner.read(b, start, end);
          i = this.scanner.pos;
          if (i < end && !isSpace(b[i]!)) throw this.unexpected(b, start, end);
        }
        data[length++] = value;
        numbersLeft--;
        continue;
      }
      // a word: read it up to the next whitespace
      const start = i;
      while (i < end && b[i]! > 32) i++;
      const len = i - start;
      c = b[start]! | 32;
      if (c === 118 && len === 6 && isWord(b, start, 'vertex')) {
        numbersLeft = 3;
      } else if (c === 115 && len === 5 && isWord(b, start, 'solid')) {
        this.sawSolidOrFacet = true;
        expect = Expect.RestOfLine;
      } else if (c === 101 && len === 8 && isWord(b, start, 'endsolid')) {
        expect = Expect.RestOfLine;
      } else if (c === 102 && len === 5 && isWord(b, start, 'facet')) {
        this.sawSolidOrFacet = true;
        if (length % 9 !== 0) throw this.unexpected(b, start, end);
      } else if (c === 110 && len === 6 && isWord(b, start, 'normal')) {
        // the stored normal is not used (some exporters write nan there)
        expect = Expect.RestOfLine;
      } else if (
        (c === 111 && len === 5 && isWord(b, start, 'outer')) ||
        (c === 108 && len === 4 && isWord(b, start, 'loop')) ||
        (c === 101 && len === 7 && isWord(b, start, 'endloop')) ||
        (c === 101 && len === 8 && isWord(b, start, 'endfacet'))
      ) {
        // structure words carry no data
      } else {
        throw this.unexpected(b, start, end);
      }
    }
    out.length = length;
    this.expect = expect;
    this.numbersLeft = numbersLeft;
  }

  private unexpected(b: Uint8Array, at: number, end: number): MeshReadError {
    let word = '';
    for (let k = at; k < end && k < at + 24 && b[k]! > 32; k++) word += String.fromCharCode(b[k]!);
    return new MeshReadError(
      'bad_structure',
      `The STL file has "${word}" where a triangle corner was expected.`,
    );
  }
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
];

function isWord(b: Uint8Array, start: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if ((b[start + k]! | 32) !== word.charCodeAt(k)) return false;
  return true;
}
