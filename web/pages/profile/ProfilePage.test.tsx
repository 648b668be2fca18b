import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_PATHS } from '@common/api/user';
import { makeUserInfo } from '../../session/fixtures';
import { makeJwt } from '../../session/testTokens';
import { useSession } from '../../stores/session';
import { refusal, serveApi } from '../../test/apiServer';
import { fieldError } from '../../test/fieldError';
import { renderPage } from '../../test/renderPage';
import { accessText } from './AccountSection';
import ProfilePage from './ProfilePage';
import { groupSecret } from './totp';

const status = { totpEnabled: false, passkeys: [], emailCodeAvailable: true };

const USER = USER_PATHS.user({ id: 'u-1' });
const INVITES = USER_PATHS.invites({ id: 'u-1' });
const passkey = { id: 'pk-1', name: 'Work laptop', createdAt: '2026-03-02T09:00:00Z', lastUsedAt: null };
const RENAME_PASSKEY = `PATCH ${USER_PATHS.passkey({ id: 'u-1', passkeyId: 'pk-1' })}`;
let server: ReturnType<typeof serveApi>;
const bodies = (key: string) => server.callsTo(key).map((c) => c.body);

beforeEach(() => {
  useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1', scope: 'user' }) });
  server = serveApi({
    [`GET ${USER}`]: makeUserInfo(),
    [`GET ${USER_PATHS.mfa({ id: 'u-1' })}`]: status,
    [`GET ${INVITES}`]: { invites: [] },
  });
});

afterEach(() => {
  useSession.getState().clear();
  vi.restoreAllMocks();
});

