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

/** The file in 1 MiB pieces, all read into one buffer, so memory stays flat whatever the file's size. */
async function* readChunks(file: string): AsyncGenerator<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(1 << 20);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
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
