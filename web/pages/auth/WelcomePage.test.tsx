import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountCreatedSchema, AUTH_PATHS, confirmInfoSchema } from '@common/api/auth';
import { refusal, serveApi, shaped, type ApiCall } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import { buildConfirmBody } from './signupConfirm';
import WelcomePage from './WelcomePage';

const LINK = `GET ${AUTH_PATHS.confirm}`;
const CONFIRM = `POST ${AUTH_PATHS.confirm}`;
const details = { firstName: 'Ann', lastName: 'Lee', password: 'Tr0ub4dor&3xyz', tosConsent: true as const };
const link = shaped(confirmInfoSchema, { uuid: 'u-1', email: 'ann@example.com' });
const created = shaped(accountCreatedSchema, { userId: 'u', email: 'ann@example.com', message: 'ok' });

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
    const server = serveApi({ [LINK]: link, [CONFIRM]: created });
    renderPage(<WelcomePage />, { path: '/welcome', at: '/welcome' });
    expect(screen.getByTestId('welcome-error').textContent).toContain('link from your sign-up e-mail');
    expect(server.calls).toEqual([]);
  });

  it('checks the link, then POSTs uuid, e-mail and "First Last"', async () => {
    const server = serveApi({ [LINK]: link, [CONFIRM]: created });
    const { router } = renderPage(<WelcomePage />, { path: '/welcome', at: '/welcome?uuid=u-1' });
    expect(((await screen.findByTestId('account-email')) as HTMLInputElement).value).toBe('ann@example.com');
    expect(server.callsTo(LINK).map((c) => c.query.toString())).toEqual(['token=u-1&type=signup']);
    fillAndSubmit();
    await waitFor(() => expect(server.callsTo(CONFIRM)).toHaveLength(1));
    expect(server.callsTo(CONFIRM)[0]?.body).toEqual({
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
    const server = serveApi({ [LINK]: link, [CONFIRM]: created });
    renderPage(<WelcomePage />, { path: '/welcome', at: '/welcome?uuid=u-1' });
    await screen.findByTestId('account-details-form');
    expect(screen.getByTestId('password-rules').textContent).toContain('12');
    fireEvent.change(screen.getByTestId('account-first-name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByTestId('account-last-name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByTestId('account-password'), { target: { value: 'short' } });
    fireEvent.submit(screen.getByTestId('account-details-form'));
    expect(await screen.findByText(/at least 12 characters/)).toBeTruthy();
    expect(screen.getByText(/Accept the terms of service/)).toBeTruthy();
    expect(server.callsTo(CONFIRM)).toEqual([]);
  });

  it('a refusal of the server shows on the field it names, any other on the error line', async () => {
    const refusals = [
      Response.json({ error: 'Invalid body.password: Use at least 12 characters' }, { status: 400 }),
      refusal(409, 'This e-mail already has an account.'),
    ];
    serveApi({ [LINK]: link, [CONFIRM]: () => refusals.shift() });
    renderPage(<WelcomePage />, { path: '/welcome', at: '/welcome?uuid=u-1' });
    await screen.findByTestId('account-details-form');
    fillAndSubmit();
    expect(await screen.findByText('Use at least 12 characters.')).toBeTruthy();
    expect(screen.queryByTestId('welcome-submit-error')).toBeNull();
    fireEvent.submit(screen.getByTestId('account-details-form'));
    expect((await screen.findByTestId('welcome-submit-error')).textContent).toBe('This e-mail already has an account.');
  });

  it('an expired link offers a new one (regenerateIfExpired)', async () => {
    const server = serveApi({
      [LINK]: (call: ApiCall) =>
        refusal(410, call.query.get('regenerateIfExpired') === 'true' ? 'We e-mailed you a new sign-up link.' : 'This link has expired'),
    });
    renderPage(<WelcomePage />, { path: '/welcome', at: '/welcome?uuid=old' });
    fireEvent.click(await screen.findByTestId('welcome-regenerate'));
    expect((await screen.findByTestId('welcome-regenerated')).textContent).toContain('new sign-up link');
    expect(server.callsTo(LINK).map((c) => c.query.toString())).toEqual([
      'token=old&type=signup',
      'token=old&type=signup&regenerateIfExpired=true',
    ]);
    expect(server.callsTo(CONFIRM)).toEqual([]);
  });
});
