import { z } from 'zod';
import { BAR_HOLE_DIAMETER_MM } from './bar';
import { EU_SIZE_MAX, EU_SIZE_MIN, EU_SIZE_STEP, US_SIZE_MAX, US_SIZE_MIN, US_SIZE_STEP } from './ring-sizes';

export const PARAMETRIC_KINDS = ['ring', 'bar'] as const;
export type ParametricKind = (typeof PARAMETRIC_KINDS)[number];
export const RING_PROFILES = ['flat', 'comfort', 'd-shape'] as const;

export const parametricKindOptions = [
  { value: 'ring', label: 'Ring' },
  { value: 'bar', label: 'Bar necklace bar' },
] as const;

export const ringProfileOptions = [
  { value: 'flat', label: 'Flat' },
  { value: 'comfort', label: 'Comfort fit' },
  { value: 'd-shape', label: 'D shape' },
] as const;

export const RING_WIDTH_MM = { min: 1, max: 20 } as const;
export const RING_THICKNESS_MM = { min: 1, max: 4 } as const;
export const BAR_LENGTH_MM = { min: 15, max: 60 } as const;
export const BAR_HEIGHT_MM = { min: 3, max: 10 } as const;
export const BAR_THICKNESS_MM = { min: 1, max: 4 } as const;
/** The bar's straight middle is at least this long (mm), so the chain holes sit apart. */
export const BAR_MIDDLE_MIN_MM = 4;
export const ENGRAVING_MAX_CHARS = 30;

export const parametricMessages = {
  kind: 'Choose a ring or a bar necklace bar.',
  sizeSystem: 'Choose US or EU ring sizes.',
  usSize: `Choose a US ring size from ${US_SIZE_MIN} to ${US_SIZE_MAX}, in quarter sizes.`,
  euSize: `Choose an EU ring size from ${EU_SIZE_MIN} to ${EU_SIZE_MAX}, in half sizes.`,
  bandWidth: `The band width must be from ${RING_WIDTH_MM.min} to ${RING_WIDTH_MM.max} mm.`,
  ringThickness: `The thickness must be from ${RING_THICKNESS_MM.min} to ${RING_THICKNESS_MM.max} mm.`,
  profile: 'Choose a profile: flat, comfort fit or D shape.',
  engraving: `The engraving is at most ${ENGRAVING_MAX_CHARS} characters.`,
  barLength: `The length must be from ${BAR_LENGTH_MM.min} to ${BAR_LENGTH_MM.max} mm.`,
  barHeight: `The height must be from ${BAR_HEIGHT_MM.min} to ${BAR_HEIGHT_MM.max} mm.`,
  barThickness: `The thickness must be from ${BAR_THICKNESS_MM.min} to ${BAR_THICKNESS_MM.max} mm.`,
  barTooShort: `The bar must be at least ${BAR_MIDDLE_MIN_MM} mm longer than twice its height.`,
} as const;

const mm = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).min(range.min, message).max(range.max, message);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

export const ringParamsSchema = z
  .object({
    sizeSystem: z.enum(['us', 'eu'], { error: parametricMessages.sizeSystem }),
    size: z.number({ error: parametricMessages.usSize }),
    bandWidthMm: mm(RING_WIDTH_MM, parametricMessages.bandWidth),
    thicknessMm: mm(RING_THICKNESS_MM, parametricMessages.ringThickness),
    profile: z.enum(RING_PROFILES, { error: parametricMessages.profile }),
    engravingText: z
      .string({ error: parametricMessages.engraving })
      .trim()
      .max(ENGRAVING_MAX_CHARS, parametricMessages.engraving)
      .optional(),
  })
  .strict()
  .superRefine(
    (value, ctx) => {
      const us = value.sizeSystem === 'us';
      const [min, max, step] = us
        ? [US_SIZE_MIN, US_SIZE_MAX, US_SIZE_STEP]
        : [EU_SIZE_MIN, EU_SIZE_MAX, EU_SIZE_STEP];
      if (!(value.size >= min && value.size <= max && onStep(value.size, step))) {
        ctx.addIssue({
          code: 'custom',
          path: ['size'],
          message: us ? parametricMessages.usSize : parametricMessages.euSize,
        });
      }
    },
    // also when another field is wrong, so every message shows at once
    {
      when: ({ value }) =>
        isRecord(value) &&
        (value.sizeSystem === 'us' || value.sizeSystem === 'eu') &&
        typeof value.size === 'number',
    },
  );

export const barParamsSchema = z
  .object({
    lengthMm: mm(BAR_LENGTH_MM, parametricMessages.barLength),
    heightMm: mm(BAR_HEIGHT_MM, parametricMessages.barHeight),
    thicknessMm: mm(BAR_THICKNESS_MM, parametricMessages.barThickness),
  })
  .strict()
  .superRefine(
    (value, ctx) => {
      if (value.lengthMm < 2 * value.heightMm + BAR_MIDDLE_MIN_MM) {
        ctx.addIssue({ code: 'custom', path: ['lengthMm'], message: parametricMessages.barTooShort });
      }
    },
    {
      when: ({ value }) =>
        isRecord(value) &&
        typeof value.lengthMm === 'number' &&
        value.lengthMm >= BAR_LENGTH_MM.min &&
        value.lengthMm <= BAR_LENGTH_MM.max &&
        typeof value.heightMm === 'number' &&
        value.heightMm >= BAR_HEIGHT_MM.min &&
        value.heightMm <= BAR_HEIGHT_MM.max,
    },
  );

/** The body of `POST /api/parametric-models`: what to make and its parameters. */
export const parametricInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('ring'), params: ringParamsSchema }).strict(),
    z.object({ kind: z.literal('bar'), params: barParamsSchema }).strict(),
  ],
  { error: parametricMessages.kind },
);

export type RingParamsInput = z.output<typeof ringParamsSchema>;
export type BarParamsInput = z.output<typeof barParamsSchema>;
export type ParametricInput = z.output<typeof parametricInputSchema>;

/** Holes' metal: at the smallest height, (3 - 1.2) / 2 = 0.9 mm each side. */
export const BAR_WALL_MIN_MM = (BAR_HEIGHT_MM.min - BAR_HOLE_DIAMETER_MM) / 2;
