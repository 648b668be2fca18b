import { test } from '@playwright/test';
import type { BondTable } from '../common/api/bondTables';
import { createAccount, expect, hashPath, loginThroughPage } from './support/accounts';
import { apiGet, apiSend, apiSession, DEMO_ADMIN, openRoute, screenshot } from './support/login';
import { messagesTo, waitForLink } from './support/outbox';

/**
 * Sharing in a real browser: an owner shares a custom bond table with a colleague of the same
 * organisation to edit; the colleague accepts from the e-mailed link, opens and renames the table
 * (the owner sees the new name), then the owner revokes and the colleague's next request is refused.
 */
test.describe('sharing and collaboration', () => {
  test.setTimeout(180_000);

  test('a share from one user accepted, used, edited and revoked', async ({ page, browser }) => {
    const stamp = `${Date.now()}-${process.pid}`;
    const domain = `share-${stamp}.example`;
    const admin = await apiSession(DEMO_ADMIN);
    await apiSend(admin, 'POST', '/admin/organizations', { name: `Share Desk ${stamp}`, domains: [domain] });
    const owner = await createAccount(`owner-${stamp}@${domain}`, undefined, 'Olivia Owner');
    const colleague = await createAccount(`colleague-${stamp}@${domain}`, undefined, 'Colin Colleague');
    const ownerApi = await apiSession(owner);
    const table = await apiSend<BondTable>(ownerApi, 'POST', '/v2/bond-tables', { name: `Desk view ${stamp}` });

    // The owner shares it from the custom tables page, to edit.
    await loginThroughPage(page, owner.email, owner.password);
    await openRoute(page, '/bw/bond/config');
    const row = page.getByTestId('bond-table-row').filter({ hasText: table.name });
    await row.getByTestId('share-item').click();
    const recipients = page.getByTestId('share-recipients');
    await recipients.fill(colleague.email);
    await recipients.press('Enter');
    await recipients.press('Escape');
    await expect(page.getByTestId('share-item-dialog')).toContainText(colleague.email);
    await page.getByTestId('share-permission').getByText('Can edit').click();
    const before = messagesTo(colleague.email).length;
    await page.getByTestId('share-send').click();
    await expect(page.getByText(`Shared “${table.name}” with ${colleague.email}`)).toBeVisible();

    // The colleague gets the e-mail with the accept link, and accepts it in their own browser.
    const { link } = await waitForLink(colleague.email, /\/bw\/share\/accept\/[0-9a-f-]{36}/, { after: before });
    const acceptPath = /#(\/bw\/share\/accept\/[0-9a-f-]{36})/.exec(link)![1]!;
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await loginThroughPage(theirs, colleague.email, colleague.password);
    await openRoute(theirs, acceptPath);
    await expect(theirs.getByTestId('share-item-name')).toHaveText(`“${table.name}”`);
    await screenshot(theirs, 'share-accept');
    await theirs.getByTestId('share-accept').click();

    // Accepted: the table opens with the bonds, marked as shared, editable.
    await expect.poll(() => hashPath(theirs)).toBe(`/bw/bond/config/${table.id}`);
    await expect(theirs.getByTestId('page-title')).toHaveText(table.name);
    await expect(theirs.getByTestId('table-shared-by')).toContainText('Olivia Owner');
    await expect(theirs.getByTestId('table-shared-by')).toContainText('you can edit');
    await expect(theirs.locator('.ag-row[row-index="0"] [col-id="bondIdentifier"]').first()).not.toBeEmpty({ timeout: 30_000 });

    // In their list of tables; they rename it, and the owner sees the new name at once.
    await openRoute(theirs, '/bw/bond/config');
    const shared = theirs.getByTestId('bond-table-row').filter({ hasText: table.name });
    await expect(shared.getByTestId('bond-table-shared')).toContainText('can edit');
    await expect(shared.getByTestId('delete-table')).toHaveCount(0);
    await shared.getByTestId('rename-table').click();
    await theirs.getByTestId('table-name-input').fill(`Renamed by Colin ${stamp}`);
    await theirs.getByTestId('table-name-save').click();
    await expect(theirs.getByTestId('bond-table-row').filter({ hasText: `Renamed by Colin ${stamp}` })).toHaveCount(1);
    expect((await apiGet<BondTable>(ownerApi, `/v2/bond-tables/${table.id}`)).name).toBe(`Renamed by Colin ${stamp}`);

    // The owner revokes on the manage page.
    await openRoute(page, '/bw/share/manage');
    const mine = page.getByTestId('shared-by-me-row').filter({ hasText: colleague.email });
    await expect(mine).toHaveAttribute('data-status', 'accepted');
    await expect(mine).toContainText(`Renamed by Colin ${stamp}`);
    await screenshot(page, 'share-manage');
    await mine.getByTestId('share-revoke').click();
    await expect(mine).toHaveAttribute('data-status', 'revoked');

    // The colleague's next request is refused: the table, its list entry and the link.
    await openRoute(theirs, `/bw/bond/config/${table.id}`);
    await theirs.reload();
    await expect(theirs.getByTestId('custom-table-error')).toContainText(`Bond table ${table.id} not found`);
    await openRoute(theirs, '/bw/bond/config');
    await expect(theirs.getByTestId('bond-tables-empty')).toBeVisible();
    await openRoute(theirs, acceptPath);
    await expect(theirs.getByTestId('share-refused')).toContainText('Its owner has revoked this share.');
    await screenshot(theirs, 'share-refused');
    await other.close();
  });
});
