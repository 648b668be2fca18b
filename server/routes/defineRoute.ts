import { errorResponseSchema } from '@common/api/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AccessLevel } from '../plugins/access';

/** The refusals a route may document, each answered `{ "error": "a sentence" }`. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 423 | 429 | 503;

/** The schema parts a route may have; they reach Fastify (validation, serialisation) and the OpenAPI document. */
interface RouteSchemaParts {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The answers it documents; an entry here wins over a standard refusal of the same status. */
  response?: Record<number, z.ZodType>;
  description?: string;
  consumes?: string[];
  produces?: string[];
}

/**
 * One route, declared once: its access (server/plugins/access.ts — checked before anything is
 * parsed), its limits, its summary for the API document, its schemas, and the refusals it answers
 * beyond the standard ones.
 */
export type RouteDefinition = Omit<FastifyContextConfig, 'access'> &
  RouteSchemaParts & {
    access: AccessLevel;
    summary: string;
    /** A body limit of its own (bytes), when the app-wide one does not fit (uploads, batches). */
    bodyLimit?: number;
    /** Refusals beyond those its declaration implies (404 of a thing named in the body, 409 stale, 410 gone, …). */
    errors?: readonly ErrorStatus[];
  };

/** The keys of a definition that are the route's config (read by the access hook and the limits), not its schema. */
const CONFIG_KEYS = new Set<string>(['access', 'subscription', 'feature', 'account', 'expensive', 'rateLimit', 'sharedRateLimit']);

/** The keys that go to the schema as they are. */
const SCHEMA_KEYS = new Set<string>(['params', 'querystring', 'body', 'headers', 'description', 'consumes', 'produces']);

type SchemaKey = keyof RouteSchemaParts;

/** The answers as typed for the handler: its own, and `{ error }` for the statuses it does not define itself. */
type ResponseOf<D extends RouteDefinition> = D extends { response: infer R extends Record<number, z.ZodType> }
  ? { response: Omit<Record<ErrorStatus, typeof errorResponseSchema>, keyof R> & R }
  : unknown;

/** What Fastify receives: the config, and the schema with the resource's tag, the security and the refusals. */
export interface RouteOptions<D extends RouteDefinition> {
  config: FastifyContextConfig;
  bodyLimit?: number;
  schema: Pick<D, Exclude<Extract<keyof D, SchemaKey>, 'response'>> &
    ResponseOf<D> & {
      tags: string[];
      summary: string;
      security?: Array<Record<string, string[]>>;
    };
}

/**
 * The refusals a declaration implies: 400 when there is input to validate, 401 and 403 unless
 * public (the access hook), 402 on market data (a trial that has ended), 404 when the path names a
 * thing, 429 when expensive (the per-caller limit) — plus those the route lists in `errors`.
 */
export function standardErrors(definition: RouteDefinition): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(definition.errors);
  if (definition.params || definition.querystring || definition.body) statuses.add(400);
  if (definition.access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if (definition.subscription) statuses.add(402);
  if (definition.params) statuses.add(404);
  if (definition.expensive) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * A resource's route kit. `route(definition)` is the options of one route: the config the access
 * hook reads, tagged with the resource, bearer security unless public, the standard refusals
 * documented as `{ error }`, and the summary. `now()` is the app's clock as a Date (never the
 * machine's: tests move `app.now`).
 *
 * ```ts
 * const { route } = defineRoutes(app, { tag: 'issuer' });
 * app.get(ISSUER_PATHS.issuer.pattern, route({ access: 'user', subscription: true, summary: '…', params, response }), handler);
 * ```
 */
export function defineRoutes(app: FastifyInstance, resource: { tag: string }) {
  function route<const D extends RouteDefinition>(definition: D): RouteOptions<D> {
    const config: Record<string, unknown> = {};
    const options: Record<string, unknown> = {};
    const schema: Record<string, unknown> = { tags: [resource.tag], summary: definition.summary };
    for (const [key, value] of Object.entries(definition)) {
      if (CONFIG_KEYS.has(key)) config[key] = value;
      else if (key === 'bodyLimit') options[key] = value;
      else if (SCHEMA_KEYS.has(key)) schema[key] = value;
      // A key this file does not know (a new config option) would otherwise be dropped without a word.
      else if (key !== 'errors' && key !== 'response' && key !== 'summary')
        throw new Error(`route "${definition.summary}": unknown option ${key} (add it to defineRoute.ts)`);
    }
    if (definition.access !== 'public') schema.security = [{ bearer: [] }];
    // A route that answers a file (CSV, a workbook, a feed) declares no response: the document keeps
    // its default answer, which a list of refusals alone would replace.
    if (definition.response) {
      const refusals = standardErrors(definition).map((status) => [status, errorResponseSchema]);
      schema.response = { ...Object.fromEntries(refusals), ...definition.response };
    }
    return { ...options, config, schema } as unknown as RouteOptions<D>;
  }
  return { route, now: () => new Date(app.now()) };
}
