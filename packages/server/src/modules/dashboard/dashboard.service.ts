import { lineRevenueCents, monthKey, monthStart, monthWindow } from '@facet/domain/metrics';
import { responseTimeText, formatResponseRate } from '@facet/domain/format';
import { PRODUCTION_LINE } from '@facet/domain/workflow';
import type { CurrencyCode } from '@facet/domain/money';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { pendingProCount, type UserRow } from '../accounts/accounts.reads';
import type { DesignersService } from '../designers/designers.service';
import type { OrdersService } from '../orders/orders.service';
import { activeOrderCounts, itemsPerStage, soldLinesSince } from '../orders/orders.reads';
import {
  monthlyProEarnings,
  monthlySpend,
  moneyNeedingAttention,
  type MonthSum,
} from '../payments/payments.reads';
import { offersByMonth, projectCountsByStatus } from '../projects/projects.reads';
import { ratingsByMonth } from '../ratings/ratings.reads';

/**
 * The dashboards' figures: each person's own (a customer's spend, a pro's earnings, offers and ratings),
 * everyone's for the production team. Months are UTC calendar months; money is integer cents.
 */

export const SERIES_METRICS = ['spend', 'earnings', 'offers', 'rating', 'revenue'] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number];

type Role = UserRow['role'];
const isPro = (role: Role) => role === 'designer' || role === 'service';

/** Who may ask for which series: customers their spend, pros their earnings, offers and ratings, staff all. */
const METRIC_ROLES: Record<SeriesMetric, (role: Role) => boolean> = {
  spend: (role) => role === 'customer' || role === 'staff',
  earnings: (role) => isPro(role) || role === 'staff',
  offers: (role) => isPro(role) || role === 'staff',
  rating: (role) => isPro(role) || role === 'staff',
  revenue: (role) => role === 'staff',
};

const sumsByMonth = (keys: string[], rows: MonthSum[]) => {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return keys.map((month) => ({
    month,
    cents: byMonth.get(month)?.cents ?? 0,
    count: byMonth.get(month)?.count ?? 0,
  }));
};

const countsByMonth = (rows: { month: string; count: number }[]) =>
  new Map(rows.map((r) => [r.month, r.count]));

