import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
import { defineRoutes } from '../defineRoute';

const access = { access: 'user', feature: 'market_hawk_basic' } as const;

/** Market hawk (spec §1): the caller's alert subscriptions, owner-only, behind market_hawk_basic. */
const hawkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'hawk' });

  app.get(
    HAWK_PATHS.subscriptions,
    route({
      ...access,
      summary: "The caller's alert subscriptions, newest first",
      response: { 200: hawkSubscriptionListSchema },
      errors: [400, 404],
    }),
    async (request) => ({ subscriptions: await listSubscriptions(app.db, request.user.userId) }),
  );

  app.post(
    HAWK_PATHS.subscriptions,
    route({
      ...access,
      summary: 'Create an alert subscription',
      body: hawkSubscriptionCreateBodySchema,
      response: { 201: hawkSubscriptionSchema },
      errors: [404, 409],
    }),
    async (request, reply) => reply.code(201).send(await createSubscription(app.db, app.config, request.user.userId, request.body, now())),
  );

  app.get(
    HAWK_PATHS.subscription.pattern,
    route({
      ...access,
      summary: 'One alert subscription (owner only)',
      params: hawkIdParamsSchema,
      response: { 200: hawkSubscriptionSchema },
    }),
    async (request) => getSubscription(app.db, request.user.userId, request.params.id),
  );

  app.patch(
    HAWK_PATHS.subscription.pattern,
    route({
      ...access,
      summary: 'Edit, pause or resume an alert subscription (owner only)',
      params: hawkIdParamsSchema,
      body: hawkSubscriptionUpdateBodySchema,
      response: { 200: hawkSubscriptionSchema },
    }),
    async (request) => updateSubscription(app.db, app.config, request.user.userId, request.params.id, request.body, now()),
  );

  app.delete(
    HAWK_PATHS.subscription.pattern,
    route({
      ...access,
      summary: 'Delete an alert subscription (owner only)',
      params: hawkIdParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    }),
    async (request, reply) => {
      await deleteSubscription(app.db, request.user.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    HAWK_PATHS.firings,
    route({
      ...access,
      summary: "The caller's alert firings, newest first, with the values that triggered them",
      querystring: hawkFiringsQuerySchema,
      response: { 200: hawkFiringListSchema },
      errors: [404],
    }),
    async (request) => ({ firings: await listFirings(app.db, request.user.userId, request.query) }),
  );

  app.post(
    HAWK_PATHS.backtest,
    route({
      ...access,
      subscription: true,
      expensive: true,
      summary: 'How often a rule would have fired over the last 30 days, on stored history',
      body: hawkBacktestBodySchema,
      response: { 200: hawkBacktestResultSchema },
      errors: [404],
    }),
    async (request) => backtestAlertRule(app.db, app.config, request.user.userId, request.body, now()),
  );

  // The e-mail's one-click disable: public (the link works without signing in), the code is the key.
  app.post(
    HAWK_PATHS.disable.pattern,
    route({
      access: 'public',
      summary: "Disable the alert an e-mail's link names (single use)",
      params: hawkDisableParamsSchema,
      response: { 200: hawkDisableResultSchema },
      errors: [409],
    }),
    async (request) => disableByCode(app.db, request.params.disableCode, now()),
  );

  app.post(
    HAWK_PATHS.undoDisable.pattern,
    route({
      access: 'public',
      summary: 'Turn back on the alert a disable link turned off (once)',
      params: hawkDisableParamsSchema,
      response: { 200: hawkDisableResultSchema },
      errors: [409],
    }),
    async (request) => undoDisableByCode(app.db, request.params.disableCode, now()),
  );
};

export default hawkRoutes;
