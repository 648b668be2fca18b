import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { buildConfirmBody } from './signupConfirm';
import { WelcomeView, type WelcomeDeps } from './WelcomePage';
import { renderPage } from '../../test/renderPage';

const details = { firstName: 'Ann', lastName: 'Lee', password: 'Tr0ub4dor&3xyz', tosConsent: true as const };

function deps(info: WelcomeDeps['confirmInfo']): WelcomeDeps & { confirm: ReturnType<typeof vi.fn> } {
  return { confirmInfo: vi.fn(info), confirm: vi.fn(async () => ({ userId: 'u', email: 'ann@example.com', message: 'ok' })) };
}

function fillAndSubmit() {
  fireEvent.change(screen.getByTestId('account-first-name'), { target: { value: ' Ann ' } });
  fireEvent.change(screen.getByTestId('account-last-name'), { target: { value: 'Lee' } });
  fireEvent.change(screen.getByTestId('account-password'), { target: { value: details.password } });
  fireEvent.click(screen.getByTestId('account-tos-consent'));
  fireEvent.submit(screen.getByTestId('account-details-form'));
}

describe('welcome page (spec §5 signup confirm)', () => {
  it('sends nothing without uuid and e-mail', () => {
    expect(buildConfirmBody(null, details)).toBeNull();
    expect(buildConfirmBody({ uuid: 'u-1' }, details)).toBeNull();
    expect(buildConfirmBody({ email: 'ann@example.com' }, details)).toBeNull();
    expect(buildConfirmBody({ uuid: '', email: 'ann@example.com' }, details)).toBeNull();
  });

  it('joins first and last name with a space', () => {
    expect(buildConfirmBody({ uuid: 'u-1', email: 'ann@example.com' }, { ...details, firstName: ' Ann ', lastName: 'Lee ' })).toEqual({
      uuid: 'u-1',
      email: 'ann@example.com',
      name: 'Ann Lee',
      password: details.password,
      tosConsent: true,
    });
  });

  it('without ?uuid no request is made at all', () => {
    const d = deps(async () => ({ uuid: 'x', email: 'x@example.com' }));
    renderPage(<WelcomeView deps={d} />, { path: '/welcome', at: '/welcome' });
    expect(screen.getByTestId('welcome-error').textContent).toContain('link from your sign-up e-mail');
    expect(d.confirmInfo).not.toHaveBeenCalled();
    expect(d.confirm).not.toHaveBeenCalled();
  });

  it('checks the link, then POSTs uuid, e-mail and "First Last"', async () => {
    const d = deps(async () => ({ uuid: 'u-1', email: 'ann@example.com' }));
    const { router } = renderPage(<WelcomeView deps={d} />, { path: '/welcome', at: '/welcome?uuid=u-1' });
    expect(((await screen.findByTestId('account-email')) as HTMLInputElement).value).toBe('ann@example.com');
    expect(d.confirmInfo).toHaveBeenCalledWith('u-1', false);
    fillAndSubmit();
    await waitFor(() => expect(d.confirm).toHaveBeenCalled());
    expect(d.confirm.mock.calls[0]?.[0]).toEqual({
      uuid: 'u-1',
      email: 'ann@example.com',
      name: 'Ann Lee',
      password: details.password,
      tosConsent: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/login'));
    expect(router.state.location.search).toContain('email=ann%40example.com');
  });

  it('states the password rule and refuses a weak password or missing consent without sending', async () => {
    const d = deps(async () => ({ uuid: 'u-1', email: 'ann@example.com' }));
    renderPage(<WelcomeView deps={d} />, { path: '/welcome', at: '/welcome?uuid=u-1' });
    await screen.findByTestId('account-details-form');
    expect(screen.getByTestId('password-rules').textContent).toContain('12');
    fireEvent.change(screen.getByTestId('account-first-name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByTestId('account-last-name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByTestId('account-password'), { target: { value: 'short' } });
    fireEvent.submit(screen.getByTestId('account-details-form'));
    expect(await screen.findByText(/at least 12 characters/)).toBeTruthy();
    expect(screen.getByText(/Accept the terms of service/)).toBeTruthy();
    expect(d.confirm).not.toHaveBeenCalled();
  });

  it('a refusal of the server shows on the field it names, any other on the error line', async () => {
    const d = deps(async () => ({ uuid: 'u-1', email: 'ann@example.com' }));
    const raw = 'Invalid body.password: Use at least 12 characters';
    d.confirm.mockRejectedValueOnce(new ApiError(400, 'Bad Request', 'Use at least 12 characters.', { error: raw }));
    d.confirm.mockRejectedValueOnce(new ApiError(409, 'Conflict', 'This e-mail already has an account.', { error: 'x' }));
    renderPage(<WelcomeView deps={d} />, { path: '/welcome', at: '/welcome?uuid=u-1' });
    await screen.findByTestId('account-details-form');
    fillAndSubmit();
    expect(await screen.findByText('Use at least 12 characters.')).toBeTruthy();
    expect(screen.queryByTestId('welcome-submit-error')).toBeNull();
    fireEvent.submit(screen.getByTestId('account-details-form'));
    expect((await screen.findByTestId('welcome-submit-error')).textContent).toBe('This e-mail already has an account.');
  });

  it('an expired link offers a new one (regenerateIfExpired)', async () => {
    const d = deps(async (_token, regenerate) => {
      throw new ApiError(410, 'Gone', regenerate ? 'We e-mailed you a new sign-up link.' : 'This link has expired', null);
    });
    renderPage(<WelcomeView deps={d} />, { path: '/welcome', at: '/welcome?uuid=old' });
    fireEvent.click(await screen.findByTestId('welcome-regenerate'));
    expect((await screen.findByTestId('welcome-regenerated')).textContent).toContain('new sign-up link');
    expect(d.confirmInfo).toHaveBeenLastCalledWith('old', true);
    expect(d.confirm).not.toHaveBeenCalled();
  });
});
