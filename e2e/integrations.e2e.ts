import { expect, test } from '@playwright/test';
import type { UsageResponse } from '../common/api/usage';
import { apiGet, DEMO_ADMIN, loginAsDemoUser, openRoute } from './support/login';

/**
 * Integrations end to end: a signed-in person's page views reach the product's analytics proxy
 * path in a batch (spec §9) with the device cookie's id and show on the admin usage dashboards; a
 * thrown error reaches the admin error page; a support request reaches the admin support page.
 */
test.describe('integrations', () => {
  test.setTimeout(120_000);

  test("a person's page views arrive at the proxy path in a batch and show on the usage dashboards", async ({ page, context, browser }) => {
    await loginAsDemoUser(context);
    const batch = page.waitForRequest((r) => r.url().endsWith('/v2/analytics/batch') && r.method() === 'POST', { timeout: 60_000 });
    await openRoute(page, '/bw/market/summary');
    await expect(page.getByTestId('page-title')).toHaveText('Market summary', { timeout: 30_000 });
    await openRoute(page, '/bw/bond');
    const request = await batch;
    const response = await request.response();
    expect(response?.status()).toBe(200);
    const sent = (request.postDataJSON() as { events: Array<{ name: string; deviceId: string; properties?: { route?: string } }> }).events;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(50);
    expect(sent.some((e) => e.name === 'page.view' && e.properties?.route === '/bw/market/summary')).toBe(true);
    const cookie = (await context.cookies()).find((c) => c.name === 'bw_device');
    expect(cookie?.value).toBe(sent[0]!.deviceId);
    // The device cookie lives the §9 year (give or take the seconds this test took).
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600_000);

    const adminContext = await browser.newContext();
    try {
      const admin = await loginAsDemoUser(adminContext, undefined, DEMO_ADMIN);
      const usage = await apiGet<UsageResponse>(admin, '/admin/usage');
      expect(usage.pages.find((p) => p.route === '/bw/market/summary')?.views).toBeGreaterThan(0);
      const adminPage = await adminContext.newPage();
      await openRoute(adminPage, '/bw/admin/usage');
      await expect(adminPage.getByTestId('usage-pages')).toContainText('/bw/market/summary', { timeout: 30_000 });
      await expect(adminPage.getByTestId('usage-funnel')).toContainText('Signed up');
    } finally {
      await adminContext.close();
    }
  });

  test('an error thrown in the browser is reported and shows, grouped, on the admin error page', async ({ page, context, browser }) => {
    await loginAsDemoUser(context);
    await openRoute(page, '/bw/market/summary');
    await expect(page.getByTestId('page-title')).toHaveText('Market summary', { timeout: 30_000 });
    const reported = page.waitForResponse((r) => r.url().endsWith('/v2/client-errors') && r.request().method() === 'POST');
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('E2E fault in row 42');
      }, 0),
    );
    expect((await reported).status()).toBe(202);

    const adminContext = await browser.newContext();
    try {
      await loginAsDemoUser(adminContext, undefined, DEMO_ADMIN);
      const adminPage = await adminContext.newPage();
      await openRoute(adminPage, '/bw/admin/errors');
      const row = adminPage.getByTestId('error-groups').getByText('E2E fault in row 42').first();
      await expect(row).toBeVisible({ timeout: 30_000 });
      await row.click();
      await expect(adminPage.getByTestId('error-occurrences')).toContainText('E2E fault in row 42');
    } finally {
      await adminContext.close();
    }
  });

  test('a person contacts support from the account menu and an admin finds the request', async ({ page, context, browser }) => {
    await loginAsDemoUser(context);
    await openRoute(page, '/bw/market/summary');
    await expect(page.getByTestId('page-title')).toHaveText('Market summary', { timeout: 30_000 });
    const subject = `Spreads look wide ${Date.now()}`;
    await page.getByTestId('user-menu').click();
    await page.getByTestId('contact-support-open').click();
    await page.getByTestId('contact-support-subject').fill(subject);
    await page.getByTestId('contact-support-message').fill('The 10Y IG spread on the summary looks wide against my screen.');
    await page.getByTestId('contact-support-send').click();
    await expect(page.getByTestId('contact-support-sent')).toContainText('request #');

    const adminContext = await browser.newContext();
    try {
      await loginAsDemoUser(adminContext, undefined, DEMO_ADMIN);
      const adminPage = await adminContext.newPage();
      await openRoute(adminPage, '/bw/admin/support');
      const request = adminPage.getByTestId('support-request').filter({ hasText: subject });
      await expect(request).toContainText('/bw/market/summary', { timeout: 30_000 });
      await expect(request).toContainText('user@bondwise.local');
    } finally {
      await adminContext.close();
    }
  });
});
