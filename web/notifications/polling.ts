/**
 * Notification long-polling (spec §4): started after login, stopped on logout, on a 401 and when
 * the backoff gives up (web/notifications/poller.ts has the timing). Every answer is stored
 * (storage.ts), refreshes the badges, triggers a message fetch when it holds deal messaging
 * notifications, and shows toasts for what is new (not for a replay at start).
 */
import { NOTIFICATION_PATHS, type PollResponse } from '@common/api/notifications';
import { api } from '../api/client';
import { fetchMessages } from '../stores/messages';
import { refreshStatusBadges } from './badges';
import { announceChange } from './changes';
import { createPoller, type Poller } from './poller';
import { storeNotifications, storedCursor } from './storage';
import { showNotificationToasts } from './toasts';

let poller: Poller | null = null;

/** Follows a toast's link inside the hash-routed app. */
function navigate(path: string): void {
  window.location.hash = `#${path}`;
}

/** Starts notification long-polling (idempotent). */
export function startNotificationPolling(): void {
  if (poller?.running) return;
  poller = createPoller({
    poll: (cursor, signal) => api.get<PollResponse>(NOTIFICATION_PATHS.poll, { query: { cursor }, signal }),
    initialCursor: storedCursor(),
    onNotifications: (list, { initial }) => {
      storeNotifications(list);
      refreshStatusBadges();
      // A firing changes its alert's "Last fired" (and a "once" alert's state) on the alerts pages.
      if (list.some((n) => n.category === 'markethawk')) announceChange('hawk', { otherTabs: false });
      if (list.some((n) => n.category === 'primary_deal_messaging')) {
        fetchMessages().catch((error: unknown) => console.warn('Messages could not be loaded', error));
      }
      if (!initial) showNotificationToasts(list, navigate);
    },
  });
  poller.start();
}

/** Stops notification long-polling (idempotent). */
export function stopNotificationPolling(): void {
  poller?.stop();
  poller = null;
}

/** True between start and stop. */
export function isNotificationPollingRunning(): boolean {
  return poller?.running ?? false;
}
