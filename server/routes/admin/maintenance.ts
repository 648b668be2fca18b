import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PATHS, maintenanceBodySchema, maintenanceStateSchema } from '../../../common/api/admin';
import { forgetDatabaseHealth } from '../../services/health';
import { getMaintenance, setMaintenance } from '../../services/settings';
import { defineRoutes } from '../defineRoute';

/** Admin switch, message and schedule of maintenance mode (the page: /bw/admin/maintenance). */
const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_PATHS.adminMaintenance,
    route({
      access: 'admin',
      summary: 'Read maintenance mode, its message and schedule',
      response: { 200: maintenanceStateSchema },
      errors: [400, 404, 409],
    }),
    async () => getMaintenance(app.db, app.now()),
  );

  app.put(
    ADMIN_PATHS.adminMaintenance,
    route({
      access: 'admin',
      summary: 'Switch maintenance mode; set its message and scheduled window',
      body: maintenanceBodySchema,
      response: { 200: maintenanceStateSchema },
      errors: [404, 409],
    }),
    async (request) => {
      const state = await setMaintenance(app.db, request.body, request.user.userId, app.now());
      forgetDatabaseHealth(app.db); // this instance's /health shows the change at once
      return state;
    },
  );
};

export default maintenanceRoutes;
