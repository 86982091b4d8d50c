import { detectMeshKind } from './detect-mesh-kind';
import { MeshReadError, asMeshReadError } from './mesh-read-error';
import type { TriangleMesh } from './mesh-types';
import { looksLikeAsciiStl, readStlAsciiStream, readStlBinaryStream } from './read-stl';

export interface MeshStreamOptions {
  fileName?: string;
  /** Total bytes, when known: lets a binary STL be recognised by its size before it is all read. */
  byteLength?: number;
  /** Most bytes kept in memory for formats that must be read whole (all but ASCII STL). */
  maxBytes?: number;
}

/** Reads a model file held whole in memory (readMesh), or loads the code that does first. */
export type WholeFileReader = (bytes: Uint8Array, fileName?: string) => TriangleMesh | Promise<TriangleMesh>;

/**
 * Reads a model from a stream of chunks. ASCII STL (the bulky text format) is parsed as it arrives and never
 * held whole; the other formats are compact and are gathered, up to `maxBytes`, then read. A chunk is done
 * with once the next one is asked for, so the caller may read every chunk into the same buffer.
 * `readWhole` reads the formats that are gathered (readMeshStream in read-mesh passes readMesh; the CLI
 * loads it only for such a file, so an STL is analysed without the 3MF reader's zip and XML libraries).
 */
export async function readMeshStreamWith(
  readWhole: WholeFileReader,
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
    return await readWhole(bytes, options.fileName);
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
