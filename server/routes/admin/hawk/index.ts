import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HAWK_ADMIN_PATHS, hawkUserStatsSchema } from '@common/api/adminHawk';
import { hawkUserStats } from '../../../services/hawk/adminStats';
import { adminErrors, adminRoute } from '../adminRoute';

/** Market hawk statistics for administrators (/bw/admin/hawk/user-stats). */
const adminHawkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    HAWK_ADMIN_PATHS.userStats,
    adminRoute('Market hawk per user and organisation: rules by kind, firings per day, delivery channels, templates', {
      response: { 200: hawkUserStatsSchema, ...adminErrors },
    }),
    async () => hawkUserStats(app.db, new Date(app.now())),
  );
};

export default adminHawkRoutes;
