import { expect, test } from '@playwright/test';
import { apiGet, apiSend, DEMO_ADMIN, loginAsDemoUser, openRoute } from './support/login';

/**
 * Maintenance from its admin page: the admin's message is previewed, maintenance starts and a
 * signed-in user's tab shows the message; it ends again. What people see is previewed.
 */
test.describe('admin: maintenance', () => {
  test.setTimeout(120_000);

  test('start maintenance with a message a user sees, and end it', async ({ page, context, browser }) => {
    const admin = await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    const message = 'Upgrading the pricing engine; back within the hour.';
    try {
      await openRoute(page, '/bw/admin/maintenance');
      await expect(page.getByTestId('maintenance-state')).toHaveText('Open', { timeout: 30_000 });
      await expect(page.getByTestId('maintenance-preview')).toContainText('Bondwise is being updated');
      await page.getByTestId('maintenance-message-input').fill(message);
      await expect(page.getByTestId('maintenance-preview')).toContainText(message);
      await page.getByTestId('maintenance-save').click();
      await expect.poll(async () => (await apiGet<{ message: string | null }>(admin, '/admin/maintenance')).message).toBe(message);

      await page.getByTestId('maintenance-toggle').click();
      await expect(page.getByTestId('maintenance-state')).toHaveText('Maintenance is on');
      expect(await apiGet<object>(admin, '/admin/maintenance')).toMatchObject({ maintenanceMode: true, active: true, message });

      const userContext = await browser.newContext();
      try {
        await loginAsDemoUser(userContext);
        const userPage = await userContext.newPage();
        await openRoute(userPage, '/bw/market/summary');
        await expect(userPage.getByTestId('maintenance-message')).toHaveText(message, { timeout: 30_000 });
      } finally {
        await userContext.close();
      }

      await page.getByTestId('maintenance-toggle').click();
      await expect(page.getByTestId('maintenance-state')).toHaveText('Open');
    } finally {
      // Whatever happened above, the other tests find the market open and the standard notice.
      await apiSend(admin, 'PUT', '/admin/maintenance', { maintenanceMode: false, message: null, startsAt: null, endsAt: null });
    }
  });
});
