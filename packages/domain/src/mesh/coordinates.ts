import { MAX_COORDINATE } from './limits';
import { MeshReadError, OUT_OF_RANGE_MESSAGE } from './mesh-read-error';

/**
 * Refuses corners that are NaN or infinite (`bad_number`) or lie MAX_COORDINATE or more from the origin
 * on any axis (`out_of_range`). One pass of comparisons, run after reading.
 */
export function checkCoordinates(positions: Float32Array, formatName: string): void {
  let outOfRange = false;
  for (let i = 0; i < positions.length; i++) {
    const v = positions[i]!;
    if (v > -MAX_COORDINATE && v < MAX_COORDINATE) continue;
    if (!Number.isFinite(v)) {
      throw new MeshReadError('bad_number', `The ${formatName} file contains invalid coordinates.`);
    }
    outOfRange = true;
  }
  if (outOfRange) throw new MeshReadError('out_of_range', OUT_OF_RANGE_MESSAGE);
}
