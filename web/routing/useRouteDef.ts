import { useMatches } from 'react-router';
import type { RouteDef } from './routeDef';

/** Route-table entry of the deepest matched route (from the route's `handle`). */
export function useRouteDef(): RouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { route?: RouteDef } | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}
