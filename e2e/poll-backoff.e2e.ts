import { test, type Page } from '@playwright/test';
import type { DealListResponse } from '../common/api/primary';
import { POLL_BACKOFF_START_MS } from '../common/constants';
import { expect, submitCredentials } from './support/accounts';
import { apiGet, apiSend, apiSession, DEMO_ADMIN, DEMO_USER } from './support/login';
import { ownServer } from './support/ownServer';
import { pauseClock } from './support/pageClock';

/**
 * The notification poller across a real server stop and restart (issue #13, spec §4/§9): while
 * the server is down the poller waits 1 s, 2 s, 4 s, 8 s … between tries, and once the server is
 * back on the same port and data the next try is held by it and a notification created after the
 * restart reaches the page as a toast.
 *
 * The test owns its server process (e2e/support/ownServer.ts: started as `npm start` starts it, on
 * its own port and scratch PGlite data) and stops it with SIGTERM — the app's shutdown, the
 * process exits, connections are refused. The page's timers run on Playwright's clock, paused
 * while the server is down: the test moves the page's time on itself, so the waits are exact on
 * the page's clock whatever the machine's load, and the test does not sleep through them.
 */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface PollAttempt {
  /** The page's (fake) clock when the poll was sent. */
  sentAt: number;
  outcome: 'pending' | 'answered' | 'failed';
  status: number;
  /** The page's clock when the answer or the failure arrived. */
  endedAt: number;
}

/**
 * Records every notification poll the page sends, on the page's own clock. It only watches: the
 * request goes to the real fetch unchanged. The failure is recorded in the same turn (microtasks)
 * as the poller's catch that schedules the next try, so `endedAt` is the instant that wait starts.
 */
function recordPolls() {
  const w = window as unknown as { __polls: PollAttempt[] };
  w.__polls = [];
  const realFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const sent = realFetch(input, init);
    if (url.includes('/v2/user/notification/poll')) {
      const attempt: PollAttempt = { sentAt: Date.now(), outcome: 'pending', status: 0, endedAt: 0 };
      w.__polls.push(attempt);
      sent.then(
        (response) => Object.assign(attempt, { outcome: 'answered', status: response.status, endedAt: Date.now() }),
        () => Object.assign(attempt, { outcome: 'failed', endedAt: Date.now() }),
      );
    }
    return sent;
  };
}

const polls = (page: Page) => page.evaluate(() => (window as unknown as { __polls: PollAttempt[] }).__polls);

/**
 * Moves the page's paused clock on in small steps until `done` holds, letting each poll sent meet
 * its answer or failure (real network; a held poll may take the server's whole hold) before the
 * clock moves again.
 */
async function advanceUntil(
  page: Page,
  done: (attempts: PollAttempt[]) => boolean | Promise<boolean>,
  limitMs: number,
): Promise<PollAttempt[]> {
  for (let spent = 0; spent <= limitMs; spent += 250) {
    await expect
      .poll(async () => (await done(await polls(page))) || !(await polls(page)).some((p) => p.outcome === 'pending'), { timeout: 60_000 })
      .toBe(true);
    const attempts = await polls(page);
    if (await done(attempts)) return attempts;
    await page.clock.runFor(250);
  }
  throw new Error(`not reached after ${limitMs} ms of the page's time: ${JSON.stringify(await polls(page))}`);
}

test.describe('notification polling across a server restart', () => {
  test.setTimeout(900_000);

  test('the poller backs off 1 s, 2 s, 4 s, 8 s while the server is stopped, and delivers again once it is restarted', async ({ page }) => {
    const server = ownServer('restart');
    try {
      await server.start();
      const base = server.baseURL;
      const readerApi = await apiSession(DEMO_USER, base);
      const admin = await apiSession(DEMO_ADMIN, base);
      const { deals } = await apiGet<DealListResponse>(readerApi, `/v2/primary/deal?from=${day(-90)}&to=${day(0)}`, base);
      const dealId = deals[0]!.id;
      await apiSend(readerApi, 'PUT', `/v2/primary/message/follow/${dealId}`, undefined, base);

      await page.addInitScript(recordPolls);
      await page.clock.install();
      await page.goto(`${base}/app/#/bw/login`);
      await submitCredentials(page, DEMO_USER.email, DEMO_USER.password);
      await expect(page.getByTestId('app-layout')).toBeVisible({ timeout: 60_000 });
      // Running: a poll answered, the next one held by the server.
      await expect
        .poll(
          async () => {
            const attempts = await polls(page);
            return attempts.some((p) => p.status === 200) && attempts.at(-1)?.outcome === 'pending';
          },
          { timeout: 60_000 },
        )
        .toBe(true);

      await pauseClock(page);
      const beforeStop = (await polls(page)).length;
      await server.stop();

      // Down: tries on the page's clock until five have failed.
      const failedSinceStop = (attempts: PollAttempt[]) => attempts.slice(beforeStop - 1).filter((p) => p.outcome === 'failed');
      const down = await advanceUntil(page, (a) => failedSinceStop(a).length >= 5, 60_000);
      const failures = failedSinceStop(down);
      // Consecutive tries, each after the doubled wait from the previous failure: 1 s, 2 s, 4 s, 8 s.
      const tries = down.slice(down.indexOf(failures[0]!));
      expect(tries.every((p) => p.outcome === 'failed')).toBe(true);
      const waits = tries.slice(1).map((p, k) => p.sentAt - tries[k]!.endedAt);
      expect(waits).toEqual([1, 2, 4, 8].map((n) => n * POLL_BACKOFF_START_MS));

      // Back: the same command, port and data (migrations done, nothing seeded again).
      await server.start();
      const lastFailure = tries.at(-1)!;
      const up = await advanceUntil(page, (a) => a.length > down.length && a.at(-1)!.outcome !== 'failed', 60_000);
      const resumed = up.at(-1)!;
      // The wait after the fifth failure was 16 s, and that try reached the restarted server.
      expect(up.length).toBe(down.length + 1);
      expect(resumed.sentAt - lastFailure.endedAt).toBe(16 * POLL_BACKOFF_START_MS);
      // The server holds it (nothing new for this cursor) or has answered it.
      expect(resumed.outcome === 'pending' || resumed.status === 200).toBe(true);

      // Delivery flows again: a message to the deal's followers, created after the restart, toasts.
      const text = `Back after the restart ${Date.now()}`;
      await apiSend(admin, 'POST', '/v2/primary/message', { dealId, message: text, recipients: { followers: true } }, base);
      // Answered at once by the held poll; should the hold have ended first, the next poll brings it.
      const storedText = () => page.evaluate(() => localStorage.getItem('bw.notifications') ?? '');
      await advanceUntil(page, async () => (await storedText()).includes(text), 60_000);
      const toast = page.getByTestId('notification-toast').filter({ hasText: text });
      await expect(toast).toBeVisible({ timeout: 30_000 });
      await expect(toast).toContainText('New deal message');
    } finally {
      server.kill();
    }
  });
});
