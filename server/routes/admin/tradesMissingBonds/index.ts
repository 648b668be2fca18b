import {
  attachResultSchema,
  createBondBodySchema,
  mapIdentifierBodySchema,
  MISSING_BONDS_PATHS,
  missingGroupsQuerySchema,
  missingGroupsResponseSchema,
  missingIdentifierSchema,
  missingTradesResponseSchema,
} from '@common/api/tradesMissingBonds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBondForIdentifier, listMissingGroups, mapIdentifier, missingTrades } from '../../../services/importers/tradesMissingBonds';
import { adminErrors as errors, adminRoute } from '../adminRoute';

const params = z.object({ identifier: missingIdentifierSchema });

/** Trades whose identifier matched no bond: grouped, inspected, mapped to a bond or given a new one. */
const tradesMissingBondsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    MISSING_BONDS_PATHS.groups,
    adminRoute('Trades waiting for their bond, grouped by identifier', {
      querystring: missingGroupsQuerySchema,
      response: { 200: missingGroupsResponseSchema, ...errors },
    }),
    async (request) => listMissingGroups(app.db, request.query),
  );

  app.post(
    MISSING_BONDS_PATHS.createBond,
    adminRoute("Create a waiting identifier's bond from the reference template's fields; its trades attach", {
      body: createBondBodySchema,
      response: { 201: attachResultSchema, ...errors },
    }),
    async (request, reply) => reply.code(201).send(await createBondForIdentifier(app.db, request.body, request.user.userId, app.now)),
  );

  app.get(
    '/admin/trades-missing-bonds/:identifier',
    adminRoute('The trades waiting under one identifier', {
      params,
      response: { 200: missingTradesResponseSchema, ...errors },
    }),
    async (request) => missingTrades(app.db, request.params.identifier),
  );

  app.post(
    '/admin/trades-missing-bonds/:identifier/map',
    adminRoute('Map an identifier to an existing bond: its trades attach and the bond is repriced', {
      params,
      body: mapIdentifierBodySchema,
      response: { 200: attachResultSchema, ...errors },
    }),
    async (request) => mapIdentifier(app.db, request.params.identifier, request.body.bondId, request.user.userId, app.now),
  );
};

export default tradesMissingBondsRoutes;
