/**
 * What starts once per logged-in user (spec §4 Login): notification long-poll and status badges,
 * browser push after 1 s. Idempotent per user; the accounts logout hook stops it all.
 */
import { refreshStatusBadges } from '../notifications/badges';
import { startNotificationPolling } from '../notifications/polling';
import { schedulePushRegistration } from '../notifications/push';
import { onLogout } from '../stores/logout';

let startedFor: string | null = null;

export function startSessionServices(userId: string): void {
  if (startedFor === userId) return;
  startedFor = userId;
  startNotificationPolling();
  refreshStatusBadges(userId);
  schedulePushRegistration();
}

/** Forgets which user the services were started for (logout; tests). */
export function resetSessionServices(): void {
  startedFor = null;
}

onLogout(resetSessionServices);
