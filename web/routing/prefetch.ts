/**
 * Starts the first API reads of the page the app opens on together with the session's own
 * start-up requests (ToS check, user info, preferences), instead of after them: the page's
 * queries find the answer in flight or cached (same key as useApiQuery, 30 s fresh). Like
 * everything under the router it waits for the first good health check (no requests during
 * maintenance), and it runs only with a session — a visitor is sent to the login page anyway.
 * Routes declare what to read with `prefetch` (routes.tsx); the page still decides what to show.
 */
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { apiKey } from '../api/queries';
import type { RouteDef } from '../routes';
import { useAppStore } from '../stores/app';
import { useSession } from '../stores/session';
import type { AppRouter } from './router';

function start(router: AppRouter, queryClient: QueryClient): void {
  if (!useSession.getState().accessToken) return;
  for (const match of router.state.matches) {
    const route = (match.route.handle as { route?: RouteDef } | undefined)?.route;
    for (const path of route?.prefetch?.(match.params as Record<string, string>) ?? []) {
      void queryClient.prefetchQuery({ queryKey: apiKey(path), queryFn: ({ signal }) => api.get(path, { signal }) });
    }
  }
}

/** Prefetches once, at the first good health check; returns the unsubscribe. */
export function prefetchInitialRoute(router: AppRouter, queryClient: QueryClient): () => void {
  const ready = () => {
    const { ready, health, maintenanceMode } = useAppStore.getState();
    return ready && health === 'ok' && !maintenanceMode;
  };
  if (ready()) {
    start(router, queryClient);
    return () => undefined;
  }
  const unsubscribe = useAppStore.subscribe((state) => {
    if (!state.ready) return;
    unsubscribe();
    if (ready()) start(router, queryClient);
  });
  return unsubscribe;
}
