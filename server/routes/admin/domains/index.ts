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
import { adminErrors, adminRoute } from '../adminRoute';

const errors = adminErrors;
const params = z.object({ domain: domainNameSchema });

/** The domains admin page (/bw/admin/users/domains): who joins which organisation at sign-up, who is an employee. */
const adminDomainRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = adminRoute;
  const now = () => new Date(app.now());

  app.get(
    ADMIN_DOMAIN_PATHS.domains,
    route('E-mail domains by organisation, with the employee mark', { response: { 200: adminDomainListSchema, ...errors } }),
    async () => listDomains(app.db, app.config),
  );

  app.post(
    ADMIN_DOMAIN_PATHS.domains,
    route('Give an organisation a domain (people on it with no organisation join); 409 when held', {
      body: domainCreateBodySchema,
      response: { 201: adminDomainSchema, ...errors },
    }),
    async (request, reply) =>
      reply.code(201).send(await addDomain(app.db, { userId: request.user.userId, ip: request.ip }, request.body, now())),
  );

  app.put(
    '/admin/domains/:domain',
    route('Move a domain to another organisation or mark its people employees', {
      params,
      body: domainUpdateBodySchema,
      response: { 200: adminDomainSchema, ...errors },
    }),
    async (request) => updateDomain(app.db, { userId: request.user.userId, ip: request.ip }, request.params.domain, request.body, now()),
  );

  app.delete(
    '/admin/domains/:domain',
    route('Remove a domain (people already in keep their organisation)', {
      params,
      querystring: domainDeleteQuerySchema,
      response: { 204: z.null(), ...errors },
    }),
    async (request, reply) => {
      await removeDomain(app.db, { userId: request.user.userId, ip: request.ip }, request.params.domain, request.query.updatedAt);
      return reply.code(204).send(null);
    },
  );
};

export default adminDomainRoutes;
