import {
  ADMIN_DOMAIN_PATHS,
  adminDomainListSchema,
  adminDomainSchema,
  domainCreateBodySchema,
  domainDeleteQuerySchema,
  domainNameSchema,
  domainUpdateBodySchema,
} from '@common/api/adminDomains';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDomain, listDomains, removeDomain, updateDomain } from '../../../services/accounts/domains';
import { defineRoutes } from '../../defineRoute';

const params = z.object({ domain: domainNameSchema });

/** The domains admin page (/bw/admin/users/domains): who joins which organisation at sign-up, who is an employee. */
const adminDomainRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_DOMAIN_PATHS.domains,
    route({
      access: 'admin',
      summary: 'E-mail domains by organisation, with the employee mark',
      response: { 200: adminDomainListSchema },
      errors: [400, 404, 409],
    }),
    async () => listDomains(app.db, app.config),
  );

  app.post(
    ADMIN_DOMAIN_PATHS.domains,
    route({
      access: 'admin',
      summary: 'Give an organisation a domain (people on it with no organisation join); 409 when held',
      body: domainCreateBodySchema,
      response: { 201: adminDomainSchema },
      errors: [404, 409],
    }),
    async (request, reply) =>
      reply.code(201).send(await addDomain(app.db, { userId: request.user.userId, ip: request.ip }, request.body, now())),
  );

  app.put(
    ADMIN_DOMAIN_PATHS.domain.pattern,
    route({
      access: 'admin',
      summary: 'Move a domain to another organisation or mark its people employees',
      params,
      body: domainUpdateBodySchema,
      response: { 200: adminDomainSchema },
      errors: [409],
    }),
    async (request) => updateDomain(app.db, { userId: request.user.userId, ip: request.ip }, request.params.domain, request.body, now()),
  );

  app.delete(
    ADMIN_DOMAIN_PATHS.domain.pattern,
    route({
      access: 'admin',
      summary: 'Remove a domain (people already in keep their organisation)',
      params,
      querystring: domainDeleteQuerySchema,
      response: { 204: z.null() },
      errors: [409],
    }),
    async (request, reply) => {
      await removeDomain(app.db, { userId: request.user.userId, ip: request.ip }, request.params.domain, request.query.updatedAt);
      return reply.code(204).send(null);
    },
  );
};

export default adminDomainRoutes;
