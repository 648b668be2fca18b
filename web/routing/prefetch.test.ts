/** The opening page's first reads start at the first good health check, beside the session's own. */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKey } from '../api/queries';
import { useAppStore } from '../stores/app';
import { useSession } from '../stores/session';
import { makeJwt } from '../test/jwt';
import { prefetchInitialRoute } from './prefetch';
import { createTestRouter } from './router';

const POST = { id: 7, slug: 'week-in-credit', title: 'Week in credit' };
let requested: string[];

beforeEach(() => {
  requested = [];
  useAppStore.setState({ ready: false, health: 'unknown', maintenanceMode: false });
  useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u1', scope: 'user' }), username: 'jane' });
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
  useSession.getState().clear();
});

describe('prefetching the page the app opens on', () => {
  it('a shared post link: the post is requested at the first good health check and cached under the page query key', async () => {
    const client = new QueryClient();
    const stop = prefetchInitialRoute(createTestRouter('/bw/blog/post/week-in-credit'), client);
    expect(requested).toEqual([]);
    useAppStore.setState({ ready: true, health: 'ok' });
    await vi.waitFor(() => expect(client.getQueryData(apiKey('/v2/blog/posts/week-in-credit'))).toEqual(POST));
    expect(requested).toEqual(['/v2/blog/posts/week-in-credit']);
    // Later health changes do not prefetch again.
    useAppStore.setState({ ready: true, health: 'ok', maintenanceMode: false });
    expect(requested).toHaveLength(1);
    stop();
  });

  it('nothing is requested during maintenance, after a failed health check, without a session, or for a page without prefetch', async () => {
    const cases: [string, () => void][] = [
      ['/bw/blog/post/a', () => useAppStore.setState({ ready: true, health: 'ok', maintenanceMode: true })],
      ['/bw/blog/post/b', () => useAppStore.setState({ ready: true, health: 'failed' })],
      ['/bw/blog/post/c', () => (useSession.getState().clear(), useAppStore.setState({ ready: true, health: 'ok' }))],
      ['/bw/blog', () => useAppStore.setState({ ready: true, health: 'ok' })],
    ];
    for (const [path, happen] of cases) {
      useAppStore.setState({ ready: false, health: 'unknown', maintenanceMode: false });
      useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u1', scope: 'user' }), username: 'jane' });
      const stop = prefetchInitialRoute(createTestRouter(path), new QueryClient());
      happen();
      stop();
    }
    await new Promise((r) => setTimeout(r, 0));
    expect(requested).toEqual([]);
  });
});
