import { describe, expect, test } from 'vitest';
import { addMonth, creditBalance, creditTexts, discountOf, prorate, shownCredits, splitSpend } from './index';

describe('credits', () => {
  test('the balance is monthly plus the rounded sum of purchased amounts, never below 0', () => {
    expect(creditBalance(20, [50, 150])).toEqual({ monthly: 20, purchased: 200, balance: 220 });
    expect(creditBalance(0, [10.4, 0.3])).toEqual({ monthly: 0, purchased: 11, balance: 11 });
    expect(creditBalance(-3, [-40, 5])).toEqual({ monthly: 0, purchased: 0, balance: 0 });
    expect(creditBalance(7, [])).toEqual({ monthly: 7, purchased: 0, balance: 7 });
    expect(shownCredits(Number.NaN)).toBe(0);
  });

  test('a spend takes the monthly credits first, then the purchased ones', () => {
    expect(splitSpend(4, 10, 5)).toEqual({ fromMonthly: 4, fromPurchased: 0 });
    expect(splitSpend(12, 10, 5)).toEqual({ fromMonthly: 10, fromPurchased: 2 });
    expect(splitSpend(16, 10, 5)).toBeNull();
    expect(creditTexts.insufficient(4, 3)).toBe('You need 4 credits for this; you have 3.');
  });
});

describe('plans', () => {
  test('a month later keeps the day, or the last day of a shorter month (UTC)', () => {
    expect(addMonth(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonth(new Date('2026-12-31T00:00:00Z')).toISOString()).toBe('2027-01-31T00:00:00.000Z');
  });

  test('an upgrade charges the price difference for the unused part of the period', () => {
    const periodStart = new Date('2026-04-01T00:00:00Z');
    const periodEnd = new Date('2026-05-01T00:00:00Z');
    // 30 days, 15 left: half of (4900 - 1900)
    const now = new Date('2026-04-16T00:00:00Z');
    expect(prorate({ currentPriceCents: 1900, newPriceCents: 4900, periodStart, periodEnd, now })).toBe(1500);
    // a third left of a 3000-cent difference, rounded once: 1000
    const third = new Date('2026-04-21T00:00:00Z');
    expect(
      prorate({ currentPriceCents: 1900, newPriceCents: 4900, periodStart, periodEnd, now: third }),
    ).toBe(1000);
    expect(prorate({ currentPriceCents: 4900, newPriceCents: 1900, periodStart, periodEnd, now })).toBe(0);
    expect(
      prorate({ currentPriceCents: 1900, newPriceCents: 4900, periodStart, periodEnd, now: periodEnd }),
    ).toBe(0);
  });

  test('a discount is a percentage or an amount, and leaves the least charge', () => {
    expect(discountOf(1900, { percentOff: 20, amountOffCents: null })).toBe(380);
    expect(discountOf(1999, { percentOff: 25, amountOffCents: null })).toBe(500);
    expect(discountOf(1900, { percentOff: null, amountOffCents: 500 })).toBe(500);
    expect(discountOf(900, { percentOff: null, amountOffCents: 5000 })).toBe(850);
    expect(discountOf(40, { percentOff: 50, amountOffCents: null })).toBe(0);
  });
});
