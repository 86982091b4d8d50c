import { describe, expect, test } from 'vitest';
import { DIMENSION_UNITS, formatDimensionValue, fromWire, toWire, unitOf } from './dimensions';
import { formatMoney, parseDollars } from '@facet/domain/format';

describe('dimension units', () => {
  test('the spec units, in its order', () => {
    expect(DIMENSION_UNITS).toEqual(['mm', 'cm', 'dm', 'm', 'inches', 'inch', 'in', 'feet', 'foot', 'ft']);
  });

  test.each([
    ['18', '18 mm'],
    ['18mm', '18mm'],
    ['2.5 cm', '2.5 cm'],
    ['1 dm', '1 dm'],
    ['0.02 m', '0.02 m'],
    ['3 inches', '3 inches'],
    ['1 inch', '1 inch'],
    ['0.7 in', '0.7 in'],
    ['2 feet', '2 feet'],
    ['1 foot', '1 foot'],
    ['1 ft', '1 ft'],
    ['about a thumb', 'about a thumb mm'],
  ])('%s shows as %s', (value, shown) => {
    expect(formatDimensionValue(value)).toBe(shown);
  });

  test('a word merely containing a unit is not a unit', () => {
    expect(unitOf('18 min')).toBeNull();
    expect(unitOf('18 MM')).toBe('mm');
  });

  test('wire form is a list of single-key objects', () => {
    const rows = fromWire([{ width: '18 mm' }, { height: '2 cm' }]);
    expect(rows).toEqual([
      { name: 'width', value: '18 mm' },
      { name: 'height', value: '2 cm' },
    ]);
    expect(toWire([...rows, { name: ' ', value: '3' }])).toEqual([{ width: '18 mm' }, { height: '2 cm' }]);
  });
});

describe('money', () => {
  test('dollars typed by a pro become cents; offers show dollars', () => {
    expect(parseDollars('1,250')).toBe(125_000);
    expect(parseDollars('$80.5')).toBe(8_050);
    expect(parseDollars('0')).toBeNull();
    expect(parseDollars('12.345')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
    expect(formatMoney(125_000, { fraction: 'when-needed' })).toBe('$1,250');
    expect(formatMoney(8_050, { fraction: 'when-needed' })).toBe('$80.50');
  });
});
