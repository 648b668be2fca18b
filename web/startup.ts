/**
 * What the real app starts before React's first render (web/main.tsx): the first health check,
 * the opening page's own reads (routing/prefetch.ts), then the router, whose first act is to load
 * the opening route's page chunk. Started from an effect after the first render they went out a
 * React render later (100–200 ms of a cold post page at load); and in this order /health and the
 * page's read are not queued behind the chunk's files (a browser opens six connections per host
 * over HTTP/1.1). docs/content.md, "Post page: cold render". Tests render the App with their own
 * router and drive the app store instead.
 */
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { parsePath } from 'react-router';
import { startHealthChecks, type HealthDeps } from './api/health';
import { createQueryClient } from './api/queryClient';
import { PATHS } from './routes';
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
  // The hash router's path (`/app/#/bw/blog/post/x?y` → `/bw/blog/post/x`).
  prefetchInitialRoute(parsePath(window.location.hash.slice(1) || '/').pathname ?? '/', queryClient);
  const router = createAppRouter();
  created.router = router;
  return { router, queryClient };
}
