import { formatDate } from '@facet/domain/format';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A credit count as shown: rounded, never below 0 (spec section 5). */
export const formatCredits = (n: number) => whole.format(Math.max(0, Math.round(n)));

/** A UTC day as people read it. */
export const day = (iso: string | null | undefined) => (iso ? formatDate(iso, { timeZone: 'UTC' }) : '');