describe('profile page', () => {
  it('TOTP enrolment shows a QR code of the otpauth URI and the key, and turns on with a first code', async () => {
    const uri = 'otpauth://totp/Bondwise:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Bondwise';
    server.answer(`POST ${USER_PATHS.totp({ id: 'u-1' })}`, { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: uri });
    server.answer(`POST ${USER_PATHS.totpConfirm({ id: 'u-1' })}`, { ...status, totpEnabled: true });
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByTestId('totp-setup'));
    const qr = await screen.findByTestId('totp-qr');
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(Number(qr.getAttribute('data-version'))).toBeGreaterThanOrEqual(4);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    fireEvent.change(screen.getByTestId('totp-confirm-code'), { target: { value: '123 456' } });
    fireEvent.submit(screen.getByTestId('totp-confirm-code').closest('form')!);
    await waitFor(() => expect(bodies(`POST ${USER_PATHS.totpConfirm({ id: 'u-1' })}`)).toEqual([{ code: '123456' }]));
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('On'));
  });

  it("an authenticator code the contract refuses is refused under it, in the server's sentence, and nothing is sent", async () => {
    server.answer(`POST ${USER_PATHS.totp({ id: 'u-1' })}`, {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Bondwise:a?secret=JBSWY3DPEHPK3PXP',
    });
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByTestId('totp-setup'));
    const code = await screen.findByTestId('totp-confirm-code');
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('totp-confirm-submit'));
    await waitFor(() => expect(fieldError(code)).toBe('Enter the 6-digit code from your authenticator app.'));
    expect(server.callsTo(`POST ${USER_PATHS.totpConfirm({ id: 'u-1' })}`)).toEqual([]);
    expect(screen.queryByTestId('totp-confirm-error')).toBeNull();
  });

  it("the server's 400 naming the authenticator code shows under it; a wrong code is the form's error line", async () => {
    const CONFIRM = `POST ${USER_PATHS.totpConfirm({ id: 'u-1' })}`;
    server.answer(`POST ${USER_PATHS.totp({ id: 'u-1' })}`, {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Bondwise:a?secret=JBSWY3DPEHPK3PXP',
    });
    server.answer(CONFIRM, refusal(400, 'Invalid body.code: Enter the 6-digit code from your authenticator app'));
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByTestId('totp-setup'));
    const code = (await screen.findByTestId('totp-confirm-code')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('totp-confirm-submit'));
    await waitFor(() => expect(fieldError(code)).toBe('Enter the 6-digit code from your authenticator app.'));
    expect(bodies(CONFIRM)).toEqual([{ code: '654321' }]);
    expect(screen.queryByTestId('totp-confirm-error')).toBeNull();
    expect(code.value).toBe('654321');

    server.answer(CONFIRM, refusal(400, 'That code is not right; check the time on your phone and try the next code'));
    fireEvent.click(screen.getByTestId('totp-confirm-submit'));
    expect((await screen.findByTestId('totp-confirm-error')).textContent).toBe(
      'That code is not right; check the time on your phone and try the next code',
    );
    expect(fieldError(code)).toBeNull();
  });

  it("a password the removal's contract refuses is refused under it, in the server's sentence, and nothing is sent", async () => {
    server.answer(`GET ${USER_PATHS.mfa({ id: 'u-1' })}`, { ...status, totpEnabled: true });
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByTestId('totp-remove'));
    const password = await screen.findByTestId('totp-remove-confirm-password');
    fireEvent.change(password, { target: { value: 'p'.repeat(129) } });
    fireEvent.click(screen.getByTestId('totp-remove-confirm-submit'));
    await waitFor(() => expect(fieldError(password)).toBe('Password must be at most 128 characters.'));
    expect(server.callsTo(`DELETE ${USER_PATHS.totp({ id: 'u-1' })}`)).toEqual([]);
    expect(screen.queryByTestId('totp-remove-confirm-error')).toBeNull();
  });

  it('removing the authenticator sends exactly the password typed and turns it off', async () => {
    server.answer(`GET ${USER_PATHS.mfa({ id: 'u-1' })}`, { ...status, totpEnabled: true });
    server.answer(`DELETE ${USER_PATHS.totp({ id: 'u-1' })}`, status);
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByTestId('totp-remove'));
    fireEvent.change(await screen.findByTestId('totp-remove-confirm-password'), { target: { value: ' s3cret pass ' } });
    fireEvent.click(screen.getByTestId('totp-remove-confirm-submit'));
    await waitFor(() => expect(bodies(`DELETE ${USER_PATHS.totp({ id: 'u-1' })}`)).toEqual([{ password: ' s3cret pass ' }]));
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('Off'));
  });

  it("the server's 400 naming the password shows under it in the passkey's removal dialog", async () => {
    const REMOVE = `DELETE ${USER_PATHS.passkey({ id: 'u-1', passkeyId: 'pk-1' })}`;
    server.answer(`GET ${USER_PATHS.mfa({ id: 'u-1' })}`, { ...status, passkeys: [passkey] });
    server.answer(REMOVE, refusal(400, 'Invalid body.password: Enter your password'));
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByTestId('passkey-remove'));
    const password = (await screen.findByTestId('passkey-remove-confirm-password')) as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'hunter22' } });
    fireEvent.click(screen.getByTestId('passkey-remove-confirm-submit'));
    await waitFor(() => expect(fieldError(password)).toBe('Enter your password.'));
    expect(bodies(REMOVE)).toEqual([{ password: 'hunter22' }]);
    expect(screen.queryByTestId('passkey-remove-confirm-error')).toBeNull();
    expect(password.value).toBe('hunter22');
  });

  it("a passkey name the rename contract refuses is refused under it, in the server's sentence, and nothing is sent", async () => {
    server.answer(`GET ${USER_PATHS.mfa({ id: 'u-1' })}`, { ...status, passkeys: [passkey] });
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByTestId('passkey-rename'));
    const name = await screen.findByTestId('passkey-name-input');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(fieldError(name)).toBe('Name is required.'));
    fireEvent.change(name, { target: { value: 'n'.repeat(61) } });
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(fieldError(name)).toBe('Name must be at most 60 characters.'));
    expect(server.callsTo(RENAME_PASSKEY)).toEqual([]);
  });

  it('renaming a passkey sends exactly the trimmed name and shows it in its row', async () => {
    server.answer(`GET ${USER_PATHS.mfa({ id: 'u-1' })}`, { ...status, passkeys: [passkey] });
    server.answer(RENAME_PASSKEY, { ...passkey, name: 'Home desktop' });
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByTestId('passkey-rename'));
    const name = await screen.findByTestId('passkey-name-input');
    fireEvent.change(name, { target: { value: '  Home desktop ' } });
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(bodies(RENAME_PASSKEY)).toEqual([{ name: 'Home desktop' }]));
    expect((await screen.findByTestId('passkey-name')).textContent).toBe('Home desktop');
  });

  it("the server's 400 naming the passkey's name shows under it, and the field stays open", async () => {
    server.answer(`GET ${USER_PATHS.mfa({ id: 'u-1' })}`, { ...status, passkeys: [passkey] });
    server.answer(RENAME_PASSKEY, refusal(400, 'Invalid body.name: Too big: expected string to have <=60 characters'));
    renderPage(<ProfilePage />);
    fireEvent.click(await screen.findByTestId('passkey-rename'));
    const name = (await screen.findByTestId('passkey-name-input')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Home desktop' } });
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(fieldError(name)).toBe('Name must be at most 60 characters.'));
    expect(bodies(RENAME_PASSKEY)).toEqual([{ name: 'Home desktop' }]);
    expect(name.value).toBe('Home desktop');
  });

  it('saves the profile with unset texts as null', async () => {
    server.answer(`PUT ${USER}`, makeUserInfo());
    renderPage(<ProfilePage />);
    const roleType = await screen.findByTestId('profile-role-type');
    fireEvent.change(roleType, { target: { value: '' } });
    fireEvent.submit(screen.getByTestId('profile-form'));
    await waitFor(() => expect(bodies(`PUT ${USER}`)).toHaveLength(1));
    expect(bodies(`PUT ${USER}`)[0]).toEqual({
      name: 'Ann Lee',
      profile: {
        roleType: null,
        roleFunction: 'IG credit',
        jobFunction: 'pm',
        seniority: 'director',
        organizationType: 'buyside',
        sectors: ['Financials'],
      },
    });
  });

  it('refuses a name over the limit in the browser, in the server’s sentence', async () => {
    server.answer(`PUT ${USER}`, makeUserInfo());
    renderPage(<ProfilePage />);
    fireEvent.change(await screen.findByTestId('profile-name'), { target: { value: 'A'.repeat(202) } });
    fireEvent.submit(screen.getByTestId('profile-form'));
    expect(await screen.findByText('Name must be at most 201 characters.')).toBeTruthy();
    expect(server.callsTo(`PUT ${USER}`)).toHaveLength(0);
  });

  it('refuses an over-long sector on the sectors field in the browser, and sends nothing', async () => {
    renderPage(<ProfilePage />);
    const sectors = await screen.findByTestId('profile-sectors');
    // Focused first: the tags input takes a change to an unfocused input for an autofill's.
    sectors.focus();
    fireEvent.change(sectors, { target: { value: 'S'.repeat(61) } });
    fireEvent.keyDown(sectors, { key: 'Enter' });
    fireEvent.submit(screen.getByTestId('profile-form'));
    // The contract's "profile.sectors.1" lands on the one field of the list, read before its description.
    await waitFor(() => expect(fieldError(sectors)).toMatch(/^Sectors must be at most 60 characters\. Sectors you cover/));
    expect(fieldError(screen.getByTestId('profile-name'))).toBeNull();
    expect(server.callsTo(`PUT ${USER}`)).toEqual([]);
  });

  it('shows the server’s refusal of a sector on the sectors field', async () => {
    server.answer(`PUT ${USER}`, refusal(400, 'Invalid body.profile.sectors.0: Too big: expected string to have <=60 characters'));
    renderPage(<ProfilePage />);
    await screen.findByTestId('profile-form');
    fireEvent.submit(screen.getByTestId('profile-form'));
    const shown = await screen.findByText('Sectors must be at most 60 characters.');
    expect(shown.closest('.mantine-TagsInput-root')).toBeTruthy();
  });

  it("an e-mail address the invite's contract refuses is refused under it, in the server's sentence, and nothing is sent", async () => {
    renderPage(<ProfilePage />);
    const input = await screen.findByTestId('invite-email');
    fireEvent.change(input, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    await waitFor(() => expect(fieldError(input)).toBe('Enter a valid e-mail address, like name@company.com.'));
    expect(server.callsTo(`POST ${INVITES}`)).toEqual([]);
    expect(screen.queryByTestId('invite-send-error')).toBeNull();
  });

  it('invites a colleague: sends exactly the address as the contract reads it, says so and empties the field', async () => {
    server.answer(`POST ${INVITES}`, {
      id: 'i1',
      email: 'bob@example.com',
      status: 'pending',
      createdAt: '2026-03-02T09:00:00Z',
      expiresAt: '2026-03-16T09:00:00Z',
      acceptedAt: null,
    });
    renderPage(<ProfilePage />);
    const input = (await screen.findByTestId('invite-email')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' Bob@Example.com ' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    await waitFor(() => expect(bodies(`POST ${INVITES}`)).toEqual([{ email: 'bob@example.com' }]));
    expect((await screen.findByTestId('invite-sent')).textContent).toBe('Invitation sent to bob@example.com.');
    expect(input.value).toBe('');
  });

  it("the server's 400 naming the invite's address shows under it, not on the error line", async () => {
    server.answer(`POST ${INVITES}`, refusal(400, 'Invalid body.email: Enter a valid e-mail address, like name@company.com'));
    renderPage(<ProfilePage />);
    const input = (await screen.findByTestId('invite-email')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'bob@example.com' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    await waitFor(() => expect(fieldError(input)).toBe('Enter a valid e-mail address, like name@company.com.'));
    expect(bodies(`POST ${INVITES}`)).toEqual([{ email: 'bob@example.com' }]);
    expect(screen.queryByTestId('invite-send-error')).toBeNull();
    expect(input.value).toBe('bob@example.com');
  });

  it('an invite refused for a colleague who already has an account says so on the error line', async () => {
    server.answer(`POST ${INVITES}`, refusal(409, 'bob@example.com already has an account.'));
    renderPage(<ProfilePage />);
    const input = await screen.findByTestId('invite-email');
    fireEvent.change(input, { target: { value: 'bob@example.com' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect((await screen.findByTestId('invite-send-error')).textContent).toBe('bob@example.com already has an account.');
    expect(fieldError(input)).toBeNull();
  });

  it('shows the organisation, role, access and support token of the account', async () => {
    server.answer(
      `GET ${USER}`,
      makeUserInfo({
        organization: { token: 'org-tok', name: 'Northwind Capital', type: 'buyside' },
        trial: { state: 'trial', startedAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-15', extendedUntil: null, daysLeft: 3 },
      }),
    );
    renderPage(<ProfilePage />);
    expect((await screen.findByTestId('profile-account-organization')).textContent).toBe('Northwind Capital (Buy side)');
    expect(screen.getByTestId('profile-account-role').textContent).toBe('Portfolio manager · IG credit');
    expect(screen.getByTestId('profile-account-access').textContent).toBe('Trial until Nov 15, 2026');
    expect(screen.getByTestId('profile-account-support-token').textContent).toContain('sup-1');
  });

  it('an account without an organisation says so, and a subscribed one names its organisation', () => {
    const none = makeUserInfo();
    expect(accessText({ ...none, trial: { ...none.trial, state: null } })).toBe('Subscription');
    expect(accessText({ ...none, isEmployee: true })).toBe('Employee');
    expect(accessText({ ...none, organization: { token: 't', name: 'Acme', type: null } })).toBe('Subscription of Acme');
  });

  it('groups the secret in fours', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
