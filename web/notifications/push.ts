/**
 * SEAM for browser push (spec §4 Login: "registered after 1 s"). The accounts flow calls
 * `schedulePushRegistration()` after login; the alerts issue fills in `registerPush`
 * (service worker + PushManager + PUT of the subscription). Today it only records the call.
 */
import { PUSH_REGISTRATION_DELAY_MS } from '@common/constants';

let timer: ReturnType<typeof setTimeout> | null = null;
let registrations = 0;

/** The registration itself (seam: no-op today). Service-worker errors are only logged (§8). */
export async function registerPush(): Promise<void> {
  registrations += 1;
}

/** Registers push after PUSH_REGISTRATION_DELAY_MS (1 s); a second call restarts the delay. */
export function schedulePushRegistration(delayMs: number = PUSH_REGISTRATION_DELAY_MS): void {
  cancelPushRegistration();
  timer = setTimeout(() => {
    timer = null;
    registerPush().catch((error: unknown) => console.warn('Push registration failed', error));
  }, delayMs);
}

/** Cancels a pending registration (logout). */
export function cancelPushRegistration(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}

/** How many times registerPush ran (tests). */
export function pushRegistrationCount(): number {
  return registrations;
}
