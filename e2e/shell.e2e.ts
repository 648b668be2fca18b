import { expect, test, type Page } from '@playwright/test';
import { serverLogLines, setMaintenance } from './support/server';

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '');

test.describe('app shell routing and chrome', () => {
  test.afterEach(async () => {
    await setMaintenance(false);
  });

  test('the site root opens the login page', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => hashPath(page)).toBe('/bw/login');
    await expect(page).toHaveTitle('Bondwise | Login');
  });

  test('/bw goes to the market summary, which asks an anonymous visitor to log in and remembers the path', async ({ page }) => {
    await page.goto('/app/#/bw');
    await expect.poll(() => hashPath(page)).toBe('/bw/login');
    expect(await page.evaluate(() => localStorage.getItem('bw.nextLoginPath'))).toBe('/bw/market/summary');
  });

  test('a deep link is remembered, but the error page is not', async ({ page }) => {
    await page.goto('/app/#/bw/bond/42/history');
    await expect.poll(() => hashPath(page)).toBe('/bw/login');
    expect(await page.evaluate(() => localStorage.getItem('bw.nextLoginPath'))).toBe('/bw/bond/42/history');
    await page.goto('/app/#/bw/error');
    await expect(page.getByTestId('error-page')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('bw.nextLoginPath'))).toBe('/bw/bond/42/history');
  });

  test('an unknown path shows the not-found page with its title', async ({ page }) => {
    await page.goto('/app/#/bw/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page).toHaveTitle('Bondwise | Not found');
  });

  test('dark mode is the default, ctrl+d switches it and the choice survives a reload', async ({ page }) => {
    // The shortcut listener lives in the router's root, so a key pressed before the page
    // has rendered goes nowhere: wait for the login form each time the page loads.
    const loginForm = page.getByTestId('login-form');
    await page.goto('/app/#/bw/login');
    const html = page.locator('html');
    await expect(loginForm).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.locator('body').click();
    await page.keyboard.press('Control+d');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('bw.darkMode'))).toBe('F');
    await page.reload();
    await expect(loginForm).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.keyboard.press('Control+d');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('bw.darkMode'))).toBe('T');
  });

  test('maintenance sends visitors to the maintenance page, and the page lets them go when it ends', async ({ page }) => {
    await page.clock.install();
    await setMaintenance(true);
    await page.goto('/app/#/bw/market/summary');
    await expect.poll(() => hashPath(page)).toBe('/bw/maintenance');
    await expect(page.getByTestId('maintenance')).toBeVisible();

    await setMaintenance(false);
    await page.clock.runFor(31_000); // the next health re-check
    // Back to the market summary, which then asks this anonymous visitor to log in.
    await expect.poll(() => hashPath(page)).toBe('/bw/login');
  });

  test('a failing health check shows the §8 message and the error page', async ({ page }) => {
    // Fault injection: the server answers health with a 500 for this page only.
    await page.route('**/health', (route) => route.fulfill({ status: 500, body: '{"error":"boom"}' }));
    await page.goto('/app/#/bw/login');
    await expect.poll(() => hashPath(page)).toBe('/bw/error');
    await expect(page.getByTestId('health-toast')).toContainText(
      'There was an error trying to connect to our server. Please contact support',
    );
    await expect(page.getByTestId('error-page')).toContainText('Having trouble? Contact support@bondwise.local for assistance.');
  });

  test('the API client sends the device, focus and runtime-age headers, as the server logs them', async ({ page }) => {
    await page.goto('/app/#/bw/login');
    await expect(page.getByTestId('public-layout')).toBeVisible();
    const deviceId = await page.evaluate(() => localStorage.getItem('bw.deviceId'));
    expect(deviceId).toMatch(/^[\w-]{8,}$/);
    await expect
      .poll(() => serverLogLines().find((line) => (line.client as { device?: string } | undefined)?.device === deviceId))
      .toBeTruthy();
    const seen = serverLogLines().find((line) => (line.client as { device?: string } | undefined)?.device === deviceId)!;
    const client = seen.client as { hasFocus?: boolean; runtimeAgeMs?: number };
    expect(typeof client.hasFocus).toBe('boolean');
    expect(client.runtimeAgeMs).toBeGreaterThanOrEqual(0);
  });

  test('backslash asks the browser for fullscreen, and again leaves it', async ({ page }) => {
    // Under load the key could arrive before the router's root had mounted its listener, or
    // after the login form had autofocused its e-mail field (where a backslash is typed, not a
    // shortcut). So wait for the form, then take the focus off the field before pressing.
    await page.goto('/app/#/bw/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press('\\');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.keyboard.press('\\');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
  });
});
