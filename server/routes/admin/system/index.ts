import {
  jobNameSchema,
  jobPauseBodySchema,
  jobRunResponseSchema,
  jobStateSchema,
  SYSTEM_PATHS,
  systemStateSchema,
} from '@common/api/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runJobNow, setJobPaused } from '../../../services/system/jobs';
import { systemState } from '../../../services/system/systemState';
import { defineRoutes } from '../../defineRoute';

const params = z.object({ name: jobNameSchema });

/** The state of the system (admin home, migration page) and control of the background jobs. */
const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'admin' });

  app.get(
    SYSTEM_PATHS.system,
    route({
      access: 'admin',
      summary: 'State of the system: jobs, migrations, queues, what needs attention',
      response: { 200: systemStateSchema },
      errors: [400, 404, 409],
    }),
    async () => systemState(app.db, app.recurringJobs, app.now(), app.config.marketSource),
  );

  app.put(
    SYSTEM_PATHS.job.pattern,
    route({
      access: 'admin',
      summary: 'Pause or resume a background job on every instance',
      params,
      body: jobPauseBodySchema,
      response: { 200: jobStateSchema },
      errors: [409],
    }),
    async (request) => setJobPaused(app.db, app.recurringJobs, request.params.name, request.body.paused, request.user.userId),
  );

  app.post(
    SYSTEM_PATHS.jobRun.pattern,
    route({
      access: 'admin',
      summary: 'Run a background job now on this instance',
      params,
      response: { 202: jobRunResponseSchema },
      errors: [409],
    }),
    async (request, reply) => {
      await runJobNow(app.db, app.scheduler, app.recurringJobs, request.params.name, request.user.userId);
      return reply.code(202).send({ status: 'started' as const });
    },
  );
};

export default systemRoutes;
