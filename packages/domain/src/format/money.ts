/** Dollars from cents as offers and quote cards show them: '$1,250' or '$1,250.50'. */
export function formatDollars(cents: number): string {
  const dollars = cents / 100;
  return dollars.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  });
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
