import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_SERIES_MONTHS } from '@facet/domain/metrics';
import { requireUser } from '../../platform/auth';
import { replies } from '../../platform/openapi';
import { SERIES_METRICS } from './dashboard.service';
import { seriesReply, summaryReply } from './dashboard.replies';

const tags = ['dashboard'];

const seriesQuery = z.object({
  metric: z.enum(SERIES_METRICS, 'Choose spend, earnings, offers, rating or revenue.'),
  months: z.coerce
    .number(`Months must be a whole number from 1 to ${MAX_SERIES_MONTHS}.`)
    .int(`Months must be a whole number from 1 to ${MAX_SERIES_MONTHS}.`)
    .min(1, `Months must be a whole number from 1 to ${MAX_SERIES_MONTHS}.`)
    .max(MAX_SERIES_MONTHS, `Months must be a whole number from 1 to ${MAX_SERIES_MONTHS}.`)
    .default(6),
});

/** The signed-in person's dashboard: figures and monthly series (own figures; staff: everyone's). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard } = app.ctx;

  app.get(
    '/api/me/dashboard',
    {
      schema: {
        tags,
        summary:
          "The signed-in person's dashboard figures: a customer's projects, orders and spend; a pro's earnings, offers, response and rating; staff's revenue, stages, late orders, pros waiting, money to look at",
        response: replies({ 200: z.object({ dashboard: summaryReply }) }),
      },
    },
    async (request) => ({ dashboard: await dashboard.summary(requireUser(request)) }),
  );

  app.get(
    '/api/me/dashboard/series',
    {
      schema: {
        tags,
        summary:
          'A monthly series (UTC months, oldest first, ending with this month): spend (customers), earnings, offers, rating (pros), revenue (staff); staff get everyone’s',
        querystring: seriesQuery,
        response: replies({ 200: z.object({ series: seriesReply }) }),
      },
    },
    async (request) => ({
      series: await dashboard.series(requireUser(request), request.query.metric, request.query.months),
    }),
  );
};
