import type { Page } from '@playwright/test';
import { NOTIFICATION_PATHS } from '../../common/api/notifications';
import { expect } from './accounts';

/** An API call of ours, other than the notification long-poll (held open by design). */
const countsAsApiCall = (url: string) =>
  (url.includes('/v2/') || url.includes('/admin/') || url.includes('/auth/')) && !url.includes(NOTIFICATION_PATHS.poll);

/**
 * Runs `navigate`, then waits until the page's API calls have gone quiet: none in flight for
 * `quietMs` (and, with `needCall`, at least one made). "Network idle" never comes while a user is
 * logged in, because the notification long-poll holds a connection open; it is left out here.
 */
export async function navigateUntilApiQuiet(
  page: Page,
  navigate: () => Promise<unknown>,
  { quietMs, needCall = false, timeout = 45_000 }: { quietMs: number; needCall?: boolean; timeout?: number },
): Promise<void> {
  let inFlight = 0;
  let seen = 0;
  let quietSince = Date.now();
  const onRequest = (r: { url: () => string }) => {
    if (!countsAsApiCall(r.url())) return;
    inFlight += 1;
    seen += 1;
  };
  const onDone = (r: { url: () => string }) => {
    if (!countsAsApiCall(r.url())) return;
    inFlight = Math.max(0, inFlight - 1);
    quietSince = Date.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await navigate();
    quietSince = Date.now();
    await expect
      .poll(() => (!needCall || seen > 0) && inFlight === 0 && Date.now() - quietSince > quietMs, { timeout, intervals: [100] })
      .toBe(true);
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
}
