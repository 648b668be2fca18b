/**
 * SEAM for status badges (spec §4 Login: "status badges are refreshed"; GET
 * /v2/user/{id}/status-badges). The alerts issue implements the store and the fetch; the
 * accounts flow only calls `refreshStatusBadges()` after login.
 */

let refreshes = 0;

/** Re-fetches the status badges (no-op seam; counts calls). */
export function refreshStatusBadges(): void {
  refreshes += 1;
}

/** How many times refreshStatusBadges ran (tests). */
export function statusBadgeRefreshCount(): number {
  return refreshes;
}
