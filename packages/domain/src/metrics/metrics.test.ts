import { describe, expect, test } from 'vitest';
import {
  lineRevenueCents,
  monthKey,
  monthLabel,
  monthOverMonth,
  monthOverMonthText,
  monthWindow,
  pieceRevenueCents,
} from './index';

describe('UTC month buckets', () => {
  test('a moment belongs to the month of its UTC date, whatever the local clock says', () => {
    expect(monthKey(new Date('2026-10-31T23:59:59.999Z'))).toBe('2026-10');
    expect(monthKey(new Date('2026-11-01T00:00:00.000Z'))).toBe('2026-11');
    // 19:30 on Oct 31 in New York is already November in UTC
    expect(monthKey(new Date('2026-10-31T19:30:00-04:00'))).toBe('2026-10');
    expect(monthKey(new Date('2026-10-31T20:30:00-04:00'))).toBe('2026-11');
  });

  test('a window of six months ends with the current month and crosses the year', () => {
    const w = monthWindow(new Date('2027-02-15T10:00:00Z'), 6);
    expect(w.keys).toEqual(['2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02']);
    expect(w.from.toISOString()).toBe('2026-09-01T00:00:00.000Z');
    expect(monthWindow(new Date('2026-03-31T23:00:00Z'), 1).keys).toEqual(['2026-03']);
    expect(monthWindow(new Date('2026-03-01T00:00:00Z'), 100).keys).toHaveLength(24);
  });

  test('labels', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2027-01', { short: true })).toBe('Jan');
  });
});

describe('this month against last', () => {
  test('change in percent, rounded; none without last month', () => {
    expect(monthOverMonth(15_000, 10_000)).toEqual({ delta: 5_000, percent: 50 });
    expect(monthOverMonth(9_200, 10_000)).toEqual({ delta: -800, percent: -8 });
    expect(monthOverMonth(500, 0)).toEqual({ delta: 500, percent: null });
    expect(monthOverMonthText(15_000, 10_000)).toBe('+50% on last month');
    expect(monthOverMonthText(9_200, 10_000)).toBe('−8% on last month');
    expect(monthOverMonthText(10_000, 10_000)).toBe('Same as last month');
    expect(monthOverMonthText(500, 0)).toBe('Nothing last month');
    expect(monthOverMonthText(0, 0)).toBe('Nothing this month or last');
  });
});

describe('revenue: the shop price, else price plus 25 percent', () => {
  test('the shop price wins when there is one, even below the price', () => {
    expect(pieceRevenueCents(10_000, 19_900)).toBe(19_900);
    expect(pieceRevenueCents(10_000, 8_000)).toBe(8_000);
    expect(pieceRevenueCents(10_000, 0)).toBe(0);
  });

  test('without a shop price: price plus 25 percent, rounded to the cent', () => {
    expect(pieceRevenueCents(10_000, null)).toBe(12_500);
    expect(pieceRevenueCents(1_001, null)).toBe(1_251); // 1251.25
    expect(pieceRevenueCents(1_002, undefined)).toBe(1_253); // 1252.5 rounds half up
    expect(lineRevenueCents({ unitPriceCents: 4_250, shopPriceCents: null, quantity: 3 })).toBe(15_939);
    expect(lineRevenueCents({ unitPriceCents: 4_250, shopPriceCents: 7_500, quantity: 3 })).toBe(22_500);
  });
});
