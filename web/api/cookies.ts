/**
 * document.cookie helpers. The server's auth response carries cookie descriptors (spec §3
 * "Auth response"); the client writes them as given, so the server decides lifetime and scope.
 */

/** Cookie descriptor as sent by the server's auth response (all but name/value optional). */
export interface CookieDescriptor {
  name: string;
  value: string;
  path?: string;
  domain?: string;
  /** Seconds. */
  maxAge?: number;
  secure?: boolean;
  sameSite?: 'strict' | 'lax' | 'none' | 'Strict' | 'Lax' | 'None' | boolean;
  /** Absolute expiry (ISO string or epoch ms); maxAge wins when both are present. */
  expiration?: string | number;
}

/** Reads a cookie value, or null when absent. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const pair of document.cookie.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    if (pair.slice(0, index).trim() === name) return decodeURIComponent(pair.slice(index + 1).trim());
  }
  return null;
}

/** Writes a cookie from a descriptor. */
export function writeCookie(descriptor: CookieDescriptor): void {
  const parts = [`${descriptor.name}=${encodeURIComponent(descriptor.value)}`];
  parts.push(`path=${descriptor.path ?? '/'}`);
  if (descriptor.domain) parts.push(`domain=${descriptor.domain}`);
  if (descriptor.maxAge !== undefined) parts.push(`max-age=${Math.floor(descriptor.maxAge)}`);
  else if (descriptor.expiration !== undefined) {
    parts.push(`expires=${new Date(descriptor.expiration).toUTCString()}`);
  }
  if (descriptor.sameSite !== undefined && descriptor.sameSite !== false) {
    const value = descriptor.sameSite === true ? 'strict' : descriptor.sameSite.toLowerCase();
    parts.push(`samesite=${value}`);
  }
  if (descriptor.secure) parts.push('secure');
  document.cookie = parts.join('; ');
}

/** Deletes a cookie (on the given path/domain, default "/"). */
export function deleteCookie(name: string, path = '/', domain?: string): void {
  writeCookie({ name, value: '', path, domain, maxAge: 0 });
}
