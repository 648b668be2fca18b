import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_USAGE_PATHS, USAGE_MAX_DAYS, usageResponseSchema } from '../../../../common/api/usage';
import { addDays, isoDate } from '../../../../common/calendar';
import { boundedRange, calendarDateSchema, RANGE_REFUSAL } from '../../../../common/api/dates';
import { usageDashboards } from '../../../services/usage/usage';
import { badQuery } from '../../../plugins/errors';
import { defineRoutes } from '../../defineRoute';

const usageQuery = boundedRange(
  z.object({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() }).strict(),
  USAGE_MAX_DAYS,
);

/** Default range: the last 30 days up to today. */
const DEFAULT_DAYS = 30;

/** The usage dashboards of the admin console (/bw/admin/usage), over the first-party analytics events. */
const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_USAGE_PATHS.usage,
    route({
      access: 'admin',
      summary: 'Usage dashboards: active users, organisations and roles, pages, features, funnel, retention',
      querystring: usageQuery,
      response: { 200: usageResponseSchema },
      errors: [404, 409],
    }),
    async (request) => {
      const to = request.query.to ?? isoDate(now());
      const from = request.query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
      if (from > to) throw badQuery('from', RANGE_REFUSAL.reversed(to));
      if (addDays(from, USAGE_MAX_DAYS) < to) throw badQuery('from', RANGE_REFUSAL.tooLong(USAGE_MAX_DAYS));
      return usageDashboards(app.db, from, to);
    },
  );
};

export default usageRoutes;
