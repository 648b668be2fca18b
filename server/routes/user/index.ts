import { errorResponseSchema, messageResponseSchema } from '@common/api/shared';
import {
  inviteCreateBodySchema,
  inviteListSchema,
  inviteSchema,
  mfaRemoveBodySchema,
  mfaStatusSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterBodySchema,
  passkeyRenameBodySchema,
  passkeySchema,
  passwordChangeBodySchema,
  preferencesBodySchema,
  preferencesResponseSchema,
  statusBadgesSchema,
  tosConsentBodySchema,
  tosStatusSchema,
  totpConfirmBodySchema,
  totpEnrolmentSchema,
  userInfoSchema,
  userUpdateBodySchema,
} from '@common/api/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guessingLimit } from '../../plugins/rateLimitStore';
import type { AccountAccess } from '../../plugins/access';
import {
  addPasskey,
  confirmTotp,
  getMfaStatus,
  passkeyOptions,
  removePasskey,
  removeTotp,
  renamePasskey,
  startTotp,
} from '../../services/accounts/mfa';
import { kickOutbox } from '../../services/accounts/outboxKick';
import { createInvite, listInvites, revokeInvite } from '../../services/accounts/signup';
import {
  changePassword,
  consentTos,
  getPreferences,
  getStatusBadges,
  getTos,
  getUserInfo,
  getUserRow,
  putNotificationPreferences,
  putPreferences,
  updateUser,
} from '../../services/accounts/users';

const idParams = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];

