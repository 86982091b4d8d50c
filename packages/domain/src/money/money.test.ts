import { describe, expect, test } from 'vitest';
import { formatMoney } from '../format/money';
import {
  addMoney,
  CURRENCIES,
  CURRENCY_CODES,
  CurrencyMismatch,
  currencyCode,
  fromMajor,
  isCurrencyCode,
  minorUnits,
  money,
  subtractMoney,
  sumMoney,
  toMajor,
  UnknownCurrency,
} from './money';

describe('the known currencies', () => {
  test("each one's minor units are the ones Intl.NumberFormat knows for it", () => {
    for (const code of CURRENCY_CODES) {
      const intl = new Intl.NumberFormat('en', { style: 'currency', currency: code.toUpperCase() });
      expect([code, intl.resolvedOptions().maximumFractionDigits]).toEqual([
        code,
        CURRENCIES[code].minorUnits,
      ]);
    }
    expect(minorUnits('usd')).toBe(2);
    expect(minorUnits('jpy')).toBe(0);
    expect(minorUnits('krw')).toBe(0);
  });

  test('a code in any case is known; anything else is refused with the list', () => {
    expect(currencyCode('USD')).toBe('usd');
    expect(currencyCode(' Eur ')).toBe('eur');
    expect(isCurrencyCode('jpy')).toBe(true);
    expect(isCurrencyCode('JPY')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
    expect(() => currencyCode('xyz')).toThrow(UnknownCurrency);
    expect(() => currencyCode('xyz')).toThrow(/"xyz" is not a known currency \(known: usd, eur, gbp/);
    expect(() => money(100, 'huf')).toThrow(UnknownCurrency);
    expect(() => formatMoney(100, { currency: 'zzz' as never })).toThrow(UnknownCurrency);
  });
});

describe('Money', () => {
  test('whole minor units only', () => {
    expect(money(1250, 'usd')).toEqual({ amountMinor: 1250, currency: 'usd' });
    expect(money(-7, 'EUR')).toEqual({ amountMinor: -7, currency: 'eur' });
    expect(() => money(12.5, 'usd')).toThrow(RangeError);
    expect(() => money(Number.NaN, 'usd')).toThrow(RangeError);
    expect(() => money(2 ** 53, 'usd')).toThrow(RangeError);
  });

  test('adds and subtracts within one currency; two currencies are refused', () => {
    expect(addMoney(money(1050, 'eur'), money(-50, 'eur'))).toEqual(money(1000, 'eur'));
    expect(subtractMoney(money(500, 'jpy'), money(800, 'jpy'))).toEqual(money(-300, 'jpy'));
    expect(sumMoney([money(1, 'gbp'), money(2, 'gbp'), money(3, 'gbp')], 'gbp')).toEqual(money(6, 'gbp'));
    expect(sumMoney([], 'chf')).toEqual(money(0, 'chf'));
    expect(() => addMoney(money(100, 'usd'), money(100, 'eur'))).toThrow(CurrencyMismatch);
    expect(() => subtractMoney(money(100, 'usd'), money(100, 'jpy'))).toThrow(
      'cannot combine USD with JPY: amounts of one currency only',
    );
    expect(() => sumMoney([money(1, 'usd')], 'eur')).toThrow(CurrencyMismatch);
  });

  test('major units to minor and back, by the currency', () => {
    expect(fromMajor(12.5, 'usd')).toEqual(money(1250, 'usd'));
    expect(fromMajor(1.005, 'usd')).toEqual(money(101, 'usd'));
    expect(fromMajor(-1.005, 'usd')).toEqual(money(-101, 'usd'));
    expect(fromMajor(0.29, 'eur')).toEqual(money(29, 'eur'));
    expect(fromMajor(1234.5, 'jpy')).toEqual(money(1235, 'jpy'));
    expect(fromMajor(-0.001, 'usd')).toEqual(money(0, 'usd'));
    expect(toMajor(money(123450, 'usd'))).toBe(1234.5);
    expect(toMajor(money(1235, 'jpy'))).toBe(1235);
  });
});

describe('formatMoney in the currency', () => {
  test('USD as before, for bare cents and for Money', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(money(123450, 'usd'))).toBe('$1,234.50');
    expect(formatMoney(123450, { currency: 'usd' })).toBe('$1,234.50');
    expect(formatMoney(money(-1234, 'usd'))).toBe('-$12.34');
    expect(formatMoney(money(125000, 'usd'), { fraction: 'when-needed' })).toBe('$1,250');
  });

  test('EUR and GBP with their symbols and two decimals', () => {
    expect(formatMoney(money(123450, 'eur'))).toBe('€1,234.50');
    expect(formatMoney(123450, { currency: 'gbp' })).toBe('£1,234.50');
    expect(formatMoney(money(-5, 'eur'))).toBe('-€0.05');
    expect(formatMoney(money(200, 'eur'), { fraction: 'when-needed' })).toBe('€2');
    expect(formatMoney(money(123450, 'chf'))).toBe('CHF\u00a01,234.50');
  });

  test('JPY and KRW: zero-decimal, an amount is whole yen or won', () => {
    expect(formatMoney(money(1235, 'jpy'))).toBe('¥1,235');
    expect(formatMoney(money(-1235, 'jpy'))).toBe('-¥1,235');
    expect(formatMoney(money(1235, 'jpy'), { fraction: 'when-needed' })).toBe('¥1,235');
    expect(formatMoney(money(50000, 'krw'))).toBe('₩50,000');
    expect(formatMoney(0, { currency: 'jpy' })).toBe('¥0');
  });
});
