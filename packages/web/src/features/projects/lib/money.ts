/** Whole dollars from cents for offer cards ('$1,250' or '$1,250.50'). */
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

/** A typed dollar amount ('1,250.5', '$80') as cents, or null when it is not a positive amount. */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const cents = Math.round(Number(cleaned) * 100);
  return cents > 0 ? cents : null;
}
