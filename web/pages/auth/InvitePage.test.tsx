import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountCreatedSchema, AUTH_PATHS, inviteInfoSchema } from '@common/api/auth';
import { refusal, serveApi, shaped } from '../../test/apiServer';
import { fieldError } from '../../test/fieldError';
import { renderPage } from '../../test/renderPage';
import InvitePage from './InvitePage';

const ROUTE = '/bw/invite/:inviteCode';
const INVITE = `GET ${AUTH_PATHS.invite({ code: 'inv-1' })}`;
const ACCEPT = `POST ${AUTH_PATHS.inviteAccept}`;
const invite = shaped(inviteInfoSchema, {
  email: 'ann@example.com',
  inviterName: 'Bob Smith',
  organizationName: 'Acme Capital',
  expiresAt: '2026-12-06T00:00:00.000Z',
});

describe('the invitation page', () => {
  it('says who invited whom, creates the account with the details typed and goes to login with the e-mail', async () => {
    const server = serveApi({
      [INVITE]: invite,
      [ACCEPT]: shaped(accountCreatedSchema, { userId: 'u-9', email: 'ann@example.com', message: 'Account created' }),
    });
    const { router } = renderPage(<InvitePage />, { path: ROUTE, at: '/bw/invite/inv-1' });
    expect((await screen.findByTestId('invite-from')).textContent).toBe(
      'Bob Smith invited you to Bondwise with Acme Capital. Finish your account to start.',
    );
    expect((screen.getByTestId('account-email') as HTMLInputElement).value).toBe('ann@example.com');
    fireEvent.change(screen.getByTestId('account-first-name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByTestId('account-last-name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByTestId('account-password'), { target: { value: 'New-Password-2026' } });
    fireEvent.click(screen.getByTestId('account-tos-consent'));
    fireEvent.submit(screen.getByTestId('account-details-form'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/login'));
    expect(router.state.location.search).toBe('?created=1&email=ann%40example.com');
    expect(server.callsTo(ACCEPT).map((c) => c.body)).toEqual([
      { code: 'inv-1', firstName: 'Ann', lastName: 'Lee', password: 'New-Password-2026', tosConsent: true },
    ]);
  });

  it('without the terms accepted nothing is sent', async () => {
    const server = serveApi({ [INVITE]: shaped(inviteInfoSchema, { ...invite, inviterName: null, organizationName: null }) });
    renderPage(<InvitePage />, { path: ROUTE, at: '/bw/invite/inv-1' });
    expect((await screen.findByTestId('invite-from')).textContent).toBe('You are invited to Bondwise. Finish your account to start.');
    fireEvent.change(screen.getByTestId('account-first-name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByTestId('account-last-name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByTestId('account-password'), { target: { value: 'New-Password-2026' } });
    fireEvent.submit(screen.getByTestId('account-details-form'));
    expect(await screen.findByText(/Accept the terms of service to continue/)).toBeTruthy();
    expect(server.callsTo(ACCEPT)).toEqual([]);
  });

  it('a blank first name and an over-long last name are refused beside them, and nothing is sent', async () => {
    const server = serveApi({ [INVITE]: invite });
    renderPage(<InvitePage />, { path: ROUTE, at: '/bw/invite/inv-1' });
    await screen.findByTestId('invite-from');
    // The input's maxLength stops typing, not a value set otherwise (an autofill, a script).
    fireEvent.change(screen.getByTestId('account-first-name'), { target: { value: '   ' } });
    fireEvent.change(screen.getByTestId('account-last-name'), { target: { value: 'L'.repeat(101) } });
    fireEvent.change(screen.getByTestId('account-password'), { target: { value: 'New-Password-2026' } });
    fireEvent.click(screen.getByTestId('account-tos-consent'));
    fireEvent.submit(screen.getByTestId('account-details-form'));
    await waitFor(() => expect(fieldError(screen.getByTestId('account-first-name'))).toBe('First name is required.'));
    expect(fieldError(screen.getByTestId('account-last-name'))).toBe('Last name must be at most 100 characters.');
    expect(fieldError(screen.getByTestId('account-password'))).toBeNull();
    expect(screen.queryByTestId('invite-submit-error')).toBeNull();
    expect(server.callsTo(ACCEPT)).toEqual([]);
  });

  it('an expired or used invitation shows the server’s sentence', async () => {
    serveApi({ [INVITE]: refusal(410, 'This invitation has expired. Ask for a new one.') });
    renderPage(<InvitePage />, { path: ROUTE, at: '/bw/invite/inv-1' });
    expect((await screen.findByTestId('invite-error')).textContent).toContain('This invitation has expired. Ask for a new one.');
  });
});
