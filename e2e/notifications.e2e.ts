import type { Request } from '@playwright/test';
import type { DealMessage } from '../common/api/messages';
import type { DealListResponse } from '../common/api/primary';
import { createAccount, expect, loginThroughPage } from './support/accounts';
import { apiGet, apiSend, apiSession, DEMO_ADMIN, screenshot } from './support/login';
import { test } from '@playwright/test';

/**
 * Deal messages reaching a signed-in reader: the long-poll brings the notification, a toast
 * (white text, at the top) leads to the deal, the primary menu carries the unread badge, and the
 * messages shown there are marked read in one batched request, which clears the badge.
 */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test.describe('notifications and deal messages', () => {
  test.setTimeout(150_000);

  test("a message sent to a deal's followers toasts, badges the primary menu, and is marked read in one batch", async ({ page }) => {
    const reader = await createAccount();
    const readerApi = await apiSession(reader);
    const admin = await apiSession(DEMO_ADMIN);
    const { deals } = await apiGet<DealListResponse>(readerApi, `/v2/primary/deal?from=${day(-90)}&to=${day(0)}`);
    const dealId = deals[0]!.id;
    await apiSend(readerApi, 'PUT', `/v2/primary/message/follow/${dealId}`);

    await loginThroughPage(page, reader.email, reader.password);
    await page.goto('/app/#/bw/market/summary');
    // Held polls: wait until the page has one outstanding, so the messages arrive as news.
    await page.waitForRequest((r) => r.url().includes('/v2/user/notification/poll?cursor='));

    const send = (message: string) =>
      apiSend<DealMessage>(admin, 'POST', '/v2/primary/message', { dealId, message, recipients: { followers: true } });
    const first = await send('Books open <b>not bold</b> https://example.com/terms');
    const second = await send('Guidance T+120 area');

    const toast = page.getByTestId('notification-toast').first();
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('New deal message');
    const color = await toast.locator('.mantine-Notification-description').evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(255, 255, 255)');
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeLessThan(100);
    await expect(page.getByTestId('nav-primary')).toHaveAttribute('data-badges', /unreadMessages/);
    await screenshot(page, 'notification-toast');

    const markReads: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v2/primary/message/mark-read')) markReads.push(r);
    });
    await toast.click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/bw/primary/pricing/${dealId}`);
    const panel = page.getByTestId('deal-messages');
    await expect(panel.getByTestId('deal-message')).toHaveCount(2);
    // Plain text: the markup shows as typed, the link is a link.
    await expect(panel.getByText('Books open <b>not bold</b>', { exact: false })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'https://example.com/terms' })).toBeVisible();

    await expect.poll(() => markReads.length, { timeout: 20_000 }).toBe(1);
    expect(markReads[0]!.postDataJSON()).toEqual({ ids: expect.arrayContaining([first.id, second.id]) });
    await expect(panel.locator('[data-unread="true"]')).toHaveCount(0);
    await expect(page.getByTestId('nav-primary')).not.toHaveAttribute('data-badges', /unreadMessages/);
    expect(markReads).toHaveLength(1);
    await screenshot(page, 'deal-messages');
  });
});

test.describe('deal messages on the new-issue calendar', () => {
  test.setTimeout(150_000);

  test('the calendar counts unread messages per deal; picking a deal shows its messages and marks them read in one batch', async ({
    page,
  }) => {
    const reader = await createAccount();
    const readerApi = await apiSession(reader);
    const admin = await apiSession(DEMO_ADMIN);
    const from = day(-90);
    const to = day(0);
    const { deals } = await apiGet<DealListResponse>(readerApi, `/v2/primary/deal?from=${from}&to=${to}`);
    const deal = deals[0]!;
    await apiSend(readerApi, 'PUT', `/v2/primary/message/follow/${deal.id}`);
    const send = (message: string) =>
      apiSend<DealMessage>(admin, 'POST', '/v2/primary/message', { dealId: deal.id, message, recipients: { followers: true } });
    const first = await send('IPT T+140 area');
    const second = await send('Books above 3bn');

    const markReads: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v2/primary/message/mark-read')) markReads.push(r);
    });
    await loginThroughPage(page, reader.email, reader.password);
    await page.goto(`/app/#/bw/primary/new-issues?from=${from}&to=${to}`);
    const panel = page.getByTestId('calendar-messages');
    await expect(panel.getByTestId('calendar-unread')).toHaveText('2 unread');
    // Nothing is shown (so nothing is read) until the reader picks a deal.
    await expect(panel.getByTestId('deal-message')).toHaveCount(0);
    await panel.getByTestId('calendar-messages-deal').click();
    const option = page.getByRole('option', { name: new RegExp(`^${deal.issuer.ticker} · .* · 2 unread$`) });
    await expect(option).toBeVisible();
    await screenshot(page, 'calendar-messages-picker');
    await option.click();
    await expect.poll(() => new URL(page.url()).hash).toContain(`messages=${deal.id}`);
    await expect(panel.getByTestId('deal-message')).toHaveCount(2);
    await expect(panel.getByText('Books above 3bn')).toBeVisible();

    await expect.poll(() => markReads.length, { timeout: 20_000 }).toBe(1);
    expect(markReads[0]!.postDataJSON()).toEqual({ ids: expect.arrayContaining([first.id, second.id]) });
    await expect(panel.getByTestId('calendar-unread')).toHaveText('nothing unread');
    await screenshot(page, 'calendar-messages');
    // The pick is in the URL: a reload shows the same deal's messages.
    await page.reload();
    await expect(page.getByTestId('calendar-messages').getByTestId('deal-message')).toHaveCount(2);
    expect(markReads).toHaveLength(1);
  });
});
