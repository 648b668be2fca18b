/**
 * Minimal JWT reading for the browser (spec §5). The client never verifies signatures — the
 * server does — it only reads claims to schedule refreshes and to reflect the admin scope.
 */

export interface JwtPayload {
  sub?: string;
  /** Expiry in seconds since the epoch; missing means the token never expires. */
  exp?: number;
  iat?: number;
  /** Space-separated scopes; includes "admin" for admins (spec §6). */
  scope?: string;
  [claim: string]: unknown;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Decodes a JWT's payload. Throws `Invalid JWT token` unless the token has exactly three
 * dot-separated parts and a JSON object payload.
 */
export function decodeJwt(token: string): JwtPayload {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('Invalid JWT token');
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1] ?? ''));
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw new Error();
    return payload as JwtPayload;
  } catch {
    throw new Error('Invalid JWT token');
  }
}

/** Milliseconds until expiry (may be negative); Infinity when the token has no exp claim. */
export function msUntilExpiry(payload: JwtPayload, nowMs: number = Date.now()): number {
  if (typeof payload.exp !== 'number') return Number.POSITIVE_INFINITY;
  return payload.exp * 1000 - nowMs;
}

/** True when the token has an exp claim in the past. A token without exp never expires. */
export function isExpired(payload: JwtPayload, nowMs: number = Date.now()): boolean {
  return msUntilExpiry(payload, nowMs) <= 0;
}

/** True when the space-separated scope claim contains `scope`. */
export function hasScope(payload: JwtPayload, scope: string): boolean {
  return typeof payload.scope === 'string' && payload.scope.split(/\s+/).includes(scope);
}
