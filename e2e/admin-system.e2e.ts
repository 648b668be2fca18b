import { expect, test } from '@playwright/test';
import type { SystemState } from '../common/api/system';
import { apiGet, DEMO_ADMIN, loginAsDemoUser, openRoute, screenshot } from './support/login';

/**
 * The admin home's state of the system and the migration page's job controls, against the real
 * server: pause and resume a job, run it now, and see the run recorded.
 */
test.describe('admin: system state and background jobs', () => {
  test.setTimeout(120_000);

  test('an admin sees the system at a glance, pauses, resumes and runs a job now', async ({ context, page }) => {
    const admin = await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    const before = (await apiGet<SystemState>(admin, '/admin/system')).jobs.find((j) => j.name === 'accounts-cleanup')!;

    await openRoute(page, '/bw/admin');
    const panel = page.getByTestId('system-state');
    await expect(panel.locator('[data-testid="job-row"][data-job="accounts-cleanup"]')).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByTestId('queue-migrations')).toHaveText('0');
    await screenshot(page, 'admin-home-system');

    await panel.getByRole('link', { name: 'Jobs and migrations' }).click();
    await expect(page.getByTestId('migrations-pending')).toHaveText('up to date');
    const row = page.locator('[data-testid="job-row"][data-job="accounts-cleanup"]');
    await row.getByTestId('job-pause').click();
    await expect(row).toContainText('paused');
    await expect(row.getByTestId('job-pause')).toHaveText('Resume');
    await row.getByTestId('job-pause').click();
    await expect(row.getByTestId('job-pause')).toHaveText('Pause');

    await row.getByTestId('job-run').click();
    await expect
      .poll(async () => (await apiGet<SystemState>(admin, '/admin/system')).jobs.find((j) => j.name === 'accounts-cleanup')!.runs, {
        timeout: 30_000,
      })
      .toBe(before.runs + 1);
    await page.reload();
    await expect(row).toContainText(`${before.runs + 1} / ${before.failures}`, { timeout: 30_000 });
    await screenshot(page, 'admin-migration');
  });
});
