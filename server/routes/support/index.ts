import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPPORT_PATHS, supportRequestBodySchema } from '../../../common/api/support';

import { createSupportRequest, TooManySupportRequests } from '../../services/support/supportRequests';
import { defineRoutes } from '../defineRoute';

/** "Contact support" from any page (without a vendor widget): stored and e-mailed to support. */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'support' });

  app.post(
    SUPPORT_PATHS.request,
    route({
      access: 'user',
      summary: 'Send a request to support (e-mailed with your support token and the page)',
      body: supportRequestBodySchema,
      response: { 201: z.object({ id: z.number().int() }) },
      errors: [429],
    }),
    async (request, reply) => {
      try {
        const created = await createSupportRequest(app.db, app.config, request.user.userId, request.body, app.now());
        return reply.code(201).send(created);
      } catch (err) {
        if (err instanceof TooManySupportRequests) return reply.code(429).send({ error: err.message });
        throw err;
      }
    },
  );
};

export default supportRoutes;
