/**
 * One measured run of our mesh analysis on a file, in its own process so peak memory is its own.
 * usage: node --import tsx bench/mesh/analyse-file.ts FILE full|measure|stream [REPEATS]
 *   full     read the file into memory, then time readMesh + analyseMesh (soundness included)
 *   measure  the same without the soundness checks (measureMesh only)
 *   stream   read the file in 1 MiB chunks (one reused buffer) through readMeshStream, then analyseMesh; once
 * Prints one JSON line: times in ms (first, best and median of the repeats; later runs reuse the analysis's
 * scratch arena, as a worker does), peak RSS in MB, and the results.
 */
import { readFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { analyseMesh, measureMesh, readMesh, readMeshStream } from '../../packages/domain/src/mesh/index.ts';

const [file, mode = 'full', repeatsArg = '5'] = process.argv.slice(2);
if (!file) throw new Error('usage: analyse-file.ts FILE full|measure|stream [REPEATS]');
const repeats = mode === 'stream' ? 1 : Number(repeatsArg);

/**
 * The file in 1 MiB pieces, read ahead into a second buffer while the caller works on the current one (the
 * caller is done with a piece once it asks for the next), so reading and parsing overlap and memory stays
 * flat whatever the file's size.
 */
async function* readChunks(path: string): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
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
    const a = analyseMesh(mesh);
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
console.log(
  JSON.stringify({
    mode,
    firstMs: times[0],
    bestMs: sorted(times)[0],
    medianMs: sorted(times)[Math.floor(times.length / 2)],
    bestReadMs: sorted(readTimes)[0],
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    ...result,
  }),
);
