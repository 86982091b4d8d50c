import { addWeekdays } from '@facet/domain/format';
import { PRODUCTION_LINE, stageIndex, type StageCode } from '@facet/domain/workflow';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderItems, orders, orderStageEvents } from '../modules/orders/orders.tables';
import type { OrderShippingAddress } from '../modules/orders/orders.shared';

/**
 * Past orders of the demo customers, so the production team's dashboard and the customer's own have months
 * to show: delivered ones in earlier months, some in the workshop now, one running late. A few pieces carry
 * the customer's shop price; the others count at price plus 25 percent in revenue. Written in one
 * transaction with real past times; stage rows are marked told (no mail for history). Idempotent: skipped
 * once these customers have orders.
 */

/** The demo line's item type as the cart keeps it (`{ id, name }` of the seeded catalog), from its title. */
const DEMO_ITEM_TYPES: [RegExp, number, string][] = [
  [/ring|band/i, 2, 'Ring'],
  [/earring|climber/i, 3, 'Earring'],
  [/pendant/i, 4, 'Pendant'],
  [/bracelet/i, 5, 'Bracelet'],
  [/charm/i, 7, 'Charm'],
  [/cufflink/i, 8, 'Cufflinks'],
];
function demoItemType(title: string) {
  // earrings first: "Hoop earrings" also matches /ring/
  const found =
    DEMO_ITEM_TYPES.find(([pattern, , name]) => name === 'Earring' && pattern.test(title)) ??
    DEMO_ITEM_TYPES.find(([pattern]) => pattern.test(title));
  return found ? { id: found[1], name: found[2] } : null;
}

export interface DemoOrderCustomer {
  id: string;
  name: string;
  address: Omit<OrderShippingAddress, 'name'>;
}

/** What the seed books as each order's payment. */
export interface DemoOrderPaid {
  orderId: string;
  paymentId: string;
  customerId: string;
  totalCents: number;
  paidAt: Date;
  description: string;
}

const DAY = 24 * 3_600_000;
const SHIPPING = { code: 'standard', name: 'Standard shipping', priceCents: 1_500, businessDays: 5 };

/** Days ago paid, the stage reached, pieces: [title, unit price, quantity, shop price or null]. */
const PLAN: [number, StageCode, [string, number, number, number | null][]][] = [
  [160, 'delivery', [['Leaf pendant, sterling silver', 4_250, 20, 8_900]]],
  [140, 'delivery', [['Stacking ring, 14k yellow gold', 18_900, 6, null]]],
  [
    118,
    'delivery',
    [
      ['Hoop earrings, sterling silver', 3_600, 30, 7_500],
      ['Signet ring, sterling silver', 7_800, 4, null],
    ],
  ],
  [95, 'delivery', [['Cuff bracelet, bronze', 6_400, 10, null]]],
  [70, 'delivery', [['Bee cufflinks, sterling silver', 9_200, 8, 19_500]]],
  [48, 'delivery', [['Initial charm, 14k gold', 5_500, 25, null]]],
  [34, 'delivery', [['Wave ear climbers, sterling silver', 4_800, 12, 11_000]]],
  [20, 'casting', [['Halo ring, 18k white gold', 42_000, 2, null]]], // promised long ago: late
  [9, 'printing', [['Constellation pendant, 14k gold', 12_600, 5, 26_000]]],
  [4, 'processing', [['Rope band, 18k yellow gold', 21_500, 3, null]]],
  [1, 'received', [['Leaf pendant, sterling silver', 4_250, 40, 8_900]]],
];

export async function seedDemoOrders(db: Db, customers: DemoOrderCustomer[], now = new Date()) {
  if (customers.length === 0) return [];
  const [first] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      inArray(
        orders.customerId,
        customers.map((c) => c.id),
      ),
    )
    .limit(1);
  if (first) return [];
  const paid: DemoOrderPaid[] = [];
  await db.transaction(async (tx) => {
    for (const [n, [daysAgo, stage, lines]] of PLAN.entries()) {
      const customer = customers[n % customers.length]!;
      const paidAt = new Date(now.getTime() - daysAgo * DAY - (n % 5) * 3_600_000);
      const subtotal = lines.reduce((s, [, unit, quantity]) => s + unit * quantity, 0);
      const leadTimeDays = stage === 'casting' ? 6 : 10;
      const orderId = crypto.randomUUID();
      const paymentId = crypto.randomUUID();
      await tx.insert(orders).values({
        id: orderId,
        customerId: customer.id,
        status: 'paid',
        shippingAddress: { ...customer.address, name: customer.name },
        shippingMethod: SHIPPING,
        subtotalCents: subtotal,
        shippingCents: SHIPPING.priceCents,
        totalCents: subtotal + SHIPPING.priceCents,
        paymentId,
        paidAt,
        promisedAt: addWeekdays(paidAt, leadTimeDays + SHIPPING.businessDays),
        createdAt: new Date(paidAt.getTime() - 600_000),
      });
      const items = await tx
        .insert(orderItems)
        .values(
          lines.map(([title, unit, quantity, shop], position) => ({
            orderId,
            position,
            source: 'library' as const,
            title,
            configuration: { note: 'Demo order', itemType: demoItemType(title) },
            breakdown: {},
            unitPriceCents: unit,
            shopPriceCents: shop,
            quantity,
            totalCents: unit * quantity,
            leadTimeDays,
            stage,
          })),
        )
        .returning({ id: orderItems.id });
      // each stage of the line up to this one reached a day or two after the one before, already told
      const events = items.flatMap((item) =>
        PRODUCTION_LINE.slice(0, stageIndex(stage) + 1).map((s, n) => {
          const at = new Date(paidAt.getTime() + n * 1.5 * DAY);
          return { orderId, orderItemId: item.id, stage: s.code, at, announcedAt: at };
        }),
      );
      await tx.insert(orderStageEvents).values(events);
      paid.push({
        orderId,
        paymentId,
        customerId: customer.id,
        totalCents: subtotal + SHIPPING.priceCents,
        paidAt,
        description: `Order of ${lines.map(([title]) => title).join(', ')}`,
      });
    }
  });
  return paid;
}
