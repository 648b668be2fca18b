import {
  ADMIN_CURVE_PATHS,
  adminCurveSchema,
  curveCompareQuerySchema,
  curveCompareSchema,
  curvePointParamsSchema,
  curvePointSavedSchema,
  curvePointUpdateSchema,
  curveQuerySchema,
} from '@common/api/adminCurve';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compareCurves, correctCurvePoint, readCurve } from '../../../services/marketAdmin/curveAdmin';
import { defineRoutes } from '../../defineRoute';

/** The Treasury par curve by date, a point corrected (bonds priced on it repriced), two dates compared (docs/admin.md). */
const adminCurveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_CURVE_PATHS.curve,
    route({
      access: 'admin',
      summary: "A date's Treasury par curve (the latest on or before it), with the dates around it and its corrections",
      querystring: curveQuerySchema,
      response: { 200: adminCurveSchema },
      errors: [404, 409],
    }),
    async (request) => readCurve(app.db, request.query.date),
  );

  app.get(
    ADMIN_CURVE_PATHS.compare,
    route({
      access: 'admin',
      summary: 'Two dates of the Treasury par curve, tenor by tenor, with the change in basis points',
      querystring: curveCompareQuerySchema,
      response: { 200: curveCompareSchema },
      errors: [404, 409],
    }),
    async (request) => compareCurves(app.db, request.query.a, request.query.b),
  );

  app.put(
    ADMIN_CURVE_PATHS.point.pattern,
    route({
      access: 'admin',
      summary: 'Correct one point of a curve (409 when it changed since it was read); audited, the bonds priced on it repriced',
      params: curvePointParamsSchema,
      body: curvePointUpdateSchema,
      response: { 200: curvePointSavedSchema },
      errors: [409],
    }),
    async (request) =>
      correctCurvePoint(
        app.db,
        request.params.date,
        request.params.tenor,
        request.body,
        { userId: request.user.userId, ip: request.ip ?? null },
        now(),
      ),
  );
};

export default adminCurveRoutes;
