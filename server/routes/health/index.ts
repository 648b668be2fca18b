import { API_PATHS } from '@common/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseHealth } from '../../services/health';
import { defineRoutes } from '../defineRoute';

const healthResponse = z.object({
  status: z.enum(['ok', 'error']).describe('ok when the server and its database answer'),
  maintenanceMode: z.boolean().describe('true while the product is closed for maintenance (admins still get in)'),
  maintenanceMessage: z.string().optional().describe("the administrators' message while maintenance is on, when they left one"),
  db: z.enum(['up', 'down']).describe('down (with a 503) while the database cannot be reached; the server reconnects by itself'),
});

/**
 * GET /health — cheap liveness and maintenance check polled by every open browser tab. It answers
 * from a reading at most 500 ms old and never queues behind busy database work (services/health.ts).
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'system' });

  app.get(
    API_PATHS.health,
    route({
      access: 'public',
      rateLimit: false,
      summary: 'Server health and maintenance mode',
      response: { 200: healthResponse, 503: healthResponse },
    }),
    async (request, reply) => {
      const health = await databaseHealth(app.db, (err) => request.log.warn({ err }, 'health check: database unavailable'), app.now());
      if (health.db === 'up') return { status: 'ok' as const, ...health };
      return reply.code(503).send({ status: 'error' as const, ...health });
    },
  );
};

export default healthRoutes;
