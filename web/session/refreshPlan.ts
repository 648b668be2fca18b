/**
 * When to refresh the session (spec §4 Login, §9), as a pure function:
 * - refresh token with REFRESH_TOKEN_MIN_REMAINING_MS (1 s) or less left → log out (and reload);
 * - access token already expired → refresh now;
 * - otherwise refresh after min(TOKEN_REFRESH_MAX_MS (4 h), half the access token's remaining life).
 * A token without an exp claim never expires (spec §5), so it is refreshed after 4 h.
 */
import { REFRESH_TOKEN_MIN_REMAINING_MS, TOKEN_REFRESH_MAX_MS } from '@common/constants';
import { decodeJwt, msUntilExpiry } from '../api/jwt';

export type RefreshPlan = { kind: 'logout' } | { kind: 'refreshNow' } | { kind: 'schedule'; delayMs: number };

/**
 * Milliseconds the refresh token (unreadable, in its HttpOnly cookie) has left: the expiry the
 * last auth response gave, else the access token's `rexp` claim (epoch seconds), else unlimited
 * (the server refuses the token when it is no longer valid).
 */
export function refreshTokenRemainingMs(accessToken: string, knownExpiresAtMs: number | null, nowMs: number): number {
  if (knownExpiresAtMs !== null) return knownExpiresAtMs - nowMs;
  const rexp = decodeJwt(accessToken).rexp;
  return typeof rexp === 'number' ? rexp * 1000 - nowMs : Number.POSITIVE_INFINITY;
}

export interface RefreshPlanInput {
  accessToken: string;
  /** Expiry of an opaque refresh token, when the server told us (epoch ms). */
  refreshExpiresAtMs?: number | null;
  nowMs: number;
}

/** Decides what to do about the current session's tokens. Throws `Invalid JWT token` for a bad access token. */
export function planRefresh(input: RefreshPlanInput): RefreshPlan {
  const { accessToken, nowMs } = input;
  const refreshLeft = refreshTokenRemainingMs(accessToken, input.refreshExpiresAtMs ?? null, nowMs);
  if (refreshLeft <= REFRESH_TOKEN_MIN_REMAINING_MS) return { kind: 'logout' };
  const accessLeft = msUntilExpiry(decodeJwt(accessToken), nowMs);
  if (accessLeft <= 0) return { kind: 'refreshNow' };
  return { kind: 'schedule', delayMs: Math.min(TOKEN_REFRESH_MAX_MS, Math.floor(accessLeft / 2)) };
}
