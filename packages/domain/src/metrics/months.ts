/**
 * Calendar months in UTC, the buckets of every dashboard series: a moment belongs to the month its UTC
 * date falls in, so a payment at 23:30 on the last day of a month in New York counts in the next one.
 */

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Most months a series may span. */
export const MAX_SERIES_MONTHS = 24;

/** `'2026-11'`: the UTC year and month of a moment. */
export function monthKey(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant (UTC) of the month `offset` months after the month of `at` (negative: before). */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** The last `months` UTC months up to and including the month of `now`, oldest first, and where they start. */
export function monthWindow(now: Date, months: number): { keys: string[]; from: Date } {
  const count = Math.max(1, Math.min(MAX_SERIES_MONTHS, Math.floor(months)));
  const keys: string[] = [];
  for (let i = count - 1; i >= 0; i -= 1) keys.push(monthKey(monthStart(now, -i)));
  return { keys, from: monthStart(now, -(count - 1)) };
}

/** `'2026-11'` → `'Nov 2026'`; `{ short: true }` → `'Nov'`. */
export function monthLabel(key: string, options: { short?: boolean } = {}): string {
  const [year, month] = key.split('-');
  const name = MONTH_NAMES[Number(month) - 1] ?? key;
  return options.short ? name : `${name} ${year}`;
}

/**
 * This month against last: the difference and the change in percent, rounded to a whole percent (null when
 * last month had nothing to compare with).
 */
export function monthOverMonth(current: number, previous: number): { delta: number; percent: number | null } {
  return {
    delta: current - previous,
    percent: previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 100),
  };
}

/** `'+12% on last month'`, `'−8% on last month'`, `'Same as last month'`, `'Nothing last month'`. */
export function monthOverMonthText(current: number, previous: number): string {
  const { percent } = monthOverMonth(current, previous);
  if (percent === null) return current === 0 ? 'Nothing this month or last' : 'Nothing last month';
  if (percent === 0) return 'Same as last month';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}% on last month`;
}
