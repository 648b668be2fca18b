import { messageResponseSchema } from '@common/api/shared';
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
  USER_PATHS,
} from '@common/api/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guessingLimit } from '../../plugins/rateLimitStore';
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
import { defineRoutes } from '../defineRoute';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** The user's own account (spec §3 User, User info, UI preferences; §7 user calls). */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'user' });
  const inviter = (user: { userId: string; isAdmin: boolean }) => ({ id: user.userId, isAdmin: user.isAdmin });

  // Whose account: the {id} must be the caller's own, or (ownOrAdmin) the caller an admin; second
  // factors, the password, terms and invites are never an admin's to change ('own'). The access
  // hook decides it from the declaration, before validation: strangers get 403, never schema hints.
  const generalLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };
  /** The account's owner or an admin: its profile, preferences and invites. */
  const ownOrAdminAccount = { access: 'user', account: 'ownOrAdmin', ...generalLimit, params: idParams } as const;
  /** The account's owner only: terms, badges and second factors. */
  const ownAccount = { access: 'user', account: 'own', ...generalLimit, params: idParams } as const;
  /** The owner only, where a wrong password or code may be guessed: the shared guessing limit. */
  const ownAccountGuessing = { access: 'user', account: 'own', ...guessingLimit(10), params: idParams } as const;

  app.get(
    USER_PATHS.user.pattern,
    route({
      ...ownOrAdminAccount,
      summary: 'User and user info: profile, features usable on this host, notification preferences, trial, terms',
      response: { 200: userInfoSchema },
    }),
    async (request) => getUserInfo(app.db, app.config, request.params.id, now()),
  );

  app.put(
    USER_PATHS.user.pattern,
    route({
      ...ownOrAdminAccount,
      summary: 'Edit name and profile (partial)',
      body: userUpdateBodySchema,
      response: { 200: userInfoSchema },
    }),
    async (request) => {
      await updateUser(app.db, request.params.id, request.body, request.user.userId, now());
      return getUserInfo(app.db, app.config, request.params.id, now());
    },
  );

  app.get(
    USER_PATHS.tos.pattern,
    route({ ...ownOrAdminAccount, summary: 'Whether the user consented to the current terms', response: { 200: tosStatusSchema } }),
    async (request) => getTos(app.db, request.params.id),
  );

  app.put(
    USER_PATHS.tos.pattern,
    route({
      ...ownAccount,
      summary: 'Consent to the current terms (send the version read)',
      body: tosConsentBodySchema,
      response: { 200: tosStatusSchema },
    }),
    async (request) => consentTos(app.db, request.params.id, request.body.version, now()),
  );

  app.get(
    USER_PATHS.statusBadges.pattern,
    route({ ...ownAccount, summary: 'Status badges by section', response: { 200: statusBadgesSchema } }),
    async (request) => getStatusBadges(app.db, app.config, request.params.id, now()),
  );

  app.get(
    USER_PATHS.preferences.pattern,
    route({
      ...ownOrAdminAccount,
      summary: 'UI preferences and their defaults (bonds: volume descending)',
      response: { 200: preferencesResponseSchema },
    }),
    async (request) => getPreferences(app.db, request.params.id),
  );

  app.put(
    USER_PATHS.preferences.pattern,
    route({
      ...ownOrAdminAccount,
      summary: 'Replace the UI preferences (at most 16 KiB)',
      body: preferencesBodySchema,
      response: { 200: preferencesResponseSchema },
    }),
    async (request) => putPreferences(app.db, request.params.id, request.body.preferences, now()),
  );

  app.put(
    USER_PATHS.notificationPreferences.pattern,
    route({
      ...ownOrAdminAccount,
      summary: 'Replace notification preferences and push subscriptions',
      body: notificationPreferencesBodySchema,
      response: { 200: notificationPreferencesSchema },
    }),
    async (request) => putNotificationPreferences(app.db, request.params.id, request.body, now()),
  );

  app.put(
    USER_PATHS.password.pattern,
    route({
      ...ownAccountGuessing,
      summary: 'Change the password (other sessions are signed out)',
      body: passwordChangeBodySchema,
      response: { 200: messageResponseSchema },
    }),
    async (request) => {
      await changePassword(
        app.db,
        request.params.id,
        request.body.currentPassword,
        request.body.newPassword,
        now(),
        request.user.sessionId,
      );
      return { message: 'Your password has been changed' };
    },
  );

  app.get(
    USER_PATHS.mfa.pattern,
    route({ ...ownAccount, summary: 'Second factors: TOTP and passkeys', response: { 200: mfaStatusSchema } }),
    async (request) => getMfaStatus(app.db, request.params.id),
  );

  app.post(
    USER_PATHS.totp.pattern,
    route({
      ...ownAccount,
      summary: 'Start authenticator (TOTP) set-up: secret and otpauth:// URI for the QR code',
      response: { 200: totpEnrolmentSchema },
    }),
    async (request) => startTotp(app.db, request.params.id),
  );

  app.post(
    USER_PATHS.totpConfirm.pattern,
    route({
      ...ownAccountGuessing,
      summary: 'Confirm authenticator set-up with a first code',
      body: totpConfirmBodySchema,
      response: { 200: mfaStatusSchema },
    }),
    async (request) => confirmTotp(app.db, request.params.id, request.body.code, now()),
  );

  app.delete(
    USER_PATHS.totp.pattern,
    route({
      ...ownAccountGuessing,
      summary: 'Remove the authenticator (password required)',
      body: mfaRemoveBodySchema,
      response: { 200: mfaStatusSchema },
    }),
    async (request) => removeTotp(app.db, request.params.id, request.body.password),
  );

  app.post(
    USER_PATHS.passkeyOptions.pattern,
    route({ ...ownAccount, summary: 'Registration options for a new passkey', response: { 200: passkeyOptionsResponseSchema } }),
    async (request) => ({ options: await passkeyOptions(app.db, app.config, request.params.id, now()) }),
  );

  app.post(
    USER_PATHS.passkeys.pattern,
    route({
      ...ownAccount,
      summary: 'Register the passkey the browser created',
      body: passkeyRegisterBodySchema,
      response: { 201: passkeySchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await addPasskey(app.db, app.config, request.params.id, request.body.credential, request.body.name, now())),
  );

  const passkeyParams = z.object({ id: z.string().min(1).max(100), passkeyId: z.string().min(1).max(1000) });
  app.patch(
    USER_PATHS.passkey.pattern,
    route({
      ...ownAccount,
      summary: 'Rename a passkey',
      params: passkeyParams,
      body: passkeyRenameBodySchema,
      response: { 200: passkeySchema },
    }),
    async (request) => renamePasskey(app.db, request.params.id, request.params.passkeyId, request.body.name),
  );

  app.delete(
    USER_PATHS.passkey.pattern,
    route({
      ...ownAccountGuessing,
      summary: 'Remove a passkey (password required)',
      params: passkeyParams,
      body: mfaRemoveBodySchema,
      response: { 200: mfaStatusSchema },
    }),
    async (request) => removePasskey(app.db, request.params.id, request.params.passkeyId, request.body.password),
  );

  app.get(
    USER_PATHS.invites.pattern,
    route({ ...ownOrAdminAccount, summary: 'Invites the user sent', response: { 200: inviteListSchema } }),
    async (request) => {
      await getUserRow(app.db, request.params.id);
      return { invites: await listInvites(app.db, request.params.id, now()) };
    },
  );

  app.post(
    USER_PATHS.invites.pattern,
    route({
      ...ownAccount,
      rateLimit: { max: 10, timeWindow: '1 minute' },
      summary: 'Invite a colleague by e-mail',
      body: inviteCreateBodySchema,
      response: { 201: inviteSchema },
      errors: [409, 429],
    }),
    async (request, reply) => {
      const invite = await createInvite(app.db, app.config, inviter(request.user), request.body.email, now());
      kickOutbox(app);
      return reply.code(201).send(invite);
    },
  );

  app.delete(
    USER_PATHS.inviteOf.pattern,
    route({
      ...ownOrAdminAccount,
      summary: 'Revoke a pending invite',
      params: z.object({ id: z.string().min(1).max(100), inviteId: z.string().min(1).max(100) }),
      response: { 200: inviteSchema },
    }),
    async (request) => revokeInvite(app.db, inviter(request.user), request.params.id, request.params.inviteId, now()),
  );
};

export default userRoutes;
