import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '@common/api/auth';
import { messageResponseSchema } from '@common/api/shared';
import { refusal, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import UnlockPage from './UnlockPage';

const UNLOCK = `POST ${AUTH_PATHS.unlock}`;
const UNLOCK_REQUEST = `POST ${AUTH_PATHS.unlockRequest}`;
const ROUTE = '/bw/unlock/:uuid?';

// The link unlocking once under StrictMode is in RecoveryPages.test.tsx.
describe('the unlock page', () => {
  it('an unlock link unlocks the account and says so', async () => {
    const server = serveApi({ [UNLOCK]: shaped(messageResponseSchema, { message: 'ok' }) });
    renderPage(<UnlockPage />, { path: ROUTE, at: '/bw/unlock/u-100' });
    expect((await screen.findByTestId('unlock-done')).textContent).toBe('Your account is unlocked. You can log in again.');
    await waitFor(() => expect(server.callsTo(UNLOCK).map((c) => c.body)).toEqual([{ uuid: 'u-100' }]));
  });

  it('a used link shows the server’s sentence and offers a new link', async () => {
    serveApi({ [UNLOCK]: refusal(410, 'This unlock link has expired.') });
    renderPage(<UnlockPage />, { path: ROUTE, at: '/bw/unlock/u-101' });
    expect((await screen.findByTestId('unlock-error')).textContent).toContain('This unlock link has expired.');
    expect(screen.getByTestId('unlock-again-link').getAttribute('href')).toBe('/bw/unlock');
  });

  it('without a link it asks for the e-mail, sends it, and answers neutrally', async () => {
    const server = serveApi({ [UNLOCK_REQUEST]: shaped(messageResponseSchema, { message: 'ok' }) });
    renderPage(<UnlockPage />, { path: ROUTE, at: '/bw/unlock' });
    fireEvent.change(screen.getByTestId('unlock-email'), { target: { value: 'ann@example.com' } });
    fireEvent.submit(screen.getByTestId('unlock-form'));
    expect((await screen.findByTestId('unlock-sent')).textContent).toBe(
      'If ann@example.com has a locked Bondwise account, an unlock link is on its way. Check your inbox.',
    );
    expect(server.callsTo(UNLOCK_REQUEST).map((c) => c.body)).toEqual([{ email: 'ann@example.com' }]);
    expect(server.callsTo(UNLOCK)).toEqual([]);
  });
});
