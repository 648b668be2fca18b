import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  issuerCurveResponseSchema,
  issuerDetailResponseSchema,
  issuerSearchQuerySchema,
  issuerSearchResponseSchema,
  ISSUER_PATHS,
} from '../../../common/api/issuer';
import { idParamsSchema } from '../../../common/api/shared';
import { notFound } from '../../plugins/errors';
import { issuerCurve, searchIssuers } from '../../services/market/queries/issuerDirectory';
import { issuerDetail } from '../../services/market/queries/issuers';
import { defineRoutes } from '../defineRoute';

/** Issuer search, detail with its bonds, and the issuer curve for charts. */
const issuerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'issuer' });

  app.get(
    ISSUER_PATHS.issuers,
    route({
      access: 'user',
      subscription: true,
      summary: 'Search issuers by ticker, name or display name',
      querystring: issuerSearchQuerySchema,
      response: { 200: issuerSearchResponseSchema },
    }),
    async (request) => searchIssuers(app.db, request.query),
  );

  app.get(
    ISSUER_PATHS.issuer.pattern,
    route({
      access: 'user',
      subscription: true,
      summary: 'An issuer, its sector, parent and outstanding bonds',
      params: idParamsSchema,
      response: { 200: issuerDetailResponseSchema },
    }),
    async (request) => {
      const detail = await issuerDetail(app.db, request.params.id);
      if (!detail) throw notFound(`Issuer ${request.params.id} not found`);
      return detail;
    },
  );

  app.get(
    ISSUER_PATHS.issuerCurve.pattern,
    route({
      access: 'user',
      subscription: true,
      summary: "The issuer's bonds today: tenor against yield and spreads",
      params: idParamsSchema,
      response: { 200: issuerCurveResponseSchema },
    }),
    async (request) => {
      const curve = await issuerCurve(app.db, request.params.id);
      if (!curve) throw notFound(`Issuer ${request.params.id} not found`);
      return curve;
    },
  );
};

export default issuerRoutes;
