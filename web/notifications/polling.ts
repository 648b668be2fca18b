/**
 * SEAM for the alerts issue (spec §4 Notification polling). The accounts flow calls
 * `startNotificationPolling()` after login and `stopNotificationPolling()` on logout; today both
 * only record state. The alerts engineer replaces the bodies with the real long-poll
 * (GET /v2/user/notification/poll, jitter and backoff of §9) without touching the callers.
 */

let running = false;

/** Starts notification long-polling (no-op seam; idempotent). */
export function startNotificationPolling(): void {
  running = true;
}

/** Stops notification long-polling (no-op seam; idempotent). */
export function stopNotificationPolling(): void {
  running = false;
}

/** True between start and stop (lets tests and the alerts issue see the seam's state). */
export function isNotificationPollingRunning(): boolean {
  return running;
}
