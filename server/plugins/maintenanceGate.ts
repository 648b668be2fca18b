import type { FastifyInstance } from 'fastify';
import { getMaintenanceMode } from '../services/settings';

/** How long one instance trusts its last read of the shared maintenance flag. */
const MAINTENANCE_CACHE_MS = 2000;

/**
 * While maintenance mode is on, product API calls (/v2/…) from non-admins answer 503. Health,
 * sign-in and admin endpoints stay open so admins can get in and switch it off.
 */
export function registerMaintenanceGate(app: FastifyInstance): void {
  let cached = { value: false, readAt: 0 };
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/v2/') || request.url.startsWith('/v2/client-errors')) return;
    if (request.auth?.isAdmin) return;
    if (Date.now() - cached.readAt > MAINTENANCE_CACHE_MS) {
      cached = { value: await getMaintenanceMode(app.db), readAt: Date.now() };
    }
    if (cached.value) {
      return reply.code(503).send({ error: 'Bondwise is closed for maintenance; please try again shortly' });
    }
  });
}
