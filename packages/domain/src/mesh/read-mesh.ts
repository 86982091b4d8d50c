import { MeshReadError } from './mesh-read-error';
import type { TriangleMesh } from './mesh-types';
import { read3mf } from './read-3mf';
import { readObj } from './read-obj';
import { readPly } from './read-ply';
import {
  detectStlKind,
  looksLikeAsciiStl,
  readStl,
  readStlAsciiStream,
  readStlBinaryStream,
} from './read-stl';

export type MeshFileKind = 'stl' | 'obj' | 'ply' | '3mf';

/** The kind of a model file, from its first bytes and length; the file name's extension only breaks ties. */
export function detectMeshKind(bytes: Uint8Array, fileName = ''): MeshFileKind | undefined {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4) return '3mf';
  if (bytes[0] === 0x70 && bytes[1] === 0x6c && bytes[2] === 0x79 && (bytes[3] === 10 || bytes[3] === 13))
    return 'ply';
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'obj' && !looksLikeAsciiStl(bytes)) return 'obj';
  if (extension === 'stl') return 'stl';
  if (detectStlKind(bytes)) return 'stl';
  if (looksLikeObj(bytes)) return 'obj';
  return undefined;
}

function looksLikeObj(bytes: Uint8Array): boolean {
  let text = '';
  for (let i = 0; i < Math.min(bytes.length, 4096); i++) {
    const c = bytes[i]!;
    if (c === 0) return false;
    text += String.fromCharCode(c);
  }
  return /(^|\n)\s*v\s+[-+.\d]/.test(text);
}

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

export interface MeshStreamOptions {
  fileName?: string;
  /** Total bytes, when known: lets a binary STL be recognised by its size before it is all read. */
  byteLength?: number;
  /** Most bytes kept in memory for formats that must be read whole (all but ASCII STL). */
  maxBytes?: number;
}

/**
 * Reads a model from a stream of chunks. ASCII STL (the bulky text format) is parsed as it arrives and never
 * held whole; the other formats are compact and are gathered, up to `maxBytes`, then read. A chunk is done
 * with once the next one is asked for, so the caller may read every chunk into the same buffer.
 */
export async function readMeshStream(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: MeshStreamOptions = {},
): Promise<TriangleMesh> {
  const maxBytes = options.maxBytes ?? 1 << 30;
  const iterator = toAsyncIterator(chunks);
  // gather at least the first 1 KiB to recognise the format
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let done = false;
  while (headBytes < 1024) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    // copies: a caller may reuse one buffer for every chunk
    head.push(next.value.slice());
    headBytes += next.value.length;
  }
  const first = concat(head, headBytes);
  const sizeMatchesBinary =
    options.byteLength !== undefined &&
    first.length >= 84 &&
    84 + 50 * new DataView(first.buffer, first.byteOffset + 80, 4).getUint32(0, true) === options.byteLength;
  try {
    if (
      !sizeMatchesBinary &&
      first.length > 0 &&
      detectMeshKind(first, options.fileName) === 'stl' &&
      looksLikeAsciiStl(first)
    ) {
      async function* rest(): AsyncGenerator<Uint8Array> {
        yield first;
        if (done) return;
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          yield next.value;
        }
      }
      return await readStlAsciiStream(rest(), options.byteLength ?? 0);
    }
    if (sizeMatchesBinary) {
      // converted block by block as it arrives: the file is never held whole beside its corners
      if (options.byteLength! > maxBytes)
        throw new MeshReadError('too_large', 'The file is too large to read.');
      return await readStlBinaryStream(first, done ? emptyIterator() : iterator);
    }
    const pieces = [first];
    let total = first.length;
    while (!done) {
      const next = await iterator.next();
      if (next.done) break;
      total += next.value.length;
      if (total > maxBytes) {
        throw new MeshReadError('too_large', 'The file is too large to read.');
      }
      pieces.push(next.value.slice());
    }
    const bytes = concat(pieces, total);
    return readMesh(bytes, options.fileName);
  } catch (error) {
    throw asMeshReadError(error);
  }
}

function emptyIterator(): AsyncIterator<Uint8Array> {
  return { next: async () => ({ done: true, value: undefined }) };
}

function toAsyncIterator(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncIterator<Uint8Array> {
  if (Symbol.asyncIterator in chunks) return chunks[Symbol.asyncIterator]();
  const sync = chunks[Symbol.iterator]();
  return { next: async () => sync.next() };
}

function concat(pieces: Uint8Array[], total: number): Uint8Array {
  if (pieces.length === 1) return pieces[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}

/** Any failure inside a reader (a library's own error, a RangeError from a huge allocation) as a MeshReadError. */
function asMeshReadError(error: unknown): MeshReadError {
  if (error instanceof MeshReadError) return error;
  if (error instanceof RangeError) return new MeshReadError('too_large', 'The model is too large to read.');
  return new MeshReadError('bad_structure', 'The file is damaged and cannot be read.');
}
