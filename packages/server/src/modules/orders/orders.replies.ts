import { z } from 'zod';
import { PRODUCTION_STAGES, STAGE_WIRES } from '@facet/domain/workflow';

/** The orders module's reply shapes (named for the web's generated types). */

const iso = z.string().meta({ description: 'UTC time, ISO 8601' });
const cents = z.number().int().meta({ description: 'US cents' });
/** The API's number of a production stage (decision 062): an identifier, in line order as listed. */
export const stageNumber = (error?: string) =>
  z.literal(STAGE_WIRES, error).meta({
    description: `Production stage: ${PRODUCTION_STAGES.map((s) => `${s.wire} ${s.label}`).join(', ')}`,
  });
const stageCode = stageNumber();

export const orderStatus = z.enum(['awaiting_payment', 'active', 'delivered', 'cancelled']);

export const stageReached = z
  .object({ code: stageCode, name: z.string(), at: iso })
  .meta({ id: 'OrderStageReached' });

const listFields = {
  id: z.string(),
  number: z.string().meta({ description: 'Short order number for people' }),
  customerId: z.string(),
  status: orderStatus,
  stage: stageCode.nullable().meta({ description: 'The least advanced live item; null until paid' }),
  stageName: z.string().nullable(),
  title: z.string().meta({ description: "The first item's title" }),
  itemCount: z.number().int(),
  pieces: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  totalCents: cents,
  createdAt: iso,
  paidAt: iso.nullable(),
  promisedDate: iso.nullable().meta({ description: 'Weekdays from payment: lead time plus shipping' }),
  deliveredAt: iso.nullable(),
  lateness: z
    .string()
    .nullable()
    .meta({ description: "'On Track', 'N day(s) Late', 'N day(s) early' (hours under a day)" }),
};

export const orderSummaryReply = z.object(listFields).meta({ id: 'OrderSummary' });

export const orderItemReply = z
  .object({
    id: z.string(),
    position: z.number().int(),
    source: z.enum(['model', 'library']),
    modelId: z.string().nullable(),
    libraryProductId: z.string().nullable(),
    title: z.string(),
    fileName: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    configuration: z.record(z.string(), z.unknown()),
    breakdown: z.record(z.string(), z.unknown()),
    unitPriceCents: cents,
    quantity: z.number().int(),
    totalCents: cents,
    leadTimeDays: z.number().int(),
    stage: stageCode.nullable(),
    stageName: z.string().nullable(),
    stages: z.array(stageReached),
  })
  .meta({ id: 'OrderItem' });

export const orderReply = z
  .object({
    ...listFields,
    cancellable: z.boolean().meta({ description: 'The viewer may cancel it (every item RECEIVED)' }),
    subtotalCents: cents,
    shippingCents: cents,
    shippingAddress: z.object({
      name: z.string(),
      street: z.string(),
      city: z.string(),
      state: z.string(),
      zipcode: z.string(),
      country: z.string(),
      phone: z.string().optional(),
    }),
    shippingMethod: z.object({
      code: z.string(),
      name: z.string(),
      priceCents: cents,
      businessDays: z.number().int(),
    }),
    cancelledAt: iso.nullable(),
    stages: z
      .array(stageReached)
      .meta({ description: 'When the order (its last live item) reached each stage' }),
    items: z.array(orderItemReply),
    shipments: z.array(z.object({ carrier: z.string(), trackingNumber: z.string(), at: iso })),
    payment: z
      .object({
        id: z.string(),
        status: z.enum(['pending', 'succeeded', 'failed', 'refunded']),
        amountCents: cents,
        succeededAt: iso.nullable(),
        refundedAt: iso.nullable(),
        receiptUrl: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Order' });

export const orderStatsReply = z
  .object({
    ordersCount: z.number().int(),
    productsTotal: z.number().int().meta({ description: 'Pieces ordered (spec products-total)' }),
    itemTypeVariety: z
      .number()
      .int()
      .meta({ description: 'Distinct item types ordered (spec item-type-variety)' }),
    itemTypes: z.array(z.object({ itemType: z.string(), pieces: z.number().int() })),
  })
  .meta({ id: 'OrderStats' });
