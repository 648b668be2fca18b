import { test } from '@playwright/test';
import { HEALTH_FAST_RECHECK_MS, MESSAGES } from '../common/constants';
import { expect, hashPath, submitCredentials } from './support/accounts';
import { DEMO_USER } from './support/login';
import { ownServer } from './support/ownServer';
import { advanceClock, pauseClock, pendingRequests } from './support/pageClock';

/**
 * The server goes away under an open tab (issue 34): the person opens a page whose code the tab
 * has not fetched yet. The shell stays and the spec's answer to an unreachable server (§8: the
 * health toast, then — the browser being online — the maintenance page) follows from the page's
 * own failure, not from a timed check; once the server is back the tab returns to the summary.
 *
 * The test owns its server (e2e/support/ownServer.ts) and stops it with SIGTERM, so connections
 * are refused as after a crash or a deploy. The page's clock is paused before the stop: nothing
 * timed (the health check every 30 s) can stand in for the reaction under test, and the way back
 * takes exactly the page time the test moves on.
 */
test.describe('the server goes away', () => {
  test.setTimeout(900_000);

  test('a page opened while the server is gone keeps the shell, the spec page follows at once, and the tab comes back with the server', async ({
    page,
  }) => {
    const server = ownServer('gone');
    try {
      await server.start();
      const healthPending = pendingRequests(page, '/health');
      await page.clock.install();
      await page.goto(`${server.baseURL}/app/#/bw/login`);
      await submitCredentials(page, DEMO_USER.email, DEMO_USER.password);
      await expect(page.getByTestId('summary-grid')).toBeVisible({ timeout: 60_000 });
      await pauseClock(page);

      await server.stop();
      // The blog's code has not been fetched by this tab: opening it needs the server.
      await page.getByTestId('nav-blog').click();
      await expect(page.getByTestId('health-toast')).toContainText(MESSAGES.healthFailure);
      await expect(page.getByTestId('maintenance')).toBeVisible();
      expect(hashPath(page)).toBe('/bw/maintenance');
      await expect(page.getByTestId('public-layout')).toBeVisible();
      await expect(page.getByTestId('route-error')).toHaveCount(0);

      // Back: the same command, port and data. Failing health is re-checked every 1.5 s.
      await server.start();
      await advanceClock(page, HEALTH_FAST_RECHECK_MS + 500, healthPending);
      await expect.poll(() => hashPath(page)).toBe('/bw/market/summary');
      await expect(page.getByTestId('summary-grid')).toBeVisible();
    } finally {
      server.kill();
    }
  });
});