const roundTo = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function dashboardService(deps: {
  db: Db;
  orders: OrdersService;
  designers: DesignersService;
  /** The payments' currency: spend and earnings are sums of it. */
  currency: CurrencyCode;
}) {
  const { db, currency } = deps;

  /** Money per month: the series' months, oldest first, each with its cents and how many payments or pieces. */
  async function moneySeries(
    metric: 'spend' | 'earnings' | 'revenue',
    viewer: UserRow,
    now: Date,
    months: number,
  ) {
    const { keys, from } = monthWindow(now, months);
    // staff see everyone's figures; anyone else only their own
    const own = viewer.role === 'staff' ? null : viewer.id;
    if (metric === 'spend') return sumsByMonth(keys, await monthlySpend(db, own, from, currency));
    if (metric === 'earnings') return sumsByMonth(keys, await monthlyProEarnings(db, own, from, currency));
    const revenue = new Map<string, MonthSum>();
    for (const line of await soldLinesSince(db, from)) {
      const m = revenue.get(line.month) ?? { month: line.month, cents: 0, count: 0 };
      m.cents += lineRevenueCents(line);
      m.count += line.quantity;
      revenue.set(line.month, m);
    }
    return sumsByMonth(keys, [...revenue.values()]);
  }

  async function series(viewer: UserRow, metric: SeriesMetric, months: number, now = new Date()) {
    if (!METRIC_ROLES[metric](viewer.role))
      throw new AppError('metric_not_yours', 'That figure is not part of your dashboard.', 403);
    const own = viewer.role === 'staff' ? null : viewer.id;
    const { keys, from } = monthWindow(now, months);
    if (metric === 'offers') {
      const { sent, won } = await offersByMonth(db, own, from);
      const s = countsByMonth(sent);
      const w = countsByMonth(won);
      return {
        metric,
        months: keys.map((month) => ({ month, sent: s.get(month) ?? 0, won: w.get(month) ?? 0 })),
      };
    }
    if (metric === 'rating') {
      const { months: rows, before } = await ratingsByMonth(db, own, from);
      const byMonth = new Map(rows.map((r) => [r.month, r]));
      let stars = before.stars;
      let count = before.count;
      return {
        metric,
        months: keys.map((month) => {
          const m = byMonth.get(month);
          stars += m?.stars ?? 0;
          count += m?.count ?? 0;
          return {
            month,
            // the month's own average, and the average of every rating up to the month's end
            average: m && m.count > 0 ? roundTo(m.stars / m.count, 2) : null,
            count: m?.count ?? 0,
            overall: count > 0 ? roundTo(stars / count, 2) : null,
          };
        }),
      };
    }
    return { metric, months: await moneySeries(metric, viewer, now, months) };
  }

  /** This month's and last month's cents of a money series. */
  async function thisAndLast(metric: 'spend' | 'earnings' | 'revenue', viewer: UserRow, now: Date) {
    const [last, current] = await moneySeries(metric, viewer, now, 2);
    return { thisMonthCents: current!.cents, lastMonthCents: last!.cents, month: monthKey(now) };
  }

  async function customer(viewer: UserRow, now: Date) {
    const counts = await projectCountsByStatus(db, viewer.id);
    // completed projects count as one status; the design and service workflows share names where they can
    const byName = new Map<string, { status: string; count: number; order: number }>();
    for (const r of counts) {
      const status = r.completed ? 'Completed' : r.name;
      const entry = byName.get(status) ?? { status, count: 0, order: r.completed ? 99 : r.position };
      entry.count += r.count;
      byName.set(status, entry);
    }
    const { orders: active } = await deps.orders.list(viewer, 'active');
    return {
      role: 'customer' as const,
      projectsByStatus: [...byName.values()]
        .sort((a, b) => a.order - b.order || a.status.localeCompare(b.status))
        .map(({ status, count }) => ({ status, count })),
      ordersInProduction: active.map((o) => ({
        id: o.id,
        number: o.number,
        title: o.title,
        stageName: o.stageName,
        promisedDate: o.promisedDate,
        lateness: o.lateness,
        late: isLate(o.lateness),
      })),
      spend: await thisAndLast('spend', viewer, now),
    };
  }

  async function pro(viewer: UserRow, now: Date) {
    const figures = (await deps.designers.stats([viewer.id])).get(viewer.id)!;
    const responseRate =
      figures.invited > 0 ? Math.round((figures.answered / figures.invited) * 10_000) / 100 : null;
    const offers = await offersByMonth(db, viewer.id, monthStart(now, -1));
    const thisMonth = monthKey(now);
    return {
      role: viewer.role as 'designer' | 'service',
      earnings: await thisAndLast('earnings', viewer, now),
      offersThisMonth: {
        sent: offers.sent.find((r) => r.month === thisMonth)?.count ?? 0,
        won: offers.won.find((r) => r.month === thisMonth)?.count ?? 0,
      },
      responseRate,
      responseRateText: formatResponseRate(responseRate),
      responseTime: responseTimeText(figures.medianMs),
      rating: figures.rating === null ? null : roundTo(figures.rating, 2),
      ratingCount: figures.ratingCount,
    };
  }

  async function staff(viewer: UserRow, now: Date) {
    const stages = new Map((await itemsPerStage(db)).map((r) => [r.stage, r.count]));
    const active = await activeOrderCounts(db, now);
    const money = await moneyNeedingAttention(db, new Date(now.getTime() - 30 * 24 * 3_600_000));
    return {
      role: 'staff' as const,
      revenue: await thisAndLast('revenue', viewer, now),
      // every stage of the line in order (cancelled items left out), as the API numbers and names them
      ordersPerStage: PRODUCTION_LINE.map((s) => ({
        stage: s.wire,
        name: s.label,
        count: stages.get(s.code) ?? 0,
      })),
      lateOrders: active.late,
      activeOrders: active.active,
      prosWaiting: await pendingProCount(db),
      paymentsNeedingAttention: money.failedPayouts + money.failedPayments,
      failedPayouts: money.failedPayouts,
      failedPayments: money.failedPayments,
    };
  }

  return {
    series,
    /** The signed-in person's figures: what their role's dashboard shows beside the charts. */
    async summary(viewer: UserRow, now = new Date()) {
      if (viewer.role === 'customer') return customer(viewer, now);
      if (viewer.role === 'staff') return staff(viewer, now);
      return pro(viewer, now);
    },
  };
}

const isLate = (lateness: string | null) => lateness !== null && lateness.endsWith(' Late');

export type DashboardService = ReturnType<typeof dashboardService>;
