import { z } from 'zod';
import { materialColorSchema } from './material-color';
import { METALS } from '../pricing/spot';

/**
 * What staff may change on catalog entries. Every schema is strict (an unknown field is an error, so
 * a misspelt field never silently changes nothing) and needs at least one field.
 */

const atLeastOne = (value: object) => Object.keys(value).length > 0;
const needsAField = 'Give at least one field to change.';

const name = z
  .string({ error: 'The name is required.' })
  .trim()
  .min(1, 'The name is required.')
  .max(80, 'The name is at most 80 characters.');
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

const materialFields = z.object({
  name,
  sku: z
    .string({ error: 'The SKU is required.' })
    .trim()
    .min(1, 'The SKU is required.')
    .max(40, 'The SKU is at most 40 characters.'),
  code: z
    .string({ error: 'The code is required.' })
    .trim()
    .min(1, 'The code is required.')
    .max(20, 'The code is at most 20 characters.'),
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
  spotMetal: z
    .enum(METALS, { error: 'The spot metal must be gold, silver, platinum or palladium.' })
    .nullable(),
  purity: z
    .number({ error: 'The purity must be a number (0.925 for sterling).' })
    .gt(0, 'The purity must be more than 0 and at most 1 (0.925 for sterling).')
    .max(1, 'The purity must be more than 0 and at most 1 (0.925 for sterling).')
    .nullable(),
  spotMarginPercent: rate('The margin over spot (%)', 200),
});
export const materialPatchSchema = materialFields.partial().strict().refine(atLeastOne, needsAField);
export type MaterialPatch = z.infer<typeof materialPatchSchema>;

/** Polishes and platings: a rate in dollars per mm². */
const finishFields = z.object({
  name,
  basePrice: rate('The base price per mm²', 10),
  description,
  isDisabled: z.boolean({ error: 'isDisabled must be true or false.' }),
  sort: z.number().int('The sort order must be a whole number.').min(0).max(10_000),
});
export const finishPatchSchema = finishFields.partial().strict().refine(atLeastOne, needsAField);
export type FinishPatch = z.infer<typeof finishPatchSchema>;

const sort = z.number().int('The sort order must be a whole number.').min(0).max(10_000);
const disabled = z.boolean({ error: 'isDisabled must be true or false.' });

export const assemblyOptionPatchSchema = z
  .object({ name, description, pricePerPartCents: cents('The price per part'), isDisabled: disabled, sort })
  .partial()
  .strict()
  .refine(atLeastOne, needsAField);

export const assemblySubItemPatchSchema = z
  .object({ name, priceCents: cents('The price'), sort })
  .partial()
  .strict()
  .refine(atLeastOne, needsAField);

export const laserOptionPatchSchema = z
  .object({
    name,
    description,
    priceCents: cents('The price'),
    pricePerCharacterCents: cents('The price per character'),
    maxCharacters: z
      .number({ error: 'The most characters must be a whole number.' })
      .int('The most characters must be a whole number.')
      .min(1, 'The most characters is at least 1.')
      .max(200, 'The most characters is at most 200.')
      .nullable(),
    acceptsText: z.boolean({ error: 'acceptsText must be true or false.' }),
    acceptsImage: z.boolean({ error: 'acceptsImage must be true or false.' }),
    isDisabled: disabled,
    sort,
  })
  .partial()
  .strict()
  .refine(atLeastOne, needsAField);

/** Fonts are bundled by the web app: staff rename and reorder them; the package stays. */
export const laserFontPatchSchema = z
  .object({ name, sort })
  .partial()
  .strict()
  .refine(atLeastOne, needsAField);

export const categoryPatchSchema = z
  .object({ name, sort })
  .partial()
  .strict()
  .refine(atLeastOne, needsAField);

const itemTypeFields = z.object({
  name,
  categoryId: z
    .number({ error: 'The category must be a category id.' })
    .int('The category must be a category id.')
    .positive('The category must be a category id.')
    .max(2_147_483_647, 'The category must be a category id.')
    .nullable(),
  sort,
});
export const itemTypePatchSchema = itemTypeFields.partial().strict().refine(atLeastOne, needsAField);

const factor = z
  .number({ error: 'The factor must be a number (0.8 = 20 % off).' })
  .gt(0, 'The factor must be more than 0 and at most 1 (0.8 = 20 % off).')
  .max(1, 'The factor must be more than 0 and at most 1 (0.8 = 20 % off).');

/** From its minimum quantity on, each piece costs `factor` × its price (0.8 = 20 % off). */
export const quantityBreakPatchSchema = z.object({ factor }).strict();

/**
 * New entries staff add (the editor's "Add …"): the fields an entry cannot do without are required,
 * the rest take the table's defaults. Strict like the edits.
 */
export const materialCreateSchema = materialFields
  .partial()
  .extend(
    materialFields.pick({ name: true, sku: true, code: true, basePrice: true, gravity: true, canPlate: true })
      .shape,
  )
  .extend({ kind: z.enum(['metal', 'resin'], { error: 'The kind must be metal or resin.' }) })
  .strict();

export const finishCreateSchema = finishFields
  .partial()
  .extend(finishFields.pick({ name: true, basePrice: true }).shape)
  .strict();

/** A font is an npm package of fontsource the web app bundles (its CSS family is the font's name). */
export const laserFontCreateSchema = z
  .object({
    name,
    packageName: z
      .string({ error: 'The package is required.' })
      .trim()
      .regex(
        /^@fontsource\/[a-z0-9-]{1,60}$/,
        'The package must be a fontsource package, like @fontsource/lora.',
      ),
    cssFamily: z.string().trim().min(1, 'The CSS family is required.').max(80).optional(),
    sort: sort.optional(),
  })
  .strict();

export const categoryCreateSchema = z.object({ name, sort: sort.optional() }).strict();

export const itemTypeCreateSchema = itemTypeFields.partial().extend({ name }).strict();

export const quantityBreakCreateSchema = z
  .object({
    minQuantity: z
      .number({ error: 'The least quantity must be a whole number.' })
      .int('The least quantity must be a whole number.')
      .min(2, 'The least quantity is from 2 to 1,000,000 (every quantity from 1 has a price).')
      .max(1_000_000, 'The least quantity is from 2 to 1,000,000 (every quantity from 1 has a price).'),
    factor,
  })
  .strict();
