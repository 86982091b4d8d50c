/// <reference types="node" />
/**
 * `npm run analyze -- FILE`: prints the analysis of a model file as JSON, for designers to check a model
 * before uploading it. An unreadable file prints { "error": { "code", "message" } } and exits with 1.
 */
import { statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { analyseMesh } from './analyse-mesh';
import { MeshReadError } from './mesh-read-error';
import { readMeshStream } from './read-mesh';

/**
 * The file in 1 MiB pieces, read ahead into a second buffer while the caller works on the current one (the
 * caller is done with a piece once it asks for the next), so reading and parsing overlap and memory stays
 * flat whatever the file's size.
 */
async function* readChunks(file: string): AsyncGenerator<Uint8Array> {
  const handle = await open(file, 'r');
  const buffers = [new Uint8Array(1 << 20), new Uint8Array(1 << 20)];
  let which = 0;
  let pending = handle.read(buffers[0]!, 0, 1 << 20, null);
  try {
    for (;;) {
      const { bytesRead } = await pending;
      if (bytesRead === 0) return;
      const current = buffers[which]!;
      which ^= 1;
      pending = handle.read(buffers[which]!, 0, 1 << 20, null);
      yield current.subarray(0, bytesRead);
    }
  } finally {
    // a read may still be in flight when the caller stops early
    await pending.catch(() => undefined);
    await handle.close();
  }
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run analyze -- FILE');
    return 2;
  }
  try {
    let byteLength: number;
    try {
      byteLength = statSync(file).size;
    } catch {
      throw new MeshReadError('cannot_open', `The file ${file} cannot be opened.`);
    }
    const mesh = await readMeshStream(readChunks(file), { fileName: file, byteLength });
    console.log(JSON.stringify(analyseMesh(mesh), null, 2));
    return 0;
  } catch (error) {
    const readError =
      error instanceof MeshReadError ? error : new MeshReadError('bad_structure', 'The file cannot be read.');
    console.log(JSON.stringify(readError.toJSON(), null, 2));
    return 1;
  }
}

process.exitCode = await main();
