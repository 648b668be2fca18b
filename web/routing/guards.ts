/**
 * Routing rules of spec §2 as pure functions, so each rule is unit-tested on its own.
 * The <RouteGuard> component applies the decision (navigate + local-storage side effects).
 */
import { matchRoutes } from 'react-router';
import { ROUTES } from '../routes';
import { PATHS } from './paths';
import type { RouteDef } from './routeDef';

const matchable = ROUTES.map((route, index) => ({ path: route.path, id: String(index) }));

/** The route-table entry a path resolves to (the catch-all "*" for unknown paths). */
export function findRoute(path: string): RouteDef {
  const pathname = path.split(/[?#]/)[0] || '/';
  const matches = matchRoutes(matchable, pathname);
  const last = matches?.[matches.length - 1];
  const route = last ? ROUTES[Number(last.route.id)] : undefined;
  return route ?? (ROUTES.find((r) => r.path === '*') as RouteDef);
}

export interface GuardInput {
  /** Current path inside the hash, with its query (e.g. "/bw/bond?x=1"). */
  path: string;
  loggedIn: boolean;
  isAdmin: boolean;
  maintenanceMode: boolean;
  /** The remembered "next login path" from local storage, if any. */
  nextLoginPath?: string | null;
}

export interface GuardDecision {
  /** Where to navigate (replace). */
  to: string;
  /** Store this path as the next login path (local storage). */
  remember?: string;
  /** The remembered next login path was used: remove it (it is used once). */
  consumeNextLoginPath?: boolean;
}

/**
 * Paths a non-admin may still open during maintenance: the maintenance page itself, login (so
 * admins can sign in; the spec is silent on this) and logout.
 */
function allowedDuringMaintenance(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return (
    pathname === PATHS.maintenance || pathname === PATHS.logout || pathname === PATHS.login || pathname.startsWith(`${PATHS.login}/e/`)
  );
}

/** Pages whose path is never remembered for after login (spec §2: error and logout pages). */
function neverRemembered(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return pathname === PATHS.error || pathname === PATHS.logout;
}

/** A remembered path is only trusted when it is an in-app path that needs a login. */
export function isUsableNextLoginPath(path: string | null | undefined): path is string {
  if (!path || !path.startsWith('/bw/')) return false;
  const route = findRoute(path);
  return (route.access === 'user' || route.access === 'admin') && route.path !== '*';
}

/** Where a user goes after login: the remembered path (once) or the market summary. */
export function afterLoginPath(nextLoginPath: string | null | undefined): string {
  return isUsableNextLoginPath(nextLoginPath) ? nextLoginPath : PATHS.marketSummary;
}

/**
 * Decides whether the current path must redirect. Rules, in order:
 * 1. maintenance on, non-admin, not an allowed page → /bw/maintenance;
 * 2. /bw/maintenance with maintenance off → market summary;
 * 3. a login-only route without login → /bw/login, remembering the path (not error/logout);
 * 4. a public authentication page while logged in → the remembered path (once) or market summary.
 * Returns null when the page may render.
 */
export function decideRedirect(input: GuardInput): GuardDecision | null {
  const { path, loggedIn, isAdmin, maintenanceMode } = input;
  const pathname = path.split('?')[0] ?? path;
  const route = findRoute(path);

  if (maintenanceMode && !isAdmin && !allowedDuringMaintenance(path)) {
    return { to: PATHS.maintenance };
  }
  if (pathname === PATHS.maintenance && !maintenanceMode) {
    return { to: PATHS.marketSummary };
  }
  if ((route.access === 'user' || route.access === 'admin') && !loggedIn) {
    return neverRemembered(path) ? { to: PATHS.login } : { to: PATHS.login, remember: path };
  }
  if (route.authPage && loggedIn) {
    return {
      to: afterLoginPath(input.nextLoginPath),
      ...(input.nextLoginPath != null ? { consumeNextLoginPath: true } : {}),
    };
  }
  return null;
}

/**
 * An admin route opened by a logged-in user without the admin scope: the page must not render
 * (its content and the admin API calls are admins' only); the shell shows a refusal instead.
 */
export function isRefusedAdminRoute(route: RouteDef | undefined, loggedIn: boolean, isAdmin: boolean): boolean {
  return route?.access === 'admin' && loggedIn && !isAdmin;
}

/** Title of the refusal shown for an admin route to a non-admin. */
export const NOT_PERMITTED_TITLE = 'Not permitted';

/** document.title for a route title: "Bondwise | Market summary". */
export { documentTitle } from './title';
