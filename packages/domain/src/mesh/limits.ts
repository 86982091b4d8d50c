/** Most triangles any reader accepts (about 360 MB of corners); larger files are refused, not attempted. */
export const MAX_TRIANGLES = 10_000_000;
