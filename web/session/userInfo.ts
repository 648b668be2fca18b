/**
 * User info (spec §3, GET /v2/user/{id}) as a TanStack query, and what loading it switches on
 * (spec §4 Login): features, tracking. Other features read it with `useUserInfo()`.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@common/api/user';
import { useFeatureStore } from '../features/store';
import { startTracking } from '../notifications/tracking';
import { applySupportWidget } from '../support/supportWidget';
import { authApi } from './authApi';
import { useUserId } from './tokens';

export const userInfoKey = (userId: string | null) => ['user', userId, 'info'] as const;
export const tosStatusKey = (userId: string | null) => ['user', userId, 'tos'] as const;

/** The user-info query, shared by `useUserInfo` and the after-login prefetch (same key, same freshness). */
export function userInfoQuery(userId: string | null) {
  return {
    queryKey: userInfoKey(userId),
    queryFn: () => authApi.userInfo(userId as string),
    staleTime: 5 * 60_000,
  } as const;
}

/** The logged-in user's info (disabled while logged out). */
export function useUserInfo() {
  const userId = useUserId();
  return useQuery({ ...userInfoQuery(userId), enabled: userId !== null });
}

/** Puts fresh user info into the cache (after profile edits answer with UserInfo). */
export function setUserInfo(queryClient: QueryClient, info: UserInfo): void {
  queryClient.setQueryData(userInfoKey(info.id), info);
}

/**
 * Applies user info: feature levels from `featureLevels`, then the features usable on this host
 * (`features`) enabled at level 2; tracking starts with the user's role (spec §6), and so does the
 * support widget when the server gives this person one.
 */
export function applyUserInfo(info: UserInfo): void {
  const features = useFeatureStore.getState();
  features.setFromUserInfo(Object.entries(info.featureLevels).map(([name, level]) => ({ name, level })));
  features.enableFeatures(info.features);
  startTracking({
    userId: info.id,
    email: info.email,
    roleType: info.profile.roleType,
    roleFunction: info.profile.roleFunction,
  });
  applySupportWidget(info);
}
