// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the built app, so the server sends
// them as they are (its static files plugin picks one by the browser's Accept-Encoding) instead of the
// uncompressed files or compressing on every request. A copy that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// the built app's folder, or the folder given (the server's tests compress a folder of their own)
const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const TEXT = /\.(?:html|js|css|svg|json|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

let before = 0;
let brotli = 0;
let gzip = 0;
for (const path of files(dist)) {
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  before += bytes.length;
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  brotli += Math.min(br.length, bytes.length);
  gzip += Math.min(gz.length, bytes.length);
}
const kb = (n) => `${Math.round(n / 1024)} KB`;
process.stdout.write(
  `Compressed the app's text files: ${kb(before)} -> ${kb(brotli)} brotli, ${kb(gzip)} gzip\n`,
);
