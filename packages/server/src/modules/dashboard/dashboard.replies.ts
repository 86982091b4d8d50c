import { z } from 'zod';

/** The dashboards' reply shapes (named for the web's generated types). */

const cents = z.number().int().meta({ description: 'US cents' });
const month = z.string().meta({ description: "UTC calendar month, 'YYYY-MM'" });

const moneyMonth = z.object({
  month,
  cents,
  count: z.number().int().meta({ description: 'Payments (spend, earnings) or pieces sold (revenue)' }),
});

export const seriesReply = z
  .discriminatedUnion('metric', [
    z.object({ metric: z.enum(['spend', 'earnings', 'revenue']), months: z.array(moneyMonth) }),
    z.object({
      metric: z.literal('offers'),
      months: z.array(z.object({ month, sent: z.number().int(), won: z.number().int() })),
    }),
    z.object({
      metric: z.literal('rating'),
      months: z.array(
        z.object({
          month,
          average: z.number().nullable().meta({ description: "The month's ratings' average stars" }),
          count: z.number().int(),
          overall: z.number().nullable().meta({ description: 'Average of every rating up to the month end' }),
        }),
      ),
    }),
  ])
  .meta({ id: 'DashboardSeries' });

const thisAndLast = z.object({ thisMonthCents: cents, lastMonthCents: cents, month });

export const summaryReply = z
  .discriminatedUnion('role', [
    z.object({
      role: z.literal('customer'),
      projectsByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
      ordersInProduction: z.array(
        z.object({
          id: z.string(),
          number: z.string(),
          title: z.string(),
          stageName: z.string().nullable(),
          promisedDate: z.string().nullable(),
          lateness: z.string().nullable(),
          late: z.boolean(),
        }),
      ),
      spend: thisAndLast,
    }),
    z.object({
      role: z.enum(['designer', 'service']),
      earnings: thisAndLast,
      offersThisMonth: z.object({ sent: z.number().int(), won: z.number().int() }),
      responseRate: z
        .number()
        .nullable()
        .meta({ description: 'Percent of invitations answered, 2 decimals' }),
      responseRateText: z.string(),
      responseTime: z.string(),
      rating: z.number().nullable(),
      ratingCount: z.number().int(),
    }),
    z.object({
      role: z.literal('staff'),
      revenue: thisAndLast,
      ordersPerStage: z.array(
        z.object({ stage: z.number().int(), name: z.string(), count: z.number().int() }),
      ),
      lateOrders: z.number().int(),
      activeOrders: z.number().int(),
      prosWaiting: z.number().int(),
      paymentsNeedingAttention: z.number().int(),
      failedPayouts: z.number().int(),
      failedPayments: z.number().int(),
    }),
  ])
  .meta({ id: 'DashboardSummary' });
