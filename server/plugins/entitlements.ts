import type { FastifyRequest } from 'fastify';
import type { FeatureName } from '@common/features';
import { effectiveFeatureLevels, isProductionHost, usableFeatures } from '../services/accounts/features';
import { requireActiveSubscription } from '../services/accounts/trial';
import { unauthorized } from './errors';

/**
 * What a signed-in caller is entitled to — usable features, an active trial or subscription —
 * read from the database and remembered per process for a few seconds: market-data routes check
 * it on every request, and the bond table serves thousands of pages a second. An admin's change
 * of a feature level or a trial reaches every instance within ENTITLEMENT_TTL_MS.
 */
export const ENTITLEMENT_TTL_MS = 5_000;

interface Entry<T> {
  value: T;
  at: number;
}
const featureCache = new WeakMap<object, Map<string, Entry<ReadonlySet<FeatureName>>>>();
const subscriptionCache = new WeakMap<object, Map<string, Entry<true>>>();
const CACHE_MAX = 10_000;

function cacheOf<T>(holder: WeakMap<object, Map<string, Entry<T>>>, key: object): Map<string, Entry<T>> {
  let map = holder.get(key);
  if (!map) holder.set(key, (map = new Map()));
  if (map.size > CACHE_MAX) map.clear();
  return map;
}

/** The features usable by the caller on this deployment (401 without a signed-in caller). */
export async function callerFeatures(request: FastifyRequest): Promise<ReadonlySet<FeatureName>> {
  if (!request.auth) throw unauthorized();
  const { db, config, now } = request.server;
  const cache = cacheOf(featureCache, db);
  const hit = cache.get(request.auth.userId);
  if (hit && now() - hit.at < ENTITLEMENT_TTL_MS) return hit.value;
  const user = await db.selectFrom('users').select(['id', 'organization_id']).where('id', '=', request.auth.userId).executeTakeFirst();
  // A token outliving its account is entitled to nothing (routes that need the account say so).
  if (!user) return new Set();
  const levels = await effectiveFeatureLevels(db, { userId: user.id, organizationId: user.organization_id });
  const value: ReadonlySet<FeatureName> = new Set(usableFeatures(levels, isProductionHost(config)));
  cache.set(request.auth.userId, { value, at: now() });
  return value;
}

/** Throws 402 once the caller's trial has ended (employees and subscribed organisations pass). */
export async function assertActiveSubscription(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthorized();
  const { db, now } = request.server;
  const cache = cacheOf(subscriptionCache, db);
  const hit = cache.get(request.auth.userId);
  if (hit && now() - hit.at < ENTITLEMENT_TTL_MS) return;
  await requireActiveSubscription(request, undefined as never);
  cache.set(request.auth.userId, { value: true, at: now() });
}

/**
 * A response with the S&P ratings taken out, for a caller without `s_and_p_ratings`: every
 * `ratingSP` and a bond's `ratings.sp` become null, and S&P entries leave ratings histories. A copy: results may be shared
 * between callers through caches.
 */
export function withoutSpRatings(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) {
    const kept = value.filter((item) => !(item && typeof item === 'object' && (item as { agency?: unknown }).agency === 'sp'));
    return kept.map((item) => withoutSpRatings(item, depth + 1));
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = key === 'ratingSP' || (key === 'sp' && 'moody' in (value as object)) ? null : withoutSpRatings(item, depth + 1);
  }
  return out;
}
