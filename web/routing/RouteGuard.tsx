/**
 * Applies the §2 routing rules (decided by guards.ts) to the current location, and sets
 * document.title from the route table.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { useAppStore } from '../stores/app';
import { useSession } from '../stores/session';
import { decideRedirect, isRefusedAdminRoute, NOT_PERMITTED_TITLE } from './guards';
import { forgetNextLoginPath, readNextLoginPath, rememberNextLoginPath } from './nextLoginPath';
import { documentTitle } from './title';
import { useRouteDef } from './useRouteDef';

export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.accessToken !== null);
  const isAdmin = useSession((s) => s.isAdmin);
  const maintenanceMode = useAppStore((s) => s.maintenanceMode);
  const route = useRouteDef();
  const path = location.pathname + location.search;
  const decision = decideRedirect({ path, loggedIn, isAdmin, maintenanceMode, nextLoginPath: readNextLoginPath() });
  const key = decision ? JSON.stringify(decision) : '';
  // One redirect per location: while a redirect to a lazily loaded page is pending, the old
  // location re-renders with the remembered path already consumed; deciding again would
  // overwrite the first redirect. A location is told apart by the router's location object, not
  // its `key`: every hash change the app did not make itself (typed, pasted, back/forward past
  // the first entry) has the key "default", so a key would allow only the first of them.
  const redirectedFrom = useRef<Location | null>(null);

  useEffect(() => {
    if (!decision) return;
    if (redirectedFrom.current === location) return;
    redirectedFrom.current = location;
    if (decision.remember) rememberNextLoginPath(decision.remember);
    if (decision.consumeNextLoginPath) forgetNextLoginPath();
    void navigate(decision.to, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the decision is keyed by value
  }, [key, location]);

  const refused = isRefusedAdminRoute(route, loggedIn, isAdmin);
  useEffect(() => {
    if (route && !route.redirect) document.title = documentTitle(refused ? NOT_PERMITTED_TITLE : route.title);
  }, [route, refused]);

  return decision ? null : <>{children}</>;
}
