/** What the first module of the bundle starts for the page the app opens on (boot.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../stores/session';
import { makeJwt } from '../test/jwt';
import { recordFetches } from '../test/recordingFetch';
import { hashPathname, openingRoute, routeReads, startEarly, takeEarlyRead } from './earlyStart';

let fetched: string[];

beforeEach(() => {
  fetched = recordFetches();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('early start of the opening page', () => {
  it('the hash is the router path; the route table says what the page reads first', () => {
    expect(hashPathname('#/bw/blog/post/week-in-credit?x=1')).toBe('/bw/blog/post/week-in-credit');
    expect(hashPathname('')).toBe('/');
    expect(openingRoute('/bw/blog/post/week-in-credit')).toMatchObject({
      route: { path: '/bw/blog/post/:postSlug' },
      params: { postSlug: 'week-in-credit' },
    });
    expect(routeReads('/bw/blog/post/week-in-credit')).toEqual(['/v2/blog/posts/week-in-credit']);
    expect(routeReads('/bw/blog')).toEqual([]);
  });

  it('with a fresh session: health and the post are requested at once, the post answer is handed over once', async () => {
    useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u1', scope: 'user' }), username: 'jane' });
    startEarly('/bw/blog/post/a');
    // The post page renders before the user info, so its one gate, the consent check, goes too.
    expect(fetched).toEqual(['/health', '/v2/blog/posts/a', '/v2/user/u1/tos']);
    await expect(takeEarlyRead('/v2/blog/posts/a')).resolves.toEqual({ status: 'ok', maintenanceMode: false });
    expect(takeEarlyRead('/v2/blog/posts/a')).toBeUndefined();
  });

  it('without a session, or with an expired access token, only health is requested', () => {
    startEarly('/bw/blog/post/b');
    useSession
      .getState()
      .setSession({ accessToken: makeJwt({ sub: 'u1', scope: 'user', exp: Math.floor(Date.now() / 1000) - 60 }), username: 'jane' });
    startEarly('/bw/blog/post/c');
    expect(fetched.filter((p) => p !== '/health')).toEqual([]);
    expect(takeEarlyRead('/v2/blog/posts/b')).toBeUndefined();
    expect(takeEarlyRead('/v2/blog/posts/c')).toBeUndefined();
  });
});
