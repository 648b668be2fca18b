import { test, type Request } from '@playwright/test';
import type { BlogPost } from '../common/api/blog';
import type { PricingSheet } from '../common/api/pricingSheets';
import type { Share, ShareList } from '../common/api/shares';
import { PREFERENCES_SAVE_DEBOUNCE_MS } from '../common/constants';
import { createAccount, expect, loginThroughPage } from './support/accounts';
import { E2E_BASE_URL } from './support/environment';
import { apiGet, apiSend, apiSession, DEMO_ADMIN, openRoute, screenshot } from './support/login';

/**
 * Sharing from the pages that lacked it (issue #15): the blog post page's Share button copies the
 * §2 link and, for the post's author, opens the share dialog; a pricing sheet shared to view opens
 * read-only and never tries to save.
 */
async function organisation(tag: string) {
  const stamp = `${Date.now()}-${process.pid}`;
  const domain = `${tag}-${stamp}.example`;
  const admin = await apiSession(DEMO_ADMIN);
  await apiSend(admin, 'POST', '/admin/organizations', { name: `${tag} desk ${stamp}`, domains: [domain] });
  const owner = await createAccount(`owner-${stamp}@${domain}`, undefined, 'Olivia Owner');
  const colleague = await createAccount(`colleague-${stamp}@${domain}`, undefined, 'Colin Colleague');
  return { stamp, admin, owner, colleague };
}

test.describe('sharing from the post page and the pricing sheet', () => {
  test.setTimeout(180_000);

  test("the post page's Share copies the post's link, and its author shares the post with a colleague from it", async ({
    page,
    browser,
  }) => {
    const { stamp, admin, owner, colleague } = await organisation('blogshare');
    const ownerApi = await apiSession(owner);
    await apiSend(admin, 'PUT', `/admin/blog/authors/${ownerApi.userId}`, { author: true });
    const post = await apiSend<BlogPost>(ownerApi, 'POST', '/v2/blog/posts', {
      title: `Desk note ${stamp}`,
      summary: 'For the desk.',
      markdown: 'Spreads were **tighter** this week.',
      tags: ['desk'],
      status: 'published',
    });
    // Spec §2: the app's hash route by id, on the address users reach (the e2e server's PUBLIC_URL).
    const link = `${E2E_BASE_URL}/app/#/bw/blog/post/${post.id}`;

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
    await loginThroughPage(page, owner.email, owner.password);
    await openRoute(page, `/bw/blog/post/${post.slug}`);
    await expect(page.getByTestId('blog-post-title')).toHaveText(post.title);
    await page.getByTestId('blog-share').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const dialog = page.getByTestId('share-item-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('share-link')).toHaveValue(link);
    const recipients = page.getByTestId('share-recipients');
    await recipients.fill(colleague.email);
    await recipients.press('Enter');
    await recipients.press('Escape');
    await expect(dialog).toContainText(colleague.email);
    await screenshot(page, 'blog-share-dialog');
    await page.getByTestId('share-send').click();
    await expect(page.getByText(`Shared “${post.title}” with ${colleague.email}`)).toBeVisible();

    // The colleague holds the invitation to this post, to view.
    const colleagueApi = await apiSession(colleague);
    const { sharedWithMe } = await apiGet<ShareList>(colleagueApi, '/v2/share');
    const invitation = sharedWithMe.find((s) => s.kind === 'blog_post' && s.itemId === String(post.id));
    expect(invitation).toMatchObject({ permission: 'view', status: 'pending', itemName: post.title });

    // A reader who is not its author copies the same link and gets no share dialog (only the author shares).
    const other = await browser.newContext();
    await other.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
    const theirs = await other.newPage();
    await loginThroughPage(theirs, colleague.email, colleague.password);
    await theirs.goto(link);
    await expect(theirs.getByTestId('blog-post-title')).toHaveText(post.title);
    await theirs.getByTestId('blog-share').click();
    await expect(theirs.getByTestId('blog-share')).toHaveText('Link copied');
    await expect.poll(() => theirs.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(theirs.getByTestId('share-item-dialog')).toHaveCount(0);
    await other.close();
  });

  test('a pricing sheet shared to view opens read-only, marked view only, and sends no save', async ({ page }) => {
    const { stamp, owner, colleague } = await organisation('sheetview');
    const ownerApi = await apiSession(owner);
    const sheet = await apiSend<PricingSheet>(ownerApi, 'POST', '/v2/primary/pricing-sheet', {
      name: `Curve check ${stamp}`,
      notes: 'Owner notes',
      content: { sector: 'COMM', rating: 'BBB', tranches: [{ tenorYears: 7, sizeMm: 750 }] },
    });
    const { shares } = await apiSend<{ shares: Share[] }>(ownerApi, 'POST', '/v2/share', {
      kind: 'pricing_sheet',
      itemId: String(sheet.id),
      recipients: [colleague.email],
      permission: 'view',
    });
    const colleagueApi = await apiSession(colleague);
    await apiSend(colleagueApi, 'POST', `/v2/share/${shares[0]!.id}/accept`);

    const writes: Request[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/primary/pricing-sheet') && r.method() !== 'GET') writes.push(r);
    });
    // The page's timers on Playwright's clock: the autosave's wait is run out below without sleeping.
    await page.clock.install();
    await loginThroughPage(page, colleague.email, colleague.password);
    await openRoute(page, `/bw/primary/pricing-sheet/${sheet.id}`);

    // The sheet is there, as the owner saved it.
    await expect(page.getByTestId('page-title')).toHaveText(sheet.name);
    await expect(page.getByTestId('sheet-name')).toHaveValue(sheet.name);
    await expect(page.getByTestId('sheet-notes')).toHaveValue('Owner notes');
    await expect(page.getByLabel('Size (USD mm)')).toHaveValue('750');
    // Marked view only, with the owner; no save state.
    await expect(page.getByTestId('sheet-view-only')).toHaveText('View only · shared by Olivia Owner');
    await expect(page.getByTestId('sheet-save-state')).toHaveCount(0);
    // Nothing that changes it can be used.
    await expect(page.getByTestId('sheet-name')).toBeDisabled();
    await expect(page.getByTestId('sheet-notes')).toBeDisabled();
    await expect(page.getByLabel('Size (USD mm)')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add tranche' })).toBeDisabled();
    await screenshot(page, 'pricing-sheet-view-only');

    // Typing at the fields anyway changes nothing, and once the autosave's wait has passed nothing was sent.
    await page.getByTestId('sheet-name').click({ force: true });
    await page.keyboard.type(' edited');
    await page.getByLabel('Size (USD mm)').click({ force: true });
    await page.keyboard.type('5');
    await page.clock.runFor(PREFERENCES_SAVE_DEBOUNCE_MS * 3);
    await expect(page.getByTestId('sheet-name')).toHaveValue(sheet.name);
    await expect(page.getByLabel('Size (USD mm)')).toHaveValue('750');
    expect(writes.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
    expect((await apiGet<PricingSheet>(ownerApi, `/v2/primary/pricing-sheet/${sheet.id}`)).version).toBe(sheet.version);

    // History lists versions but offers no restore.
    await page.getByTestId('sheet-history').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.locator('[data-testid^="sheet-restore-"]')).toHaveCount(0);
  });
});
