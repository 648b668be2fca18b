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
import { defineRoutes } from '../../defineRoute';

const params = z.object({ identifier: missingIdentifierSchema });

/** Trades whose identifier matched no bond: grouped, inspected, mapped to a bond or given a new one. */
const tradesMissingBondsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'admin' });

  app.get(
    MISSING_BONDS_PATHS.groups,
    route({
      access: 'admin',
      summary: 'Trades waiting for their bond, grouped by identifier',
      querystring: missingGroupsQuerySchema,
      response: { 200: missingGroupsResponseSchema },
      errors: [404, 409],
    }),
    async (request) => listMissingGroups(app.db, request.query),
  );

  app.post(
    MISSING_BONDS_PATHS.createBond,
    route({
      access: 'admin',
      summary: "Create a waiting identifier's bond from the reference template's fields; its trades attach",
      body: createBondBodySchema,
      response: { 201: attachResultSchema },
      errors: [404, 409],
    }),
    async (request, reply) => reply.code(201).send(await createBondForIdentifier(app.db, request.body, request.user.userId, app.now)),
  );

  app.get(
    MISSING_BONDS_PATHS.trades.pattern,
    route({
      access: 'admin',
      summary: 'The trades waiting under one identifier',
      params,
      response: { 200: missingTradesResponseSchema },
      errors: [409],
    }),
    async (request) => missingTrades(app.db, request.params.identifier),
  );

  app.post(
    MISSING_BONDS_PATHS.map.pattern,
    route({
      access: 'admin',
      summary: 'Map an identifier to an existing bond: its trades attach and the bond is repriced',
      params,
      body: mapIdentifierBodySchema,
      response: { 200: attachResultSchema },
      errors: [409],
    }),
    async (request) => mapIdentifier(app.db, request.params.identifier, request.body.bondId, request.user.userId, app.now),
  );
};

export default tradesMissingBondsRoutes;
