const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago a moment was, in words ("just now", "5 minutes ago", "yesterday", "3 weeks ago"): the largest
 * whole unit, rounded down. A moment in the future (a clock a little ahead) reads "just now".
 */
export function relativeTime(at: string | Date, now: Date = new Date(), locale = 'en'): string {
  const seconds = Math.floor((now.getTime() - new Date(at).getTime()) / 1000);
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(-1, 'minute');
}
