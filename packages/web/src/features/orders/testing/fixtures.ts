import type { Order, OrderSummary } from '../api/orders';

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 15)).toISOString();

export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 'o1',
    number: 'AB12CD34',
    customerId: 'u1',
    status: 'active',
    stage: 0,
    stageName: 'RECEIVED',
    title: 'Signet ring',
    itemCount: 1,
    pieces: 2,
    thumbnailUrl: null,
    totalCents: 59_500,
    createdAt: at(20),
    paidAt: at(20),
    promisedDate: at(30),
    deliveredAt: null,
    lateness: 'On Track',
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    ...orderSummary(),
    cancellable: true,
    subtotalCents: 58_000,
    shippingCents: 1_500,
    shippingAddress: {
      name: 'Ada Lovelace',
      street: '5 Canal St',
      city: 'New York',
      state: 'NY',
      zipcode: '10013',
      country: 'US',
    },
    shippingMethod: { code: 'standard', name: 'Standard', priceCents: 1_500, businessDays: 5 },
    cancelledAt: null,
    stages: [{ code: 0, name: 'RECEIVED', at: at(20) }],
    items: [
      {
        id: 'i1',
        position: 0,
        source: 'model',
        modelId: 'm1',
        libraryProductId: null,
        title: 'Signet ring',
        fileName: 'signet.stl',
        thumbnailUrl: null,
        configuration: {
          material: '14K Yellow Gold',
          polish: 'High Polish',
          engraving: { text: 'A & B', font: 'Script' },
          dimensions: { weightG: 2.4 },
        },
        breakdown: {},
        unitPriceCents: 29_000,
        quantity: 2,
        totalCents: 58_000,
        leadTimeDays: 8,
        stage: 0,
        stageName: 'RECEIVED',
        stages: [{ code: 0, name: 'RECEIVED', at: at(20) }],
      },
    ],
    shipments: [],
    payment: {
      id: 'pay1',
      status: 'succeeded',
      amountCents: 59_500,
      succeededAt: at(20),
      refundedAt: null,
      receiptUrl: '/api/payments/pay1/receipt',
    },
    ...overrides,
  };
}
