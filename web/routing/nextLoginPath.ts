/**
 * The remembered "next login path" (spec §2): stored by the guard when it sends a user to login,
 * used once after login.
 */
import { STORAGE_KEYS } from '@common/constants';
import { afterLoginPath } from './guards';

export function readNextLoginPath(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.nextLoginPath);
  } catch {
    return null;
  }
}

export function rememberNextLoginPath(path: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.nextLoginPath, path);
  } catch {
    /* storage unavailable: nothing to remember */
  }
}

export function forgetNextLoginPath(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.nextLoginPath);
  } catch {
    /* ignore */
  }
}

/**
 * For the login page: where to go after a successful login. Uses (and removes) the remembered
 * path, falling back to the market summary. (The guard does the same on its own when a logged-in
 * user is on an auth page, so calling setSession is enough.)
 */
export function takeNextLoginPath(): string {
  const path = afterLoginPath(readNextLoginPath());
  forgetNextLoginPath();
  return path;
}
