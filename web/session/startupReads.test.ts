import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEarly } from '../routing/earlyStart';
import { useSession } from '../stores/session';
import { makeJwt } from '../test/jwt';
import { recordFetches } from '../test/recordingFetch';
import { tosStatusQuery } from './startupReads';

/** Answers per path, in order; anything else answers a healthy /health. */
let answers: Record<string, Response[]>;
let fetched: string[];

beforeEach(() => {
  fetched = recordFetches((path) => answers[path]?.shift());
  useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u1', scope: 'user' }), username: 'jane' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const consent = { tosConsent: true, currentVersion: '2026-01', consentedVersion: '2026-01', consentedAt: '2026-01-05T10:00:00Z' };

describe('the consent check sent at start-up', () => {
  it('is adopted by the session gate when it succeeded: no second request', async () => {
    answers = { '/v2/user/u1/tos': [new Response(JSON.stringify(consent))] };
    startEarly('/bw/blog/post/a');
    const status = await new QueryClient().fetchQuery(tosStatusQuery('u1'));
    expect(status).toMatchObject({ tosConsent: true });
    expect(fetched.filter((p) => p.endsWith('/tos'))).toEqual(['/v2/user/u1/tos']);
  });

  it('refused before the health check (maintenance), it is asked again rather than logging out', async () => {
    answers = {
      '/v2/user/u1/tos': [
        new Response(JSON.stringify({ error: 'Down for maintenance' }), { status: 503 }),
        new Response(JSON.stringify(consent)),
      ],
    };
    startEarly('/bw/blog/post/b');
    const status = await new QueryClient().fetchQuery(tosStatusQuery('u1'));
    expect(status).toMatchObject({ tosConsent: true });
    expect(fetched.filter((p) => p.endsWith('/tos'))).toEqual(['/v2/user/u1/tos', '/v2/user/u1/tos']);
  });
});
