import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USAGE_EVENT_MAX_BODY_BYTES, USAGE_EVENT_PATHS, usageBatchResponseSchema, usageBatchSchema } from '../../../common/api/usage';

import { callerFeatures } from '../../plugins/entitlements';
import { BatchTooLarge, ingestBatch } from '../../services/usage/ingest';
import { defineRoutes } from '../defineRoute';

/** Batches one client may send a minute: a busy tab sends one every 5 s, a page hide one more. */
export const USAGE_BATCHES_PER_MINUTE = 60;

/**
 * The product's own analytics proxy path (spec §7: batches go to a path under the API host).
 * Stores what is valid, names what is not; forwarding to a vendor happens later, in a job, so a
 * slow or unreachable vendor never holds a browser's request.
 */
const usageEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'usage' });

  app.post(
    USAGE_EVENT_PATHS.batch,
    route({
      bodyLimit: USAGE_EVENT_MAX_BODY_BYTES,
      access: 'user',
      rateLimit: { max: USAGE_BATCHES_PER_MINUTE, timeWindow: '1 minute' },
      summary: 'Store a batch of product-usage events',
      description:
        'At most 50 events a batch (413 beyond, and for a body over 256 KB); each event is validated on its own, ' +
        'so valid events are stored and malformed ones come back in `rejected` with their index and reason.',
      body: usageBatchSchema,
      response: { 200: usageBatchResponseSchema },
      errors: [413, 429],
    }),
    async (request, reply) => {
      const forward = (await callerFeatures(request)).has('mixpanel');
      try {
        return await ingestBatch(app.db, { userId: request.user.userId, forward }, request.body.events, app.now());
      } catch (err) {
        if (err instanceof BatchTooLarge) return reply.code(413).send({ error: err.message });
        throw err;
      }
    },
  );
};

export default usageEventRoutes;
