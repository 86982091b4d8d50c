import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { asc, inArray, isNull } from 'drizzle-orm';
import type { OrderUpdatedPayload } from '@facet/domain/format';
import { orderStageOf, stageIndex, stageLabel, stageWire } from '@facet/domain/workflow';
import type { Db, Tx } from '../../db/client';
import type { Jobs } from '../../platform/jobs';
import { afterApiChange } from '../../platform/after-change';
import { peopleByIds } from '../accounts/accounts.reads';
import { mailJob, sendMails, type MailJob } from '../../platform/mail/mail-job';
import { orderItems, orders, orderShipments, orderStageEvents } from './orders.tables';

/** Where live order updates go (the realtime layer sets it: the customer's `user:<id>` room). */
export interface OrderEmitter {
  orderUpdated(customerId: string, payload: OrderUpdatedPayload): void;
}

interface Announcement {
  customerId: string;
  payload: OrderUpdatedPayload;
}

const BATCH = 200;

/**
 * Stage moves and shipments are told to the customer after they commit: a sweep takes the rows not yet
 * announced (skipping rows another node is taking), marks them, and after its own commit queues one mail
 * per move and pushes a live update to the customer's pages. Runs after each change the orders API makes,
 * after the payment webhook, and on a timer, so a move made in a transaction we do not own (the
 * payment's confirmation) is told too.
 */
export function orderAnnouncer(deps: { db: Db; jobs: Jobs }) {
  let emitter: OrderEmitter | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function take(tx: Tx) {
    const moves = await tx
      .select()
      .from(orderStageEvents)
      .where(isNull(orderStageEvents.announcedAt))
      .orderBy(asc(orderStageEvents.at))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const shipments = await tx
      .select()
      .from(orderShipments)
      .where(isNull(orderShipments.announcedAt))
      .orderBy(asc(orderShipments.at))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const now = new Date();
    if (moves.length > 0) {
      await tx
        .update(orderStageEvents)
        .set({ announcedAt: now })
        .where(
          inArray(
            orderStageEvents.id,
            moves.map((m) => m.id),
          ),
        );
    }
    if (shipments.length > 0) {
      await tx
        .update(orderShipments)
        .set({ announcedAt: now })
        .where(
          inArray(
            orderShipments.id,
            shipments.map((s) => s.id),
          ),
        );
    }
    return { moves, shipments };
  }

  /** One mail per order and stage reached (items moved together make one mail), one per shipment. */
  async function compose(tx: Tx, taken: Awaited<ReturnType<typeof take>>) {
    const orderIds = [...new Set([...taken.moves, ...taken.shipments].map((r) => r.orderId))];
    if (orderIds.length === 0) return { mails: [], updates: [] };
    const rows = await tx.select().from(orders).where(inArray(orders.id, orderIds));
    const items = await tx.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
    const people = await peopleByIds(
      tx,
      rows.map((o) => o.customerId),
    );
    const mails: MailJob[] = [];
    const updates: Announcement[] = [];
    for (const order of rows) {
      const customer = people.find((p) => p.id === order.customerId);
      const its = items.filter((i) => i.orderId === order.id);
      const moves = taken.moves.filter((m) => m.orderId === order.id);
      const stages = [...new Set(moves.map((m) => m.stage))].sort((a, b) => stageIndex(a) - stageIndex(b));
      for (const stage of stages) {
        const titles = its.filter((i) => moves.some((m) => m.orderItemId === i.id && m.stage === stage));
        if (customer)
          mails.push(
            mailJob('orderStage', customer.email, {
              firstName: customer.firstName,
              orderId: order.id,
              stage,
              stageName: stageLabel(stage),
              items: titles.map((i) => i.title),
              promisedAt: order.promisedAt?.toISOString() ?? null,
              totalCents: order.totalCents,
            }),
          );
      }
      for (const shipment of taken.shipments.filter((s) => s.orderId === order.id)) {
        if (customer)
          mails.push(
            mailJob('orderShipped', customer.email, {
              firstName: customer.firstName,
              orderId: order.id,
              carrier: shipment.carrier,
              trackingNumber: shipment.trackingNumber,
            }),
          );
      }
      const stage = orderStageOf(its.map((i) => i.stage));
      updates.push({
        customerId: order.customerId,
        payload: {
          orderId: order.id,
          status: order.status,
          stage: stage === null ? null : stageWire(stage),
          stageName: stage === null ? null : stageLabel(stage),
          shipped: taken.shipments.some((s) => s.orderId === order.id),
        },
      });
    }
    return { mails, updates };
  }

  async function sweepOnce() {
    const { mails, updates } = await deps.db.transaction(async (tx) => compose(tx, await take(tx)));
    await sendMails(deps.jobs, mails);
    for (const u of updates) emitter?.orderUpdated(u.customerId, u.payload);
    return mails.length + updates.length;
  }

  /** Announces everything not yet told; concurrent calls share the run under way (and one more after it). */
  function announce(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await sweepOnce()) > 0) {
            // keep going while whole batches come back
          }
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    announce,
    setEmitter(next: OrderEmitter | null) {
      emitter = next;
    },
  };
}

const ANNOUNCE_INTERVAL_MS = 5000;

/**
 * Announces after each successful API change (the payment webhook included) and on a timer; errors are
 * logged and tried again next time (the rows stay unannounced).
 */
export function startOrderAnnouncements(
  app: { addHook: FastifyInstance['addHook']; log: FastifyBaseLogger },
  orders: { announce(): Promise<void> },
) {
  let closed = false;
  const run = () => {
    if (closed) return;
    void orders.announce().catch((err: unknown) => app.log.error({ err }, 'orders: announcing moves failed'));
  };
  afterApiChange(app, run);
  const timer = setInterval(run, ANNOUNCE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      closed = true;
      clearInterval(timer);
      await orders.announce().catch(() => undefined);
    },
  };
}
