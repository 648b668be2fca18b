import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
import { defineRoutes } from '../defineRoute';

/** Platform commentary: read by every signed-in user (market summary), written by admins. */
const commentaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'commentary' });
  const { route: adminRoute } = defineRoutes(app, { tag: 'admin' });

  app.get(
    COMMENTARY_PATHS.list,
    route({
      access: 'user',
      summary: 'Published platform commentary, newest first',
      querystring: commentaryListQuerySchema,
      response: { 200: commentaryListSchema },
    }),
    async (request) => listCommentary(app.db, request.query, now()),
  );

  app.get(
    COMMENTARY_PATHS.admin,
    adminRoute({
      access: 'admin',
      summary: 'Every platform commentary, scheduled ones too',
      querystring: commentaryListQuerySchema,
      response: { 200: commentaryListSchema },
      errors: [404, 409],
    }),
    async (request) => listCommentary(app.db, request.query, now(), true),
  );

  app.post(
    COMMENTARY_PATHS.admin,
    adminRoute({
      access: 'admin',
      summary: 'Write platform commentary, published now or at a later time (audited)',
      body: commentaryCreateBodySchema,
      response: { 201: commentarySchema },
      errors: [404, 409],
    }),
    async (request, reply) => reply.code(201).send(await createCommentary(app.db, request.user.userId, request.body, now())),
  );

  app.patch(
    COMMENTARY_PATHS.adminOne.pattern,
    adminRoute({
      access: 'admin',
      summary: 'Edit platform commentary (audited before/after; 409 on a stale version)',
      params: commentaryIdParamsSchema,
      body: commentaryUpdateBodySchema,
      response: { 200: commentarySchema },
      errors: [409],
    }),
    async (request) => updateCommentary(app.db, request.user.userId, request.params.id, request.body, now()),
  );

  app.delete(
    COMMENTARY_PATHS.adminOne.pattern,
    adminRoute({
      access: 'admin',
      summary: 'Delete platform commentary (audited)',
      params: commentaryIdParamsSchema,
      response: { 204: z.null().describe('Deleted') },
      errors: [409],
    }),
    async (request, reply) => {
      await deleteCommentary(app.db, request.user.userId, request.params.id, now());
      return reply.code(204).send(null);
    },
  );
};

export default commentaryRoutes;
