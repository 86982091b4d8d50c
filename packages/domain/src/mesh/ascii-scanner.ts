import { MeshReadError } from './mesh-read-error';

const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
];

export function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11;
}

const scratch32 = new Float32Array(1);
const scratchBits = new Uint32Array(scratch32.buffer);

/**
 * The float32 that `Math.fround(Number(text))` gives for a positive decimal of 16 to 19 significant digits
 * whose digits were accumulated in `approx` (then scaled by one exact power of ten), or -1 when that cannot
 * be told without the exact value. `approx` is within 6 × 2^-53 of the decimal (at most four roundings of
 * the digits past 2^53, one of the scaling) and `Number(text)` within 2^-53 of it: when no float32 rounding
 * midpoint lies within 2^-50 of `approx`, both round to the same float32. Midpoints of float32 neighbours
 * have 25 significant bits, so they are exact doubles.
 */
export function float32Near(approx: number): number {
  scratch32[0] = approx;
  const f = scratch32[0]!;
  if (f === 0 || f === Infinity) return -1;
  const bits = scratchBits[0]!;
  scratchBits[0] = bits + 1;
  const up = scratch32[0]!;
  scratchBits[0] = bits - 1;
  const down = scratch32[0]!;
  const tolerance = approx * 8.881784197001252e-16; // 2^-50
  return approx + tolerance < (f + up) / 2 && approx - tolerance > (f + down) / 2 ? f : -1;
}

/**
 * Reads decimal numbers straight from bytes, without making strings. The common case (at most 15
 * significant digits, exponent within 22) is one exact multiplication or division, so the double is
 * correctly rounded, as `Number()` would give; anything else goes through `Number()`. A scanner made
 * `forFloat32` (its numbers are kept as float32) also reads 16 to 19 digits (full-precision exports)
 * without `Number()`, giving the float32 that `Number()` would round to.
 */
export class NumberScanner {
  /** Position after the last number read. */
  pos = 0;

  constructor(private readonly forFloat32 = false) {}

  /** Reads the number starting at `start` (no leading whitespace); throws bad_number if there is none. */
  read(bytes: Uint8Array, start: number, end: number): number {
    let i = start;
    let c = i < end ? bytes[i]! : 0;
    let negative = false;
    if (c === 45 || c === 43) {
      negative = c === 45;
      i++;
      c = i < end ? bytes[i]! : 0;
    }
    let mantissa = 0;
    let significant = 0;
    let exponent = 0;
    let digits = 0;
    while (c >= 48 && c <= 57) {
      if (mantissa !== 0 || c !== 48) {
        significant++;
        mantissa = mantissa * 10 + (c - 48);
      }
      digits++;
      i++;
      c = i < end ? bytes[i]! : 0;
    }
    if (c === 46) {
      i++;
      c = i < end ? bytes[i]! : 0;
      while (c >= 48 && c <= 57) {
        if (mantissa !== 0 || c !== 48) {
          significant++;
          mantissa = mantissa * 10 + (c - 48);
        }
        exponent--;
        digits++;
        i++;
        c = i < end ? bytes[i]! : 0;
      }
    }
    if (digits === 0) throw badNumber(bytes, start, end);
    if (c === 101 || c === 69) {
      i++;
      c = i < end ? bytes[i]! : 0;
      let expNegative = false;
      if (c === 45 || c === 43) {
        expNegative = c === 45;
        i++;
        c = i < end ? bytes[i]! : 0;
      }
      let e = 0;
      let expDigits = 0;
      while (c >= 48 && c <= 57) {
        if (e < 100000) e = e * 10 + (c - 48);
        expDigits++;
        i++;
        c = i < end ? bytes[i]! : 0;
      }
      if (expDigits === 0) throw badNumber(bytes, start, end);
      exponent += expNegative ? -e : e;
    }
    this.pos = i;
    let value: number;
    if (significant <= 15 && exponent >= -22 && exponent <= 22) {
      value = exponent < 0 ? mantissa / POW10[-exponent]! : mantissa * POW10[exponent]!;
      if (negative) value = -value;
    } else if (
      this.forFloat32 &&
      significant <= 19 &&
      exponent >= -22 &&
      exponent <= 22 &&
      (value = float32Near(exponent < 0 ? mantissa / POW10[-exponent]! : mantissa * POW10[exponent]!)) >= 0
    ) {
      if (negative) value = -value;
    } else {
      let text = '';
      for (let k = start; k < i; k++) text += String.fromCharCode(bytes[k]!);
      value = Number(text);
    }
    if (!Number.isFinite(value)) throw badNumber(bytes, start, end);
    return value;
  }
}

function badNumber(bytes: Uint8Array, start: number, end: number): MeshReadError {
  let text = '';
  for (let k = start; k < end && k < start + 24 && !isSpace(bytes[k]!); k++)
    text += String.fromCharCode(bytes[k]!);
  return new MeshReadError('bad_number', `The file contains "${text}" where a number was expected.`);
}

/** A growable Float32Array for readers that cannot know their size up front. */
export class FloatList {
  data: Float32Array;
  length = 0;

  constructor(capacity: number) {
    this.data = new Float32Array(Math.max(64, capacity));
  }

  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    // modest steps: the old and new arrays live side by side while copying
    const grown = new Float32Array(Math.max(this.length + extra, Math.ceil(this.data.length * 1.25)));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  push(value: number): void {
    if (this.length === this.data.length) this.reserve(1);
    this.data[this.length++] = value;
  }

  /** The filled part; copied only when more than half would be spare, so peak memory is not doubled. */
  toArray(): Float32Array {
    if (this.length === this.data.length) return this.data;
    if (this.length >= this.data.length / 2) return this.data.subarray(0, this.length);
    return this.data.slice(0, this.length);
  }
}

/** A growable Int32Array. */
export class IntList {
  data: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(64, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(Math.ceil(this.data.length * 1.5));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}
