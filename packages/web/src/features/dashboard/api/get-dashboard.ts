import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';

export type DashboardSummary = Schemas['DashboardSummary'];
export type DashboardSeries = Schemas['DashboardSeries'];
export type SeriesMetric = DashboardSeries['metric'];
/** The series of one metric: money (spend, earnings, revenue), offers, or rating. */
export type SeriesOf<M extends SeriesMetric> = M extends 'offers' | 'rating'
  ? Extract<DashboardSeries, { metric: M }>
  : Extract<DashboardSeries, { metric: 'spend' | 'earnings' | 'revenue' }>;

/** Months every chart of the dashboard spans (this month and the five before it, UTC). */
export const DASHBOARD_MONTHS = 6;

export const dashboardKeys = {
  summary: ['dashboard', 'summary'] as const,
  orderStats: ['dashboard', 'order-stats'] as const,
  series: (metric: SeriesMetric, months: number) => ['dashboard', 'series', metric, months] as const,
};

/** The signed-in person's dashboard figures (their role's own shape). */
export const useDashboardSummary = () =>
  useQuery({
    queryKey: dashboardKeys.summary,
    queryFn: ({ signal }) => unwrap(api.GET('/api/me/dashboard', { signal })),
    select: (data) => data.dashboard,
  });

/** One monthly series, oldest month first, ending with this month. */
export const useDashboardSeries = <M extends SeriesMetric>(metric: M, months = DASHBOARD_MONTHS) =>
  useQuery({
    queryKey: dashboardKeys.series(metric, months),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/me/dashboard/series', { params: { query: { metric, months } }, signal })),
    select: (data) => data.series as SeriesOf<M>,
  });

/** A customer's pieces ordered and item-type variety (spec products-total, item-type-variety). */
export const useOrderStats = (enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.orderStats,
    enabled,
    queryFn: ({ signal }) => unwrap(api.GET('/api/me/order-stats', { signal })),
  });
