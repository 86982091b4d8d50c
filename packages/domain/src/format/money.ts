import { currencyCode, DEFAULT_CURRENCY, minorUnits, type CurrencyCode, type Money } from '../money/money';

/**
 * Money as people read it, in its currency: `Intl.NumberFormat` gives the symbol and the decimal places
 * (two for USD and EUR, none for JPY). The one money formatter of the monorepo (web pages, chat quote
 * texts, mail templates).
 */
export type MoneyOptions = {
  /**
   * 'always' (the default): the currency's decimals, as prices and quotes show them: '$1,250.00', '$42.94'.
   * 'when-needed': whole units without decimals, as offers show them: '$1,250', '$1,250.50'.
   */
  fraction?: 'always' | 'when-needed';
  /** The currency of a bare amount (a number of minor units); USD when not said. Money carries its own. */
  currency?: CurrencyCode;
};

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: CurrencyCode, decimals: number) {
  const key = `${currency}:${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * `123456` → `'$1,234.56'`; `125000` → `'$1,250.00'`, or `'$1,250'` with `{ fraction: 'when-needed' }`;
 * `{ amountMinor: 1235, currency: 'jpy' }` → `'¥1,235'`; `money(123450, 'eur')` → `'€1,234.50'`. A bare number is minor units of
 * `options.currency` (USD when not said).
 */
export function formatMoney(amount: number | Money, options: MoneyOptions = {}): string {
  // a bare number is formatted as it comes (a chart's scale may ask for a fraction of a cent)
  const m =
    typeof amount === 'number'
      ? { amountMinor: amount, currency: currencyCode(options.currency ?? DEFAULT_CURRENCY) }
      : amount;
  const decimals = minorUnits(m.currency);
  const scale = 10 ** decimals;
  const major = m.amountMinor / scale;
  const whole = options.fraction === 'when-needed' && m.amountMinor % scale === 0;
  return formatter(m.currency, whole ? 0 : decimals).format(major);
}

/** '12 days', '1 day'. */
export function formatDays(days: number): string {
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** A typed dollar amount ('1,250.5', '$80') as integer cents (exact, no float rounding), or null when it is not
 * a positive amount with at most two decimals. */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 ? cents : null;
}
