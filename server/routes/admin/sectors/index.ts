import {
  ADMIN_SECTOR_PATHS,
  adminSectorCreateSchema,
  adminSectorDeleteQuerySchema,
  adminSectorSchema,
  adminSectorsResponseSchema,
  adminSectorUpdateSchema,
  moveIssuersResponseSchema,
  moveIssuersSchema,
  sectorParamsSchema,
} from '@common/api/adminSectors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminActor } from '../../../services/reference/common';
import { createSector, deleteSector, listSectors, moveIssuers, updateSector } from '../../../services/reference/sectorAdmin';
import { defineRoutes } from '../../defineRoute';

const actor = (request: FastifyRequest): AdminActor => ({ userId: request.user.userId, ip: request.ip ?? null });

/** The two-level sector taxonomy: list, add, rename or move, delete when empty, move issuers. */
const adminSectorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_SECTOR_PATHS.list,
    route({
      access: 'admin',
      summary: 'The sector taxonomy with issuer counts',
      response: { 200: adminSectorsResponseSchema },
      errors: [400, 404, 409],
    }),
    async () => listSectors(app.db),
  );

  app.post(
    ADMIN_SECTOR_PATHS.list,
    route({
      access: 'admin',
      summary: 'Add a sector, or an industry under a sector; audited',
      body: adminSectorCreateSchema,
      response: { 201: adminSectorSchema },
      errors: [404, 409],
    }),
    async (request, reply) => reply.code(201).send(await createSector(app.db, actor(request), request.body)),
  );

  app.post(
    ADMIN_SECTOR_PATHS.moveIssuers,
    route({
      access: 'admin',
      summary: 'Move issuers to an industry; audited',
      body: moveIssuersSchema,
      response: { 200: moveIssuersResponseSchema },
      errors: [404, 409],
    }),
    async (request) => moveIssuers(app.db, actor(request), request.body),
  );

  app.put(
    ADMIN_SECTOR_PATHS.sector.pattern,
    route({
      access: 'admin',
      summary: 'Rename a sector or industry, or move an industry under another sector (409 when stale); audited',
      params: sectorParamsSchema,
      body: adminSectorUpdateSchema,
      response: { 200: adminSectorSchema },
      errors: [409],
    }),
    async (request) => updateSector(app.db, actor(request), request.params.sectorId, request.body),
  );

  app.delete(
    ADMIN_SECTOR_PATHS.sector.pattern,
    route({
      access: 'admin',
      summary: 'Delete an empty sector or industry (409 while issuers or industries remain); audited',
      params: sectorParamsSchema,
      querystring: adminSectorDeleteQuerySchema,
      response: { 204: z.null() },
      errors: [409],
    }),
    async (request, reply) => {
      await deleteSector(app.db, actor(request), request.params.sectorId, request.query.version);
      return reply.code(204).send(null);
    },
  );
};

export default adminSectorRoutes;
