/**
 * Notifications kept in local storage under the §9 key (STORAGE_KEYS.notifications), newest
 * last, so a reload resumes the poll from the newest one. Logout removes the key (stores/logout.ts).
 */
import { STORAGE_KEYS } from '@common/constants';
import type { NotificationDto } from '@common/api/notifications';

/** How many notifications are kept. */
export const STORED_NOTIFICATIONS_MAX = 100;

export function readStoredNotifications(): NotificationDto[] {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEYS.notifications) ?? '[]') as unknown;
    return Array.isArray(value) ? (value.filter((n) => n && typeof (n as NotificationDto).id === 'string') as NotificationDto[]) : [];
  } catch {
    return [];
  }
}

/** Adds notifications (merged by id, ordered by id) and keeps the newest STORED_NOTIFICATIONS_MAX. */
export function storeNotifications(list: NotificationDto[]): NotificationDto[] {
  const byId = new Map(readStoredNotifications().map((n) => [n.id, n]));
  for (const n of list) byId.set(n.id, n);
  const all = [...byId.values()].sort((a, b) => compareIds(a.id, b.id)).slice(-STORED_NOTIFICATIONS_MAX);
  try {
    localStorage.setItem(STORAGE_KEYS.notifications, JSON.stringify(all));
  } catch {
    // Storage full or unavailable: the poll still works from its in-memory cursor.
  }
  return all;
}

/** The newest stored notification's id: where a reloaded tab resumes polling. */
export function storedCursor(): string | undefined {
  return readStoredNotifications().at(-1)?.id;
}

/** Numeric order of id strings (bigints as text). */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
