import {
  adminFeatureListSchema,
  featureLevelBodySchema,
  featureNameSchema,
  featureOverrideBodySchema,
  organizationCreateBodySchema,
  organizationListSchema,
  organizationSchema,
  organizationUpdateBodySchema,
  trialUpdateBodySchema,
} from '@common/api/admin';
import { errorResponseSchema } from '@common/api/shared';
import { inviteCreateBodySchema, inviteListSchema, inviteSchema, trialSchema } from '@common/api/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOrganization,
  listFeatureLevels,
  listOrganizations,
  setFeatureLevel,
  updateOrganization,
  updateTrial,
} from '../../../services/accounts/admin';
import { kickOutbox } from '../../../services/accounts/outboxKick';
import { createInvite, listInvites } from '../../../services/accounts/signup';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const id = z.string().min(1).max(100);

/** Admin side of accounts: feature levels (global, organisation, user), organisations, trials, invites. Every change is audited. */
const adminAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = <S extends object>(summary: string, extra: S) => ({
    config: { access: 'admin' as const },
    schema: { tags: ['admin'], summary, security, ...extra },
  });

  app.get(
    '/admin/features',
    route('Feature levels: global and overrides', { response: { 200: adminFeatureListSchema, ...errors } }),
    async () => listFeatureLevels(app.db),
  );

  app.put(
    '/admin/features/:name',
    route('Set the global level of a feature', {
      params: z.object({ name: featureNameSchema }),
      body: featureLevelBodySchema,
      response: { 200: adminFeatureListSchema, ...errors },
    }),
    async (request) => {
      await setFeatureLevel(
        app.db,
        request.user.userId,
        { scope: 'global', scopeId: '' },
        request.params.name,
        request.body.level,
        new Date(app.now()),
      );
      return listFeatureLevels(app.db);
    },
  );

  app.put(
    '/admin/features/:name/organizations/:organizationId',
    route('Set (or with null remove) an organisation override', {
      params: z.object({ name: featureNameSchema, organizationId: id }),
      body: featureOverrideBodySchema,
      response: { 200: adminFeatureListSchema, ...errors },
    }),
    async (request) => {
      await setFeatureLevel(
        app.db,
        request.user.userId,
        { scope: 'organization', scopeId: request.params.organizationId },
        request.params.name,
        request.body.level,
        new Date(app.now()),
      );
      return listFeatureLevels(app.db);
    },
  );

  app.put(
    '/admin/features/:name/users/:userId',
    route('Set (or with null remove) a user override', {
      params: z.object({ name: featureNameSchema, userId: id }),
      body: featureOverrideBodySchema,
      response: { 200: adminFeatureListSchema, ...errors },
    }),
    async (request) => {
      await setFeatureLevel(
        app.db,
        request.user.userId,
        { scope: 'user', scopeId: request.params.userId },
        request.params.name,
        request.body.level,
        new Date(app.now()),
      );
      return listFeatureLevels(app.db);
    },
  );

  app.get(
    '/admin/organizations',
    route('Organisations with their domains', { response: { 200: organizationListSchema, ...errors } }),
    async () => ({
      organizations: await listOrganizations(app.db),
    }),
  );

  app.post(
    '/admin/organizations',
    route('Create an organisation (users on its domains join it)', {
      body: organizationCreateBodySchema,
      response: { 201: organizationSchema, 409: errorResponseSchema, ...errors },
    }),
    async (request, reply) => reply.code(201).send(await createOrganization(app.db, request.user.userId, request.body)),
  );

  app.put(
    '/admin/organizations/:id',
    route('Edit an organisation (domains replace the old list)', {
      params: z.object({ id }),
      body: organizationUpdateBodySchema,
      response: { 200: organizationSchema, 409: errorResponseSchema, ...errors },
    }),
    async (request) => updateOrganization(app.db, request.user.userId, request.params.id, request.body),
  );

  app.put(
    '/admin/users/:userId/trial',
    route('Set the trial end or extend an ended trial', {
      params: z.object({ userId: id }),
      body: trialUpdateBodySchema,
      response: { 200: trialSchema, ...errors },
    }),
    async (request) =>
      updateTrial(
        app.db,
        app.config,
        { userId: request.user.userId, ip: request.ip },
        request.params.userId,
        request.body,
        new Date(app.now()),
      ),
  );

  app.get('/admin/invites', route('All invites', { response: { 200: inviteListSchema, ...errors } }), async () => ({
    invites: await listInvites(app.db, null, new Date(app.now())),
  }));

  app.post(
    '/admin/invites',
    route('Invite someone (as an admin; no pending-invite cap)', {
      body: inviteCreateBodySchema,
      response: { 201: inviteSchema, 409: errorResponseSchema, ...errors },
    }),
    async (request, reply) => {
      const invite = await createInvite(
        app.db,
        app.config,
        { id: request.user.userId, isAdmin: true },
        request.body.email,
        new Date(app.now()),
      );
      kickOutbox(app);
      return reply.code(201).send(invite);
    },
  );
};

export default adminAccountRoutes;
