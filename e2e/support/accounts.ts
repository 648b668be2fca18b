import { expect as baseExpect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './environment';
import { messagesTo, waitForLink } from './outbox';

/** The machine running e2e is shared and busy: pages and the server get 20 s, not 10 s. */
export const expect = baseExpect.configure({ timeout: 20_000 });

/** A password that satisfies the account rules (12+ characters, mixed classes). */
export const E2E_PASSWORD = 'E2e-Passw0rd-2026';

let counter = 0;
/** A fresh address per call, so tests never share (or lock) an account. */
export function freshEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '');
export { hashPath };

/**
 * Creates an account through the real sign-up API and its e-mailed link (the browser flow is
 * covered by the sign-up test; other tests only need an account of their own).
 */
export async function createAccount(
  email = freshEmail('user'),
  password = E2E_PASSWORD,
  name = 'E2e Tester',
): Promise<{ email: string; password: string }> {
  const before = messagesTo(email).length;
  const signup = await fetch(`${E2E_BASE_URL}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (signup.status !== 202) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const { link } = await waitForLink(email, /\/bw\/signup\/[0-9a-f-]{36}/, { after: before });
  const uuid = /\/bw\/signup\/([0-9a-f-]{36})/.exec(link)![1];
  const confirm = await fetch(`${E2E_BASE_URL}/auth/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uuid, email, name, password, tosConsent: true }),
  });
  if (confirm.status !== 201) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
  return { email, password };
}

/** Fills e-mail and password on /bw/login and submits (the page must be open). */
export async function submitCredentials(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Opens /bw/login, logs in with e-mail and password only, and waits for the app layout. */
export async function loginThroughPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/app/#/bw/login');
  await submitCredentials(page, email, password);
  await expect(page.getByTestId('app-layout')).toBeVisible();
}

/** Logs out through the user menu (→ /bw/logout → /bw/login) and waits for the login page. */
export async function logoutThroughMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('nav-item-/bw/logout').click();
  // The logout page tells the server first (POST /auth/logout), which a busy server may take a while to answer.
  await expect.poll(() => hashPath(page), { timeout: 30_000 }).toBe('/bw/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect((await page.context().cookies()).filter((c) => c.name === 'bw_session' || c.name === 'bw_refresh')).toEqual([]);
}
