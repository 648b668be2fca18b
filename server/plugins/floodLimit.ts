import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors';

/**
 * The API-wide flood limit: `max` requests a minute per client address over every route (except
 * those that opt out with `rateLimit: false`, like /health), counted in this process's memory. An
 * app-level onRequest hook registered before authentication, so it counts every call — anonymous,
 * badly signed or refused ones included — before the server spends anything on them (verifying a
 * token costs more than refusing a flood). Routes' own, stricter limits (guessing limits) come on
 * top, per route.
 */
export function registerFloodLimit(app: FastifyInstance, max: number): void {
  const check = app.createRateLimit({ max, timeWindow: 60_000 });
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.rateLimit === false) return;
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    void reply.header('retry-after', String(limit.ttlInSeconds));
    throw tooManyRequests(`Too many requests, try again in ${limit.ttlInSeconds} s`);
  });
}
