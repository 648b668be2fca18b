import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../common/api/shared';
import {
  HAWK_PATHS,
  hawkIdParamsSchema,
  hawkSubscriptionCreateBodySchema,
  hawkSubscriptionListSchema,
  hawkSubscriptionSchema,
  hawkSubscriptionUpdateBodySchema,
} from '../../../common/api/hawk';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  updateSubscription,
} from '../../services/hawk/subscriptions';

const tags = ['hawk'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const access = { access: 'user', feature: 'market_hawk_basic' } as const;

/** Market hawk (spec §1): the caller's alert subscriptions, owner-only, behind market_hawk_basic. */
const hawkRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date(app.now());

  app.get(
    HAWK_PATHS.subscriptions,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "The caller's alert subscriptions, newest first",
        response: { 200: hawkSubscriptionListSchema, ...errors },
      },
    },
    async (request) => ({ subscriptions: await listSubscriptions(app.db, request.user.userId) }),
  );

  app.post(
    HAWK_PATHS.subscriptions,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Create an alert subscription',
        body: hawkSubscriptionCreateBodySchema,
        response: { 201: hawkSubscriptionSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSubscription(app.db, request.user.userId, request.body, now())),
  );

  app.get(
    '/v2/hawk/subscriptions/:id',
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'One alert subscription (owner only)',
        params: hawkIdParamsSchema,
        response: { 200: hawkSubscriptionSchema, ...errors },
      },
    },
    async (request) => getSubscription(app.db, request.user.userId, request.params.id),
  );

  app.patch(
    '/v2/hawk/subscriptions/:id',
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Edit, pause or resume an alert subscription (owner only)',
        params: hawkIdParamsSchema,
        body: hawkSubscriptionUpdateBodySchema,
        response: { 200: hawkSubscriptionSchema, ...errors },
      },
    },
    async (request) => updateSubscription(app.db, request.user.userId, request.params.id, request.body, now()),
  );

  app.delete(
    '/v2/hawk/subscriptions/:id',
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Delete an alert subscription (owner only)',
        params: hawkIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSubscription(app.db, request.user.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default hawkRoutes;
