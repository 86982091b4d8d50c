/**
 * Money as people read it: integer cents shown as US dollars. The one money formatter of the monorepo
 * (web pages, chat quote texts, mail templates).
 */
export type MoneyOptions = {
  /**
   * 'always' (the default): two decimals, as prices and quotes show them: '$1,250.00', '$42.94'.
   * 'when-needed': whole dollars without decimals, as offers show them: '$1,250', '$1,250.50'.
   */
  fraction?: 'always' | 'when-needed';
};

const withCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** `123456` → `'$1,234.56'`; `125000` → `'$1,250.00'`, or `'$1,250'` with `{ fraction: 'when-needed' }`. */
export function formatMoney(cents: number, options: MoneyOptions = {}): string {
  const dollars = cents / 100;
  if (options.fraction === 'when-needed' && Number.isInteger(dollars)) return wholeDollars.format(dollars);
  return withCents.format(dollars);
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
