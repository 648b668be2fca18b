import type { FastifyInstance } from 'fastify';
import { API_HEADERS } from '@common/constants';
import { getMaintenanceCached } from '../services/settings';

const DEFAULT_MESSAGE = 'Bondwise is closed for maintenance; please try again shortly';

/**
 * While maintenance is on (switched on, or inside its scheduled window), product API calls (/v2/…)
 * from non-admins answer 503 with the admin's message. Health,
 * sign-in and admin endpoints stay open so admins can get in and switch it off.
 */
export function registerMaintenanceGate(app: FastifyInstance): void {
  // onRequest, after authentication: before validation, so a malformed call meets the gate too.
  app.addHook('onRequest', async (request, reply) => {
    // The routed path, not the raw URL: "/%76%32/bond" reaches the /v2/bond route too.
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/v2/') || route.startsWith('/v2/client-errors')) return;
    if (request.auth?.isAdmin) return;
    const maintenance = await getMaintenanceCached(app.db, app.now);
    if (maintenance.active) {
      // The admin's message, when there is one, is what people read on the maintenance page.
      return reply
        .code(503)
        .header(API_HEADERS.maintenance, 'on')
        .send({ error: maintenance.message ?? DEFAULT_MESSAGE });
    }
  });
}
