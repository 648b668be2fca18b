import { expect, test } from '@playwright/test';
import { apiGet, apiSend, DEMO_ADMIN, loginAsDemoUser, openRoute } from './support/login';

/** Maintenance switched on and off from its admin page; what people see is previewed. */
test.describe('admin: maintenance', () => {
  test.setTimeout(120_000);

  test('start and end maintenance from the page', async ({ page, context }) => {
    const admin = await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    try {
      await openRoute(page, '/bw/admin/maintenance');
      await expect(page.getByTestId('maintenance-state')).toHaveText('Open', { timeout: 30_000 });
      await expect(page.getByTestId('maintenance-preview')).toContainText('Bondwise is being updated');
      await page.getByTestId('maintenance-toggle').click();
      await expect(page.getByTestId('maintenance-state')).toHaveText('Maintenance is on');
      expect(await apiGet<{ maintenanceMode: boolean }>(admin, '/admin/maintenance')).toEqual({ maintenanceMode: true });
      await page.getByTestId('maintenance-toggle').click();
      await expect(page.getByTestId('maintenance-state')).toHaveText('Open');
    } finally {
      // Whatever happened above, the other tests find the market open.
      await apiSend(admin, 'PUT', '/admin/maintenance', { maintenanceMode: false });
    }
  });
});
