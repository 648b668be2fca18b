import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../common/api/shared';
import {
  BOND_TABLE_PATHS,
  bondTableCreateBodySchema,
  bondTableIdParamsSchema,
  bondTableListResponseSchema,
  bondTableSchema,
  bondTableUpdateBodySchema,
} from '../../../common/api/bondTables';
import {
  createBondTable,
  deleteBondTable,
  duplicateBondTable,
  getBondTable,
  listBondTables,
  updateBondTable,
} from '../../services/bondTables';

const tags = ['bond-tables'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Custom bond tables (/bw/bond/config): the caller's saved views, owner-only. */
const bondTableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BOND_TABLE_PATHS.list,
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: "The caller's custom bond tables, most recently updated first",
        response: { 200: bondTableListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ tables: await listBondTables(app.db, request.user.userId) }),
  );

  app.post(
    BOND_TABLE_PATHS.list,
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'Create a custom bond table',
        body: bondTableCreateBodySchema,
        response: { 201: bondTableSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createBondTable(app.db, request.user.userId, request.body)),
  );

  app.get(
    '/v2/bond-tables/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'One custom bond table (owner only)',
        params: bondTableIdParamsSchema,
        response: { 200: bondTableSchema, ...errors },
      },
    },
    async (request) => getBondTable(app.db, request.user.userId, request.params.id),
  );

  app.patch(
    '/v2/bond-tables/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'Rename or re-configure a custom bond table (owner only)',
        params: bondTableIdParamsSchema,
        body: bondTableUpdateBodySchema,
        response: { 200: bondTableSchema, ...errors },
      },
    },
    async (request) => updateBondTable(app.db, request.user.userId, request.params.id, request.body, new Date(app.now())),
  );

  app.post(
    '/v2/bond-tables/:id/duplicate',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'Copy a custom bond table as "{name} (copy)"',
        params: bondTableIdParamsSchema,
        response: { 201: bondTableSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await duplicateBondTable(app.db, request.user.userId, request.params.id)),
  );

  app.delete(
    '/v2/bond-tables/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'Delete a custom bond table (owner only)',
        params: bondTableIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteBondTable(app.db, request.user.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default bondTableRoutes;
