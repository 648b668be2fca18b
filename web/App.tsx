/**
 * Providers: Mantine (dark by default), notifications, TanStack Query, the router. The real app's
 * router, query client, health checks and first reads are started before the first render
 * (web/startup.ts); tests give their own router and drive the app store.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/queryClient';
import { createAppRouter, type AppRouter } from './routing/router';
import { darkModeManager, theme } from './theme';
import { onLogout } from './stores/logout';
import { CHANGE_PATHS, onChange } from './notifications/changes';

export interface AppProps {
  router?: AppRouter;
  queryClient?: QueryClient;
  /** Mantine env: 'test' disables transitions and portals. */
  env?: 'default' | 'test';
}

export function App({ router: given, queryClient: givenClient, env }: AppProps) {
  const [router] = useState(() => given ?? createAppRouter());
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  // Server state is the logged-in user's: logout forgets it, so nothing of theirs stays in memory
  // and the next login (same or another user) reads fresh data instead of 30 s old answers.
  useEffect(() => onLogout(() => queryClient.clear()), [queryClient]);
  // A notification or another tab changed something on screen: its queries are read again.
  useEffect(
    () =>
      onChange((topic) => {
        const prefix = CHANGE_PATHS[topic];
        void queryClient.invalidateQueries({
          predicate: (q) => q.queryKey[0] === 'api' && typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith(prefix),
        });
      }),
    [queryClient],
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={darkModeManager} env={env}>
      <Notifications position="top-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
