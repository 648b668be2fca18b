import { errorResponseSchema } from '@common/api/shared';
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

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const params = z.object({ identifier: missingIdentifierSchema });
const admin = { access: 'admin' as const };

/** Trades whose identifier matched no bond: grouped, inspected, mapped to a bond or given a new one. */
const tradesMissingBondsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    MISSING_BONDS_PATHS.groups,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Trades waiting for their bond, grouped by identifier',
        security,
        querystring: missingGroupsQuerySchema,
        response: { 200: missingGroupsResponseSchema, ...errors },
      },
    },
    async (request) => listMissingGroups(app.db, request.query),
  );

  app.post(
    MISSING_BONDS_PATHS.createBond,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: "Create a waiting identifier's bond from the reference template's fields; its trades attach",
        security,
        body: createBondBodySchema,
        response: { 201: attachResultSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createBondForIdentifier(app.db, request.body, request.user.userId)),
  );

  app.get(
    '/admin/trades-missing-bonds/:identifier',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'The trades waiting under one identifier',
        security,
        params,
        response: { 200: missingTradesResponseSchema, ...errors },
      },
    },
    async (request) => missingTrades(app.db, request.params.identifier),
  );

  app.post(
    '/admin/trades-missing-bonds/:identifier/map',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Map an identifier to an existing bond: its trades attach and the bond is repriced',
        security,
        params,
        body: mapIdentifierBodySchema,
        response: { 200: attachResultSchema, ...errors },
      },
    },
    async (request) => mapIdentifier(app.db, request.params.identifier, request.body.bondId, request.user.userId),
  );
};

export default tradesMissingBondsRoutes;
