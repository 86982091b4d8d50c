import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { discountOf, membershipTexts } from '@facet/domain/billing';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { discountCodes } from './billing.tables';
import { recordStaffAction } from '../../platform/audit/audit';

/** Discount codes (spec `stripe/discount/codes`): staff create them; the server applies them to a price. */

export type DiscountRow = typeof discountCodes.$inferSelect;
export type DiscountTarget = 'plans' | 'credits';

export const discountCodeInput = z
  .string()
  .trim()
  .toUpperCase()
  .min(3, 'A discount code is 3 to 32 letters, digits, - or _.')
  .max(32, 'A discount code is 3 to 32 letters, digits, - or _.')
  .regex(/^[A-Z0-9_-]+$/, 'A discount code is 3 to 32 letters, digits, - or _.');

export const newDiscountCodeBody = z
  .object({
    code: discountCodeInput,
    percentOff: z
      .number()
      .int('The percentage is a whole number.')
      .min(1, 'The percentage is 1 to 90.')
      .max(90, 'The percentage is 1 to 90.')
      .optional(),
    amountOffCents: z
      .number()
      .int('The amount is whole cents.')
      .min(1, 'The amount off is above 0.')
      .max(1_000_000, 'The amount off is at most $10,000.')
      .optional(),
    appliesTo: z.enum(['plans', 'credits', 'both'], { error: 'Choose plans, credits or both.' }),
    validFrom: z.iso.datetime({ error: 'Give a UTC date and time (ISO 8601).' }).optional(),
    validUntil: z.iso.datetime({ error: 'Give a UTC date and time (ISO 8601).' }).optional(),
    maxUses: z.number().int().min(1, 'At least one use.').max(1_000_000).optional(),
  })
  .strict()
  .refine((v) => (v.percentOff === undefined) !== (v.amountOffCents === undefined), {
    message: 'Give either percentOff or amountOffCents.',
    path: ['percentOff'],
  })
  .refine((v) => !v.validFrom || !v.validUntil || v.validFrom < v.validUntil, {
    message: 'validUntil comes after validFrom.',
    path: ['validUntil'],
  });
export type NewDiscountCode = z.output<typeof newDiscountCodeBody>;

const bad = (message: string) =>
  new AppError('invalid_discount_code', message, 400, { discountCode: message });

/** Whether a code may be used now for this kind of purchase (without taking a use). */
function check(row: DiscountRow | undefined, target: DiscountTarget, now: Date): DiscountRow {
  if (!row) throw bad(membershipTexts.badCode);
  if (row.appliesTo !== 'both' && row.appliesTo !== target) throw bad(membershipTexts.codeNotForThis(target));
  if ((row.validFrom && row.validFrom > now) || (row.validUntil && row.validUntil <= now)) {
    throw bad(row.validFrom && row.validFrom > now ? membershipTexts.badCode : membershipTexts.expiredCode);
  }
  if (row.maxUses !== null && row.used >= row.maxUses) throw bad(membershipTexts.usedUpCode);
  return row;
}

export function discountsService(deps: { db: Db }) {
  const { db } = deps;
  const find = async (d: Db | Tx, code: string) =>
    (await d.select().from(discountCodes).where(eq(discountCodes.code, code.trim().toUpperCase())))[0];

  return {
    async create(staffId: string, input: NewDiscountCode) {
      // the code and its audit row commit together (decision 038)
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(discountCodes)
          .values({
            code: input.code,
            percentOff: input.percentOff ?? null,
            amountOffCents: input.amountOffCents ?? null,
            appliesTo: input.appliesTo,
            validFrom: input.validFrom ? new Date(input.validFrom) : null,
            validUntil: input.validUntil ? new Date(input.validUntil) : null,
            maxUses: input.maxUses ?? null,
            createdBy: staffId,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw new AppError('code_taken', `The code ${input.code} already exists.`, 409);
        await recordStaffAction(tx, 201);
        return inserted;
      });
      return row;
    },

    list: () => db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt)),

    /** The discount a code gives on an amount now (a preview: no use is taken). */
    async preview(code: string, target: DiscountTarget, amountCents: number, now = new Date()) {
      const row = check(await find(db, code), target, now);
      return { row, discountCents: discountOf(amountCents, row) };
    },

    /** Takes one use of a code inside the purchase's transaction (refused when used up meanwhile). */
    async take(tx: Tx, code: string, target: DiscountTarget, amountCents: number, now = new Date()) {
      const row = check(await find(tx, code), target, now);
      const [taken] = await tx
        .update(discountCodes)
        .set({ used: sql`${discountCodes.used} + 1` })
        .where(
          and(
            eq(discountCodes.id, row.id),
            or(isNull(discountCodes.maxUses), lt(discountCodes.used, discountCodes.maxUses)),
          ),
        )
        .returning();
      if (!taken) throw bad(membershipTexts.usedUpCode);
      return { row: taken, discountCents: discountOf(amountCents, taken) };
    },
  };
}

export type DiscountsService = ReturnType<typeof discountsService>;
