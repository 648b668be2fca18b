/**
 * Opening the app with a session: the page's first reads go out beside the first health check,
 * the session's own start-up reads at the first good one; nothing of either is kept or sent when
 * that check fails or reports maintenance.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKey } from '../api/queries';
import { usePreferencesStore } from '../preferences/store';
import { useAppStore } from '../stores/app';
import { useSession } from '../stores/session';
import { makeJwt } from '../test/jwt';
import { prefetchInitialRoute } from './prefetch';

const POST = { id: 7, slug: 'week-in-credit', title: 'Week in credit' };
const SESSION_READS = ['/v2/user/u1', '/v2/user/u1/preferences', '/v2/user/u1/tos'];
let requested: string[];

const login = () => useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u1', scope: 'user' }), username: 'jane' });
const health = (health: 'ok' | 'failed', maintenanceMode = false) => useAppStore.setState({ ready: true, health, maintenanceMode });

beforeEach(() => {
  requested = [];
  useAppStore.setState({ ready: false, health: 'unknown', maintenanceMode: false });
  usePreferencesStore.setState({ userId: null, status: 'idle' });
  login();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requested.push(new URL(String(input), 'http://localhost').pathname);
      return new Response(JSON.stringify(POST), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

describe('start-up reads of the page the app opens on', () => {
  it('a shared post link: the post is requested at once, the session reads at the first good health check', async () => {
    const client = new QueryClient();
    const stop = prefetchInitialRoute('/bw/blog/post/week-in-credit', client);
    await vi.waitFor(() => expect(client.getQueryData(apiKey('/v2/blog/posts/week-in-credit'))).toEqual(POST));
    expect(requested).toEqual(['/v2/blog/posts/week-in-credit']);
    health('ok');
    await vi.waitFor(() => expect([...requested].sort()).toEqual(['/v2/blog/posts/week-in-credit', ...SESSION_READS]));
    expect(client.getQueryData(apiKey('/v2/blog/posts/week-in-credit'))).toEqual(POST);
    // Later health changes start nothing again.
    health('ok');
    await new Promise((r) => setTimeout(r, 0));
    expect(requested).toHaveLength(4);
    stop();
  });

  it('maintenance or a failed first check: the post answer is dropped and the session reads are not sent', async () => {
    for (const [slug, happen] of [
      ['a', () => health('ok', true)],
      ['b', () => health('failed')],
    ] as const) {
      requested = [];
      useAppStore.setState({ ready: false, health: 'unknown', maintenanceMode: false });
      const client = new QueryClient();
      const stop = prefetchInitialRoute(`/bw/blog/post/${slug}`, client);
      await vi.waitFor(() => expect(client.getQueryData(apiKey(`/v2/blog/posts/${slug}`))).toEqual(POST));
      happen();
      expect(client.getQueryData(apiKey(`/v2/blog/posts/${slug}`))).toBeUndefined();
      await new Promise((r) => setTimeout(r, 0));
      expect(requested).toEqual([`/v2/blog/posts/${slug}`]);
      stop();
    }
  });

  it('without a session nothing is requested; a page without prefetch waits for health for the session reads', async () => {
    useSession.getState().clear();
    prefetchInitialRoute('/bw/blog/post/c', new QueryClient());
    health('ok');
    await new Promise((r) => setTimeout(r, 0));
    expect(requested).toEqual([]);

    login();
    useAppStore.setState({ ready: false, health: 'unknown', maintenanceMode: false });
    prefetchInitialRoute('/bw/blog', new QueryClient());
    await new Promise((r) => setTimeout(r, 0));
    expect(requested).toEqual([]);
    health('ok');
    await vi.waitFor(() => expect([...requested].sort()).toEqual(SESSION_READS));
  });
});
