/**
 * The cookie in which the web app tells the server the browser's time zone (an IANA name), for the pages the
 * server renders per person: the greeting there says the time of the reader's day.
 */
export const TIME_ZONE_COOKIE = 'facet_tz';

/** Whether `zone` is an IANA time zone this runtime knows ('Asia/Tokyo', 'UTC'); anything else is false. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
