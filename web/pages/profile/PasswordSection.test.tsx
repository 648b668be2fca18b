/**
 * Changing the password on the profile page: the browser refuses what PUT /v2/user/{id}/password
 * would, in the sentence its 400 reads as, and sends nothing; a change it takes is sent as the
 * contract's body, without the repeat.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USER_PATHS } from '@common/api/user';
import { makeJwt } from '../../session/testTokens';
import { useSession } from '../../stores/session';
import { refusal, serveApi } from '../../test/apiServer';
import { fieldError } from '../../test/fieldError';
import { renderPage } from '../../test/renderPage';
import { PasswordSection } from './PasswordSection';

const PASSWORD = `PUT ${USER_PATHS.password({ id: 'u-1' })}`;

beforeEach(() => useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1', scope: 'user' }) }));
afterEach(() => useSession.getState().clear());

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** Types the three passwords of the form; a field left out stays empty. */
function fillPasswords({ current, next, repeat = next }: { current?: string; next: string; repeat?: string }) {
  if (current !== undefined) type('password-current', current);
  type('password-new', next);
  type('password-repeat', repeat);
}

const errorOf = (testId: string) => fieldError(screen.getByTestId(testId));

function renderSection() {
  renderPage(<PasswordSection userId="u-1" email="ann@example.com" />);
}

describe('changing the password', () => {
  it('a too-short new password is refused beside it, in the server’s sentence, and nothing is sent', async () => {
    const server = serveApi({ [PASSWORD]: { message: 'ok' } });
    renderSection();
    fillPasswords({ current: 'Old-Password-2025', next: 'Short-1' });
    fireEvent.submit(screen.getByTestId('password-form'));
    // What the server's 400 "Invalid body.newPassword: Use at least 12 characters" reads as.
    await waitFor(() => expect(errorOf('password-new')).toBe('Use at least 12 characters.'));
    expect(errorOf('password-current')).toBeNull();
    expect(errorOf('password-repeat')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('a repeat that differs is refused beside it, and an empty current password beside that', async () => {
    const server = serveApi({ [PASSWORD]: { message: 'ok' } });
    renderSection();
    fillPasswords({ next: 'New-Password-2026', repeat: 'New-Password-2062' });
    fireEvent.submit(screen.getByTestId('password-form'));
    await waitFor(() => expect(errorOf('password-repeat')).toBe('The passwords do not match.'));
    expect(errorOf('password-current')).toBe('Enter your password.');
    expect(errorOf('password-new')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('a valid change is sent as the contract’s body, then the form empties and says so', async () => {
    const server = serveApi({ [PASSWORD]: { message: 'ok' } });
    renderSection();
    fillPasswords({ current: 'Old-Password-2025', next: 'New-Password-2026' });
    fireEvent.submit(screen.getByTestId('password-form'));
    expect((await screen.findByTestId('password-changed')).textContent).toBe('Password changed.');
    expect(server.callsTo(PASSWORD).map((c) => c.body)).toEqual([
      { currentPassword: 'Old-Password-2025', newPassword: 'New-Password-2026' },
    ]);
    for (const field of ['password-current', 'password-new', 'password-repeat']) {
      expect((screen.getByTestId(field) as HTMLInputElement).value).toBe('');
    }
  });

  it('a wrong current password is said on the form’s error line', async () => {
    serveApi({ [PASSWORD]: refusal(401, 'The current password is not right.') });
    renderSection();
    fillPasswords({ current: 'Not-My-Password-1', next: 'New-Password-2026' });
    fireEvent.submit(screen.getByTestId('password-form'));
    expect((await screen.findByTestId('password-error')).textContent).toBe('The current password is not right.');
    expect(screen.queryByTestId('password-changed')).toBeNull();
  });
});
