import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PATHS, maintenanceStateSchema as maintenanceState } from '../../../common/api/admin';
import { forgetDatabaseHealth } from '../../services/health';
import { getMaintenanceMode, setMaintenanceMode } from '../../services/settings';

/** Admin switch for maintenance mode (the page: /bw/admin/maintenance). */
const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ADMIN_PATHS.adminMaintenance,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Read maintenance mode', security: [{ bearer: [] }], response: { 200: maintenanceState } },
    },
    async () => ({ maintenanceMode: await getMaintenanceMode(app.db) }),
  );

  app.put(
    ADMIN_PATHS.adminMaintenance,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Switch maintenance mode on or off',
        security: [{ bearer: [] }],
        body: maintenanceState,
        response: { 200: maintenanceState },
      },
    },
    async (request) => {
      const maintenanceMode = await setMaintenanceMode(app.db, request.body.maintenanceMode, request.user.userId);
      forgetDatabaseHealth(app.db); // this instance's /health shows the change at once
      return { maintenanceMode };
    },
  );
};

export default maintenanceRoutes;
