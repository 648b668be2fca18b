import { ADMIN_RECENT_PATH, recentQuerySchema, recentResponseSchema } from '@common/api/adminRecent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRecent } from '../../../services/marketAdmin/recent';
import { defineRoutes } from '../../defineRoute';

/** Recently created or changed bonds, issuers and deals, with who and how (docs/admin.md). */
const adminRecentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_RECENT_PATH,
    route({
      access: 'admin',
      summary: 'Bonds, issuers and deals recently created or changed, newest first, with the latest audit entry of each',
      querystring: recentQuerySchema,
      response: { 200: recentResponseSchema },
      errors: [404, 409],
    }),
    async (request) => listRecent(app.db, request.query),
  );
};

export default adminRecentRoutes;
