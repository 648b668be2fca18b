import type { FastifyRequest } from 'fastify';
import type { FeatureName } from '@common/features';
import { effectiveFeatureLevels, isProductionHost, usableFeatures } from '../services/accounts/features';
import { trialOfUser, trialEndedMessage } from '../services/accounts/trial';
import { HttpError, unauthorized } from './errors';
import { flightsOf, sharedRead } from '../services/sharedRead';

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
const featureFlights = new WeakMap<object, Map<unknown, Promise<ReadonlySet<FeatureName>>>>();
const trialFlights = new WeakMap<object, Map<unknown, Promise<Awaited<ReturnType<typeof trialOfUser>>>>>();

function cacheOf<T>(holder: WeakMap<object, Map<string, Entry<T>>>, key: object): Map<string, Entry<T>> {
  let map = holder.get(key);
  if (!map) holder.set(key, (map = new Map()));
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
  return sharedRead(flightsOf(featureFlights, db), userId, () => readFeatures(request, userId));
}

async function readFeatures(request: FastifyRequest, userId: string): Promise<ReadonlySet<FeatureName>> {
  const { db, config, now } = request.server;
  const cache = cacheOf(featureCache, db);
  const user = await db.selectFrom('users').select(['id', 'organization_id']).where('id', '=', userId).executeTakeFirst();
  // A token outliving its account is entitled to nothing (routes that need the account say so).
  if (!user) return new Set();
  const levels = await effectiveFeatureLevels(db, { userId: user.id, organizationId: user.organization_id });
  const value: ReadonlySet<FeatureName> = new Set(usableFeatures(levels, isProductionHost(config)));
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
  const trial = await sharedRead(flightsOf(trialFlights, db), userId, () => trialOfUser(db, config, userId, new Date(now())));
  if (!trial) throw unauthorized('Your account no longer exists; please sign in again');
  if (trial.state === 'trialEnded') throw new HttpError(402, trialEndedMessage(config.supportEmail));
  cache.set(userId, { value: true, at: now() });
}

/** Fields of product responses that only a feature unlocks; without it they are null. */
const GATED_FIELDS: ReadonlyArray<{ key: string; feature: FeatureName }> = [
  { key: 'ratingSP', feature: 's_and_p_ratings' },
  { key: 'discountMargin', feature: 'bond_table_discount_margin' },
];

/**
 * A response as a caller with these features may have it: every field of GATED_FIELDS the caller
 * lacks the feature for becomes null (bond rows in the bond detail, the market summary's most
 * active bonds, the market moves); without `s_and_p_ratings` a bond's `ratings.sp` becomes null
 * too and S&P entries leave ratings histories. A copy: results may be shared between callers
 * through caches. The walk keys on field names, so a new response carrying these fields is
 * covered without anyone remembering to.
 */
export function withoutGatedFields(value: unknown, features: ReadonlySet<FeatureName>): unknown {
  const hidden = new Set(GATED_FIELDS.filter((g) => !features.has(g.feature)).map((g) => g.key));
  if (hidden.size === 0) return value;
  return strip(value, hidden, hidden.has('ratingSP'), 0);
}

/** A name for what a caller with these features may see of gated fields (equal for equal answers). */
export function gatedVariant(features: ReadonlySet<FeatureName>): string {
  return GATED_FIELDS.map((g) => (features.has(g.feature) ? '1' : '0')).join('');
}

/**
 * Whether a response has anything {@link withoutGatedFields} could withhold (a gated field, a
 * `sp` rating beside a `moody` one, an S&P history entry). When it has none the answer is the
 * same for every caller, so the caller's features need not be read: a notification poll answers
 * thousands of held requests at once, and each would otherwise re-read them.
 */
export function holdsGatedFields(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > 12) return false;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item && typeof item === 'object' && (item as { agency?: unknown }).agency === 'sp') return true;
      if (holdsGatedFields(item, depth + 1)) return true;
    }
    return false;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (GATED_KEYS.has(key) || (key === 'sp' && 'moody' in (value as object))) return true;
    if (holdsGatedFields(item, depth + 1)) return true;
  }
  return false;
}

const GATED_KEYS = new Set(GATED_FIELDS.map((g) => g.key));

function strip(value: unknown, hidden: ReadonlySet<string>, noSp: boolean, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) {
    const kept = noSp
      ? value.filter((item) => !(item && typeof item === 'object' && (item as { agency?: unknown }).agency === 'sp'))
      : value;
    return kept.map((item) => strip(item, hidden, noSp, depth + 1));
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const withheld = hidden.has(key) || (noSp && key === 'sp' && 'moody' in (value as object));
    out[key] = withheld ? null : strip(item, hidden, noSp, depth + 1);
  }
  return out;
}
