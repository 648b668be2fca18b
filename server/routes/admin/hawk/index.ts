import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HAWK_ADMIN_PATHS, hawkUserStatsSchema } from '@common/api/adminHawk';
import { hawkUserStats } from '../../../services/hawk/adminStats';
import { defineRoutes } from '../../defineRoute';

/** Market hawk statistics for administrators (/bw/admin/hawk/user-stats). */
const adminHawkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    HAWK_ADMIN_PATHS.userStats,
    route({
      access: 'admin',
      summary: 'Market hawk per user and organisation: rules by kind, firings per day, delivery channels, templates',
      response: { 200: hawkUserStatsSchema },
      errors: [400, 404, 409],
    }),
    async () => hawkUserStats(app.db, now()),
  );
};

export default adminHawkRoutes;
