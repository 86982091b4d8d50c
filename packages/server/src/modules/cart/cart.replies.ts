import { z } from 'zod';
import { MAX_QUANTITY } from '@facet/domain/pricing';
import { pricingChoicesSchema } from '../pricing/pricing.service';
import { quoteReply } from '../pricing/pricing.contract';
import { routeId } from '../../platform/route-ids';

/** Requests and replies of the cart and checkout (named for the web's generated types). */

const iso = z.string().meta({ description: 'UTC time, ISO 8601' });
const cents = z.number().int().meta({ description: 'US cents' });

/** The pricing choices of POST /api/pricing, without the quantity (the line's own); unknown keys are dropped. */
export const cartChoicesSchema = z
  .object(pricingChoicesSchema.shape)
  .omit({ quantity: true })
  .partial({ materialId: true })
  .extend({
    laserImageFileId: z
      .uuid('Unknown engraving image.')
      .nullish()
      .meta({ description: 'An engraving image uploaded with POST /api/cart/engraving-images' }),
  })
  .meta({ id: 'CartChoices' });

export const engravingImageReply = z
  .object({ image: z.object({ id: z.string(), name: z.string(), url: z.string() }) })
  .meta({ id: 'EngravingImage' });

const quantity = z
  .number({ error: 'The quantity must be a whole number.' })
  .int('The quantity must be a whole number.')
  .min(1, 'The quantity must be at least 1.')
  .max(MAX_QUANTITY, `The quantity is at most ${MAX_QUANTITY.toLocaleString('en-US')}.`);

/** A model of mine or a library design, my choices and a quantity; a price sent along is not read. */
export const addItemBody = z
  .object({
    modelId: z.uuid('Unknown model.').optional(),
    libraryProductId: z.uuid('Unknown design.').optional(),
    choices: cartChoicesSchema.default({}),
    quantity: quantity.default(1),
  })
  .refine((b) => (b.modelId === undefined) !== (b.libraryProductId === undefined), {
    message: 'Send a modelId or a libraryProductId.',
    path: ['modelId'],
  });

export const patchItemBody = z.object({
  quantity: quantity.optional(),
  choices: cartChoicesSchema.optional(),
  acknowledgePriceChange: z
    .boolean()
    .optional()
    .meta({ description: 'The customer saw the changed price: the line stops showing the old one' }),
});

export const itemParams = z.object({ id: routeId('That cart line') });

const named = z.object({ id: z.number(), name: z.string() });

export const lineConfigurationReply = z
  .object({
    title: z.string(),
    fileName: z.string(),
    material: named.extend({ kind: z.string() }),
    polish: named,
    plating: named.extend({ applied: z.boolean() }),
    assemblyOption: named.extend({ parts: z.number(), subItems: z.array(named) }),
    laserEngraving: named.extend({
      text: z.string().nullable(),
      font: named.nullable(),
      image: z.string().nullable(),
    }),
    itemType: named.nullable(),
    surfaceAreaMm2: z.number(),
    volumeMm3: z.number(),
    weightGrams: z.number(),
  })
  .meta({ id: 'CartLineConfiguration' });

export const cartLineReply = z
  .object({
    id: z.string(),
    source: z.enum(['model', 'library']),
    modelId: z.string(),
    libraryProductId: z.string().nullable(),
    title: z.string(),
    fileName: z.string(),
    thumbnailUrl: z.string().nullable(),
    quantity: z.number().int(),
    choices: cartChoicesSchema,
    configuration: lineConfigurationReply,
    quoteId: z.string(),
    breakdown: quoteReply,
    unitPriceCents: cents,
    totalCents: cents,
    previousUnitPriceCents: cents.nullable(),
    previousTotalCents: cents.nullable(),
    priceChanged: z.boolean().meta({ description: 'A re-quote changed the price; not yet acknowledged' }),
    lockedUntil: iso.meta({ description: 'The quoted price holds until then' }),
    leadTimeDays: z.number().int().meta({ description: 'Production lead time in weekdays' }),
    createdAt: iso,
    problem: z.string().nullable().optional().meta({ description: 'Why the line cannot be priced now' }),
  })
  .meta({ id: 'CartLine' });

export const shippingMethodReply = z
  .object({
    code: z.enum(['standard', 'express']),
    name: z.string(),
    priceCents: cents,
    businessDays: z.number().int(),
    leadTimeDays: z.number().int(),
    promisedDate: iso.meta({ description: 'Paid today: production lead time, then shipping, weekdays only' }),
  })
  .meta({ id: 'ShippingMethod' });

export const cartReply = z
  .object({
    items: z.array(cartLineReply),
    count: z.number().int(),
    subtotalCents: cents,
    shippingEstimateCents: cents,
    totalCents: cents,
    priceLockDays: z.number().int(),
    shippingMethods: z.array(shippingMethodReply),
  })
  .meta({ id: 'Cart' });

export const cartCheckoutReply = z
  .object({
    orderId: z.string(),
    paymentId: z.string(),
    checkoutUrl: z.string().meta({ description: "The gateway's hosted pay page" }),
  })
  .meta({ id: 'CartCheckout' });
