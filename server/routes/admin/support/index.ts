import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUPPORT_PATHS, supportRequestListQuerySchema, supportRequestListSchema } from '../../../../common/api/support';
import { idParamsSchema, messageResponseSchema } from '../../../../common/api/shared';
import { closeSupportRequest, listSupportRequests } from '../../../services/support/supportRequests';
import { adminErrors, adminRoute } from '../adminRoute';

/** The admins' list of "Contact support" requests, and closing one once answered. */
const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SUPPORT_PATHS.adminRequests,
    adminRoute('Support requests, newest first', {
      querystring: supportRequestListQuerySchema,
      response: { 200: supportRequestListSchema, ...adminErrors },
    }),
    async (request) => ({ requests: await listSupportRequests(app.db, request.query.status) }),
  );

  app.post(
    '/admin/support-requests/:id/close',
    adminRoute('Mark a support request answered', { params: idParamsSchema, response: { 200: messageResponseSchema, ...adminErrors } }),
    async (request) => {
      await closeSupportRequest(app.db, request.params.id, request.user.userId, app.now());
      return { message: 'Closed' };
    },
  );
};

export default adminSupportRoutes;
