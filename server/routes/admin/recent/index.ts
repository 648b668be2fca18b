import { ADMIN_RECENT_PATH, recentQuerySchema, recentResponseSchema } from '@common/api/adminRecent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRecent } from '../../../services/marketAdmin/recent';
import { adminErrors as errors, adminRoute } from '../adminRoute';

/** Recently created or changed bonds, issuers and deals, with who and how (docs/admin.md). */
const adminRecentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ADMIN_RECENT_PATH,
    adminRoute('Bonds, issuers and deals recently created or changed, newest first, with the latest audit entry of each', {
      querystring: recentQuerySchema,
      response: { 200: recentResponseSchema, ...errors },
    }),
    async (request) => listRecent(app.db, request.query),
  );
};

export default adminRecentRoutes;
