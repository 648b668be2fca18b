import type { FastifyInstance, HTTPMethods } from 'fastify';
import { describeAccess, type RouteAccess } from './access';
import type { RouteCost } from './expensiveLimit';

/** One route as registered: what the hostile-input suite and the access table walk over. */
export interface InventoryRoute {
  method: HTTPMethods;
  /** Fastify's path pattern, e.g. "/v2/bond/:id". */
  url: string;
  /** Hidden from the OpenAPI document (static files, the document itself). */
  hidden: boolean;
  /** The route declared its access in `config.access`. */
  declared: boolean;
  /** Its access in words: "public", "user + feature sparklines + active subscription", … */
  access: string;
  /** The route declared `config.expensive` (server/plugins/expensiveLimit.ts). */
  expensive: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in registration order (filled by an onRoute hook). */
    routeInventory: InventoryRoute[];
  }
}

/**
 * Records every route as it is registered, so tests can cover each one without anyone keeping a
 * list: a new route is in the inventory the moment it exists. Register before the routes.
 */
export function registerRouteInventory(app: FastifyInstance): void {
  const routes: InventoryRoute[] = [];
  app.decorate('routeInventory', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const config = route.config as (RouteAccess & RouteCost) | undefined;
      routes.push({
        method,
        url: route.url,
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
        declared: config?.access !== undefined,
        access: describeAccess(config, route.url),
        expensive: config?.expensive === true,
      });
    }
  });
}
