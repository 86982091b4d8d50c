/**
 * One measured run of our mesh analysis on a file, in its own process so peak memory is its own.
 * usage: node --import tsx bench/mesh/analyse-file.ts FILE full|measure|stream [REPEATS]
 *   full     read the file into memory, then time readMesh + analyseMesh (soundness included)
 *   measure  the same without the soundness checks (measureMesh only)
 *   stream   read the file in 1 MiB chunks (one reused buffer, as the CLI) through readMeshStream, then analyseMesh; once
 * Prints one JSON line: times in ms (first, best and median of the repeats; later runs reuse the analysis's
 * scratch arena, as a worker does), peak RSS in MB, and the results.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { analyseMesh, measureMesh, readMesh, readMeshStream } from '../../packages/domain/src/mesh/index.ts';

const [file, mode = 'full', repeatsArg = '5'] = process.argv.slice(2);
if (!file) throw new Error('usage: analyse-file.ts FILE full|measure|stream [REPEATS]');
const repeats = mode === 'stream' ? 1 : Number(repeatsArg);

/**
 * The file in 1 MiB pieces, read synchronously into one reused buffer (the caller is done with a piece once
 * it asks for the next), so memory stays flat whatever the file's size. Reading ahead on the thread pool
 * measured slower: a read from the page cache takes ~0.1 ms per MiB, less than a promise round trip
 * through a busy second core.
 */
function* readChunks(path: string): Generator<Uint8Array> {
  const fd = openSync(path, 'r');
  const buffer = new Uint8Array(1 << 20);
  try {
    for (;;) {
      const bytesRead = readSync(fd, buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    closeSync(fd);
  }
}

const times: number[] = [];
const readTimes: number[] = [];
let result: Record<string, unknown> = {};
const bytes = mode === 'stream' ? undefined : new Uint8Array(readFileSync(file));
for (let r = 0; r < repeats; r++) {
  const started = performance.now();
  const mesh = bytes
    ? readMesh(bytes, file)
    : await readMeshStream(readChunks(file), { fileName: file, byteLength: statSync(file).size });
  readTimes.push(performance.now() - started);
  if (mode === 'measure') {
    const m = measureMesh(mesh.positions);
    result = { triangles: m.triangles, volumeMm3: m.volumeMm3, surfaceAreaMm2: m.surfaceAreaMm2 };
  } else {
    // streamed: one run, as the CLI does it (the edge lists go in the corners' memory)
    const a = analyseMesh(mesh, { reuseCorners: !bytes });
    result = {
      triangles: a.triangles,
      volumeMm3: a.volumeMm3,
      surfaceAreaMm2: a.surfaceAreaMm2,
      watertight: a.watertight,
      shells: a.shells,
    };
  }
  times.push(performance.now() - started);
}
const sorted = (list: number[]): number[] => [...list].sort((a, b) => a - b);
const line = `${JSON.stringify({
  mode,
  firstMs: times[0],
  bestMs: sorted(times)[0],
  medianMs: sorted(times)[Math.floor(times.length / 2)],
  bestReadMs: sorted(readTimes)[0],
  maxRssMb: process.resourceUsage().maxRSS / 1024,
  ...result,
})}\n`;
// ends at once once the line is written, as the CLI does (an orderly exit frees every array one by one)
process.stdout.write(line, () => process.exit(0));
