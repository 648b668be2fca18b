/**
 * SEAM for first-party analytics / support tooling (spec §4 Login "Tracking starts", §6: roleType
 * and roleFunction are passed to analytics and support tools). The integrations issue fills these in.
 */

export interface TrackingIdentity {
  userId: string;
  email?: string | null;
  roleType?: string | null;
  roleFunction?: string | null;
}

let identity: TrackingIdentity | null = null;

/** Starts tracking for the logged-in user (no-op seam; records the identity). */
export function startTracking(user: TrackingIdentity): void {
  identity = user;
}

/** Stops tracking (logout). */
export function stopTracking(): void {
  identity = null;
}

/** The identity tracking was started with (tests). */
export function trackingIdentity(): TrackingIdentity | null {
  return identity;
}
