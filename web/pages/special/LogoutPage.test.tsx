import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeJwt } from '../../session/testTokens';
import { useSession } from '../../stores/session';
import { renderPage } from '../../test/renderPage';
import LogoutPage from './LogoutPage';

describe('the logout page', () => {
  it('ends the session and goes to login', async () => {
    useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1', scope: 'user' }) });
    const { router } = renderPage(<LogoutPage />, { path: '/bw/logout', at: '/bw/logout' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/login'));
    expect(useSession.getState().accessToken).toBeNull();
  });
});
