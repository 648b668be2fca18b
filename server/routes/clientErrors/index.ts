import { API_PATHS } from '@common/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordError } from '../../services/errors/errorStore';
import { defineRoutes } from '../defineRoute';

const clientErrorBody = z.object({
  message: z.string().min(1).max(2000),
  stack: z.string().max(20_000).optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(500).optional(),
  /** The web app's release (its build), when it knows it. */
  release: z.string().max(100).optional(),
});

/**
 * POST /v2/client-errors — the browser's default error reporter (used when no Sentry DSN is
 * configured). Stored for the admin error page, grouped by fingerprint, and logged with the request
 * id; rate limited per client.
 */
const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'system' });

  app.post(
    API_PATHS.clientErrors,
    route({
      access: 'public',
      rateLimit: { max: 30, timeWindow: '1 minute' },
      summary: 'Report an error that happened in the browser',
      body: clientErrorBody,
      response: { 202: z.object({ received: z.literal(true) }) },
    }),
    async (request, reply) => {
      const body = request.body;
      request.log.warn({ clientError: { message: body.message, url: body.url } }, 'client error reported');
      await recordError(app.db, {
        source: 'browser',
        message: body.message,
        stack: body.stack ?? null,
        url: body.url ?? null,
        userAgent: body.userAgent ?? null,
        userId: request.auth?.userId ?? null,
        requestId: request.id,
        release: body.release ?? null,
      });
      return reply.code(202).send({ received: true as const });
    },
  );
};

export default clientErrorRoutes;
