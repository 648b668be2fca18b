import type { Page, Request } from '@playwright/test';
import { expect } from './accounts';

/**
 * Pauses the page's clock (installed with `page.clock.install()`, running with real time until
 * now), so that from here the page's timers move only when the test moves them.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1_000);
      return;
    } catch (error) {
      // The page's time ran past `now + 1 s` before the call arrived (a loaded machine): again.
      if (!String(error).includes('past')) throw error;
    }
  }
}

/** The requests to `pathname` the page has sent and not yet seen answered or failed. */
export function pendingRequests(page: Page, pathname: string): () => number {
  const pending = new Set<Request>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === pathname) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return () => pending.size;
}

/**
 * Moves the paused page clock on by `totalMs` in 250 ms steps; before each step every request
 * counted by `pending` has been answered, so a timer that the answer sets is due on the page's
 * time, not on how long the machine took to answer.
 */
export async function advanceClock(page: Page, totalMs: number, pending: () => number): Promise<void> {
  for (let spent = 0; spent < totalMs; spent += 250) {
    await expect.poll(pending, { timeout: 30_000 }).toBe(0);
    await page.clock.runFor(250);
  }
}
