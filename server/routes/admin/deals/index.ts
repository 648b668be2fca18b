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
import { errorResponseSchema } from '../../../../common/api/shared';
import { adminDeal, createAdminDeal, listAdminDeals, updateAdminDeal } from '../../../services/primary/dealAdmin';
import {
  addAdminDealStatus,
  addAdminTranche,
  deleteAdminTranche,
  undoAdminDealStatus,
  updateAdminTranche,
} from '../../../services/primary/dealAdminSteps';

const tags = ['admin'];
const security = [{ bearer: [] }];
const config = { access: 'admin' } as const;
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Deal administration (/bw/admin/deal): every deal, its tranches and its status timeline; every change audited. */
const adminDealRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date(app.now());
  const base = { tags, security, params: adminDealParamsSchema } as const;
  const answer = { 200: adminDealSchema, ...errors };

  app.get(
    ADMIN_DEAL_PATHS.deals,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Every deal announced in a range (default the last 90 days), newest first, by status and issuer',
        querystring: adminDealListQuerySchema,
        response: { 200: adminDealListSchema, ...errors },
      },
    },
    async (request) => listAdminDeals(app.db, request.query, now()),
  );

  app.post(
    ADMIN_DEAL_PATHS.deals,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Create an announced deal with its tranches',
        body: adminDealCreateSchema,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createAdminDeal(app.db, request.body, request.user.userId, now())),
  );

  app.get(
    '/admin/deal/:id',
    { config, schema: { ...base, summary: 'A deal with its tranches, timeline and audit trail', response: answer } },
    async (request) => adminDeal(app.db, request.params.id),
  );

  app.patch(
    '/admin/deal/:id',
    {
      config,
      schema: { ...base, summary: "Change a deal's issuer, bookrunners or use of proceeds", body: adminDealUpdateSchema, response: answer },
    },
    async (request) => updateAdminDeal(app.db, request.params.id, request.body, request.user.userId, now()),
  );

  app.post(
    '/admin/deal/:id/tranche',
    {
      config,
      schema: { ...base, summary: 'Add a tranche to a deal', body: adminTrancheInputSchema, response: { 201: adminDealSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await addAdminTranche(app.db, request.params.id, request.body, request.user.userId, now())),
  );

  app.patch(
    '/admin/deal/:id/tranche/:trancheId',
    {
      config,
      schema: {
        ...base,
        summary: "Change a tranche's tenor, size, coupon, spread at each stage or order book",
        params: adminTrancheParamsSchema,
        body: adminTrancheUpdateSchema,
        response: answer,
      },
    },
    async (request) => updateAdminTranche(app.db, request.params.id, request.params.trancheId, request.body, request.user.userId, now()),
  );

  app.delete(
    '/admin/deal/:id/tranche/:trancheId',
    {
      config,
      schema: {
        ...base,
        summary: 'Remove a tranche (a deal keeps one at least; a tranche that became a bond stays)',
        params: adminTrancheParamsSchema,
        response: answer,
      },
    },
    async (request) => deleteAdminTranche(app.db, request.params.id, request.params.trancheId, request.user.userId, now()),
  );

  app.post(
    '/admin/deal/:id/status',
    {
      config,
      schema: {
        ...base,
        summary: 'Move the deal to a later stage of its timeline',
        body: adminDealStatusSchema,
        response: { 201: adminDealSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addAdminDealStatus(app.db, request.params.id, request.body, request.user.userId, now())),
  );

  app.delete(
    '/admin/deal/:id/status/latest',
    { config, schema: { ...base, summary: "Undo the deal's latest step (not the announcement)", response: answer } },
    async (request) => undoAdminDealStatus(app.db, request.params.id, request.user.userId, now()),
  );
};

export default adminDealRoutes;
