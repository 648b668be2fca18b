import type { FastifyRequest } from 'fastify';
import type { FeatureName } from '@common/features';
import { featuresOfUser } from '../services/accounts/features';
import { trialOfUser, trialEndedMessage } from '../services/accounts/trial';
import { HttpError, unauthorized } from './errors';
import { defineCache, type OwnedCache } from '../services/caches/registry';

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
const CACHE_MAX = 10_000;
const featureCache = defineCache<object, Map<string, Entry<ReadonlySet<FeatureName>>>>({
  name: 'entitlements.features',
  home: 'server/plugins/entitlements.ts',
  per: 'database',
  key: 'user id',
  lifetime: { ms: ENTITLEMENT_TTL_MS, clock: "caller's now" },
  invalidatedBy: ["an admin's change of a feature level (reaches every instance within the lifetime)"],
  bound: CACHE_MAX,
});
const subscriptionCache = defineCache<object, Map<string, Entry<true>>>({
  name: 'entitlements.activeSubscription',
  home: 'server/plugins/entitlements.ts',
  per: 'database',
  key: 'user id (only a pass is kept)',
  lifetime: { ms: ENTITLEMENT_TTL_MS, clock: "caller's now" },
  invalidatedBy: ["an admin's change of a trial or subscription (reaches every instance within the lifetime)"],
  bound: CACHE_MAX,
});

function cacheOf<T>(holder: OwnedCache<object, Map<string, Entry<T>>>, key: object): Map<string, Entry<T>> {
  const map = holder.of(key, () => new Map());
  if (map.size > CACHE_MAX) map.clear();
  return map;
}

/** The features usable by the caller on this deployment (401 without a signed-in caller). */
export async function callerFeatures(request: FastifyRequest): Promise<ReadonlySet<FeatureName>> {
  const { userId } = request.user;
  const { db, now } = request.server;
  const cache = cacheOf(featureCache, db);
  const hit = cache.get(userId);
  if (hit && now() - hit.at < ENTITLEMENT_TTL_MS) return hit.value;
  return featureCache.readOnce(db, userId, () => readFeatures(request, userId));
}

async function readFeatures(request: FastifyRequest, userId: string): Promise<ReadonlySet<FeatureName>> {
  const { db, config, now } = request.server;
  const cache = cacheOf(featureCache, db);
  // A token outliving its account is entitled to nothing (routes that need the account say so).
  const value = await featuresOfUser(db, config, userId);
  cache.set(userId, { value, at: now() });
  return value;
}

/**
 * Throws 402 with the way out once the caller's trial has ended (employees, admins and
 * subscribed organisations have no trial and pass), 401 when the account no longer exists.
 * Only a pass is remembered: an ended trial is re-read on each call, so an extension by an admin
 * applies at once.
 */
export async function assertActiveSubscription(request: FastifyRequest): Promise<void> {
  const { userId } = request.user;
  const { db, config, now } = request.server;
  const cache = cacheOf(subscriptionCache, db);
  const hit = cache.get(userId);
  if (hit && now() - hit.at < ENTITLEMENT_TTL_MS) return;
  const trial = await subscriptionCache.readOnce(db, userId, () => trialOfUser(db, config, userId, new Date(now())));
  if (!trial) throw unauthorized('Your account no longer exists; please sign in again');
  if (trial.state === 'trialEnded') throw new HttpError(402, trialEndedMessage(config.supportEmail));
  cache.set(userId, { value: true, at: now() });
}
