/**
 * The session's start-up reads (spec §4 Login, after login): the ToS check, user info and UI
 * preferences depend only on who is logged in, so they go out together — from the logged-in
 * layout's SessionGate, and when the app opens with a session already at the first good health
 * check (routing/prefetch.ts), without waiting for the opening page's chunk. What shows stays
 * gated by SessionGate; requesting twice is harmless (same query keys, one request in flight).
 */
import type { QueryClient } from '@tanstack/react-query';
import { usePreferencesStore } from '../preferences/store';
import { authApi } from './authApi';
import { USER_PATHS, tosStatusSchema } from '@common/api/user';
import { takeEarlyRead } from '../routing/earlyStart';
import { tosStatusKey, userInfoQuery } from './userInfo';

/** The ToS check as a query (SessionGate reads it; a failure logs out there). */
export function tosStatusQuery(userId: string | null) {
  return {
    queryKey: tosStatusKey(userId),
    queryFn: async () => {
      // Sent at start-up for a page that renders before the user info (routing/earlyStart.ts).
      // Adopted only when it succeeded: a refusal sent before the health check (maintenance, a
      // lapse) is asked again now, after it, so it never logs anyone out by itself.
      const early = takeEarlyRead(USER_PATHS.tos({ id: userId as string }));
      if (early) {
        try {
          return tosStatusSchema.parse(await early);
        } catch {
          // asked again below
        }
      }
      return authApi.tosStatus(userId as string);
    },
    retry: false,
    staleTime: Infinity,
  } as const;
}

/** Starts the three reads into their caches; errors are left to the components that read them. */
export function prefetchSessionReads(queryClient: QueryClient, userId: string): void {
  void queryClient.prefetchQuery(tosStatusQuery(userId));
  void queryClient.prefetchQuery(userInfoQuery(userId));
  void usePreferencesStore.getState().load(userId);
}
