/**
 * Logout as one place: clears the session store and runs hooks other features register
 * (e.g. accounts: tell the server, stop notification polling, clear stored notifications).
 */
import { STORAGE_KEYS } from '@common/constants';
import { useSession } from './session';

type LogoutHook = () => void | Promise<void>;
const hooks = new Set<LogoutHook>();

/** Registers work to do on logout; returns an unregister function. */
export function onLogout(hook: LogoutHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Runs every hook (failures are logged, never block logout), then clears the session. */
export async function runLogoutHooks(): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      console.warn('Logout hook failed', error);
    }
  }
  try {
    localStorage.removeItem(STORAGE_KEYS.notifications);
  } catch {
    /* ignore */
  }
  useSession.getState().clear();
}
