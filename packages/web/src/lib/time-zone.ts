import { createContext, createElement, useContext, type ReactNode } from 'react';
import { TIME_ZONE_COOKIE } from '@facet/domain/format';
import { useHydrated } from './use-hydrated';

/**
 * The viewer's time zone (IANA name) where the page is rendered away from their browser: the server renders
 * a signed-in page per person with the zone their browser told it (the `facet_tz` cookie). Undefined in the
 * browser, where the browser's own zone applies.
 */
export const TimeZoneContext = createContext<string | undefined>(undefined);

/**
 * The time zone a page rendered on the server was drawn in (`zone`) while React hydrates it, so the first
 * render in the browser draws what the server drew; the browser's own zone after that.
 */
export function RenderedTimeZone({ zone, children }: { zone: string | undefined; children: ReactNode }) {
  const hydrated = useHydrated();
  return createElement(TimeZoneContext.Provider, { value: hydrated ? undefined : zone }, children);
}

/** The viewer's hour of the day (0-23) at `date`. */
export function useHourOf(date: Date): number {
  const timeZone = useContext(TimeZoneContext);
  if (!timeZone) return date.getHours();
  return Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(date),
  );
}

/** Tells the server the browser's time zone, for the pages it renders per person (a year, this site only). */
export function rememberTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone)
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}
