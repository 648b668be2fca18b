import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, loginAsDemoUser, openRoute } from './support/login';

/** Organisations in a real browser: added with a domain, a second one refused that domain, one edited. */
test.describe('admin: organisations', () => {
  test.setTimeout(120_000);

  test('add an organisation, see a taken domain refused with its reason, edit its subscription', async ({ page, context }) => {
    await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    const stamp = Date.now();
    const name = `Harbor Capital ${stamp}`;
    const domain = `harbor-${stamp}.example`;
    await openRoute(page, '/bw/admin/organizations');
    await expect(page.getByTestId('admin-organizations-page')).toBeVisible({ timeout: 30_000 });

    const form = page.getByTestId('admin-organizations-page');
    await form.getByLabel('Name').first().fill(name);
    await form.getByLabel('E-mail domains').first().fill(domain);
    await form.getByLabel('Subscribed').first().check();
    await page.getByTestId('organization-create').click();
    const row = page.getByTestId(`organization-${name}`);
    await expect(row).toContainText(domain);
    await expect(row).toContainText('yes');

    // The same domain for another organisation: refused, saying why.
    await form.getByLabel('Name').first().fill(`Copycat ${stamp}`);
    await form.getByLabel('E-mail domains').first().fill(domain);
    await page.getByTestId('organization-create').click();
    await expect(page.getByTestId('organization-error')).toContainText(domain);
    await expect(page.getByTestId(`organization-Copycat ${stamp}`)).toHaveCount(0);

    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByTestId('organization-list').getByLabel('Subscribed').uncheck();
    await page.getByTestId('organization-save').click();
    await expect(page.getByTestId(`organization-${name}`)).toContainText('no');
  });
});
