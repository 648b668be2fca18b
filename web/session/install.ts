/**
 * Wires the accounts session into the shell once, at start-up (called from web/main.tsx):
 * the API client's before-request hook (refresh an expired access token first), the logout
 * hook, and — for a session restored from cookies — the refresh schedule.
 */
import { setBeforeRequest } from '../api/client';
import { registerAccountsLogoutHook } from './logout';
import { ensureFreshSession, scheduleRefresh } from './refresh';

let installed = false;

/**
 * True once installSession ran (the real app). The logged-in layout's SessionGate is active only
 * then, so shell tests that render the App without the accounts runtime are not gated.
 */
export function isSessionInstalled(): boolean {
  return installed;
}

export function installSession(): void {
  if (installed) return;
  installed = true;
  setBeforeRequest(ensureFreshSession);
  registerAccountsLogoutHook();
  scheduleRefresh();
}
