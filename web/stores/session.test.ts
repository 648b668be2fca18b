import { afterEach, describe, expect, it } from 'vitest';
import { makeJwt } from '../test/jwt';
import { readCookie } from '../api/cookies';
import { readSessionFromCookies, useSession } from './session';

afterEach(() => useSession.getState().clear());

describe('session store', () => {
  it('setSession stores the access token, derives isAdmin from the scope and writes the cookies, never a refresh token', () => {
    const token = makeJwt({ sub: 'u1', scope: 'user admin' });
    useSession.getState().setSession({ accessToken: token, username: 'jane' });
    expect(useSession.getState()).toMatchObject({ accessToken: token, username: 'jane', isAdmin: true });
    expect(readCookie('bw_session')).toBe(token);
    expect(readCookie('bw_refresh')).toBeNull();
    expect(readCookie('bw_username')).toBe('jane');
    expect(readSessionFromCookies()).toMatchObject({ accessToken: token, isAdmin: true, username: 'jane' });
  });

  it('a user token without the admin scope is not admin', () => {
    useSession.getState().setSession({ accessToken: makeJwt({ scope: 'user' }) });
    expect(useSession.getState().isAdmin).toBe(false);
  });

  it('setSession rejects a malformed token', () => {
    expect(() => useSession.getState().setSession({ accessToken: 'not-a-jwt' })).toThrow('Invalid JWT token');
    expect(useSession.getState().accessToken).toBeNull();
  });

  it('clear forgets the session and deletes the cookies', () => {
    useSession.getState().setSession({ accessToken: makeJwt({}), username: 'u' });
    useSession.getState().clear();
    expect(useSession.getState()).toMatchObject({ accessToken: null, username: null, isAdmin: false });
    expect(readCookie('bw_session')).toBeNull();
  });

  it('writes the server cookie descriptors as given', () => {
    useSession
      .getState()
      .setSession(
        { accessToken: makeJwt({}) },
        { session: { name: 'bw_session', value: 'ignored', path: '/', maxAge: 3600, sameSite: 'Lax' } },
      );
    expect(readCookie('bw_session')).toBe(useSession.getState().accessToken);
  });
});
