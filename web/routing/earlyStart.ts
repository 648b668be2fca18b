/**
 * What the opening page waits for, started by the first module the entry evaluates (web/boot.ts),
 * while the rest of the start-up bundle — React, Mantine, the router, the API schemas: ~800 KB,
 * 300–400 ms of evaluation on a loaded machine — is still being evaluated:
 * - the first health check (api/health.ts: the first check adopts the request);
 * - the opening route's page chunk (the router's `lazy` later gets the same module);
 * - with a session whose access token is still fresh, the page's own reads (`prefetch` in
 *   routes.tsx; routing/prefetch.ts puts their answers into the page's queries, or drops them if
 *   the health check fails or reports maintenance). An expired token waits for the session's
 *   refresh as usual (prefetch.ts asks later, through the refreshing client).
 * Only light modules are imported here, so that all this runs before the heavy ones evaluate.
 * docs/content.md, "Post page: cold render".
 */
import { matchRoutes, parsePath } from 'react-router';
import { api } from '../api/client';
import { requestHealthEarly } from '../api/health';
import { decodeJwt, isExpired } from '../api/jwt';
import { ROUTES } from '../routes';
import type { RouteDef } from './routeDef';
import { useSession } from '../stores/session';
import { USER_PATHS } from '@common/api/user';

const early = new Map<string, Promise<unknown>>();

/** The hash router's path: `#/bw/blog/post/x?y` → `/bw/blog/post/x`. */
export function hashPathname(hash: string): string {
  return parsePath(hash.slice(1) || '/').pathname || '/';
}

type Opening = { route: RouteDef; params: Record<string, string> } | null;
let lastOpening: { pathname: string; opening: Opening } | null = null;

/** The route the router will match for `pathname` (the same table, the same matching; the last answer kept). */
export function openingRoute(pathname: string): Opening {
  if (lastOpening?.pathname !== pathname) {
    const last = matchRoutes(
      ROUTES.map((route) => ({ path: route.path, handle: route })),
      pathname,
    )?.at(-1);
    lastOpening = { pathname, opening: last ? { route: last.route.handle, params: last.params as Record<string, string> } : null };
  }
  return lastOpening.opening;
}

/** Whether the page at `pathname` may render before the session's user info is in (routes.tsx). */
export function rendersBeforeUserInfo(pathname: string): boolean {
  return openingRoute(pathname)?.route.beforeUserInfo === true;
}

/** The API paths the page at `pathname` reads first (none when it declares no `prefetch`). */
export function routeReads(pathname: string): string[] {
  const opening = openingRoute(pathname);
  return opening?.route.prefetch?.(opening.params) ?? [];
}

function freshSession(): boolean {
  const { accessToken } = useSession.getState();
  if (!accessToken) return false;
  try {
    return !isExpired(decodeJwt(accessToken));
  } catch {
    return false;
  }
}

/** Starts the health check, the page chunk and (fresh session) the page's reads for the app opening at `pathname`. */
export function startEarly(pathname: string): void {
  requestHealthEarly();
  const opening = openingRoute(pathname);
  const loggedIn = useSession.getState().accessToken !== null;
  // A visitor on a logged-in page is sent to login: its chunk would be loaded for nothing.
  if (opening?.route.page && (loggedIn || opening.route.access === 'public')) void opening.route.page().catch(() => undefined);
  if (!freshSession()) return;
  const paths = routeReads(pathname);
  // A page that renders before the user info waits only for the consent check: send it too.
  const userId = opening?.route.beforeUserInfo ? decodeJwt(useSession.getState().accessToken!).sub : undefined;
  if (userId) paths.push(USER_PATHS.tos({ id: userId }));
  for (const path of paths) {
    const answer = api.get(path);
    answer.catch(() => undefined); // read (and reported) by whoever adopts it
    early.set(path, answer);
  }
}

/** The early request for `path`, once: the caller owns its answer from now on. */
export function takeEarlyRead(path: string): Promise<unknown> | undefined {
  const answer = early.get(path);
  early.delete(path);
  return answer;
}
