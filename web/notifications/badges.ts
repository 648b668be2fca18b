/**
 * Status badges (spec §3, §4 Login "status badges are refreshed"; GET /v2/user/{id}/status-badges):
 * a store of each menu section's active badges, refreshed after login, on every notification and
 * after messages are marked read; a visit to a section tells the server, which clears its
 * "since the last visit" badges.
 */
import { create } from 'zustand';
import { USER_PATHS, type StatusBadges } from '@common/api/user';
import { BADGE_SECTIONS, NOTIFICATION_PATHS, type BadgeSection } from '@common/api/notifications';
import { api } from '../api/client';
import { onLogout } from '../stores/logout';

interface BadgeState {
  userId: string | null;
  items: StatusBadges['items'];
}

export const useBadgeStore = create<BadgeState>()(() => ({ userId: null, items: [] }));

let refreshes = 0;
let running: Promise<void> | null = null;
let again = false;

/** Re-fetches the status badges (for `userId`, remembered for later calls); overlapping calls coalesce into one more fetch. */
export function refreshStatusBadges(userId?: string): void {
  refreshes += 1;
  if (userId) useBadgeStore.setState({ userId });
  if (running) {
    again = true;
    return;
  }
  const user = useBadgeStore.getState().userId;
  if (!user) return;
  running = api
    .get<StatusBadges>(USER_PATHS.statusBadges({ id: user }))
    .then((answer) => {
      if (useBadgeStore.getState().userId === user) useBadgeStore.setState({ items: answer.items });
    })
    .catch((error: unknown) => console.warn('Status badges could not be loaded', error))
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        refreshStatusBadges();
      }
    });
}

/** How many times refreshStatusBadges ran (tests). */
export function statusBadgeRefreshCount(): number {
  return refreshes;
}

/** The active badges of a section. */
export function useSectionBadges(section: string): string[] {
  return useBadgeStore((s) => s.items.find((i) => i.section === section)?.activeBadges ?? NONE);
}
const NONE: string[] = [];

export function isBadgeSection(area: string | null): area is BadgeSection {
  return area !== null && (BADGE_SECTIONS as readonly string[]).includes(area);
}

/** The user opened a section: the server clears its "since the last visit" badges, then they are re-read. */
export async function recordSectionVisit(section: BadgeSection): Promise<void> {
  const user = useBadgeStore.getState().userId;
  if (!user) return;
  try {
    await api.post(NOTIFICATION_PATHS.visit({ id: user }), { section });
    refreshStatusBadges();
  } catch (error) {
    console.warn('Section visit not recorded', error);
  }
}

onLogout(() => useBadgeStore.setState({ userId: null, items: [] }));
