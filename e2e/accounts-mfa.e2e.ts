import { expect as baseExpect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { createAccount, freshEmail, hashPath, loginThroughPage, logoutThroughMenu, submitCredentials } from './support/accounts';

const expect = baseExpect.configure({ timeout: 20_000 }); // a shared, busy machine

/**
 * Second factors enrolled through the profile page and used at login, against the real server:
 * an authenticator app (codes computed here with otplib from the secret the page shows) and a
 * passkey (Chromium's virtual authenticator over CDP; the page origin equals PUBLIC_URL).
 */

async function openProfile(page: Page): Promise<void> {
  await page.goto('/app/#/bw/profile');
  // The profile page is a lazily loaded chunk plus three API calls: allow a busy machine time.
  await expect(page.getByTestId('profile-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('profile-mfa')).toBeVisible();
}

test.describe('accounts: second factors', () => {
  test.describe.configure({ timeout: 120_000 });
  test('enrol an authenticator app on the profile page, then log in with password and TOTP code', async ({ page }) => {
    const { email, password } = await createAccount(freshEmail('totp'));
    await loginThroughPage(page, email, password);
    await openProfile(page);

    await expect(page.getByTestId('totp-status')).toHaveText('Off');
    await page.getByTestId('totp-setup').click();
    const secretBox = page.getByTestId('totp-secret');
    await expect(secretBox).toBeVisible();
    // The key as the user would type it: the grouped text on the page, spaces removed.
    const secret = ((await secretBox.textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await secretBox.getAttribute('data-secret')).toBe(secret);
    await expect(page.getByTestId('totp-enrolment')).toHaveAttribute('data-otpauth-uri', new RegExp(`^otpauth://totp/.*secret=${secret}`));

    await page.getByTestId('totp-confirm-code').fill(await generate({ secret }));
    await page.getByTestId('totp-confirm-submit').click();
    await expect(page.getByTestId('totp-status')).toHaveText('On');
    await expect(page.getByTestId('profile-totp')).toHaveAttribute('data-enabled', 'true');

    await logoutThroughMenu(page);
    await submitCredentials(page, email, password);
    // The server asks for a second factor; the authenticator code is offered (directly or as a choice).
    const totpStep = page.getByTestId('login-step-totp');
    const choose = page.getByTestId('login-step-chooseFactor');
    await expect(totpStep.or(choose)).toBeVisible();
    if (await choose.isVisible()) await page.getByTestId('login-factor-totp').click();
    await expect(totpStep).toBeVisible();
    await expect(page.getByTestId('app-layout')).toHaveCount(0);

    // A wrong code is refused and the step stays open.
    await page.getByTestId('login-totp-code').fill('000000');
    await page.getByTestId('login-totp-submit').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(totpStep).toBeVisible();

    // Codes cannot be replayed, so use the next time step's code (the server accepts ±30 s).
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.getByTestId('login-totp-code').fill(code);
    await page.getByTestId('login-totp-submit').click();
    await expect(page.getByTestId('app-layout')).toBeVisible();
    await expect.poll(() => hashPath(page)).toBe('/bw/market/summary');
  });

  test('add a passkey on the profile page, then log in with it (virtual authenticator)', async ({ page, context }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    const { email, password } = await createAccount(freshEmail('passkey'));
    await loginThroughPage(page, email, password);
    await openProfile(page);
    await expect(page.getByTestId('profile-passkeys')).toHaveAttribute('data-count', '0');
    await page.getByTestId('passkey-add-name').fill('E2E virtual key');
    await page.getByTestId('passkey-add').click();
    await expect(page.getByTestId('passkey-add-error')).toHaveCount(0);
    await expect(page.getByTestId('profile-passkeys')).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('passkey-name')).toHaveText('E2E virtual key');
    const stored = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(stored.credentials).toHaveLength(1);
    const signCountAtRegistration = stored.credentials[0]!.signCount;

    await logoutThroughMenu(page);
    await submitCredentials(page, email, password);
    await expect(page.getByTestId('login-step-passkey')).toBeVisible();
    await expect(page.getByTestId('app-layout')).toHaveCount(0);
    await page.getByTestId('login-passkey').click();
    await expect(page.getByTestId('app-layout')).toBeVisible();
    await expect.poll(() => hashPath(page)).toBe('/bw/market/summary');

    // The authenticator really signed an assertion, and the profile shows the key as used.
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(after.credentials[0]!.signCount).toBeGreaterThan(signCountAtRegistration);
    await openProfile(page);
    await expect(page.getByTestId('passkey-row')).toHaveCount(1);
    await expect(page.getByTestId('passkey-row').locator('td').nth(2)).not.toHaveText('—');
  });
});
