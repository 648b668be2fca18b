import {
  AUTH_PATHS,
  accountCreatedSchema,
  authResponseSchema,
  confirmBodySchema,
  confirmInfoSchema,
  confirmQuerySchema,
  inviteAcceptBodySchema,
  inviteInfoSchema,
  loginFinishBodySchema,
  loginStartBodySchema,
  loginStartQuerySchema,
  loginStartResultSchema,
  logoutBodySchema,
  mfaEmailBodySchema,
  mfaEmailSendBodySchema,
  mfaEnrollBodySchema,
  refreshBodySchema,
  resetBodySchema,
  resetPasswordBodySchema,
  signupBodySchema,
  tosTextSchema,
  unlockBodySchema,
  unlockRequestBodySchema,
} from '@common/api/auth';
import { messageResponseSchema } from '@common/api/shared';
import { TOS_TEXT, TOS_TITLE, TOS_VERSION } from '@common/tos';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enrollAtLogin, loginFinish, loginStart, loginWithEmailCode, sendLoginCode } from '../../services/accounts/login';
import type { LoginAttempt } from '../../services/accounts/guessing';
import { API_HEADERS } from '@common/constants';
import { kickOutbox, waitForOutbox } from '../../services/accounts/outboxKick';
import { guessingLimit } from '../../plugins/rateLimitStore';
import { refreshSession, revokeSession, SESSION_ENDED } from '../../services/accounts/sessions';
import { sessionOfAnyAccessToken } from '../../plugins/auth';
import { unauthorized } from '../../plugins/errors';
import {
  clearRefreshCookie,
  deliverLoginAttemptCookie,
  deliverRefreshCookie,
  presentedLoginAttempt,
  presentedRefreshToken,
} from './refreshCookie';
import {
  acceptInvite,
  CHECK_INBOX,
  confirmInfo,
  confirmSignup,
  inviteInfo,
  requestReset,
  requestUnlock,
  resetPassword,
  signup,
  unlock,
} from '../../services/accounts/signup';
import { defineRoutes, type ErrorStatus } from '../defineRoute';

/** What a sign-in step may answer besides 400: wrong credentials, an unknown or used link, a lockout, the limit. */
const SIGN_IN_REFUSALS: readonly ErrorStatus[] = [401, 404, 410, 423, 429];

/** Login attempts per IP and minute at the default AUTH_RATE_LIMIT_PER_MINUTE; other limits are relative to it. */
const BASE_LOGIN_LIMIT = 20;

/** The attempt a request makes: its client, its device id (guessing is held back per source) and the app's time. */
function client(request: FastifyRequest): LoginAttempt {
  const device = request.headers[API_HEADERS.deviceFingerprint.toLowerCase()];
  return {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    device: typeof device === 'string' && device.length > 0 && device.length <= 200 ? device : undefined,
    at: new Date(request.server.now()),
  };
}

