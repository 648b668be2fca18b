import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '@common/api/auth';
import { refusal, serveApi } from '../../test/apiServer';
import { theme } from '../../theme';
import { renderPage } from '../../test/renderPage';
import ResetPasswordPage from './ResetPasswordPage';
import SignupPage from './SignupPage';
import UnlockPage from './UnlockPage';

afterEach(() => vi.restoreAllMocks());

const SIGNUP = `POST ${AUTH_PATHS.signup}`;
const CONFIRM_INFO = `GET ${AUTH_PATHS.confirm}`;
const RESET_PASSWORD = `POST ${AUTH_PATHS.resetPassword}`;
const UNLOCK = `POST ${AUTH_PATHS.unlock}`;
const bodies = (server: ReturnType<typeof serveApi>, key: string) => server.callsTo(key).map((c) => c.body);

describe('sign-up, reset and unlock pages', () => {
  it('sign-up answers neutrally (no user enumeration)', async () => {
    const server = serveApi({ [SIGNUP]: { message: 'ok' } });
    renderPage(<SignupPage />);
    fireEvent.change(screen.getByTestId('signup-email'), { target: { value: 'ann@example.com' } });
    fireEvent.submit(screen.getByTestId('signup-form'));
    const sent = await screen.findByTestId('signup-sent');
    expect(bodies(server, SIGNUP)).toEqual([{ email: 'ann@example.com' }]);
    expect(sent.textContent).toContain('If ann@example.com can be used for Bondwise');
  });

  it('sign-up refuses a malformed address in the browser, in the sentence the server would give', async () => {
    const server = serveApi({ [SIGNUP]: { message: 'ok' } });
    renderPage(<SignupPage />);
    fireEvent.change(screen.getByTestId('signup-email'), { target: { value: 'ann@example' } });
    fireEvent.submit(screen.getByTestId('signup-form'));
    expect(await screen.findByText('Enter a valid e-mail address, like name@company.com.')).toBeTruthy();
    expect(server.callsTo(SIGNUP)).toHaveLength(0);
  });

  it('sign-up shows a refusal of the server on the address field', async () => {
    serveApi({ [SIGNUP]: refusal(400, 'Invalid body.email: An e-mail address has at most 254 characters') });
    renderPage(<SignupPage />);
    fireEvent.change(screen.getByTestId('signup-email'), { target: { value: 'ann@example.com' } });
    fireEvent.submit(screen.getByTestId('signup-form'));
    expect(await screen.findByText('An e-mail address has at most 254 characters.')).toBeTruthy();
    expect(screen.getByTestId('signup-email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('signup-sent')).toBeNull();
  });

  it('reset link: checks the link, refuses a mismatched repeat, then sets the new password', async () => {
    const server = serveApi({ [CONFIRM_INFO]: { uuid: 'r-1', email: 'ann@example.com' }, [RESET_PASSWORD]: { message: 'ok' } });
    renderPage(<ResetPasswordPage />, { path: '/bw/reset-password/:uuid', at: '/bw/reset-password/r-1' });
    fireEvent.change(await screen.findByTestId('reset-new-password'), { target: { value: 'New-Password-2026' } });
    fireEvent.change(screen.getByTestId('reset-repeat-password'), { target: { value: 'New-Password-2025' } });
    fireEvent.submit(screen.getByTestId('reset-password-form'));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(server.callsTo(RESET_PASSWORD)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('reset-repeat-password'), { target: { value: 'New-Password-2026' } });
    fireEvent.submit(screen.getByTestId('reset-password-form'));
    expect(await screen.findByTestId('reset-done')).toBeTruthy();
    expect(server.callsTo(CONFIRM_INFO).map((c) => c.query.get('token'))).toEqual(['r-1']);
    expect(bodies(server, RESET_PASSWORD)).toEqual([{ uuid: 'r-1', password: 'New-Password-2026' }]);
  });

  it('an expired reset link says so and offers a new one', async () => {
    serveApi({ [CONFIRM_INFO]: refusal(410, 'This link has expired.') });
    renderPage(<ResetPasswordPage />, { path: '/bw/reset-password/:uuid', at: '/bw/reset-password/old' });
    expect((await screen.findByTestId('reset-link-error')).textContent).toContain('expired');
    expect(screen.getByTestId('reset-again-link')).toBeTruthy();
  });

  it('an unlock link unlocks once, even under StrictMode double effects', async () => {
    const server = serveApi({ [UNLOCK]: { message: 'ok' } });
    const router = createMemoryRouter([{ path: '/bw/unlock/:uuid', element: <UnlockPage /> }], { initialEntries: ['/bw/unlock/u-42'] });
    render(
      <StrictMode>
        <MantineProvider theme={theme} env="test">
          <QueryClientProvider client={new QueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    );
    expect(await screen.findByTestId('unlock-done')).toBeTruthy();
    await waitFor(() => expect(bodies(server, UNLOCK)).toEqual([{ uuid: 'u-42' }]));
  });
});
