/**
 * Start-up reads when the app opens with a session (web/startup.ts calls this before the first
 * render, right after starting the first health check):
 * - the opening page's own reads (`prefetch` in routes.tsx) go out at once, beside that health
 *   check — or were already sent by routing/earlyStart.ts, whose answers are adopted — into the
 *   page's query (same key as useApiQuery, 30 s fresh). They are GETs; if the check
 *   fails or reports maintenance their answers are dropped from the cache unused (the page, once
 *   shown, asks again), and during maintenance the API's 503 puts the tab in maintenance just as
 *   the check does. This takes the page's read off the way to the first paint: it no longer waits
 *   for /health's round trip;
 * - the session's start-up requests (ToS check, user info, preferences: session/startupReads.ts)
 *   wait for the first good health check as before — nothing of the session is asked during
 *   maintenance — but go out then, instead of when the logged-in layout mounts, which is after
 *   the opening page's chunk has loaded.
 * Without a session nothing is requested: a visitor is sent to the login page anyway. The page
 * still decides what to show (feature, not found); nothing shows before SessionGate allows it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { apiKey } from '../api/queries';
import { prefetchSessionReads } from '../session/startupReads';
import { userIdFromToken } from '../session/tokens';
import { useAppStore } from '../stores/app';
import { useSession } from '../stores/session';
import { routeReads, takeEarlyRead } from './earlyStart';

/** Starts the opening route's reads now and the session's at the first good health check; returns the unsubscribe. */
export function prefetchInitialRoute(pathname: string, queryClient: QueryClient): () => void {
  if (!useSession.getState().accessToken) return () => undefined;
  const keys = routeReads(pathname).map((path) => {
    const early = takeEarlyRead(path);
    void queryClient.prefetchQuery({ queryKey: apiKey(path), queryFn: ({ signal }) => early ?? api.get(path, { signal }) });
    return apiKey(path);
  });
  const settle = () => {
    const { health, maintenanceMode } = useAppStore.getState();
    if (health === 'ok' && !maintenanceMode) {
      const userId = userIdFromToken(useSession.getState().accessToken);
      if (userId) prefetchSessionReads(queryClient, userId);
      return;
    }
    for (const queryKey of keys) {
      void queryClient.cancelQueries({ queryKey, exact: true });
      queryClient.removeQueries({ queryKey, exact: true });
    }
  };
  if (useAppStore.getState().ready) {
    settle();
    return () => undefined;
  }
  const unsubscribe = useAppStore.subscribe((state) => {
    if (!state.ready) return;
    unsubscribe();
    settle();
  });
  return unsubscribe;
}
