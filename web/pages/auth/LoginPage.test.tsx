import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LoginDeps } from '../../session/loginMachine';
import { makeAuthResponse } from '../../session/testTokens';
import { LoginView } from './LoginPage';
import { renderPage } from '../../test/renderPage';

function fakeDeps(overrides: Partial<LoginDeps['api']> = {}): LoginDeps {
  const auth = makeAuthResponse();
  return {
    api: {
      loginStart: vi.fn(async () => ({ kind: 'secondFactor' as const, mfaSession: 'm', factors: ['email' as const, 'totp' as const] })),
      loginFinish: vi.fn(async () => auth),
      mfaEnroll: vi.fn(async () => auth),
      mfaEmailSend: vi.fn(async () => ({ message: 'sent' })),
      mfaEmail: vi.fn(async () => auth),
      ...overrides,
    },
    startAuthentication: vi.fn(async () => ({ id: 'c' })),
    startRegistration: vi.fn(async () => ({ id: 'c' })),
    detectPlatform: vi.fn(async () => 'none' as const),
    cancelPasskey: vi.fn(),
    onSession: vi.fn(),
  };
}

/** The text of the error the field's aria-describedby points to. */
function fieldError(input: HTMLElement): string | undefined {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent).find((text) => text);
}

describe('login page', () => {
  it('validates with the shared schemas before calling the server', async () => {
    const deps = fakeDeps();
    renderPage(<LoginView deps={deps} />);
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'not-an-email' } });
    fireEvent.submit(screen.getByTestId('login-form'));
    expect(await screen.findByText(/valid e-mail address/)).toBeTruthy();
    expect(deps.api.loginStart).not.toHaveBeenCalled();
  });

  it('password + TOTP: Enter submits each step and the session is handed over', async () => {
    const deps = fakeDeps();
    renderPage(<LoginView deps={deps} />);
    expect(screen.getByTestId('login-email').getAttribute('autocomplete')).toBe('username webauthn');
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'Ann@Example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret password' } });
    fireEvent.submit(screen.getByTestId('login-form'));
    await screen.findByTestId('login-step-chooseFactor');
    expect(deps.api.loginStart).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret password', mfaPlatform: 'none' });
    fireEvent.click(screen.getByTestId('login-factor-totp'));
    const code = await screen.findByTestId('login-totp-code');
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.submit(code.closest('form')!);
    await waitFor(() => expect(deps.onSession).toHaveBeenCalled());
    expect(deps.api.loginFinish).toHaveBeenCalledWith(expect.objectContaining({ totpCode: '123456', mfaSession: 'm' }));
    expect(screen.getByTestId('login-done')).toBeTruthy();
  });

  it('refuses a short authenticator code or a malformed e-mailed code in the contract’s words', async () => {
    const deps = fakeDeps();
    renderPage(<LoginView deps={deps} />);
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'x' } });
    fireEvent.submit(screen.getByTestId('login-form'));
    fireEvent.click(await screen.findByTestId('login-factor-totp'));
    const totp = await screen.findByTestId('login-totp-code');
    fireEvent.change(totp, { target: { value: '12345' } });
    fireEvent.submit(totp.closest('form')!);
    // The step's own hint says the same words; the refusal is the one the field points to.
    await waitFor(() => expect(fieldError(totp)).toBe('Enter the 6-digit code from your authenticator app.'));
    expect(deps.api.loginFinish).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('login-factor-email'));
    const emailCode = await screen.findByTestId('login-email-code-code');
    fireEvent.change(emailCode, { target: { value: 'ABCDE-FGHI' } });
    fireEvent.submit(emailCode.closest('form')!);
    await waitFor(() => expect(fieldError(emailCode)).toBe('Enter the code from the e-mail (10 letters and digits).'));
    expect(deps.api.mfaEmail).not.toHaveBeenCalled();
  });

  it('shows the server error and, when locked, the unlock link', async () => {
    const { ApiError } = await import('../../api/client');
    const deps = fakeDeps({
      loginStart: vi.fn(async () => {
        throw new ApiError(423, 'Locked', 'This account is locked. We e-mailed you an unlock link.', null);
      }),
    });
    renderPage(<LoginView deps={deps} />);
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'x' } });
    fireEvent.submit(screen.getByTestId('login-form'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('locked');
    expect(screen.getByTestId('login-unlock-link').getAttribute('href')).toBe('/bw/unlock');
  });

  it('passkey: the focused "Use passkey" button opens the prompt', async () => {
    const deps = fakeDeps({
      loginStart: vi.fn(async () => ({ kind: 'passkey' as const, mfaSession: 'm', options: { challenge: 'c' }, factors: [] })),
    });
    renderPage(<LoginView deps={deps} />);
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'x' } });
    fireEvent.submit(screen.getByTestId('login-form'));
    const button = await screen.findByTestId('login-passkey');
    expect(document.activeElement).toBe(button);
    expect(deps.startAuthentication).not.toHaveBeenCalled();
    fireEvent.click(button);
    await waitFor(() => expect(deps.onSession).toHaveBeenCalled());
    expect(deps.startAuthentication).toHaveBeenCalledTimes(1);
  });
});
