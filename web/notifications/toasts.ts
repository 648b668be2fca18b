/**
 * Notification toasts (spec §8: at the top, white text, 3.5 s), each clickable to what it is
 * about: a deal (messages, new deals), a bond, or the alert history.
 */
import { notifications } from '@mantine/notifications';
import { NOTIFICATION_TOAST_MS } from '@common/constants';
import type { NotificationDto } from '@common/api/notifications';

/** At most this many toasts for one answer; the rest are in the stored list. */
const TOASTS_PER_ANSWER = 3;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
const id = (value: unknown): string | undefined =>
  typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? String(value) : undefined;

/** Where a click on the notification leads (a route of web/routes.tsx), if anywhere. */
export function notificationTarget(n: NotificationDto): string | undefined {
  const dealId = id(n.payload.dealId);
  if (dealId) return `/bw/primary/pricing/${dealId}`;
  const bondId = id(n.payload.bondId);
  if (bondId) return `/bw/bond/${bondId}/history`;
  if (n.category === 'markethawk') return '/bw/alerts/history';
  const shareId = text(n.payload.shareId);
  if (shareId && /^[0-9a-f-]{36}$/i.test(shareId)) return `/bw/share/accept/${shareId}`;
  return undefined;
}

export function notificationTitle(n: NotificationDto): string {
  if (n.type === 'unreadmessage') return 'New deal message';
  if (n.type === 'markethawkalert') return 'Market Hawk alert';
  if (n.category === 'new_primary_deals') return 'New primary deal';
  return text(n.payload.title) ?? 'Notification';
}

/** Shows toasts for newly arrived notifications; `navigate` follows a click. */
export function showNotificationToasts(list: NotificationDto[], navigate: (path: string) => void): void {
  for (const n of list.slice(-TOASTS_PER_ANSWER)) {
    const target = notificationTarget(n);
    notifications.show({
      id: `notification-${n.id}`,
      title: notificationTitle(n),
      // Plain text: React escapes it (messages may hold anything a sender typed).
      message: text(n.payload.text) ?? text(n.payload.title) ?? '',
      autoClose: NOTIFICATION_TOAST_MS,
      color: 'blue',
      className: 'bw-notification-toast',
      styles: {
        root: { backgroundColor: 'var(--mantine-color-blue-filled)', cursor: target ? 'pointer' : undefined },
        title: { color: '#fff' },
        description: { color: '#fff' },
      },
      'data-testid': 'notification-toast',
      onClick: target
        ? () => {
            notifications.hide(`notification-${n.id}`);
            navigate(target);
          }
        : undefined,
    } as Parameters<typeof notifications.show>[0]);
  }
}
