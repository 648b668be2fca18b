/**
 * Typed calls of the auth and user contracts (common/api/auth.ts, user.ts) over THE API client.
 * Responses are validated with the contract's zod schemas, so a server/client drift fails loudly.
 */
import {
  AUTH_PATHS,
  accountCreatedSchema,
  authResponseSchema,
  confirmInfoSchema,
  loginStartResultSchema,
  type AccountCreated,
  type AuthResponse,
  type ConfirmBody,
  type ConfirmInfo,
  type InviteAcceptBody,
  type LinkType,
  type LoginFinishBody,
  type LoginStartBody,
  type LoginStartResult,
  type MfaEmailSendBody,
  type MfaEnrollBody,
} from '@common/api/auth';
import { messageResponseSchema, type MessageResponse } from '@common/api/shared';
import { USER_PATHS, tosStatusSchema, type TosStatus } from '@common/api/user';
import { api } from '../api/client';

/** Protocol version sent as `?v=` to POST /auth/login/start. */
export const LOGIN_PROTOCOL_VERSION = 2;

export const authApi = {
  loginStart: async (body: LoginStartBody): Promise<LoginStartResult> =>
    loginStartResultSchema.parse(await api.post(AUTH_PATHS.loginStart, body, { query: { v: LOGIN_PROTOCOL_VERSION } })),
  loginFinish: async (body: LoginFinishBody): Promise<AuthResponse> =>
    authResponseSchema.parse(await api.post(AUTH_PATHS.loginFinish, body)),
  mfaEnroll: async (body: MfaEnrollBody): Promise<AuthResponse> => authResponseSchema.parse(await api.post(AUTH_PATHS.mfaEnroll, body)),
  mfaEmailSend: async (body: MfaEmailSendBody): Promise<MessageResponse> =>
    messageResponseSchema.parse(await api.post(AUTH_PATHS.mfaEmailSend, body)),
  mfaEmail: async (code: string): Promise<AuthResponse> => authResponseSchema.parse(await api.post(AUTH_PATHS.mfaEmail, { code })),
  /** The refresh token travels in its HttpOnly cookie (sent by the browser to /auth/refresh only). */
  refresh: async (): Promise<AuthResponse> => authResponseSchema.parse(await api.post(AUTH_PATHS.refresh, {})),
  /** The bearer token names the session; the answer also clears the refresh cookie. */
  logout: async (): Promise<void> => {
    await api.post(AUTH_PATHS.logout, {});
  },
  signup: async (email: string): Promise<MessageResponse> => messageResponseSchema.parse(await api.post(AUTH_PATHS.signup, { email })),
  confirmInfo: async (token: string, type: LinkType, regenerateIfExpired = false): Promise<ConfirmInfo> =>
    confirmInfoSchema.parse(
      await api.get(AUTH_PATHS.confirm, {
        query: { token, type, ...(regenerateIfExpired ? { regenerateIfExpired: 'true' } : {}) },
      }),
    ),
  confirm: async (body: ConfirmBody): Promise<AccountCreated> => accountCreatedSchema.parse(await api.post(AUTH_PATHS.confirm, body)),
  reset: async (email: string): Promise<MessageResponse> => messageResponseSchema.parse(await api.post(AUTH_PATHS.reset, { email })),
  resetPassword: async (uuid: string, password: string): Promise<MessageResponse> =>
    messageResponseSchema.parse(await api.post(AUTH_PATHS.resetPassword, { uuid, password })),
  unlock: async (uuid: string): Promise<MessageResponse> => messageResponseSchema.parse(await api.post(AUTH_PATHS.unlock, { uuid })),
  unlockRequest: async (email: string): Promise<MessageResponse> =>
    messageResponseSchema.parse(await api.post(AUTH_PATHS.unlockRequest, { email })),
  inviteAccept: async (body: InviteAcceptBody): Promise<AccountCreated> =>
    accountCreatedSchema.parse(await api.post(AUTH_PATHS.inviteAccept, body)),
  tosConsent: async (userId: string, version: string): Promise<TosStatus> =>
    tosStatusSchema.parse(await api.put(USER_PATHS.tos({ id: userId }), { version })),
};
