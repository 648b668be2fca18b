import {
  ADMIN_ISSUER_PATHS,
  adminIssuerDetailSchema,
  adminIssuerMergeResponseSchema,
  adminIssuerMergeSchema,
  adminIssuersQuerySchema,
  adminIssuersResponseSchema,
  adminIssuerUpdateSchema,
} from '@common/api/adminIssuers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positiveId } from '@common/api/shared';
import { adminIssuerDetail, listAdminIssuers, updateIssuer } from '../../../services/reference/issuerAdmin';
import { mergeIssuers } from '../../../services/reference/issuerMerge';
import type { AdminActor } from '../../../services/reference/common';
import { defineRoutes } from '../../defineRoute';

const params = z.object({ issuerId: positiveId });
const actor = (request: FastifyRequest): AdminActor => ({ userId: request.user.userId, ip: request.ip ?? null });

/** The issuers admin: list, detail with bonds and curve, versioned edit, merge of duplicates. */
const adminIssuerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_ISSUER_PATHS.list,
    route({
      access: 'admin',
      summary: 'Issuers, found and paged on the server',
      querystring: adminIssuersQuerySchema,
      response: { 200: adminIssuersResponseSchema },
      errors: [404, 409],
    }),
    async (request) => listAdminIssuers(app.db, request.query),
  );

  app.get(
    ADMIN_ISSUER_PATHS.issuer.pattern,
    route({
      access: 'admin',
      summary: 'One issuer with its bonds, subsidiaries and curve',
      params,
      response: { 200: adminIssuerDetailSchema },
      errors: [409],
    }),
    async (request) => adminIssuerDetail(app.db, request.params.issuerId, now()),
  );

  app.put(
    ADMIN_ISSUER_PATHS.issuer.pattern,
    route({
      access: 'admin',
      summary: "Edit an issuer's reference fields (409 when the version read is stale); audited",
      params,
      body: adminIssuerUpdateSchema,
      response: { 200: adminIssuerDetailSchema },
      errors: [409],
    }),
    async (request) => updateIssuer(app.db, actor(request), request.params.issuerId, request.body, now()),
  );

  app.post(
    ADMIN_ISSUER_PATHS.merge.pattern,
    route({
      access: 'admin',
      summary: 'Merge a duplicate into this issuer: its bonds, deals and subsidiaries move, it is deleted; audited',
      params,
      body: adminIssuerMergeSchema,
      response: { 200: adminIssuerMergeResponseSchema },
      errors: [409],
    }),
    async (request) => mergeIssuers(app.db, actor(request), request.params.issuerId, request.body, now()),
  );
};

export default adminIssuerRoutes;
