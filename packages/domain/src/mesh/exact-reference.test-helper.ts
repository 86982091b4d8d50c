/**
 * Exact polyhedral measures of float32 corners, for the tests: every float32 times 2^149 is an integer, so
 * the signed tetrahedron sum is done exactly in BigInt; each face's |n|^2 is exact too, so only its square
 * root and the final sum of areas round. Independent of analyse-mesh's float64 arithmetic.
 */
const SCALE = 2 ** 149;

function big(v: number): bigint {
  return BigInt(v * SCALE);
}

export function exactVolume(positions: Float32Array): number {
  let sum = 0n;
  for (let i = 0; i + 8 < positions.length; i += 9) {
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = Array.from(positions.subarray(i, i + 9), big) as [
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    sum += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
  }
  // sum is 6V * 2^447; shift most of the scale off in BigInt so Number() keeps full precision
  const negative = sum < 0n;
  const magnitude = negative ? -sum : sum;
  const shifted = Number(magnitude >> 300n) + Number(magnitude & ((1n << 300n) - 1n)) / 2 ** 300;
  return ((negative ? -1 : 1) * shifted) / 2 ** 147 / 6;
}

export function exactArea(positions: Float32Array): number {
  let sum = 0;
  let compensation = 0;
  for (let i = 0; i + 8 < positions.length; i += 9) {
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = Array.from(positions.subarray(i, i + 9), big) as [
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    const px = bx - ax;
    const py = by - ay;
    const pz = bz - az;
    const qx = cx - ax;
    const qy = cy - ay;
    const qz = cz - az;
    const nx = py * qz - pz * qy;
    const ny = pz * qx - px * qz;
    const nz = px * qy - py * qx;
    const nn = nx * nx + ny * ny + nz * nz;
    const half =
      (Math.sqrt(Number(nn >> 500n) + Number(nn & ((1n << 500n) - 1n)) / 2 ** 500) * 2 ** 250) / 2 ** 298 / 2;
    const t = sum + half;
    compensation += Math.abs(sum) >= half ? sum - t + half : half - t + sum;
    sum = t;
  }
  return sum + compensation;
}
