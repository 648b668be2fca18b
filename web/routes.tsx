/**
 * THE route table (spec §2): every route of the product with its title, access and menu place.
 * Routers, guards, menus and document titles are all derived from this one list, composed here in
 * order from the areas' lists in routing/table/ (menus list their routes in this order); the
 * shape of a route is in routing/routeDef.ts.
 *
 * To build a feature, give its route a `page` (a lazy import of a module whose default export is
 * the page component). A route without `page` shows its title and a "not available yet" panel
 * inside the real layout.
 */
import type { MenuArea, RouteDef } from './routing/routeDef';
import { ACCOUNT_ROUTES } from './routing/table/accountRoutes';
import { ADMIN_ROUTES } from './routing/table/adminRoutes';
import { CONTENT_ROUTES } from './routing/table/contentRoutes';
import { MARKET_ROUTES } from './routing/table/marketRoutes';
import { PRIMARY_ROUTES } from './routing/table/primaryRoutes';
import { PUBLIC_ROUTES, SPECIAL_ROUTES } from './routing/table/publicRoutes';

const notFound = () => import('./pages/special/NotFoundPage');

export const ROUTES: readonly RouteDef[] = [
  ...PUBLIC_ROUTES,
  ...SPECIAL_ROUTES,
  ...MARKET_ROUTES,
  ...PRIMARY_ROUTES,
  ...CONTENT_ROUTES,
  ...ACCOUNT_ROUTES,
  ...ADMIN_ROUTES,
  // Anything else.
  { path: '*', title: 'Not found', access: 'special', page: notFound },
];

/** Menu labels in header order. */
export const MENU_AREAS: ReadonlyArray<{ area: MenuArea; label: string; adminOnly?: boolean }> = [
  { area: 'market', label: 'Market' },
  { area: 'secondary', label: 'Secondary' },
  { area: 'primary', label: 'Primary' },
  { area: 'alerts', label: 'Alerts' },
  { area: 'help', label: 'Help' },
  { area: 'blog', label: 'Blog' },
  { area: 'admin', label: 'Admin', adminOnly: true },
];

/** Menu entry path: optional segments dropped (`/bw/market/detail/:metric?` → `/bw/market/detail`). */
export function menuPath(route: RouteDef): string {
  return route.path.replace(/\/:[^/]+\?/g, '');
}

/** Routes listed in a menu area, in table order. */
export function menuRoutes(area: MenuArea): RouteDef[] {
  return ROUTES.filter((r) => r.menu === area);
}
