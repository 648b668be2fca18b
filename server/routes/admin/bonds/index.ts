import {
  ADMIN_BOND_PATHS,
  adminBondSavedSchema,
  adminBondSchema,
  adminBondUpdateSchema,
  bondIdParamsSchema,
  bondSearchQuerySchema,
  bondSearchResponseSchema,
  candidatesQuerySchema,
  candidatesResponseSchema,
  compareQuerySchema,
  compareResponseSchema,
  mergeBodySchema,
  mergeResultSchema,
} from '@common/api/adminBonds';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compareBonds, duplicateCandidates, mergeBonds, searchBonds } from '../../../services/marketAdmin/bondCompare';
import { type AdminActor, updateBond } from '../../../services/marketAdmin/bondEdit';
import { readBond } from '../../../services/marketAdmin/bondRead';
import { defineRoutes } from '../../defineRoute';

/** A bond's terms edited, its history, bonds compared and duplicates merged (docs/admin.md). */
const adminBondRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  const actor = (request: FastifyRequest): AdminActor => ({ userId: request.user.userId, ip: request.ip ?? null });

  app.get(
    ADMIN_BOND_PATHS.search,
    route({
      access: 'admin',
      summary: 'Bonds by CUSIP/ISIN prefix, issuer ticker or description',
      querystring: bondSearchQuerySchema,
      response: { 200: bondSearchResponseSchema },
      errors: [404, 409],
    }),
    async (request) => searchBonds(app.db, request.query.q, request.query.limit),
  );

  app.get(
    ADMIN_BOND_PATHS.bond.pattern,
    route({
      access: 'admin',
      summary: 'Every term of a bond, its last figures, recent trades and change history',
      params: bondIdParamsSchema,
      response: { 200: adminBondSchema },
      errors: [409],
    }),
    async (request) => readBond(app.db, request.params.bondId),
  );

  app.put(
    ADMIN_BOND_PATHS.bond.pattern,
    route({
      access: 'admin',
      summary: 'Edit every term of a bond (409 when it changed since it was read); audited, then repriced',
      params: bondIdParamsSchema,
      body: adminBondUpdateSchema,
      response: { 200: adminBondSavedSchema },
      errors: [409],
    }),
    async (request) => updateBond(app.db, request.params.bondId, request.body, actor(request), now()),
  );

  app.get(
    ADMIN_BOND_PATHS.compare,
    route({
      access: 'admin',
      summary: 'Bonds side by side with the terms that differ',
      querystring: compareQuerySchema,
      response: { 200: compareResponseSchema },
      errors: [404, 409],
    }),
    async (request) => compareBonds(app.db, request.query.ids),
  );

  app.get(
    ADMIN_BOND_PATHS.candidates,
    route({
      access: 'admin',
      summary: 'Likely duplicates: bonds of one issuer with the same coupon and maturity',
      querystring: candidatesQuerySchema,
      response: { 200: candidatesResponseSchema },
      errors: [404, 409],
    }),
    async (request) => duplicateCandidates(app.db, request.query.offset, request.query.limit),
  );

  app.post(
    ADMIN_BOND_PATHS.merge,
    route({
      access: 'admin',
      summary: 'Merge duplicate bonds into a survivor: trades and references move, the others are deleted; audited',
      body: mergeBodySchema,
      response: { 200: mergeResultSchema },
      errors: [404, 409],
    }),
    async (request) => mergeBonds(app.db, request.body, actor(request), now()),
  );
};

export default adminBondRoutes;
