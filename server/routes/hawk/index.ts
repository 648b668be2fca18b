import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../common/api/shared';
import {
  HAWK_PATHS,
  hawkBacktestBodySchema,
  hawkBacktestResultSchema,
  hawkDisableParamsSchema,
  hawkDisableResultSchema,
  hawkFiringListSchema,
  hawkFiringsQuerySchema,
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
import { backtestAlertRule } from '../../services/hawk/alertBacktest';
import { disableByCode, listFirings, undoDisableByCode } from '../../services/hawk/history';

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
    async (request, reply) => reply.code(201).send(await createSubscription(app.db, app.config, request.user.userId, request.body, now())),
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
    async (request) => updateSubscription(app.db, app.config, request.user.userId, request.params.id, request.body, now()),
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

  app.get(
    HAWK_PATHS.firings,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "The caller's alert firings, newest first, with the values that triggered them",
        querystring: hawkFiringsQuerySchema,
        response: { 200: hawkFiringListSchema, ...errors },
      },
    },
    async (request) => ({ firings: await listFirings(app.db, request.user.userId, request.query) }),
  );

  app.post(
    HAWK_PATHS.backtest,
    {
      config: { ...access, subscription: true, expensive: true },
      schema: {
        tags,
        security,
        summary: 'How often a rule would have fired over the last 30 days, on stored history',
        body: hawkBacktestBodySchema,
        response: { 200: hawkBacktestResultSchema, 402: errorResponseSchema, ...errors },
      },
    },
    async (request) => backtestAlertRule(app.db, app.config, request.user.userId, request.body, now()),
  );

  // The e-mail's one-click disable: public (the link works without signing in), the code is the key.
  app.post(
    '/v2/hawk/disable/:disableCode',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Disable the alert an e-mail's link names (single use)",
        params: hawkDisableParamsSchema,
        response: { 200: hawkDisableResultSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => disableByCode(app.db, request.params.disableCode, now()),
  );

  app.post(
    '/v2/hawk/disable/:disableCode/undo',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Turn back on the alert a disable link turned off (once)',
        params: hawkDisableParamsSchema,
        response: { 200: hawkDisableResultSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => undoDisableByCode(app.db, request.params.disableCode, now()),
  );
};

export default hawkRoutes;
