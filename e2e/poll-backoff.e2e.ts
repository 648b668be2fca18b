import { createServer, connect, type Server, type Socket } from 'node:net';
import { test, type Page } from '@playwright/test';
import type { DealListResponse } from '../common/api/primary';
import { POLL_BACKOFF_START_MS } from '../common/constants';
import { createAccount, expect, submitCredentials } from './support/accounts';
import { E2E_PORT } from './support/environment';
import { apiGet, apiSend, apiSession, DEMO_ADMIN } from './support/login';

/**
 * The notification poller across a server outage (spec §4/§9): while the server cannot be
 * reached the poller waits 1 s, 2 s, 4 s … between tries instead of hammering it, and when the
 * server is back the next try succeeds and notifications flow again. The browser reaches the e2e
 * server through a TCP relay this test owns: stopping the relay (listener closed, every open
 * connection cut) is, for the browser, the server going away — connections refused — and
 * starting it again on the same port is the server coming back. (Playwright runs the e2e server
 * itself for the whole suite, so the test cannot stop that process.)
 */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

function relay(port: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const start = (listenPort: number) =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(E2E_PORT, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(listenPort, '127.0.0.1', () => resolve((server!.address() as { port: number }).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  return { start: () => start(port), startOn: start, stop };
}

/** Times (ms) at which the page sent notification polls, and which of them failed. */
function watchPolls(page: Page) {
  const sent: number[] = [];
  const failed: number[] = [];
  const ok: number[] = [];
  const isPoll = (url: string) => url.includes('/v2/user/notification/poll');
  page.on('request', (r) => isPoll(r.url()) && sent.push(Date.now()));
  page.on('requestfailed', (r) => isPoll(r.url()) && failed.push(Date.now()));
  page.on('response', (r) => isPoll(r.url()) && r.status() === 200 && ok.push(Date.now()));
  return { sent, failed, ok };
}

test.describe('notification polling across a server outage', () => {
  test.setTimeout(150_000);

  test('the poller backs off 1 s, 2 s, 4 s while the server is down and resumes delivering when it is back', async ({ page }) => {
    const reader = await createAccount();
    const readerApi = await apiSession(reader);
    const admin = await apiSession(DEMO_ADMIN);
    const { deals } = await apiGet<DealListResponse>(readerApi, `/v2/primary/deal?from=${day(-90)}&to=${day(0)}`);
    const dealId = deals[0]!.id;
    await apiSend(readerApi, 'PUT', `/v2/primary/message/follow/${dealId}`);

    const server = relay(0);
    const port = await server.start();
    try {
      const polls = watchPolls(page);
      await page.goto(`http://localhost:${port}/app/#/bw/login`);
      await submitCredentials(page, reader.email, reader.password);
      await expect(page.getByTestId('app-layout')).toBeVisible();
      // A poll is held by the server: the loop is running.
      await expect.poll(() => polls.ok.length, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => polls.sent.length - polls.ok.length).toBeGreaterThan(0);

      // Down.
      await server.stop();
      const downAt = Date.now();
      await expect.poll(() => polls.failed.filter((t) => t >= downAt).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
      const tries = polls.sent.filter((t) => t >= downAt);
      const gaps = tries.slice(1, 4).map((t, k) => t - tries[k]!);
      // Each wait at least the doubled backoff (1 s, 2 s, 4 s): a slow machine only lengthens them.
      gaps.forEach((gap, k) =>
        expect(gap, `wait ${k + 1} of ${JSON.stringify(gaps)}`).toBeGreaterThanOrEqual(POLL_BACKOFF_START_MS * 2 ** k * 0.9),
      );
      const triesWhileDown = polls.sent.filter((t) => t >= downAt).length;

      // Back, on the same address.
      await server.startOn(port);
      const upAt = Date.now();
      await expect.poll(() => polls.ok.filter((t) => t >= upAt).length, { timeout: 60_000 }).toBeGreaterThan(0);
      // No storm of retries: the tries while down were a handful, not one per event-loop turn.
      expect(triesWhileDown).toBeLessThan(10);
      await expect(page.getByTestId('app-layout')).toBeVisible();

      // Delivery flows again: a message to the deal's followers toasts.
      await expect.poll(() => polls.sent.length - polls.ok.length - polls.failed.length, { timeout: 20_000 }).toBeGreaterThan(0);
      await apiSend(admin, 'POST', '/v2/primary/message', { dealId, message: 'Back online: books open', recipients: { followers: true } });
      const toast = page.getByTestId('notification-toast').first();
      await expect(toast).toBeVisible({ timeout: 30_000 });
      await expect(toast).toContainText('New deal message');
    } finally {
      await server.stop();
    }
  });
});
