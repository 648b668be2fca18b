/** Profile-page calls of the user contract (common/api/user.ts), validated with its schemas. */
import { messageResponseSchema, type MessageResponse } from '@common/api/shared';
import {
  USER_PATHS,
  inviteSchema,
  mfaStatusSchema,
  notificationPreferencesSchema,
  passkeyOptionsResponseSchema,
  passkeySchema,
  totpEnrolmentSchema,
  userInfoSchema,
  type Invite,
  type MfaStatus,
  type NotificationPreferences,
  type Passkey,
  type PasskeyOptionsResponse,
  type PasswordChangeBody,
  type TotpEnrolment,
  type UserInfo,
  type UserUpdateBody,
} from '@common/api/user';
import { api } from '../../api/client';
import { apiKey } from '../../api/queries';

/** The cached MFA status: its path's key, written with each edit's answer rather than read again. */
export const mfaStatusKey = (userId: string) => apiKey(USER_PATHS.mfa({ id: userId }));

export const profileApi = {
  updateUser: async (userId: string, body: UserUpdateBody): Promise<UserInfo> =>
    userInfoSchema.parse(await api.put(USER_PATHS.user({ id: userId }), body)),
  changePassword: async (userId: string, body: PasswordChangeBody): Promise<MessageResponse> =>
    messageResponseSchema.parse(await api.put(USER_PATHS.password({ id: userId }), body)),
  saveNotificationPreferences: async (userId: string, body: NotificationPreferences): Promise<NotificationPreferences> =>
    notificationPreferencesSchema.parse(await api.put(USER_PATHS.notificationPreferences({ id: userId }), body)),
  startTotp: async (userId: string): Promise<TotpEnrolment> => totpEnrolmentSchema.parse(await api.post(USER_PATHS.totp({ id: userId }))),
  confirmTotp: async (userId: string, code: string): Promise<MfaStatus> =>
    mfaStatusSchema.parse(await api.post(USER_PATHS.totpConfirm({ id: userId }), { code })),
  removeTotp: async (userId: string, password: string): Promise<MfaStatus> =>
    mfaStatusSchema.parse(await api.delete(USER_PATHS.totp({ id: userId }), { json: { password } })),
  passkeyOptions: async (userId: string): Promise<PasskeyOptionsResponse> =>
    passkeyOptionsResponseSchema.parse(await api.post(USER_PATHS.passkeyOptions({ id: userId }))),
  registerPasskey: async (userId: string, credential: unknown, name?: string): Promise<Passkey> =>
    passkeySchema.parse(
      await api.post(USER_PATHS.passkeys({ id: userId }), { credential: JSON.stringify(credential), ...(name ? { name } : {}) }),
    ),
  renamePasskey: async (userId: string, passkeyId: string, name: string): Promise<Passkey> =>
    passkeySchema.parse(await api.patch(USER_PATHS.passkey({ id: userId, passkeyId }), { name })),
  removePasskey: async (userId: string, passkeyId: string, password: string): Promise<MfaStatus> =>
    mfaStatusSchema.parse(await api.delete(USER_PATHS.passkey({ id: userId, passkeyId }), { json: { password } })),
  sendInvite: async (userId: string, email: string): Promise<Invite> =>
    inviteSchema.parse(await api.post(USER_PATHS.invites({ id: userId }), { email })),
  revokeInvite: async (userId: string, inviteId: string): Promise<Invite> =>
    inviteSchema.parse(await api.delete(USER_PATHS.inviteOf({ id: userId, inviteId }))),
};
