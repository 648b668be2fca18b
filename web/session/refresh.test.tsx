import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_REFRESH_MAX_MS } from '@common/constants';
import { apiRequest, setBeforeRequest } from '../api/client';
import { useSession } from '../stores/session';
import { planRefresh } from './refreshPlan';
import { UNANSWERED_REFRESH_RETRY_MS, acceptAuthResponse, cancelScheduledRefresh, ensureFreshSession, isRefreshScheduled } from './refresh';
import { makeAuthResponse, makeJwt } from './testTokens';
import { refusal, serveApi } from '../test/apiServer';
import { pageReloads } from '../test/pageReloads';

const HOUR = 3_600_000;
const START = new Date('2026-03-02T09:00:00Z');

let server: ReturnType<typeof serveApi>;
const REFRESH = 'POST /auth/refresh';
const refreshes = () => server.callsTo(REFRESH).length;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  server = serveApi({ 'POST /auth/logout': { message: 'Signed out.' }, [REFRESH]: refusal(401, 'Your session has ended.') });
});

afterEach(() => {
  cancelScheduledRefresh();
  useSession.getState().clear();
  setBeforeRequest(null);
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('refresh plan (spec §9: min(4 h, half the remaining lifetime))', () => {
  const now = START.getTime();
  const access = (ttlMs: number) => makeJwt({ sub: 'u', exp: (now + ttlMs) / 1000 });

  it('short-lived access token: half its remaining life', () => {
    expect(planRefresh({ accessToken: access(2 * HOUR), nowMs: now })).toEqual({
      kind: 'schedule',
      delayMs: HOUR,
    });
  });

  it('long-lived access token: capped at 4 hours', () => {
    expect(planRefresh({ accessToken: access(24 * HOUR), nowMs: now })).toEqual({
      kind: 'schedule',
      delayMs: TOKEN_REFRESH_MAX_MS,
    });
  });

  it('access token without exp never expires: refreshed after 4 hours', () => {
    expect(planRefresh({ accessToken: makeJwt({ sub: 'u' }), nowMs: now })).toEqual({
      kind: 'schedule',
      delayMs: TOKEN_REFRESH_MAX_MS,
    });
  });

  it('expired access token: refresh now', () => {
    expect(planRefresh({ accessToken: access(-1000), nowMs: now }).kind).toBe('refreshNow');
  });

  it('refresh token with 1 s or less left: logout', () => {
    const base = { accessToken: access(HOUR), nowMs: now };
    expect(planRefresh({ ...base, refreshExpiresAtMs: now + 1000 }).kind).toBe('logout');
    expect(planRefresh({ ...base, refreshExpiresAtMs: now + 1001 }).kind).toBe('schedule');
    // After a reload the expiry comes from the access token's rexp claim.
    const ending = makeJwt({ sub: 'u', exp: (now + HOUR) / 1000, rexp: (now + 500) / 1000 });
    expect(planRefresh({ accessToken: ending, nowMs: now }).kind).toBe('logout');
  });

  it('a malformed access token is rejected as Invalid JWT token', () => {
    expect(() => planRefresh({ accessToken: 'a.b', nowMs: now })).toThrow('Invalid JWT token');
  });
});

describe('refresh scheduling with fake timers', () => {
  it('refreshes at half the access lifetime and reschedules from the new tokens', async () => {
    const renewed = makeAuthResponse({ accessTtlMs: 30 * 60_000 });
    server.answer(REFRESH, renewed);
    acceptAuthResponse(makeAuthResponse({ accessTtlMs: 30 * 60_000 }));
    expect(isRefreshScheduled()).toBe(true);

    await vi.advanceTimersByTimeAsync(15 * 60_000 - 1);
    expect(refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes()).toBe(1);
    expect(useSession.getState().accessToken).toBe(renewed.session.value);
    expect(isRefreshScheduled()).toBe(true);
    expect(pageReloads()).toBe(0);
  });

  it('caps the delay at 4 hours for a long-lived access token', async () => {
    server.answer(REFRESH, makeAuthResponse({ accessTtlMs: 12 * HOUR }));
    acceptAuthResponse(makeAuthResponse({ accessTtlMs: 12 * HOUR }));
    await vi.advanceTimersByTimeAsync(4 * HOUR - 1);
    expect(refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes()).toBe(1);
  });

  it('refresh token with ≤ 1 s left → logout (server told, cookies cleared) and reload', async () => {
    acceptAuthResponse(makeAuthResponse({ accessTtlMs: HOUR, refreshTtlMs: 1000 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(useSession.getState().accessToken).toBeNull();
    expect(document.cookie).not.toContain('bw_session=');
    expect(pageReloads()).toBe(1);
  });

  it('failed refresh → logout and reload', async () => {
    // The refresh is refused (the beforeEach answer): the session is over.
    acceptAuthResponse(makeAuthResponse({ accessTtlMs: 10 * 60_000 }));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(useSession.getState().accessToken).toBeNull();
    expect(pageReloads()).toBe(1);
  });

  it('a refresh that gets no answer (a reload aborting it, the network gone) keeps the session and is asked again, never a logout', async () => {
    // What a browser does to a request of a page being reloaded: fetch rejects, the server said nothing.
    server.answer(REFRESH, () => {
      throw new TypeError('Failed to fetch');
    });
    const first = makeAuthResponse({ accessTtlMs: 10 * 60_000 });
    acceptAuthResponse(first);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(refreshes()).toBe(1);
    expect(server.callsTo('POST /auth/logout')).toHaveLength(0);
    expect(useSession.getState().accessToken).toBe(first.session.value);
    expect(pageReloads()).toBe(0);
    // Answered the next time: the session goes on with the new tokens.
    const renewed = makeAuthResponse({ accessTtlMs: 10 * 60_000 });
    server.answer(REFRESH, renewed);
    await vi.advanceTimersByTimeAsync(UNANSWERED_REFRESH_RETRY_MS);
    expect(refreshes()).toBe(2);
    expect(useSession.getState().accessToken).toBe(renewed.session.value);
    expect(server.callsTo('POST /auth/logout')).toHaveLength(0);
  });

  it('another tab already refreshed: its tokens are adopted from the shared cookies, ours is not spent', async () => {
    acceptAuthResponse(makeAuthResponse({ accessTtlMs: 30 * 60_000 }));
    // A minute later the other tab rotated the session: the shared cookie now holds its access token.
    await vi.advanceTimersByTimeAsync(60_000);
    const other = makeAuthResponse({ accessTtlMs: 30 * 60_000 });
    document.cookie = `bw_session=${other.session.value}; path=/`;
    await vi.advanceTimersByTimeAsync(14 * 60_000);
    expect(refreshes()).toBe(0);
    expect(useSession.getState().accessToken).toBe(other.session.value);
    expect(isRefreshScheduled()).toBe(true);
  });

  it('refreshes without handling the refresh token: the browser sends its HttpOnly cookie', async () => {
    server.answer(REFRESH, makeAuthResponse({ accessTtlMs: 30 * 60_000 }));
    acceptAuthResponse(makeAuthResponse({ accessTtlMs: 30 * 60_000 }));
    expect(document.cookie).not.toContain('bw_refresh');
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    // An empty body: the refresh token is the cookie the browser adds, not something we send.
    expect(server.callsTo(REFRESH).map((c) => c.body)).toEqual([{}]);
  });

  it('an expired access token is refreshed before the next API call (one refresh for concurrent calls)', async () => {
    const renewed = makeAuthResponse({ accessTtlMs: HOUR });
    server.answer(REFRESH, renewed);
    server.answer('GET /v2/user/u-1', {});
    server.answer('GET /v2/user/u-1/preferences', {});
    useSession.getState().setSession({
      accessToken: makeJwt({ sub: 'u-1', exp: (START.getTime() - 1000) / 1000 }),
    });
    setBeforeRequest(ensureFreshSession);
    await Promise.all([apiRequest('/v2/user/u-1'), apiRequest('/v2/user/u-1/preferences')]);
    expect(refreshes()).toBe(1);
    const reads = server.calls.filter((c) => c.method === 'GET');
    expect(reads.map((c) => c.headers.get('Authorization'))).toEqual([
      `Bearer ${renewed.session.value}`,
      `Bearer ${renewed.session.value}`,
    ]);
  });
});