/**
 * Public authentication endpoints (spec §4 Login, §5, §7): login with second factors, tokens,
 * sign-up, e-mailed links, invites. No answer tells whether an e-mail has an account.
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, now } = defineRoutes(app, { tag: 'auth' });

  /** Per-route limits (per client IP, shared by every instance) on every auth endpoint, on top of the global limit. */
  const scale = app.config.authRateLimitPerMinute / BASE_LOGIN_LIMIT;
  // Every sign-in route is public (and rate-limited against guessing).
  const limit = (max: number) => ({ access: 'public' as const, ...guessingLimit(Math.max(1, Math.round(max * scale))) });
  /** A sign-in step: public, limited against guessing, with the sign-in refusals (and `also`). */
  const signIn = (max: number, also: readonly ErrorStatus[] = []) => ({ ...limit(max), errors: [...SIGN_IN_REFUSALS, ...also] });
  app.addHook('onClose', async () => waitForOutbox());

  app.post(
    AUTH_PATHS.loginStart,
    route({
      ...signIn(20),
      summary: 'Start a login with e-mail and password',
      description:
        'Answers kind `session` (logged in), `passkey` (authenticate with a passkey, then login/finish), `enrolPasskey` ' +
        '(MFA_REQUIRED and no second factor yet: create a passkey, then /auth/mfa/enroll) or `secondFactor` (TOTP or ' +
        'e-mailed code). 401 `Incorrect e-mail or password` for unknown e-mails and wrong passwords alike; after 5 failures ' +
        'from one source (IP) that source waits before each further attempt (423), a right password from it needs a second ' +
        'factor or the e-mailed code, and an unlock link is e-mailed; devices the account has signed in from are not held ' +
        '(docs/accounts.md, "Guessing").',
      querystring: loginStartQuerySchema,
      body: loginStartBodySchema,
      response: { 200: loginStartResultSchema },
    }),
    async (request, reply) => {
      const result = await loginStart(app.db, app.config, request.body, client(request));
      return result.kind === 'session' ? { ...result, auth: deliverRefreshCookie(reply, result.auth) } : result;
    },
  );

  app.post(
    AUTH_PATHS.loginFinish,
    route({
      ...signIn(20),
      summary: 'Finish a login with a passkey assertion or a TOTP code',
      description: 'Send email, password and either `credential` (the passkey assertion as JSON text, with mfaSession) or `totpCode`.',
      body: loginFinishBodySchema,
      response: { 200: authResponseSchema },
    }),
    async (request, reply) => deliverRefreshCookie(reply, await loginFinish(app.db, app.config, request.body, client(request))),
  );

  app.post(
    AUTH_PATHS.mfaEnroll,
    route({
      ...signIn(10),
      summary: 'Enrol a passkey during login and finish the login',
      body: mfaEnrollBodySchema,
      response: { 200: authResponseSchema },
    }),
    async (request, reply) => deliverRefreshCookie(reply, await enrollAtLogin(app.db, app.config, request.body, client(request))),
  );

  app.post(
    AUTH_PATHS.mfaEmailSend,
    route({
      ...signIn(5),
      summary: 'E-mail a login code (second factor) after a correct password',
      description:
        'The code (XXXXX-XXXXX) and a link /bw/login/e/{code} are e-mailed; single use, 10 minutes, and only in this browser: the answer sets the HttpOnly login-attempt cookie the code needs.',
      body: mfaEmailSendBodySchema,
      response: { 202: messageResponseSchema },
    }),
    async (request, reply) => {
      const { attempt } = await sendLoginCode(app.db, app.config, request.body, client(request));
      deliverLoginAttemptCookie(reply, attempt, app.config);
      kickOutbox(app);
      return reply.code(202).send({ message: 'We have e-mailed you a sign-in code. It expires in 10 minutes.' });
    },
  );

  app.post(
    AUTH_PATHS.mfaEmail,
    route({
      ...signIn(10),
      summary: 'Log in with an e-mailed code',
      body: mfaEmailBodySchema,
      response: { 200: authResponseSchema },
    }),
    async (request, reply) =>
      deliverRefreshCookie(
        reply,
        await loginWithEmailCode(app.db, app.config, request.body.code, client(request), presentedLoginAttempt(request)),
      ),
  );

  app.post(
    AUTH_PATHS.refresh,
    route({
      ...signIn(60),
      summary: 'Exchange a refresh token for new tokens (rotation)',
      description:
        'The refresh token comes from its HttpOnly cookie (or, for clients without cookies, the body) and is single use: the answer ' +
        'sets its successor. The same token presented again within 30 s (another tab) answers the same successor; later, it ends the session (401).',
      body: refreshBodySchema.nullish(),
      response: { 200: authResponseSchema },
    }),
    async (request, reply) => {
      const token = presentedRefreshToken(request, request.body?.refreshToken);
      if (!token) throw unauthorized(SESSION_ENDED);
      return deliverRefreshCookie(reply, await refreshSession(app.db, app.config, token, app.now()));
    },
  );

  app.post(
    AUTH_PATHS.logout,
    route({
      ...signIn(30),
      summary: 'Log out: revoke the session of the bearer token and/or refresh token',
      body: logoutBodySchema.nullish(),
      response: { 200: messageResponseSchema },
    }),
    async (request, reply) => {
      // An expired access token still names its session: logging out with it is harmless and must work.
      const sessionId = request.auth?.sessionId ?? (await sessionOfAnyAccessToken(app.config.jwtSecret, request.headers.authorization));
      const ended = await revokeSession(app.db, { sessionId, refreshToken: request.body?.refreshToken }, now());
      // Polls this session holds here answer now; other instances hear the session.ended event.
      app.notificationHub.endSessions(ended);
      clearRefreshCookie(reply, app.config.cookieDomain);
      return { message: 'You are signed out' };
    },
  );

  app.post(
    AUTH_PATHS.signup,
    route({
      ...signIn(5),
      summary: 'Sign up: e-mail a link to create an account',
      description: 'Always 202 with the same message; an address that has an account gets a note instead of a link.',
      body: signupBodySchema,
      response: { 202: messageResponseSchema },
    }),
    async (request, reply) => {
      await signup(app.db, app.config, request.body.email, now());
      kickOutbox(app);
      return reply.code(202).send({ message: CHECK_INBOX });
    },
  );

  app.get(
    AUTH_PATHS.confirm,
    route({
      ...signIn(30),
      summary: 'Check an e-mailed link (sign-up by default) and get its e-mail',
      description: '404 unknown or used; 410 expired — with regenerateIfExpired=true a fresh link is e-mailed and the message says so.',
      querystring: confirmQuerySchema,
      response: { 200: confirmInfoSchema },
    }),
    async (request) => {
      try {
        return await confirmInfo(app.db, app.config, request.query.token, request.query.type, request.query.regenerateIfExpired, now());
      } finally {
        kickOutbox(app);
      }
    },
  );

  app.post(
    AUTH_PATHS.confirm,
    route({
      ...signIn(10, [409]),
      summary: 'Create the account of a sign-up link',
      description: 'Joins the organisation of the e-mail domain and starts a trial. 409 when the e-mail already has an account.',
      body: confirmBodySchema,
      response: { 201: accountCreatedSchema },
    }),
    async (request, reply) => reply.code(201).send(await confirmSignup(app.db, app.config, request.body, now())),
  );

  app.post(
    AUTH_PATHS.reset,
    route({
      ...signIn(5),
      summary: 'Request a password reset link',
      description: 'Always 202 with the same message. The link (/bw/reset-password/{uuid}) is valid for 1 hour.',
      body: resetBodySchema,
      response: { 202: messageResponseSchema },
    }),
    async (request, reply) => {
      await requestReset(app.db, app.config, request.body.email, now());
      kickOutbox(app);
      return reply.code(202).send({ message: CHECK_INBOX });
    },
  );

  app.post(
    AUTH_PATHS.resetPassword,
    route({
      ...signIn(10),
      summary: 'Set a new password with a reset link',
      description: 'Ends every session of the account and lifts a lock.',
      body: resetPasswordBodySchema,
      response: { 200: messageResponseSchema },
    }),
    async (request) => {
      await resetPassword(app.db, request.body.uuid, request.body.password, now());
      return { message: 'Your password has been changed. Sign in with the new password.' };
    },
  );

  app.post(
    AUTH_PATHS.unlock,
    route({
      ...signIn(10),
      summary: 'Unlock an account with an unlock link',
      body: unlockBodySchema,
      response: { 200: messageResponseSchema },
    }),
    async (request) => {
      await unlock(app.db, request.body.uuid, now());
      return { message: 'Your account is unlocked. You can sign in again.' };
    },
  );

  app.post(
    AUTH_PATHS.unlockRequest,
    route({
      ...signIn(5),
      summary: 'Request a new unlock link',
      description: 'Always 202 with the same message.',
      body: unlockRequestBodySchema,
      response: { 202: messageResponseSchema },
    }),
    async (request, reply) => {
      await requestUnlock(app.db, app.config, request.body.email, now());
      kickOutbox(app);
      return reply.code(202).send({ message: CHECK_INBOX });
    },
  );

  app.get(
    AUTH_PATHS.invite.pattern,
    route({
      ...limit(30),
      summary: 'What an invite is for (e-mail, inviter, organisation)',
      params: z.object({ code: z.string().min(1).max(100) }),
      response: { 200: inviteInfoSchema },
      errors: [401, 410, 423, 429],
    }),
    async (request) => inviteInfo(app.db, request.params.code, now()),
  );

  app.post(
    AUTH_PATHS.inviteAccept,
    route({
      ...signIn(10, [409]),
      summary: 'Create the invited account',
      body: inviteAcceptBodySchema,
      response: { 201: accountCreatedSchema },
    }),
    async (request, reply) => reply.code(201).send(await acceptInvite(app.db, app.config, request.body, now())),
  );

  app.get(
    AUTH_PATHS.tosText,
    route({ ...limit(60), summary: 'The current terms of service', response: { 200: tosTextSchema } }),
    async () => ({ version: TOS_VERSION, title: TOS_TITLE, text: TOS_TEXT }),
  );
};

export default authRoutes;
