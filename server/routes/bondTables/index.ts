import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
import { defineRoutes } from '../defineRoute';

/** Custom bond tables (/bw/bond/config): the caller's saved views, owner-only. */
const bondTableRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'bond-tables' });

  app.get(
    BOND_TABLE_PATHS.list,
    route({
      access: 'user',
      summary: "The caller's custom bond tables, most recently updated first",
      response: { 200: bondTableListResponseSchema },
    }),
    async (request) => ({ tables: await listBondTables(app.db, request.user.userId) }),
  );

  app.post(
    BOND_TABLE_PATHS.list,
    route({
      access: 'user',
      summary: 'Create a custom bond table',
      body: bondTableCreateBodySchema,
      response: { 201: bondTableSchema },
      errors: [404, 409],
    }),
    async (request, reply) => reply.code(201).send(await createBondTable(app.db, request.user.userId, request.body)),
  );

  app.get(
    BOND_TABLE_PATHS.one.pattern,
    route({
      access: 'user',
      summary: 'One custom bond table (owner only)',
      params: bondTableIdParamsSchema,
      response: { 200: bondTableSchema },
    }),
    async (request) => getBondTable(app.db, request.user.userId, request.params.id),
  );

  app.patch(
    BOND_TABLE_PATHS.one.pattern,
    route({
      access: 'user',
      summary: 'Rename or re-configure a custom bond table (owner only)',
      params: bondTableIdParamsSchema,
      body: bondTableUpdateBodySchema,
      response: { 200: bondTableSchema },
    }),
    async (request) => updateBondTable(app.db, request.user.userId, request.params.id, request.body, now()),
  );

  app.post(
    BOND_TABLE_PATHS.duplicate.pattern,
    route({
      access: 'user',
      summary: 'Copy a custom bond table as "{name} (copy)"',
      params: bondTableIdParamsSchema,
      response: { 201: bondTableSchema },
      errors: [409],
    }),
    async (request, reply) => reply.code(201).send(await duplicateBondTable(app.db, request.user.userId, request.params.id)),
  );

  app.delete(
    BOND_TABLE_PATHS.one.pattern,
    route({
      access: 'user',
      summary: 'Delete a custom bond table (owner only)',
      params: bondTableIdParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    }),
    async (request, reply) => {
      await deleteBondTable(app.db, request.user.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default bondTableRoutes;
