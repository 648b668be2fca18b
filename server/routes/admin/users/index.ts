import {
  ADMIN_USER_PATHS,
  adminUserDetailSchema,
  userActionBodySchema,
  userFeaturesBodySchema,
  userListPageSchema,
  userListQuerySchema,
  userRoleBodySchema,
} from '@common/api/adminUsers';
import { trialConvertBodySchema } from '@common/api/admin';
import { inviteSchema } from '@common/api/user';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { convertTrial } from '../../../services/accounts/admin';
import { kickOutbox } from '../../../services/accounts/outboxKick';
import { getUserDetail, listUsers } from '../../../services/accounts/userAdmin';
import {
  type AdminActor,
  changeRole,
  forceLogout,
  lockUser,
  resendInvite,
  resetSecondFactors,
  setUserFeatures,
  unlockUser,
} from '../../../services/accounts/userAdminActions';
import { defineRoutes } from '../../defineRoute';

const params = z.object({ userId: z.string().min(1).max(100) });

/** The users admin page (/bw/admin/users): people searched and paged on the server, one person's detail, the audited actions. */
const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'admin' });

  const actor = (request: FastifyRequest): AdminActor => ({ userId: request.user.userId, ip: request.ip ?? null });

  app.get(
    ADMIN_USER_PATHS.users,
    route({
      access: 'admin',
      summary: 'People by e-mail or name, organisation, role, status, trial and last sign-in; sorted, paged',
      querystring: userListQuerySchema,
      response: { 200: userListPageSchema },
      errors: [404, 409],
    }),
    async (request) => listUsers(app.db, app.config, request.query, now()),
  );

  app.get(
    ADMIN_USER_PATHS.user.pattern,
    route({
      access: 'admin',
      summary: 'One person: sessions, second factors (kinds and dates), features, trial',
      params,
      response: { 200: adminUserDetailSchema },
      errors: [409],
    }),
    async (request) => getUserDetail(app.db, app.config, request.params.userId, now()),
  );

  /** An action on a person (its body names the version it was decided on), answered with the person as they are now. */
  const action = (
    path: string,
    summary: string,
    run: (request: FastifyRequest<{ Params: { userId: string }; Body: { version: number } }>) => Promise<void>,
  ) =>
    app.post(
      path,
      route({ access: 'admin', summary, params, body: userActionBodySchema, response: { 200: adminUserDetailSchema }, errors: [409] }),
      async (request) => {
        await run(request);
        return getUserDetail(app.db, app.config, request.params.userId, now());
      },
    );

  action(ADMIN_USER_PATHS.lock.pattern, 'Lock a person out (sessions end) until an admin unlocks them', (r) =>
    lockUser(app.db, actor(r), r.params.userId, r.body.version, now()),
  );
  action(ADMIN_USER_PATHS.unlock.pattern, "Lift an admin's lock or a failed-sign-in lock", (r) =>
    unlockUser(app.db, actor(r), r.params.userId, r.body.version, now()),
  );
  action(ADMIN_USER_PATHS.logout.pattern, 'End every session of a person', (r) =>
    forceLogout(app.db, actor(r), r.params.userId, r.body.version, now()),
  );
  action(ADMIN_USER_PATHS.resetSecondFactors.pattern, 'Remove the authenticator and passkeys of a person', (r) =>
    resetSecondFactors(app.db, actor(r), r.params.userId, r.body.version, now()),
  );

  app.put(
    ADMIN_USER_PATHS.role.pattern,
    route({
      access: 'admin',
      summary: 'Make a person an admin or a user (their sessions end)',
      params,
      body: userRoleBodySchema,
      response: { 200: adminUserDetailSchema },
      errors: [409],
    }),
    async (request) => {
      await changeRole(app.db, actor(request), request.params.userId, request.body.version, request.body.role, now());
      return getUserDetail(app.db, app.config, request.params.userId, now());
    },
  );

  app.put(
    ADMIN_USER_PATHS.features.pattern,
    route({
      access: 'admin',
      summary: "Set or remove (null) a person's feature overrides",
      params,
      body: userFeaturesBodySchema,
      response: { 200: adminUserDetailSchema },
      errors: [409],
    }),
    async (request) => {
      await setUserFeatures(app.db, actor(request), request.params.userId, request.body.version, request.body.features, now());
      return getUserDetail(app.db, app.config, request.params.userId, now());
    },
  );

  app.post(
    ADMIN_USER_PATHS.subscribe.pattern,
    route({
      access: 'admin',
      summary: "Convert a trial to a subscription: the person's (or the named) organisation subscribes; e-mailed",
      params,
      body: trialConvertBodySchema,
      response: { 200: adminUserDetailSchema },
      errors: [409],
    }),
    async (request) => {
      await convertTrial(app.db, app.config, actor(request), request.params.userId, request.body, now());
      kickOutbox(app);
      return getUserDetail(app.db, app.config, request.params.userId, now());
    },
  );

  app.post(
    ADMIN_USER_PATHS.resendInvite.pattern,
    route({
      access: 'admin',
      summary: 'Send an invite again with a new link (the old one stops working)',
      params: z.object({ inviteId: z.string().min(1).max(100) }),
      response: { 200: inviteSchema },
      errors: [409],
    }),
    async (request) => {
      const invite = await resendInvite(app.db, app.config, actor(request), request.params.inviteId, now());
      kickOutbox(app);
      return invite;
    },
  );
};

export default adminUserRoutes;
