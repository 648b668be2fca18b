import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_USER_PATHS, type AdminUserDetail, type UserRole } from '@common/api/adminUsers';
import { api } from '../../../api/client';
import { apiKey, useApiMutation, useApiQuery } from '../../../api/queries';
import { featureOverrides } from './userDetailView';

/** An action waiting for the admin's confirmation; it sends the version of the person they were shown. */
export interface PendingAction {
  label: string;
  warning: string;
  send: (version: number) => Promise<AdminUserDetail>;
}

/**
 * One person's detail and the actions on it. Each action is first asked (`pending`), then sent with
 * the version shown; a refusal (e.g. 409, changed meanwhile) is shown and the person re-read.
 */
export function useUserDetail(userId: string) {
  const client = useQueryClient();
  const userPath = ADMIN_USER_PATHS.user({ userId });
  const detail = useApiQuery<AdminUserDetail>(userPath);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [role, setRole] = useState<UserRole | null>(null);
  const [features, setFeatures] = useState<Record<string, string>>({});
  // The answer is the person as they now are; every users list is read again (they may move in it).
  const act = useApiMutation(({ action, version }: { action: PendingAction; version: number }) => action.send(version), {
    invalidates: [ADMIN_USER_PATHS.users],
    rereadWhenRefused: [userPath],
    onDone: (person) => {
      client.setQueryData(apiKey(userPath), person);
      setFeatures({});
      setRole(null);
    },
  });

  const confirm = async () => {
    if (!pending || !detail.data) return;
    await act.run({ action: pending, version: detail.data.version });
    setPending(null);
  };
  const post = (path: string) => (version: number) => api.post<AdminUserDetail>(path, { version });
  const changes = featureOverrides(features);

  /** Asks to confirm each action; nothing is sent before `confirm`. */
  const ask = {
    unlock: () => setPending({ label: 'Unlock', warning: 'They can sign in again.', send: post(ADMIN_USER_PATHS.unlock({ userId })) }),
    lock: () =>
      setPending({
        label: 'Lock',
        warning: 'Every session ends and no sign-in works until an admin unlocks them.',
        send: post(ADMIN_USER_PATHS.lock({ userId })),
      }),
    logout: () =>
      setPending({ label: 'Force logout', warning: 'Every session ends now.', send: post(ADMIN_USER_PATHS.logout({ userId })) }),
    resetSecondFactors: () =>
      setPending({
        label: 'Reset second factors',
        warning: 'Their authenticator and passkeys are removed; they set them up again.',
        send: post(ADMIN_USER_PATHS.resetSecondFactors({ userId })),
      }),
    role: () =>
      role &&
      setPending({
        label: `Make ${role}`,
        warning: 'Their sessions end; they sign in again with the new role.',
        send: (version) => api.put<AdminUserDetail>(ADMIN_USER_PATHS.role({ userId }), { version, role }),
      }),
    features: () =>
      setPending({
        label: 'Save features',
        warning: `Overrides: ${JSON.stringify(changes)}`,
        send: (version) => api.put<AdminUserDetail>(ADMIN_USER_PATHS.features({ userId }), { version, features: changes }),
      }),
  };

  return {
    detail,
    user: detail.data,
    pending,
    cancel: () => setPending(null),
    ask,
    confirm,
    busy: act.busy,
    error: act.error,
    role,
    setRole,
    features,
    setFeature: (name: string, level: string) => setFeatures({ ...features, [name]: level }),
  };
}
export type UserDetailState = ReturnType<typeof useUserDetail>;
