import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FeatureName } from '@common/features';
import { assertActiveSubscription, callerFeatures } from './entitlements';
import { gatedVariant, holdsGatedData, withoutGatedData } from '../policies/gatedData';
import { type AccountAccess, canActOnAccount } from '../policies/accounts';
import { forbidden, unauthorized } from './errors';
import { defineCache } from '../services/caches/registry';

/** Who may call a route: anyone, a signed-in user, or an administrator. */
export type AccessLevel = 'public' | 'user' | 'admin';

/** Routes on one account (`/v2/user/:id/…`): the rule itself is server/policies/accounts.ts. */
export type { AccountAccess };

/**
 * What every route declares in its `config` (DESIGN: access is declared, not remembered). The
 * parts combine: `{ access: 'user', subscription: true, feature: 'sparklines' }` is a signed-in
 * caller whose trial has not ended and who has the feature.
 * - `access`: 401 without a signed-in caller unless `public`; 403 for a non-admin on `admin`.
 * - `feature`: 403 `{ error }` naming the feature when the caller cannot use it here.
 * - `subscription`: market data — 402 once the caller's trial has ended (employees, admins and
 *   subscribed organisations always pass).
 * - `account`: the route's `:id` is a user id that must be the caller's own (`own`), or the caller
 *   an admin (`ownOrAdmin`); 403 otherwise. Ownership of other things (a saved table) is the
 *   service's to check, with the predicates of server/policies/: only the service knows the owner.
 */
export interface RouteAccess {
  access?: AccessLevel;
  feature?: FeatureName;
  subscription?: boolean;
  account?: AccountAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    /** What of the answer this caller may see (gatedView); undefined until worked out. */
    gatedView: GatedView | null | undefined;
  }
}

/** Prefixes whose every route needs a signed-in caller, except the PUBLIC_ROUTES below. */
export const PROTECTED_PREFIXES = ['/v2/', '/admin/'] as const;

/**
 * The only routes under a protected prefix that anyone may call. Each also declares
 * `access: 'public'`; the app refuses to start when the two disagree, so opening a route to
 * anonymous callers is a change to this list, where a reviewer sees it.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  // The web app reports its errors before sign-in too (rate limited, text only).
  'POST /v2/client-errors',
  // Feed readers fetch the blog's public posts without signing in (posts marked public only).
  'GET /v2/blog/feed.atom',
  // Market hawk e-mails' one-click disable (and its undo): the unguessable, single-purpose code is the key.
  'POST /v2/hawk/disable/:disableCode',
  'POST /v2/hawk/disable/:disableCode/undo',
];

const isProtected = (url: string) => PROTECTED_PREFIXES.some((p) => url.startsWith(p));

/**
 * The level a route ends up with. Undeclared routes under a protected prefix are closed, never
 * open: a forgotten declaration fails the route-inventory test, and until then costs a 401, not a
 * leak. Outside those prefixes (sign-in under /auth, /health, the API document, the web app's
 * files) an undeclared route is public.
 */
function effectiveLevel(config: RouteAccess | undefined, url: string): AccessLevel {
  return config?.access ?? (isProtected(url) ? 'user' : 'public');
}

/** The access a route ends up with, in words (the generated table in docs/access.md). */
export function describeAccess(config: RouteAccess | undefined, url: string): string {
  const level = effectiveLevel(config, url);
  return [
    level,
    config?.account && (config.account === 'own' ? 'own account' : 'own account or admin'),
    config?.feature && `feature ${config.feature}`,
    config?.subscription && 'active subscription',
  ]
    .filter(Boolean)
    .join(' + ');
}

/** Throws at registration for a declaration that cannot be meant: the app does not start. */
function checkDeclaration(route: RouteOptions): void {
  const config = route.config as RouteAccess | undefined;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD') continue;
    const name = `${method} ${route.url}`;
    const listed = PUBLIC_ROUTES.includes(name);
    if (config?.access === 'public' && (config.feature || config.subscription || config.account)) {
      throw new Error(`${name}: a public route cannot need a feature, a subscription or an account (declare access 'user')`);
    }
    if (config?.account && !route.url.includes('/:id')) throw new Error(`${name} declares account access but has no :id parameter`);
    if (config?.access === 'public' && isProtected(route.url) && !listed) {
      throw new Error(
        `${name} declares access 'public' under ${route.url.split('/')[1]}/: add it to PUBLIC_ROUTES in server/plugins/access.ts`,
      );
    }
    if (listed && config?.access !== 'public') throw new Error(`${name} is in PUBLIC_ROUTES but declares access '${config?.access}'`);
  }
}

