/**
 * User info (spec §3, GET /v2/user/{id}) as a query of the one data idiom (key
 * `apiKey(USER_PATHS.user({ id }))`), and what loading it switches on (spec §4 Login): features,
 * tracking. Other features read it with `useUserInfo()`.
 */
import type { QueryClient } from '@tanstack/react-query';
import { USER_PATHS, userInfoSchema, type UserInfo } from '@common/api/user';
import { apiKey, apiQueryOptions, SESSION_READ, useApiQuery, type ApiQueryOptions } from '../api/queries';
import { useFeatureStore } from '../features/store';
import { startTracking } from '../notifications/tracking';
import { applySupportWidget } from '../support/supportWidget';
import { useUserId } from './tokens';

/** How user info is read: checked against its contract, fresh for 5 minutes, a session read. */
const USER_INFO_READ: ApiQueryOptions<UserInfo> = { schema: userInfoSchema, staleTime: 5 * 60_000, meta: SESSION_READ };

/** The user-info query for the after-login prefetch (same key, same check and freshness as `useUserInfo`). */
export function userInfoQuery(userId: string) {
  return apiQueryOptions(USER_PATHS.user({ id: userId }), USER_INFO_READ);
}

/** The logged-in user's info (disabled while logged out). */
export function useUserInfo() {
  const userId = useUserId();
  return useApiQuery(userId === null ? null : USER_PATHS.user({ id: userId }), USER_INFO_READ);
}

/** Puts fresh user info into the cache (after profile edits answer with UserInfo). */
export function setUserInfo(queryClient: QueryClient, info: UserInfo): void {
  queryClient.setQueryData(apiKey(USER_PATHS.user({ id: info.id })), info);
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
