import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS, confirmInfoSchema } from '@common/api/auth';
import { messageResponseSchema } from '@common/api/shared';
import { refusal, serveApi, shaped } from '../../test/apiServer';
import { fieldError } from '../../test/fieldError';
import { renderPage } from '../../test/renderPage';
import ResetPasswordPage from './ResetPasswordPage';

const RESET = `POST ${AUTH_PATHS.reset}`;
const CONFIRM = `GET ${AUTH_PATHS.confirm}`;
const RESET_PASSWORD = `POST ${AUTH_PATHS.resetPassword}`;
const ROUTE = '/bw/reset-password/:uuid?';

// The link-check and new-password scenarios of the reset link are also in RecoveryPages.test.tsx.
describe('the reset-password page', () => {
  it('asks for a link by e-mail and answers the same whether or not the account exists', async () => {
    const server = serveApi({ [RESET]: shaped(messageResponseSchema, { message: 'If the account exists, a link is on its way.' }) });
    renderPage(<ResetPasswordPage />, { path: ROUTE, at: '/bw/reset-password' });
    fireEvent.change(screen.getByTestId('reset-email'), { target: { value: ' Ann@Example.com ' } });
    fireEvent.submit(screen.getByTestId('reset-form'));
    expect((await screen.findByTestId('reset-sent')).textContent).toBe(
      'If ann@example.com has a Bondwise account, a message with a password reset link is on its way. Check your inbox.',
    );
    expect(server.callsTo(RESET).map((c) => c.body)).toEqual([{ email: 'ann@example.com' }]);
  });

  it('a reset link shows whose password it sets, and after saving offers to log in with that e-mail', async () => {
    const server = serveApi({
      [CONFIRM]: shaped(confirmInfoSchema, { uuid: 'r-7', email: 'ann@example.com' }),
      [RESET_PASSWORD]: shaped(messageResponseSchema, { message: 'ok' }),
    });
    renderPage(<ResetPasswordPage />, { path: ROUTE, at: '/bw/reset-password/r-7' });
    expect(((await screen.findByTestId('reset-email')) as HTMLInputElement).value).toBe('ann@example.com');
    expect(server.callsTo(CONFIRM)[0]!.query.get('type')).toBe('reset');
    fireEvent.change(screen.getByTestId('reset-new-password'), { target: { value: 'New-Password-2026' } });
    fireEvent.change(screen.getByTestId('reset-repeat-password'), { target: { value: 'New-Password-2026' } });
    fireEvent.submit(screen.getByTestId('reset-password-form'));
    expect((await screen.findByTestId('reset-done')).textContent).toBe('Your password has been changed. Other sessions were signed out.');
    expect(screen.getByTestId('reset-done-login').getAttribute('href')).toBe('/bw/login?email=ann%40example.com');
    // The contract's body: the link's code and the password, not the repeat.
    expect(server.callsTo(RESET_PASSWORD).map((c) => c.body)).toEqual([{ uuid: 'r-7', password: 'New-Password-2026' }]);
  });

  it('a password the rules refuse is not sent, and the server’s refusal of the save is shown', async () => {
    const server = serveApi({
      [CONFIRM]: shaped(confirmInfoSchema, { uuid: 'r-8', email: 'ann@example.com' }),
      [RESET_PASSWORD]: refusal(410, 'This reset link has already been used.'),
    });
    renderPage(<ResetPasswordPage />, { path: ROUTE, at: '/bw/reset-password/r-8' });
    fireEvent.change(await screen.findByTestId('reset-new-password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByTestId('reset-repeat-password'), { target: { value: 'short' } });
    fireEvent.submit(screen.getByTestId('reset-password-form'));
    // The shared password rules refuse it beside the field, as the server's 400
    // "Invalid body.password: Use at least 12 characters" reads.
    expect(await screen.findByText('Use at least 12 characters.')).toBeTruthy();
    expect(fieldError(screen.getByTestId('reset-new-password'))).toBe('Use at least 12 characters.');
    expect(fieldError(screen.getByTestId('reset-repeat-password'))).toBeNull();
    expect(server.callsTo(RESET_PASSWORD)).toEqual([]);
    fireEvent.change(screen.getByTestId('reset-new-password'), { target: { value: 'New-Password-2026' } });
    fireEvent.change(screen.getByTestId('reset-repeat-password'), { target: { value: 'New-Password-2026' } });
    fireEvent.submit(screen.getByTestId('reset-password-form'));
    expect((await screen.findByTestId('reset-password-error')).textContent).toContain('This reset link has already been used.');
  });
});
