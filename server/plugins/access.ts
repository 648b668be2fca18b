import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FeatureName } from '@common/features';
import { assertActiveSubscription, callerFeatures, withoutSpRatings } from './entitlements';
import { forbidden, unauthorized } from './errors';

/** Who may call a route: anyone, a signed-in user, or an administrator. */
export type AccessLevel = 'public' | 'user' | 'admin';

/**
 * What every route declares in its `config` (DESIGN: access is declared, not remembered):
 * `access`, and optionally a `feature` the caller must have (403 otherwise) and whether it needs
 * an active trial or subscription (`subscription`: 402 once a trial has ended).
 */
export interface RouteAccess {
  access?: AccessLevel;
  feature?: FeatureName;
  subscription?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
}

/** Prefixes whose routes need a signed-in caller unless they declare `access: 'public'`. */
export const PROTECTED_PREFIXES = ['/v2/', '/admin/'] as const;

/** The access a route ends up with, in words (the generated table in docs/access.md). */
export function describeAccess(config: RouteAccess | undefined, url: string): string {
  const level = effectiveLevel(config, url);
  return [level, config?.feature && `feature ${config.feature}`, config?.subscription && 'active subscription'].filter(Boolean).join(' + ');
}

function effectiveLevel(config: RouteAccess | undefined, url: string): AccessLevel {
  // Undeclared routes under a protected prefix are closed, never open: a forgotten declaration
  // fails the route-inventory test, and until then costs a 401, not a leak.
  return config?.access ?? (PROTECTED_PREFIXES.some((p) => url.startsWith(p)) ? 'user' : 'public');
}

/**
 * One hook decides every route's access from its declaration, after authentication and
 * before validation: an anonymous caller gets 401 (never a 400 naming a field), a user 403 on an
 * admin route or without the route's feature, 402 on market data once the trial has ended.
 */
export function registerAccess(app: FastifyInstance): void {
  // preValidation, not onRequest: the per-route rate limits run in onRequest and must count a
  // flood of anonymous calls too; preValidation still comes before any schema check.
  app.addHook('preValidation', async (request: FastifyRequest, _reply: FastifyReply) => {
    const url = request.routeOptions.url;
    if (!url) return; // no route: the 404 handler answers
    const config = request.routeOptions.config as RouteAccess | undefined;
    const level = effectiveLevel(config, url);
    if (level === 'public') return;
    if (!request.auth) throw unauthorized();
    if (level === 'admin' && !request.auth.isAdmin) throw forbidden('Administrator access required');
    if (config?.subscription) await assertActiveSubscription(request);
    if (config?.feature && !(await callerFeatures(request)).has(config.feature)) {
      throw forbidden(`The feature "${config.feature}" is not available for your account`);
    }
  });

  // S&P ratings in any product response reach only callers with the feature (the bond list's
  // columns are decided in the route itself: it sends ready-made JSON text).
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Refusals carry no data (and must not depend on a database that may be what failed).
    if (reply.statusCode >= 400 || !request.auth || typeof payload !== 'object' || payload === null) return payload;
    if (!request.routeOptions.url?.startsWith('/v2/')) return payload;
    if ((await callerFeatures(request)).has('s_and_p_ratings')) return payload;
    return withoutSpRatings(payload);
  });
}
