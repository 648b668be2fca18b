import { expect, test } from '@playwright/test';
import type { AdminIssuerDetail, AdminIssuersResponse } from '../common/api/adminIssuers';
import { REVIEW_QUEUE_LABELS, REVIEW_QUEUES, type ReviewResponse } from '../common/api/adminReview';
import type { AdminFeatureList, Organization } from '../common/api/admin';
import { createAccount } from './support/accounts';
import { apiGet, apiSend, DEMO_ADMIN, loginAsDemoUser, openRoute, screenshot } from './support/login';

/**
 * The reference-data admin pages in a real browser as an admin: edit an issuer (saved with its
 * version, in the audit log), the sectors and display-name pages (a name previewed, then saved),
 * and a review-queue item resolved.
 */
test.describe('admin: issuers, sectors, display names, review', () => {
  test.setTimeout(180_000);

  test('edit an issuer, name it in tables, and resolve a review item', async ({ page, context }) => {
    const login = await loginAsDemoUser(context, undefined, DEMO_ADMIN);

    // The issuers list, found on the server; the first issuer opens.
    await openRoute(page, '/bw/admin/issuers');
    await expect(page.getByTestId('admin-issuers-page')).toBeVisible({ timeout: 30_000 });
    const first = (await apiGet<AdminIssuersResponse>(login, '/admin/issuers?limit=1')).issuers[0]!;
    await page.getByTestId('issuer-search').fill(first.ticker);
    await expect(page.getByTestId('issuer-row').first()).toHaveAttribute('data-ticker', first.ticker);
    await page.getByTestId('issuer-row').first().click();
    await expect(page.getByTestId('admin-issuer-page')).toBeVisible();
    await expect(page.getByTestId('issuer-bonds')).toBeVisible();

    // Edit its name; saved with the version read and audited.
    const newName = `${first.name} (edited)`;
    await page.getByTestId('issuer-name').fill(newName);
    await page.getByTestId('issuer-save').click();
    await expect(page.getByTestId('issuer-notice')).toContainText(`version ${first.version + 1}`);
    const saved = await apiGet<AdminIssuerDetail>(login, `/admin/issuers/${first.id}`);
    expect(saved.name).toBe(newName);
    const audit = await apiGet<{ entries: { action: string }[] }>(login, `/admin/audit-log?targetType=issuer&targetId=${first.id}`);
    expect(audit.entries.map((e) => e.action)).toContain('issuer.update');
    await screenshot(page, 'admin-issuer');

    // The taxonomy page shows the sectors and their industries.
    await openRoute(page, '/bw/admin/sectors');
    await expect(page.getByTestId('sector-table')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sector-row').first()).toBeVisible();

    // A display name: found, previewed on the rows it changes, saved, listed.
    await openRoute(page, '/bw/admin/display-name');
    await page.getByTestId('display-name-search').fill(first.ticker);
    await page.getByTestId('display-name-subject').first().click();
    await page.getByTestId('display-name-input').fill('E2E Shown Name');
    await expect(page.getByTestId('display-name-save')).toBeDisabled();
    await page.getByTestId('display-name-preview').click();
    await expect(page.getByTestId('display-name-preview-rows')).toContainText('E2E Shown Name');
    await page.getByTestId('display-name-save').click();
    await expect(page.getByTestId('display-name-overrides')).toContainText('E2E Shown Name');

    // A review item: the first queue with something waiting, its first item dismissed.
    const queues = await apiGet<ReviewResponse>(login, '/admin/review');
    const queue = REVIEW_QUEUES.find((q) => queues.counts[q] > 0);
    expect(queue, `some queue has items: ${JSON.stringify(queues.counts)}`).toBeDefined();
    await openRoute(page, '/bw/admin/review');
    await expect(page.getByTestId('admin-review-page')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('review-queues').getByText(REVIEW_QUEUE_LABELS[queue!], { exact: false }).click();
    const item = page.getByTestId('review-item').first();
    const key = await item.getAttribute('data-key');
    await item.getByLabel('Note').fill('checked in the browser test');
    await item.getByTestId('review-dismiss').click();
    await expect(page.getByTestId('review-done')).toContainText(`${key}: dismiss`);
    await expect(page.getByTestId('review-recent').first()).toContainText(key!);
    await expect(page.locator(`[data-testid="review-item"][data-key="${key}"]`)).toHaveCount(0);
    await screenshot(page, 'admin-review');
  });

  test('an organisation shows its members and takes a feature level of its own', async ({ page, context }) => {
    const login = await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    const stamp = Date.now();
    const domain = `members-${stamp}.example`;
    const org = await apiSend<Organization>(login, 'POST', '/admin/organizations', { name: `Members Co ${stamp}`, domains: [domain] });
    const member = await createAccount(`someone-${stamp}@${domain}`);
    await openRoute(page, '/bw/admin/organizations');
    const row = page.getByTestId(`organization-${org.name}`);
    await row.getByTestId('organization-open').click();
    await expect(page.getByTestId('organization-members')).toContainText(member.email);
    await page.getByTestId('organization-feature-intercom').click();
    await page.getByRole('option', { name: '2 everywhere' }).click();
    await expect
      .poll(async () => {
        const features = await apiGet<AdminFeatureList>(login, '/admin/features');
        return features.features.find((f) => f.name === 'intercom')!.organizations.find((o) => o.organizationId === org.id)?.level;
      })
      .toBe(2);
  });
});
