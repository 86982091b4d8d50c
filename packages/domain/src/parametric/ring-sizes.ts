/**
 * Ring sizes. US/Canada sizes follow the standard of the US jewelry trade (the same line as ISO 8653's
 * table): size 0 is 0.458 in (11.63 mm) inside diameter and each whole size adds 0.032 in (0.8128 mm), in
 * quarter sizes. EU sizes (ISO 8653) are the inside circumference in millimetres, so the diameter is
 * size / pi. Both give the diameter of the finger hole at its narrowest point.
 */
export const US_SIZE_MIN = 3;
export const US_SIZE_MAX = 16;
export const US_SIZE_STEP = 0.25;
export const EU_SIZE_MIN = 44;
export const EU_SIZE_MAX = 76;
export const EU_SIZE_STEP = 0.5;

const US_ZERO_MM = 11.63;
const US_STEP_MM = 0.8128;

export type RingSizeSystem = 'us' | 'eu';
export interface RingSize {
  system: RingSizeSystem;
  value: number;
}

export function usSizeToInnerDiameterMm(size: number): number {
  return US_ZERO_MM + US_STEP_MM * size;
}

export function euSizeToInnerDiameterMm(size: number): number {
  return size / Math.PI;
}

export function innerDiameterMm(size: RingSize): number {
  return size.system === 'us' ? usSizeToInnerDiameterMm(size.value) : euSizeToInnerDiameterMm(size.value);
}

/** The US size of a diameter, to the nearest quarter size. */
export function innerDiameterToUsSize(diameterMm: number): number {
  return Math.round(((diameterMm - US_ZERO_MM) / US_STEP_MM) * 4) / 4;
}

/** The EU size (circumference in mm) of a diameter, to the nearest half size. */
export function innerDiameterToEuSize(diameterMm: number): number {
  return Math.round(diameterMm * Math.PI * 2) / 2;
}

/** The same ring in both systems, for the form's live preview. */
export function describeRingSize(size: RingSize): {
  innerDiameterMm: number;
  circumferenceMm: number;
  us: number;
  eu: number;
} {
  const d = innerDiameterMm(size);
  return {
    innerDiameterMm: d,
    circumferenceMm: d * Math.PI,
    us: size.system === 'us' ? size.value : innerDiameterToUsSize(d),
    eu: size.system === 'eu' ? size.value : innerDiameterToEuSize(d),
  };
}
