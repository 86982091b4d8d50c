/** Most triangles any reader accepts (about 360 MB of corners); larger files are refused, not attempted. */
export const MAX_TRIANGLES = 10_000_000;

/**
 * Largest coordinate magnitude any reader accepts, in the file's own numbers (3MF: after its declared unit
 * is converted to millimetres). Read as millimetres, the smallest unit a customer may confirm and so the
 * most lenient reading, it is 16.384 m: no piece of jewelry, even drawn far from the origin, comes near
 * it, while a non-model read as one (an executable named .stl) gives numbers like 3.7e30. It is a power
 * of two (2^14) so binary STL checks it on the float's exponent bits inside its copy loop, at no cost.
 */
export const MAX_COORDINATE = 16_384;
/** Biased float32 exponent of MAX_COORDINATE: a coordinate with this exponent or more is out of range. */
export const MAX_COORDINATE_EXPONENT = 127 + 14;
