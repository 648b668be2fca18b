import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_DEAL_PATHS,
  adminDealCreateSchema,
  adminDealListQuerySchema,
  adminDealListSchema,
  adminDealParamsSchema,
  adminDealSchema,
  adminDealStatusSchema,
  adminDealUpdateSchema,
  adminTrancheInputSchema,
  adminTrancheParamsSchema,
  adminTrancheUpdateSchema,
} from '../../../../common/api/adminDeals';

import { adminDeal, createAdminDeal, listAdminDeals, updateAdminDeal } from '../../../services/primary/dealAdmin';
import {
  addAdminDealStatus,
  addAdminTranche,
  deleteAdminTranche,
  undoAdminDealStatus,
  updateAdminTranche,
} from '../../../services/primary/dealAdminSteps';
import { defineRoutes } from '../../defineRoute';

/** Deal administration (/bw/admin/deal): every deal, its tranches and its status timeline; every change audited. */
const adminDealRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_DEAL_PATHS.deals,
    route({
      access: 'admin',
      summary: 'Every deal announced in a range (default the last 90 days), newest first, by status and issuer',
      querystring: adminDealListQuerySchema,
      response: { 200: adminDealListSchema },
      errors: [404],
    }),
    async (request) => listAdminDeals(app.db, request.query, now()),
  );

  app.post(
    ADMIN_DEAL_PATHS.deals,
    route({
      access: 'admin',
      summary: 'Create an announced deal with its tranches',
      body: adminDealCreateSchema,
      response: { 201: z.object({ id: z.number().int() }) },
      errors: [404],
    }),
    async (request, reply) => reply.code(201).send(await createAdminDeal(app.db, request.body, request.user.userId, now())),
  );

  app.get(
    ADMIN_DEAL_PATHS.deal.pattern,
    route({
      access: 'admin',
      summary: 'A deal with its tranches, timeline and audit trail',
      params: adminDealParamsSchema,
      response: { 200: adminDealSchema },
    }),
    async (request) => adminDeal(app.db, request.params.id),
  );

  app.patch(
    ADMIN_DEAL_PATHS.deal.pattern,
    route({
      access: 'admin',
      summary: "Change a deal's issuer, bookrunners or use of proceeds",
      params: adminDealParamsSchema,
      body: adminDealUpdateSchema,
      response: { 200: adminDealSchema },
    }),
    async (request) => updateAdminDeal(app.db, request.params.id, request.body, request.user.userId, now()),
  );

  app.post(
    ADMIN_DEAL_PATHS.tranches.pattern,
    route({
      access: 'admin',
      summary: 'Add a tranche to a deal',
      params: adminDealParamsSchema,
      body: adminTrancheInputSchema,
      response: { 201: adminDealSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await addAdminTranche(app.db, request.params.id, request.body, request.user.userId, now())),
  );

  app.patch(
    ADMIN_DEAL_PATHS.tranche.pattern,
    route({
      access: 'admin',
      summary: "Change a tranche's tenor, size, coupon, spread at each stage or order book",
      params: adminTrancheParamsSchema,
      body: adminTrancheUpdateSchema,
      response: { 200: adminDealSchema },
    }),
    async (request) => updateAdminTranche(app.db, request.params.id, request.params.trancheId, request.body, request.user.userId, now()),
  );

  app.delete(
    ADMIN_DEAL_PATHS.tranche.pattern,
    route({
      access: 'admin',
      summary: 'Remove a tranche (a deal keeps one at least; a tranche that became a bond stays)',
      params: adminTrancheParamsSchema,
      response: { 200: adminDealSchema },
    }),
    async (request) => deleteAdminTranche(app.db, request.params.id, request.params.trancheId, request.user.userId, now()),
  );

  app.post(
    ADMIN_DEAL_PATHS.status.pattern,
    route({
      access: 'admin',
      summary: 'Move the deal to a later stage of its timeline',
      params: adminDealParamsSchema,
      body: adminDealStatusSchema,
      response: { 201: adminDealSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await addAdminDealStatus(app.db, request.params.id, request.body, request.user.userId, now())),
  );

  app.delete(
    ADMIN_DEAL_PATHS.latestStatus.pattern,
    route({
      access: 'admin',
      summary: "Undo the deal's latest step (not the announcement)",
      params: adminDealParamsSchema,
      response: { 200: adminDealSchema },
    }),
    async (request) => undoAdminDealStatus(app.db, request.params.id, request.user.userId, now()),
  );
};

export default adminDealRoutes;
