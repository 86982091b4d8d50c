import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StageCode } from '@facet/domain/workflow';
import { users } from '../accounts/accounts.tables';
import type { OrderConfiguration, OrderShippingAddress, OrderShippingMethod } from './orders.shared';

/**
 * An order per checkout: what the customer bought (items with the prices as paid), where it goes, how it
 * ships, and its payment. Prices are copied at checkout and never re-read from the catalog.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['awaiting_payment', 'paid', 'cancelled'] })
      .notNull()
      .default('awaiting_payment'),
    shippingAddress: jsonb('shipping_address').$type<OrderShippingAddress>().notNull(),
    shippingMethod: jsonb('shipping_method').$type<OrderShippingMethod>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The payment asked for it (payments module); the latest attempt. */
    paymentId: uuid('payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Weekdays from payment: the longest lead time of its items plus the shipping method's days. */
    promisedAt: timestamp('promised_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    /** Every order newest first, paged by (created_at, id): the staff's lists. */
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_payment_idx').on(t.paymentId),
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
  ],
);

/**
 * The production stages' codes, one row each (`@facet/domain/workflow` PRODUCTION_STAGES holds their order,
 * names and rules): what the stage columns reference. A new stage is a row inserted by a migration; no
 * stored row is renumbered (decision 062).
 */
export const productionStages = pgTable('production_stages', {
  code: text('code').$type<StageCode>().primaryKey(),
});

/** One configured piece of an order, with its price as paid and its production stage (null until paid). */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    source: text('source', { enum: ['model', 'library'] }).notNull(),
    modelId: uuid('model_id'),
    libraryProductId: uuid('library_product_id'),
    title: text('title').notNull(),
    fileName: text('file_name'),
    thumbnailFileId: uuid('thumbnail_file_id'),
    configuration: jsonb('configuration').$type<OrderConfiguration>().notNull(),
    breakdown: jsonb('breakdown').$type<Record<string, unknown>>().notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    /**
     * The customer's own selling price of one piece in their shop (the spec's shopify_price), when known;
     * revenue counts it, or the price plus 25 percent without it (`@facet/domain/metrics`).
     */
    shopPriceCents: integer('shop_price_cents'),
    leadTimeDays: integer('lead_time_days').notNull(),
    stage: text('stage')
      .$type<StageCode>()
      .references(() => productionStages.code),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Every stage an item reached: which, who moved it (null: the system, e.g. the payment), when. */
export const orderStageEvents = pgTable(
  'order_stage_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    stage: text('stage')
      .$type<StageCode>()
      .notNull()
      .references(() => productionStages.code),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** When the customer was told (mail, live update); null: not yet (the announcer picks it up). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [
    index('order_stage_events_item_idx').on(t.orderItemId, t.at),
    // the orders list reads the events of a page of orders
    index('order_stage_events_order_idx').on(t.orderId, t.at),
    index('order_stage_events_unannounced_idx')
      .on(t.at)
      .where(sql`${t.announcedAt} IS NULL`),
  ],
);

/** A parcel sent for an order (spec addShipment): carrier and tracking number, by whom and when. */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId, t.at)],
);