/**
 * One hook decides every route's access from its declaration, in onRequest right after the
 * bearer token is read (plugins/auth.ts) and the maintenance gate: before the body is parsed or
 * anything validated, so an anonymous caller gets 401 — never a 400 naming a field, nor a parse
 * error — and a user 403 on an admin route or without the route's feature, 402 on market data
 * once the trial has ended. Register before the routes (the declarations are checked as they
 * come).
 */
export function registerAccess(app: FastifyInstance): void {
  app.addHook('onRoute', checkDeclaration);
  app.decorateRequest('gatedView', undefined);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (!url) return; // no route: the 404 handler answers
    const config = request.routeOptions.config as RouteAccess | undefined;
    const level = effectiveLevel(config, url);
    if (level === 'public') return;
    if (!request.auth) throw unauthorized();
    if (level === 'admin' && !request.auth.isAdmin) throw forbidden('Administrator access required');
    if (config?.account) {
      const { id } = request.params as { id?: string };
      if (!canActOnAccount(config.account, request.auth, id)) {
        throw forbidden(config.account === 'own' ? 'Only the account owner can do this' : 'You can only access your own account');
      }
    }
    if (config?.subscription) await assertActiveSubscription(request);
    if (config?.feature && !(await callerFeatures(request)).has(config.feature)) {
      throw forbidden(`The feature "${config.feature}" is not available for your account`);
    }
  });

  // Data behind a feature (server/policies/gatedData.ts: S&P ratings, the discount margin, the
  // term-structure levels and bonds) reaches only callers with it, on every product route (the
  // bond list decides its columns itself: it sends ready-made JSON text). Runs after the answer
  // reuse (plugins/answerReuse.ts), which may already have the text this caller may see.
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const view = await gatedView(request, reply, payload);
    if (!view || view.sentAsText || !view.features) return payload;
    return withoutGatedData(payload, view.features, view.route);
  });
}

/**
 * What of an answer a caller may see: the caller's features when the answer holds gated data,
 * and the variant's name (equal for callers who see the same answer). Worked out once per
 * request, for the withholding above and the answer reuse; undefined where nothing is withheld
 * (refusals, anonymous callers, routes outside /v2/, answers that are not objects).
 */
export interface GatedView {
  route: string;
  features: ReadonlySet<FeatureName> | undefined;
  variant: string;
  /** The answer reuse sends text kept for this variant: nothing is left to withhold. */
  sentAsText: boolean;
}

export async function gatedView(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<GatedView | undefined> {
  const known = request.gatedView;
  if (known !== undefined) return known ?? undefined;
  let view: GatedView | null = null;
  // Refusals carry no data (and must not depend on a database that may be what failed).
  if (reply.statusCode < 400 && request.auth && typeof payload === 'object' && payload !== null) {
    if (request.routeOptions.url?.startsWith('/v2/')) {
      const route = `${request.method} ${request.routeOptions.url}`;
      // Nothing gated in it (most answers, every notification poll): the same for every caller.
      const features = holdsGated(payload, route) ? await callerFeatures(request) : undefined;
      view = { route, features, variant: features ? gatedVariant(features) : '', sentAsText: false };
    }
  }
  request.gatedView = view;
  return view ?? undefined;
}

/** Whether an answer holds gated fields; remembered only for a frozen answer, which cannot gain any. */
function holdsGated(payload: object, route: string): boolean {
  if (!Object.isFrozen(payload)) return holdsGatedData(payload, route);
  let gated = gatedPayloads.get(payload);
  if (gated === undefined) gatedPayloads.set(payload, (gated = holdsGatedData(payload, route)));
  return gated;
}

const gatedPayloads = defineCache<object, boolean>({
  name: 'access.gatedPayloads',
  home: 'server/plugins/access.ts',
  per: 'answer object',
  key: '—',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['nothing: only frozen answers are remembered (deepFreeze), and they cannot change'],
});
