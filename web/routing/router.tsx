/**
 * Builds the React Router (hash routes, so the server only serves /app/) from the route table.
 * Pages are code-split: each route lazily loads its page module.
 */
import { createHashRouter, createMemoryRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { ROUTES } from '../routes';
import type { RouteDef } from './routeDef';
import { PageErrorScreen, PageFailed, Root, StartupScreen, RouteErrorScreen } from './Root';
import { Shell } from './Shell';

const notAvailable = () => import('../pages/common/NotAvailablePage');

function Redirect({ to }: { to: string }) {
  const params = useParams();
  const target = to.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return <Navigate to={target} replace />;
}

function toRouteObject(route: RouteDef): RouteObject {
  const handle = { route };
  if (route.redirect) return { path: route.path, handle, element: <Redirect to={route.redirect} /> };
  const load = route.page ?? notAvailable;
  return {
    path: route.path,
    handle,
    // A chunk that cannot be fetched (the server went away) must not reject: React Router renders
    // nothing at all below the root for a route whose `lazy` failed (no shell, no errorElement)
    // and nothing reacts, so the screen stayed blank until the next timed health check. The route
    // gets a page saying so instead, in the shell, and that page checks health at once. The
    // browser keeps a failed module import failed, so only a reload can fetch the page again.
    lazy: async () => {
      try {
        return { Component: (await load()).default };
      } catch (error) {
        return { Component: () => <PageFailed error={error} /> };
      }
    },
    // Inside the shell's outlet: a page that fails keeps the menus and header around it.
    errorElement: <PageErrorScreen />,
  };
}

/** Route objects for React Router, derived from ROUTES. */
export function routeObjects(): RouteObject[] {
  return [
    {
      element: <Root />,
      hydrateFallbackElement: <StartupScreen />,
      errorElement: <RouteErrorScreen />,
      children: [{ element: <Shell />, children: ROUTES.map(toRouteObject) }],
    },
  ];
}

/** The app's router: hash history (`/app/#/bw/market/summary`). */
export function createAppRouter() {
  return createHashRouter(routeObjects());
}

/** A memory router at a given path (tests). */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(routeObjects(), { initialEntries: [initialPath] });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
