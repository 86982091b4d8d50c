import { addWeekdays } from '@facet/domain/format';
export type { CartChoices, LineConfiguration } from './cart.types';

/** What the cart's parts share: the line's choices and configuration, the lock, shipping methods. */

/** An entry of the catalog by id and name. */
export const named = (id: number, name: string) => ({ id, name });

/** How long a line keeps its quoted price (the price lock), in days. */
export const PRICE_LOCK_DAYS = 7;
export const lockFrom = (now: Date) => new Date(now.getTime() + PRICE_LOCK_DAYS * 24 * 3_600_000);

/**
 * Production lead time in weekdays by the process (cast metal, printed resin): with the shipping method's
 * days it makes the promised date the order gives (weekdays only, spec section 4).
 */
export const LEAD_TIME_DAYS: Record<string, number> = { metal: 10, resin: 5 };
export const leadTimeOf = (kind: string) => LEAD_TIME_DAYS[kind] ?? LEAD_TIME_DAYS.metal!;

export interface ShippingMethod {
  code: 'standard' | 'express';
  name: string;
  priceCents: number;
  businessDays: number;
}

/** The shipping methods a checkout offers (data in code until operations edits them). */
export const SHIPPING_METHODS: readonly ShippingMethod[] = [
  { code: 'standard', name: 'Standard', priceCents: 1_500, businessDays: 5 },
  { code: 'express', name: 'Express', priceCents: 3_500, businessDays: 2 },
];
export const SHIPPING_CODES = ['standard', 'express'] as const;

export const shippingMethod = (code: string) => SHIPPING_METHODS.find((m) => m.code === code);

/** The date a method promises from `from`: production lead time then shipping, weekdays only. */
export function promisedDate(from: Date, leadTimeDays: number, method: ShippingMethod): Date {
  return addWeekdays(from, leadTimeDays + method.businessDays);
}
