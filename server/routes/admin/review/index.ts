import {
  ADMIN_REVIEW_PATHS,
  reviewDecisionResponseSchema,
  reviewDecisionSchema,
  reviewQuerySchema,
  reviewResponseSchema,
} from '@common/api/adminReview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideReviewItem } from '../../../services/reference/reviewDecisions';
import { reviewQueues } from '../../../services/reference/reviewQueues';
import { defineRoutes } from '../../defineRoute';

/** The review queues (flagged prices, far trades, stale bonds) and the decisions on their items. */
const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_REVIEW_PATHS.queues,
    route({
      access: 'admin',
      summary: "The review queues' counts and one queue's items",
      querystring: reviewQuerySchema,
      response: { 200: reviewResponseSchema },
      errors: [404, 409],
    }),
    async (request) => reviewQueues(app.db, request.query, app.now()),
  );

  app.post(
    ADMIN_REVIEW_PATHS.decisions,
    route({
      access: 'admin',
      summary: 'Accept, correct or dismiss a review item; recorded and audited',
      body: reviewDecisionSchema,
      response: { 201: reviewDecisionResponseSchema },
      errors: [404, 409],
    }),
    async (request, reply) =>
      reply.code(201).send(await decideReviewItem(app.db, { userId: request.user.userId, ip: request.ip ?? null }, request.body, now())),
  );
};

export default adminReviewRoutes;
