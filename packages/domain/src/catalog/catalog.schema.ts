import { z } from 'zod';
import { materialColorSchema } from './material-color';

/**
 * What staff may change on catalog entries. Every schema is strict (an unknown field is an error, so
 * a misspelt field never silently changes nothing) and needs at least one field.
 */

const atLeastOne = (value: object) => Object.keys(value).length > 0;
const needsAField = 'Give at least one field to change.';

const name = z.string().trim().min(1, 'The name is required.').max(80, 'The name is at most 80 characters.');
const description = z.string().trim().max(1000, 'The description is at most 1000 characters.');
const cents = (what: string) =>
  z
    .number({ error: `${what} must be a number of cents.` })
    .int(`${what} must be a whole number of cents.`)
    .min(0, `${what} cannot be negative.`)
    .max(10_000_000, `${what} is at most 10,000,000 cents.`);
const rate = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number.` })
    .min(0, `${what} cannot be negative.`)
    .max(max, `${what} is at most ${max}.`);
const url = z.string().trim().max(2000, 'The address is at most 2000 characters.').nullable();

export const materialPatchSchema = z
  .object({
    name,
    sku: z.string().trim().min(1, 'The SKU is required.').max(40, 'The SKU is at most 40 characters.'),
    code: z.string().trim().min(1, 'The code is required.').max(20, 'The code is at most 20 characters.'),
    image: url,
    basePrice: rate('The base price per troy ounce', 100_000),
    salesPrice: rate('The sales price per troy ounce', 100_000).nullable(),
    description,
    isDisabled: z.boolean({ error: 'isDisabled must be true or false.' }),
    gravity: z
      .number({ error: 'The gravity must be a number (g/cm³).' })
      .min(0.5, 'The gravity must be between 0.5 and 25 g/cm³.')
      .max(25, 'The gravity must be between 0.5 and 25 g/cm³.'),
    textureUrl: url,
    canPlate: z.boolean({ error: 'canPlate must be true or false.' }),
    diffuse: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'The diffuse tint must be a colour like #c0c0c0.')
      .nullable(),
    sort: z.number().int('The sort order must be a whole number.').min(0).max(10_000),
    color: materialColorSchema.nullable(),
    metalLoss: rate('The metal loss', 0.5),
    castingLabourCents: cents('The casting labour'),
    printRate: rate('The print rate per mm³', 10),
    printSetupCents: cents('The print set-up'),
    orderSetupCents: cents('The order set-up'),
  })
  .partial()
  .strict()
  .refine(atLeastOne, needsAField);
export type MaterialPatch = z.infer<typeof materialPatchSchema>;

/** Polishes and platings: a rate in dollars per mm². */
export const finishPatchSchema = z
  .object({
    name,
    basePrice: rate('The base price per mm²', 10),
    description,
    isDisabled: z.boolean({ error: 'isDisabled must be true or false.' }),
    sort: z.number().int('The sort order must be a whole number.').min(0).max(10_000),
  })
  .partial()
  .strict()
  .refine(atLeastOne, needsAField);
export type FinishPatch = z.infer<typeof finishPatchSchema>;
