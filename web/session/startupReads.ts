/**
 * The session's start-up reads (spec §4 Login, after login): the ToS check, user info and UI
 * preferences depend only on who is logged in, so they go out together — from the logged-in
 * layout's SessionGate, and when the app opens with a session already at the first good health
 * check (routing/prefetch.ts), without waiting for the opening page's chunk. What shows stays
 * gated by SessionGate; requesting twice is harmless (same query keys, one request in flight).
 */
import type { QueryClient } from '@tanstack/react-query';
import { usePreferencesStore } from '../preferences/store';
import { api } from '../api/client';
import { apiQueryOptions, SESSION_READ, type ApiQueryOptions } from '../api/queries';
import { USER_PATHS, tosStatusSchema, type TosStatus } from '@common/api/user';
import { takeEarlyRead } from '../routing/earlyStart';
import { userInfoQuery } from './userInfo';

/**
 * How the ToS check is read (GET /v2/user/{id}/tos, key `apiKey(path)`): once per session
 * (SessionGate reads it; a failure logs out there), not retried.
 */
export function tosStatusRead(userId: string): ApiQueryOptions<TosStatus> {
  const path = USER_PATHS.tos({ id: userId });
  return {
    schema: tosStatusSchema,
    read: async (signal) => {
      // Sent at start-up for a page that renders before the user info (routing/earlyStart.ts).
      // Adopted only when it succeeded: a refusal sent before the health check (maintenance, a
      // lapse) is asked again now, after it, so it never logs anyone out by itself.
      const early = takeEarlyRead(path);
      if (early) {
        try {
          return tosStatusSchema.parse(await early);
        } catch {
          // asked again below
        }
      }
      return api.get<unknown>(path, { signal });
    },
    retry: false,
    staleTime: Infinity,
    meta: SESSION_READ,
  };
}

/** The ToS check as a query's options (a prefetch; SessionGate's `useApiQuery` reads the same key). */
export function tosStatusQuery(userId: string) {
  return apiQueryOptions(USER_PATHS.tos({ id: userId }), tosStatusRead(userId));
}

/** Starts the three reads into their caches; errors are left to the components that read them. */
export function prefetchSessionReads(queryClient: QueryClient, userId: string): void {
  void queryClient.prefetchQuery(tosStatusQuery(userId));
  void queryClient.prefetchQuery(userInfoQuery(userId));
  void usePreferencesStore.getState().load(userId);
}
