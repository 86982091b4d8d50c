import { describe, expect, test } from 'vitest';
import { formatDimension, formatMeasure, formatSize, formatWeight } from './format';

describe('dimension display rule (spec section 9)', () => {
  test('below 1 shows two decimals, with the unit', () => {
    expect(formatDimension(0.5)).toBe('0.50 mm');
    expect(formatDimension(0.349999994)).toBe('0.35 mm');
    expect(formatDimension(0)).toBe('0.00 mm');
    expect(formatDimension(0.999)).toBe('1.00 mm');
  });
  test('1 and above is rounded to a whole number', () => {
    expect(formatDimension(1)).toBe('1 mm');
    expect(formatDimension(1.6284)).toBe('2 mm');
    expect(formatDimension(19.796)).toBe('20 mm');
    expect(formatDimension(2.5)).toBe('3 mm');
    expect(formatDimension(1234.4, 'mm')).toBe('1,234 mm');
    expect(formatDimension(3, 'in')).toBe('3 in');
  });
  test('a size is width × height × length, each by the rule', () => {
    expect(formatSize({ x: 3, y: 0.5, z: 3 })).toBe('3 mm × 0.50 mm × 3 mm');
  });
});

describe('other measures', () => {
  test('volumes and areas keep two decimals while small', () => {
    expect(formatMeasure(2.343148996763361, 'mm³')).toBe('2.34 mm³');
    expect(formatMeasure(1234.56, 'mm²')).toBe('1,235 mm²');
  });
  test('weight to 0.01 g', () => {
    expect(formatWeight(1.9)).toBe('1.90 g');
  });
});
