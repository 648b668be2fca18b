import { expect, test } from '@playwright/test';
import { loginAsDemoUser, openRoute } from './support/login';

/**
 * Switching what a screen shows (metric, range, segment) never leaves the previous figures
 * readable under the new caption, and a failed request says why. The server's answer is held back
 * (or failed) in the browser, so the in-between state is observed without racing the clock.
 */
test.describe('loading and failure states', () => {
  test.beforeEach(async ({ context }) => {
    await loginAsDemoUser(context);
  });

  test('switching the summary metric covers the old figures until the new ones arrive', async ({ page }) => {
    await openRoute(page, '/bw/market/summary');
    const grid = page.getByTestId('summary-grid');
    await expect(grid).toBeVisible({ timeout: 30_000 });

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/v2\/market\/summary\?.*metric=price/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('summary-metric').getByText('Price', { exact: true }).click();
    const covering = page.locator('[data-refreshing="true"]');
    await expect(covering).toBeVisible();
    await expect(covering.locator('.mantine-LoadingOverlay-root')).toBeVisible();
    release();
    await expect(page.locator('[data-refreshing="false"]').filter({ has: grid })).toBeVisible();
  });

  test('a failed switch says why, not only that it failed', async ({ page }) => {
    await openRoute(page, '/bw/market/summary');
    await expect(page.getByTestId('summary-grid')).toBeVisible({ timeout: 30_000 });
    await page.route(/\/v2\/market\/summary\?.*metric=volume/, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Database unavailable, try again shortly' }),
      }),
    );
    await page.getByTestId('summary-metric').getByText('Volume', { exact: true }).click();
    await expect(page.getByTestId('summary-error')).toContainText('Database unavailable, try again shortly', { timeout: 30_000 });
  });
});