/** The user's own account (spec §3 User, User info, UI preferences; §7 user calls). */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Whose account: the {id} must be the caller's own, or (ownOrAdmin) the caller an admin; second
  // factors, the password, terms and invites are never an admin's to change ('own'). The access
  // hook decides it from the declaration, before validation: strangers get 403, never schema hints.
  const generalLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };
  const route = <S extends object>(summary: string, extra: S, account: AccountAccess = 'ownOrAdmin', limit: object = generalLimit) => ({
    config: { access: 'user' as const, account, ...limit },
    schema: { tags: ['user'], summary, security, ...extra },
  });
  const opts = <S extends object>(summary: string, extra: S, account: AccountAccess = 'ownOrAdmin', limit: object = generalLimit) =>
    route(summary, { params: idParams, ...extra }, account, limit);

  app.get(
    '/v2/user/:id',
    opts('User and user info: profile, features usable on this host, notification preferences, trial, terms', {
      response: { 200: userInfoSchema, ...errors },
    }),
    async (request) => getUserInfo(app.db, app.config, request.params.id, new Date(app.now())),
  );

  app.put(
    '/v2/user/:id',
    opts('Edit name and profile (partial)', { body: userUpdateBodySchema, response: { 200: userInfoSchema, ...errors } }),
    async (request) => {
      await updateUser(app.db, request.params.id, request.body, request.user.userId, new Date(app.now()));
      return getUserInfo(app.db, app.config, request.params.id, new Date(app.now()));
    },
  );

  app.get(
    '/v2/user/:id/tos',
    opts('Whether the user consented to the current terms', { response: { 200: tosStatusSchema, ...errors } }),
    async (request) => getTos(app.db, request.params.id),
  );

  app.put(
    '/v2/user/:id/tos',
    opts(
      'Consent to the current terms (send the version read)',
      { body: tosConsentBodySchema, response: { 200: tosStatusSchema, ...errors } },
      'own',
    ),
    async (request) => consentTos(app.db, request.params.id, request.body.version, new Date(app.now())),
  );

  app.get(
    '/v2/user/:id/status-badges',
    opts('Status badges by section', { response: { 200: statusBadgesSchema, ...errors } }, 'own'),
    async (request) => getStatusBadges(app.db, app.config, request.params.id, new Date(app.now())),
  );

  app.get(
    '/v2/user/:id/preferences',
    opts('UI preferences and their defaults (bonds: volume descending)', { response: { 200: preferencesResponseSchema, ...errors } }),
    async (request) => getPreferences(app.db, request.params.id),
  );

  app.put(
    '/v2/user/:id/preferences',
    opts('Replace the UI preferences (at most 16 KiB)', {
      body: preferencesBodySchema,
      response: { 200: preferencesResponseSchema, ...errors },
    }),
    async (request) => putPreferences(app.db, request.params.id, request.body.preferences, new Date(app.now())),
  );

  app.put(
    '/v2/user/:id/notification-preferences',
    opts('Replace notification preferences and push subscriptions', {
      body: notificationPreferencesBodySchema,
      response: { 200: notificationPreferencesSchema, ...errors },
    }),
    async (request) => putNotificationPreferences(app.db, request.params.id, request.body, new Date(app.now())),
  );

  app.put(
    '/v2/user/:id/password',
    opts(
      'Change the password (other sessions are signed out)',
      { body: passwordChangeBodySchema, response: { 200: messageResponseSchema, ...errors } },
      'own',
      guessingLimit(10),
    ),
    async (request) => {
      await changePassword(
        app.db,
        request.params.id,
        request.body.currentPassword,
        request.body.newPassword,
        new Date(app.now()),
        request.user.sessionId,
      );
      return { message: 'Your password has been changed' };
    },
  );

  app.get(
    '/v2/user/:id/mfa',
    opts('Second factors: TOTP and passkeys', { response: { 200: mfaStatusSchema, ...errors } }, 'own'),
    async (request) => getMfaStatus(app.db, request.params.id),
  );

  app.post(
    '/v2/user/:id/mfa/totp',
    opts(
      'Start authenticator (TOTP) set-up: secret and otpauth:// URI for the QR code',
      { response: { 200: totpEnrolmentSchema, ...errors } },
      'own',
    ),
    async (request) => startTotp(app.db, request.params.id),
  );

  app.post(
    '/v2/user/:id/mfa/totp/confirm',
    opts(
      'Confirm authenticator set-up with a first code',
      { body: totpConfirmBodySchema, response: { 200: mfaStatusSchema, ...errors } },
      'own',
      guessingLimit(10),
    ),
    async (request) => confirmTotp(app.db, request.params.id, request.body.code, new Date(app.now())),
  );

  app.delete(
    '/v2/user/:id/mfa/totp',
    opts(
      'Remove the authenticator (password required)',
      { body: mfaRemoveBodySchema, response: { 200: mfaStatusSchema, ...errors } },
      'own',
      guessingLimit(10),
    ),
    async (request) => removeTotp(app.db, request.params.id, request.body.password),
  );

  app.post(
    '/v2/user/:id/mfa/passkeys/options',
    opts('Registration options for a new passkey', { response: { 200: passkeyOptionsResponseSchema, ...errors } }, 'own'),
    async (request) => ({ options: await passkeyOptions(app.db, app.config, request.params.id, new Date(app.now())) }),
  );

  app.post(
    '/v2/user/:id/mfa/passkeys',
    opts(
      'Register the passkey the browser created',
      { body: passkeyRegisterBodySchema, response: { 201: passkeySchema, ...errors } },
      'own',
    ),
    async (request, reply) =>
      reply
        .code(201)
        .send(await addPasskey(app.db, app.config, request.params.id, request.body.credential, request.body.name, new Date(app.now()))),
  );

  const passkeyParams = z.object({ id: z.string().min(1).max(100), passkeyId: z.string().min(1).max(1000) });
  app.patch(
    '/v2/user/:id/mfa/passkeys/:passkeyId',
    route('Rename a passkey', { params: passkeyParams, body: passkeyRenameBodySchema, response: { 200: passkeySchema, ...errors } }, 'own'),
    async (request) => renamePasskey(app.db, request.params.id, request.params.passkeyId, request.body.name),
  );

  app.delete(
    '/v2/user/:id/mfa/passkeys/:passkeyId',
    route(
      'Remove a passkey (password required)',
      { params: passkeyParams, body: mfaRemoveBodySchema, response: { 200: mfaStatusSchema, ...errors } },
      'own',
      guessingLimit(10),
    ),
    async (request) => removePasskey(app.db, request.params.id, request.params.passkeyId, request.body.password),
  );

  app.get('/v2/user/:id/invites', opts('Invites the user sent', { response: { 200: inviteListSchema, ...errors } }), async (request) => {
    await getUserRow(app.db, request.params.id);
    return { invites: await listInvites(app.db, request.params.id, new Date(app.now())) };
  });

  app.post(
    '/v2/user/:id/invites',
    opts(
      'Invite a colleague by e-mail',
      { body: inviteCreateBodySchema, response: { 201: inviteSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...errors } },
      'own',
      { rateLimit: { max: 10, timeWindow: '1 minute' } },
    ),
    async (request, reply) => {
      const invite = await createInvite(
        app.db,
        app.config,
        { id: request.user.userId, isAdmin: request.user.isAdmin },
        request.body.email,
        new Date(app.now()),
      );
      kickOutbox(app);
      return reply.code(201).send(invite);
    },
  );

  app.delete(
    '/v2/user/:id/invites/:inviteId',
    route('Revoke a pending invite', {
      params: z.object({ id: z.string().min(1).max(100), inviteId: z.string().min(1).max(100) }),
      response: { 200: inviteSchema, ...errors },
    }),
    async (request) =>
      revokeInvite(
        app.db,
        { id: request.user.userId, isAdmin: request.user.isAdmin },
        request.params.id,
        request.params.inviteId,
        new Date(app.now()),
      ),
  );
};

export default userRoutes;
