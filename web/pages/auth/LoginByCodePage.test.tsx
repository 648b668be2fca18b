import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '@common/api/auth';
import { makeAuthResponse } from '../../session/testTokens';
import { runLogoutHooks } from '../../stores/logout';
import { useSession } from '../../stores/session';
import { refusal, serveApi } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import LoginByCodePage from './LoginByCodePage';

const ROUTE = '/bw/login/e/:code';
const MFA_EMAIL = `POST ${AUTH_PATHS.mfaEmail}`;

afterEach(async () => {
  await runLogoutHooks();
  useSession.getState().clear();
});

describe('logging in by the e-mailed link', () => {
  it('sends the code once and starts the session the server answers', async () => {
    const auth = makeAuthResponse({ userId: 'u-7' });
    const server = serveApi({ [MFA_EMAIL]: auth });
    renderPage(<LoginByCodePage />, { path: ROUTE, at: '/bw/login/e/code-1' });
    expect(screen.getByText('Checking your login link…')).toBeTruthy();
    await waitFor(() => expect(useSession.getState().accessToken).toBe(auth.session.value));
    expect(server.callsTo(MFA_EMAIL).map((c) => c.body)).toEqual([{ code: 'code-1' }]);
  });

  it('opened in another browser: the server’s sentence and a way to sign in with the password', async () => {
    serveApi({ [MFA_EMAIL]: refusal(403, 'This link signs in only the browser where the password was entered.') });
    renderPage(<LoginByCodePage />, { path: ROUTE, at: '/bw/login/e/code-2' });
    expect((await screen.findByTestId('login-code-error')).textContent).toBe(
      'This link signs in only the browser where the password was entered.',
    );
    expect(screen.getByTestId('login-code-back').textContent).toBe('Sign in with your password');
    expect(useSession.getState().accessToken).toBeNull();
  });

  it('an expired code says to log in again for a new one', async () => {
    serveApi({ [MFA_EMAIL]: refusal(410, 'This login code has expired.') });
    renderPage(<LoginByCodePage />, { path: ROUTE, at: '/bw/login/e/code-3' });
    expect((await screen.findByTestId('login-code-error')).textContent).toBe(
      'This login code has expired. Log in again to get a new code.',
    );
    expect(screen.getByTestId('login-code-back').textContent).toBe('Back to login');
  });
});
