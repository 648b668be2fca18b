/**
 * Tracking for the signed-in user (spec §4 Login "Tracking starts", §6: roleType and roleFunction
 * are passed to analytics and support tools — the server attaches them to every stored event).
 * First-party product usage tracking: web/usage/.
 */
import { startUsageTracking, stopUsageTracking } from '../usage';

export interface TrackingIdentity {
  userId: string;
  email?: string | null;
  roleType?: string | null;
  roleFunction?: string | null;
}

let identity: TrackingIdentity | null = null;

/** Starts tracking for the logged-in user (once per user: user info is applied again after profile edits). */
export function startTracking(user: TrackingIdentity): void {
  const same = identity?.userId === user.userId;
  identity = user;
  if (!same) startUsageTracking(user.userId);
}

/** Stops tracking (logout). */
export function stopTracking(): void {
  identity = null;
  stopUsageTracking();
}

/** The identity tracking was started with (tests). */
export function trackingIdentity(): TrackingIdentity | null {
  return identity;
}
