import { z } from 'zod';
import type { Rgb } from './catalog-types';

const channel = z
  .number({ error: 'Each colour channel must be a number from 0 to 255.' })
  .int('Each colour channel must be a whole number from 0 to 255.')
  .min(0, 'Each colour channel must be a number from 0 to 255.')
  .max(255, 'Each colour channel must be a number from 0 to 255.');

const rgbObject = z.object(
  { r: channel, g: channel, b: channel },
  { error: 'The colour must be { r, g, b } with channels from 0 to 255.' },
);

/**
 * A material colour `{ r, g, b }` (0–255), given as an object or, as the spec says it may arrive,
 * as a JSON string of that object (`'{"r":192,"g":192,"b":192}'`); the string is parsed.
 */
export const materialColorSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, rgbObject);

/** Lenient reading for display: a valid colour (object or JSON string), otherwise null. */
export function parseMaterialColor(value: unknown): Rgb | null {
  const parsed = materialColorSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** `#rrggbb` for CSS and three.js. */
export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
