/// <reference types="node" />
/**
 * `npm run analyze -- FILE`: prints the analysis of a model file as JSON, for designers to check a model
 * before uploading it. An unreadable file prints { "error": { "code", "message" } } and exits with 1.
 */
import { createReadStream, statSync } from 'node:fs';
import { analyseMesh } from './analyse-mesh';
import { MeshReadError } from './mesh-read-error';
import { readMeshStream } from './read-mesh';

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
      throw new MeshReadError('empty_file', `The file ${file} cannot be opened.`);
    }
    const chunks = createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>;
    const mesh = await readMeshStream(chunks, { fileName: file, byteLength });
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
