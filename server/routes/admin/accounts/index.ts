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
  ADMIN_PATHS,
} from '@common/api/admin';

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
import { defineRoutes } from '../../defineRoute';

const id = z.string().min(1).max(100);

/** Admin side of accounts: feature levels (global, organisation, user), organisations, trials, invites. Every change is audited. */
const adminAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  app.get(
    ADMIN_PATHS.adminFeatures,
    route({
      access: 'admin',
      summary: 'Feature levels: global and overrides',
      response: { 200: adminFeatureListSchema },
      errors: [400, 404],
    }),
    async () => listFeatureLevels(app.db),
  );

  app.put(
    ADMIN_PATHS.adminFeatureGlobal.pattern,
    route({
      access: 'admin',
      summary: 'Set the global level of a feature',
      params: z.object({ name: featureNameSchema }),
      body: featureLevelBodySchema,
      response: { 200: adminFeatureListSchema },
    }),
    async (request) => {
      await setFeatureLevel(app.db, request.user.userId, { scope: 'global', scopeId: '' }, request.params.name, request.body.level, now());
      return listFeatureLevels(app.db);
    },
  );

  app.put(
    ADMIN_PATHS.adminFeatureOrganization.pattern,
    route({
      access: 'admin',
      summary: 'Set (or with null remove) an organisation override',
      params: z.object({ name: featureNameSchema, organizationId: id }),
      body: featureOverrideBodySchema,
      response: { 200: adminFeatureListSchema },
    }),
    async (request) => {
      await setFeatureLevel(
        app.db,
        request.user.userId,
        { scope: 'organization', scopeId: request.params.organizationId },
        request.params.name,
        request.body.level,
        now(),
      );
      return listFeatureLevels(app.db);
    },
  );

  app.put(
    ADMIN_PATHS.adminFeatureUser.pattern,
    route({
      access: 'admin',
      summary: 'Set (or with null remove) a user override',
      params: z.object({ name: featureNameSchema, userId: id }),
      body: featureOverrideBodySchema,
      response: { 200: adminFeatureListSchema },
    }),
    async (request) => {
      await setFeatureLevel(
        app.db,
        request.user.userId,
        { scope: 'user', scopeId: request.params.userId },
        request.params.name,
        request.body.level,
        now(),
      );
      return listFeatureLevels(app.db);
    },
  );

  app.get(
    ADMIN_PATHS.adminOrganizations,
    route({ access: 'admin', summary: 'Organisations with their domains', response: { 200: organizationListSchema }, errors: [400, 404] }),
    async () => ({
      organizations: await listOrganizations(app.db),
    }),
  );

  app.post(
    ADMIN_PATHS.adminOrganizations,
    route({
      access: 'admin',
      summary: 'Create an organisation (users on its domains join it)',
      body: organizationCreateBodySchema,
      response: { 201: organizationSchema },
      errors: [404, 409],
    }),
    async (request, reply) => reply.code(201).send(await createOrganization(app.db, request.user.userId, request.body)),
  );

  app.put(
    ADMIN_PATHS.adminOrganization.pattern,
    route({
      access: 'admin',
      summary: 'Edit an organisation (domains replace the old list)',
      params: z.object({ id }),
      body: organizationUpdateBodySchema,
      response: { 200: organizationSchema },
      errors: [409],
    }),
    async (request) => updateOrganization(app.db, request.user.userId, request.params.id, request.body),
  );

  app.put(
    ADMIN_PATHS.adminUserTrial.pattern,
    route({
      access: 'admin',
      summary: 'Set the trial end or extend an ended trial',
      params: z.object({ userId: id }),
      body: trialUpdateBodySchema,
      response: { 200: trialSchema },
    }),
    async (request) =>
      updateTrial(app.db, app.config, { userId: request.user.userId, ip: request.ip }, request.params.userId, request.body, now()),
  );

  app.get(
    ADMIN_PATHS.adminInvites,
    route({ access: 'admin', summary: 'All invites', response: { 200: inviteListSchema }, errors: [400, 404] }),
    async () => ({
      invites: await listInvites(app.db, null, now()),
    }),
  );

  app.post(
    '/admin/invites',
    route({
      access: 'admin',
      summary: 'Invite someone (as an admin; no pending-invite cap)',
      body: inviteCreateBodySchema,
      response: { 201: inviteSchema },
      errors: [404, 409],
    }),
    async (request, reply) => {
      const invite = await createInvite(app.db, app.config, { id: request.user.userId, isAdmin: true }, request.body.email, now());
      kickOutbox(app);
      return reply.code(201).send(invite);
    },
  );
};

export default adminAccountRoutes;
