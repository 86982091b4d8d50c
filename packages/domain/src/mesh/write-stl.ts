/** Binary STL of a triangle soup (normals written as zero; readers recompute them). */
export function writeStlBinary(positions: Float32Array, header = 'Facet mesh'): Uint8Array {
  const triangles = Math.floor(positions.length / 9);
  const bytes = new Uint8Array(84 + 50 * triangles);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < Math.min(80, header.length); i++) bytes[i] = header.charCodeAt(i) & 0x7f;
  view.setUint32(80, triangles, true);
  for (let t = 0; t < triangles; t++) {
    const p = 84 + 50 * t + 12;
    for (let k = 0; k < 9; k++) view.setFloat32(p + 4 * k, positions[t * 9 + k]!, true);
  }
  return bytes;
}

/**
 * ASCII STL of a triangle soup, as text pieces of `perChunk` triangles, so a large file can be written
 * without holding it whole. Corners are written with 9 significant digits, enough to read back the same
 * float32 numbers (or `digits` of them: 17 is what exporters write that print the double of each float).
 */
export function* writeStlAscii(
  positions: Float32Array,
  name = 'facet',
  perChunk = 10_000,
  digits = 9,
): Generator<string> {
  const triangles = Math.floor(positions.length / 9);
  yield `solid ${name}\n`;
  const f = (v: number): string => v.toExponential(digits - 1);
  for (let t0 = 0; t0 < triangles; t0 += perChunk) {
    let text = '';
    for (let t = t0; t < Math.min(triangles, t0 + perChunk); t++) {
      const i = t * 9;
      text +=
        'facet normal 0 0 0\n  outer loop\n' +
        `    vertex ${f(positions[i]!)} ${f(positions[i + 1]!)} ${f(positions[i + 2]!)}\n` +
        `    vertex ${f(positions[i + 3]!)} ${f(positions[i + 4]!)} ${f(positions[i + 5]!)}\n` +
        `    vertex ${f(positions[i + 6]!)} ${f(positions[i + 7]!)} ${f(positions[i + 8]!)}\n` +
        '  endloop\nendfacet\n';
    }
    yield text;
  }
  yield `endsolid ${name}\n`;
}
