/**
 * Providers and start-up: Mantine (dark by default), notifications, TanStack Query, the router,
 * health checks.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { startHealthChecks } from './api/health';
import { createQueryClient } from './api/queryClient';
import { prefetchInitialRoute } from './routing/prefetch';
import { createAppRouter, type AppRouter } from './routing/router';
import { isSessionInstalled } from './session/install';
import { darkModeManager, theme } from './theme';
import { PATHS } from './routes';
import { onLogout } from './stores/logout';

export interface AppProps {
  router?: AppRouter;
  queryClient?: QueryClient;
  /** Start the health checks (tests drive the app store directly instead). */
  healthChecks?: boolean;
  /** Mantine env: 'test' disables transitions and portals. */
  env?: 'default' | 'test';
}

export function App({ router: given, queryClient: givenClient, healthChecks = true, env }: AppProps) {
  const [router] = useState(() => given ?? createAppRouter());
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  // Server state is the logged-in user's: logout forgets it, so nothing of theirs stays in memory
  // and the next login (same or another user) reads fresh data instead of 30 s old answers.
  useEffect(() => onLogout(() => queryClient.clear()), [queryClient]);
  // The opening page's first reads go out with the session's start-up requests (the real app only).
  useEffect(() => (isSessionInstalled() ? prefetchInitialRoute(router, queryClient) : undefined), [router, queryClient]);
  useEffect(() => {
    if (!healthChecks) return;
    return startHealthChecks({
      notify: (n) => notifications.show(n),
      navigate: (path) => void router.navigate(path),
      onRecover: () => {
        if (router.state.location.pathname === PATHS.error) void router.navigate(PATHS.marketSummary, { replace: true });
      },
    });
  }, [healthChecks, router]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={darkModeManager} env={env}>
      <Notifications position="top-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
