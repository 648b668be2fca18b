/**
 * Browser push (spec §4 Login: "registered after 1 s"; §8: service-worker errors are only
 * logged). After login the service worker is registered; when the user has browser
 * notifications on and the browser already granted permission, this device's subscription is
 * added to the notification preferences — saved only if app notifications are on (§4). The
 * permission itself is asked when the user turns browser notifications on in the profile.
 */
import { APP_BASE_PATH, PUSH_REGISTRATION_DELAY_MS } from '@common/constants';
import { NOTIFICATION_PATHS } from '@common/api/notifications';
import { USER_PATHS, type NotificationPreferences, type PushSubscriptionDto } from '@common/api/user';
import { api } from '../api/client';
import { useBadgeStore } from './badges';

let timer: ReturnType<typeof setTimeout> | null = null;
let registrations = 0;

/** The VAPID public key as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  const out = new Uint8Array(new ArrayBuffer(text.length));
  for (let k = 0; k < text.length; k++) out[k] = text.charCodeAt(k);
  return out;
}

/** The preferences with this device's subscription in them (one per endpoint). */
export function withSubscription(prefs: NotificationPreferences, sub: PushSubscriptionDto): NotificationPreferences {
  return { ...prefs, browserNotifications: [...prefs.browserNotifications.filter((s) => s.endpoint !== sub.endpoint), sub] };
}

/** Registers the service worker and, when allowed, this device's push subscription. */
export async function registerPush(): Promise<void> {
  registrations += 1;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') return;
  const userId = useBadgeStore.getState().userId;
  if (!userId) return;
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(`${APP_BASE_PATH}sw.js`, { scope: APP_BASE_PATH });
  } catch (error) {
    console.warn('Service worker registration failed', error);
    return;
  }
  const info = await api.get<{ notificationPreferences: NotificationPreferences }>(USER_PATHS.user({ id: userId }));
  const prefs = info.notificationPreferences;
  if (!prefs.appNotificationsOn || !prefs.browserNotificationsOn) return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const { publicKey } = await api.get<{ publicKey: string }>(NOTIFICATION_PATHS.pushKey);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return;
  const sub: PushSubscriptionDto = {
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  };
  if (prefs.browserNotifications.some((s) => s.endpoint === sub.endpoint)) return;
  await api.put(USER_PATHS.notificationPreferences({ id: userId }), withSubscription(prefs, sub));
}

export type BrowserPermission = NotificationPermission | 'unsupported';

/**
 * Asks the browser's permission to show notifications. Must run inside the user's gesture (the
 * profile's switch): browsers ignore or block a prompt that no click asked for.
 */
export async function askNotificationPermission(): Promise<BrowserPermission> {
  if (typeof Notification === 'undefined' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
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
