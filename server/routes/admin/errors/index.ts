import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_PATHS,
  errorGroupDetailSchema,
  errorGroupParamsSchema,
  errorListQuerySchema,
  errorListResponseSchema,
} from '../../../../common/api/adminErrors';
import { addDays, isoDate } from '../../../../common/calendar';
import { errorGroupDetail, listErrorGroups } from '../../../services/errors/errorStore';
import { defineRoutes } from '../../defineRoute';

/** Errors are listed from this many days back unless the admin asks for another day. */
const DEFAULT_DAYS = 14;

/** The admin error page: browser and server errors grouped by fingerprint, and one group's occurrences. */
const adminErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_ERROR_PATHS.errors,
    route({
      access: 'admin',
      summary: 'Errors from browsers and the server, grouped by fingerprint',
      querystring: errorListQuerySchema,
      response: { 200: errorListResponseSchema },
      errors: [404, 409],
    }),
    async (request) => {
      const since = request.query.since ?? addDays(isoDate(now()), -DEFAULT_DAYS);
      return { since, groups: await listErrorGroups(app.db, `${since}T00:00:00Z`, request.query.source) };
    },
  );

  app.get(
    ADMIN_ERROR_PATHS.errorGroup.pattern,
    route({
      access: 'admin',
      summary: "One error group's latest occurrences, with stacks and request ids",
      params: errorGroupParamsSchema,
      response: { 200: errorGroupDetailSchema },
      errors: [409],
    }),
    async (request) => errorGroupDetail(app.db, request.params.fingerprint),
  );
};

export default adminErrorRoutes;
