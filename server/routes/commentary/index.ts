import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../common/api/shared';
import {
  COMMENTARY_PATHS,
  commentaryCreateBodySchema,
  commentaryIdParamsSchema,
  commentaryListQuerySchema,
  commentaryListSchema,
  commentarySchema,
  commentaryUpdateBodySchema,
} from '../../../common/api/commentary';
import { createCommentary, deleteCommentary, listCommentary, updateCommentary } from '../../services/content/commentary';
import { adminErrors, adminRoute } from '../admin/adminRoute';

/** Platform commentary: read by every signed-in user (market summary), written by admins. */
const commentaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date(app.now());

  app.get(
    COMMENTARY_PATHS.list,
    {
      config: { access: 'user' },
      schema: {
        tags: ['commentary'],
        security: [{ bearer: [] }],
        summary: 'Published platform commentary, newest first',
        querystring: commentaryListQuerySchema,
        response: { 200: commentaryListSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listCommentary(app.db, request.query, now()),
  );

  app.get(
    COMMENTARY_PATHS.admin,
    adminRoute('Every platform commentary, scheduled ones too', {
      querystring: commentaryListQuerySchema,
      response: { 200: commentaryListSchema, ...adminErrors },
    }),
    async (request) => listCommentary(app.db, request.query, now(), true),
  );

  app.post(
    COMMENTARY_PATHS.admin,
    adminRoute('Write platform commentary, published now or at a later time (audited)', {
      body: commentaryCreateBodySchema,
      response: { 201: commentarySchema, ...adminErrors },
    }),
    async (request, reply) => reply.code(201).send(await createCommentary(app.db, request.user.userId, request.body, now())),
  );

  app.patch(
    '/admin/commentary/:id',
    adminRoute('Edit platform commentary (audited before/after; 409 on a stale version)', {
      params: commentaryIdParamsSchema,
      body: commentaryUpdateBodySchema,
      response: { 200: commentarySchema, ...adminErrors },
    }),
    async (request) => updateCommentary(app.db, request.user.userId, request.params.id, request.body, now()),
  );

  app.delete(
    '/admin/commentary/:id',
    adminRoute('Delete platform commentary (audited)', {
      params: commentaryIdParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...adminErrors },
    }),
    async (request, reply) => {
      await deleteCommentary(app.db, request.user.userId, request.params.id, now());
      return reply.code(204).send(null);
    },
  );
};

export default commentaryRoutes;
