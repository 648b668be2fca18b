import { expect, test, type Page } from '@playwright/test';
import type { ErrorListResponse } from '../common/api/adminErrors';
import type { UserInfo } from '../common/api/user';
import { createAccount, logoutThroughMenu } from './support/accounts';
import { apiGet, apiSend, apiSession, DEMO_ADMIN, type LoggedIn, loginAsDemoUser, openRoute } from './support/login';

/**
 * The vendor support widget (feature `intercom`). The e2e server is configured with an Intercom
 * app id in the EU region (playwright.config.ts); the feature is off by default, so only the
 * people these tests switch it on for get the widget. Nothing here reaches the internet: the
 * messenger script's URL is answered inside the browser, by a stand-in messenger that records
 * what it is told (what Intercom's script does: replace the queueing stub, boot from
 * `intercomSettings`), or refused, as a product with no vendor reachable sees it.
 */
const WIDGET = 'https://widget.intercom.io/widget/**';
const STAND_IN = `(() => {
  const calls = (window.__intercomCalls = []);
  const queued = (window.Intercom && window.Intercom.q) || [];
  window.Intercom = (...args) => {
    calls.push(args);
    if (args[0] === 'show') {
      const panel = document.createElement('div');
      panel.setAttribute('data-testid', 'vendor-messenger');
      panel.textContent = 'Messenger';
      document.body.appendChild(panel);
    }
  };
  if (window.intercomSettings) calls.push(['boot', window.intercomSettings]);
  for (const args of queued) window.Intercom(...args);
})();`;

/** A fresh person with a role and the `intercom` feature switched on by an admin. */
async function personWithWidget(): Promise<{ user: { email: string; password: string }; login: LoggedIn }> {
  const user = await createAccount();
  const login = await apiSession(user);
  await apiSend(login, 'PUT', `/v2/user/${login.userId}`, { profile: { roleType: 'Trader', roleFunction: 'HY credit' } });
  const admin = await apiSession(DEMO_ADMIN);
  await apiSend(admin, 'PUT', `/admin/features/intercom/users/${login.userId}`, { level: 2 });
  return { user, login };
}

async function openSummary(page: Page): Promise<void> {
  await openRoute(page, '/bw/market/summary');
  await expect(page.getByTestId('page-title')).toHaveText('Market summary', { timeout: 30_000 });
}

test.describe('support widget', () => {
  test.setTimeout(120_000);

  test('without the feature the built-in form is used and no vendor script is requested', async ({ page, context }) => {
    const requested: string[] = [];
    await page.route(WIDGET, (route) => {
      requested.push(route.request().url());
      return route.abort();
    });
    const user = await createAccount();
    await loginAsDemoUser(context, undefined, user);
    await openSummary(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('contact-support-open').click();
    await expect(page.getByTestId('contact-support-subject')).toBeVisible();
    expect(await page.locator('script[src*="intercom"]').count()).toBe(0);
    expect(requested).toEqual([]);
  });

  test("with the feature, the EU messenger boots with the person's support token and role, opens from the menu and shuts down at logout", async ({
    page,
    context,
  }) => {
    await page.route(WIDGET, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }));
    const { user, login } = await personWithWidget();
    const info = await apiGet<UserInfo>(login, `/v2/user/${login.userId}`);
    await loginAsDemoUser(context, undefined, user);
    await openSummary(page);

    await expect(page.locator('#bw-intercom-script')).toHaveAttribute('src', 'https://widget.intercom.io/widget/e2eapp01');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __intercomCalls?: unknown[] }).__intercomCalls?.length ?? 0))
      .toBeGreaterThan(0);
    const boot = (await page.evaluate(() => (window as unknown as { __intercomCalls: unknown[][] }).__intercomCalls[0]))!;
    expect(boot[0]).toBe('boot');
    expect(boot[1]).toMatchObject({
      app_id: 'e2eapp01',
      api_base: 'https://api-iam.eu.intercom.io',
      user_id: info.supportToken,
      email: user.email,
      roleType: 'Trader',
      roleFunction: 'HY credit',
    });

    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('contact-support-open')).toHaveAttribute('data-widget', 'ready');
    await page.getByTestId('contact-support-open').click();
    await expect(page.getByTestId('vendor-messenger')).toBeVisible();
    await expect(page.getByTestId('contact-support-subject')).toHaveCount(0);

    await logoutThroughMenu(page);
    const calls = await page.evaluate(() => (window as unknown as { __intercomCalls: unknown[][] }).__intercomCalls.map((c) => c[0]));
    expect(calls).toEqual(['boot', 'show', 'shutdown']);
  });

  test('with the vendor unreachable the app works, the failure reaches the error page and the built-in form is used', async ({
    page,
    context,
    browser,
  }) => {
    await page.route(WIDGET, (route) => route.abort('internetdisconnected'));
    const { user } = await personWithWidget();
    await loginAsDemoUser(context, undefined, user);
    const reported = page.waitForResponse((r) => r.url().endsWith('/v2/client-errors') && r.request().method() === 'POST');
    await openSummary(page);
    expect((await reported).status()).toBe(202);
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('contact-support-open')).toHaveAttribute('data-widget', 'failed');
    await page.getByTestId('contact-support-open').click();
    await expect(page.getByTestId('contact-support-subject')).toBeVisible();

    const adminContext = await browser.newContext();
    try {
      const admin = await loginAsDemoUser(adminContext, undefined, DEMO_ADMIN);
      const errors = await apiGet<ErrorListResponse>(admin, '/admin/errors');
      expect(
        errors.groups.some((g) => g.message.includes('support widget could not be loaded from https://widget.intercom.io/widget/e2eapp01')),
      ).toBe(true);
    } finally {
      await adminContext.close();
    }
  });
});
