/**
 * What the real app starts before React's first render (web/main.tsx), once the start-up bundle is
 * evaluated: the health checks (the first adopts the request web/boot.ts sent at the start of the
 * evaluation), the opening page's own reads (routing/prefetch.ts, adopting boot's), then the
 * router, whose first act is to load the opening route's page chunk (boot started that too).
 * Started from an effect after the first render, they went out a React render later (100–200 ms
 * of a cold post page at load). docs/content.md, "Post page: cold render". Tests render the App
 * with their own router and drive the app store instead.
 */
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { startHealthChecks, type HealthDeps } from './api/health';
import { createQueryClient } from './api/queryClient';
import { PATHS } from './routing/paths';
import { hashPathname } from './routing/earlyStart';
import { prefetchInitialRoute } from './routing/prefetch';
import { createAppRouter, type AppRouter } from './routing/router';

/** The shell's reactions to health: a toast and /bw/error when it turns bad, back to the summary when it recovers. */
function shellHealthDeps(router: () => AppRouter | undefined): HealthDeps {
  return {
    notify: (n) => notifications.show(n),
    navigate: (path) => void router()?.navigate(path),
    onRecover: () => {
      if (router()?.state.location.pathname === PATHS.error) void router()?.navigate(PATHS.marketSummary, { replace: true });
    },
  };
}

export function startApp(): { router: AppRouter; queryClient: QueryClient } {
  const queryClient = createQueryClient();
  // Health answers come back after this function returned: the router exists by then.
  const created: { router?: AppRouter } = {};
  startHealthChecks(shellHealthDeps(() => created.router));
  prefetchInitialRoute(hashPathname(window.location.hash), queryClient);
  const router = createAppRouter();
  created.router = router;
  return { router, queryClient };
}
