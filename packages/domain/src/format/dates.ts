/** Dates and times as people read them. Pure: the time zone and locale are inputs, never looked up here. */
export type DateInput = string | number | Date;

export type DateOptions = {
  /** An IANA zone; 'UTC' by default (server dates shown the same everywhere); 'local' for the viewer's zone. */
  timeZone?: string;
};

const zone = (timeZone: string | undefined) => (timeZone === 'local' ? undefined : (timeZone ?? 'UTC'));
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `'2026-11-22T10:00:00Z'` → `'Nov 22, 2026'`. */
export function formatDate(value: DateInput, options: DateOptions = {}): string {
  const key = options.timeZone ?? 'UTC';
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: zone(options.timeZone),
    });
    dateFormats.set(key, format);
  }
  return format.format(new Date(value));
}

/**
 * Hours and minutes in the viewer's locale and zone (chat messages): '09:05 AM' in en-US, '09:05' in en-GB.
 * `locale` and `timeZone` default to the runtime's own.
 */
export function formatTime(value: DateInput, options: { locale?: string; timeZone?: string } = {}): string {
  return new Intl.DateTimeFormat(options.locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: options.timeZone,
  }).format(new Date(value));
}
