import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUPPORT_PATHS, supportRequestListQuerySchema, supportRequestListSchema } from '../../../../common/api/support';
import { idParamsSchema, messageResponseSchema } from '../../../../common/api/shared';
import { closeSupportRequest, listSupportRequests } from '../../../services/support/supportRequests';
import { defineRoutes } from '../../defineRoute';

/** The admins' list of "Contact support" requests, and closing one once answered. */
const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'admin' });

  app.get(
    SUPPORT_PATHS.adminRequests,
    route({
      access: 'admin',
      summary: 'Support requests, newest first',
      querystring: supportRequestListQuerySchema,
      response: { 200: supportRequestListSchema },
      errors: [404, 409],
    }),
    async (request) => ({ requests: await listSupportRequests(app.db, request.query.status) }),
  );

  app.post(
    SUPPORT_PATHS.adminClose.pattern,
    route({
      access: 'admin',
      summary: 'Mark a support request answered',
      params: idParamsSchema,
      response: { 200: messageResponseSchema },
      errors: [409],
    }),
    async (request) => {
      await closeSupportRequest(app.db, request.params.id, request.user.userId, app.now());
      return { message: 'Closed' };
    },
  );
};

export default adminSupportRoutes;
