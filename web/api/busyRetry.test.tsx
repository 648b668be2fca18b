import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, RETRY_AFTER_MAX_S } from './client';
import { useApiQuery } from './queries';
import { createQueryClient } from './queryClient';
import { serverErrorReporter, setErrorReporter } from './reporters';

/**
 * Issue 33: the server sheds load with 429 (a caller's heavy requests) and 503 (a busy instance),
 * each with Retry-After. The web client answers at the HTTP boundary: a GET waits what the server
 * named and asks once more, never more; anything else is refused at once; the person reads a
 * sentence saying when to try again. The server is played by a stubbed fetch, time by fake timers.
 */
const HEAVY = 'You already have 2 heavy requests in progress (at most 2 at a time): try again in 3 s';
const busy = (status: 429 | 503, retryAfter: string, body: unknown = { error: HEAVY }) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText: status === 429 ? 'Too Many Requests' : 'Service Unavailable',
    headers: { 'Retry-After': retryAfter, 'Content-Type': typeof body === 'string' ? 'text/html' : 'application/json' },
  });
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let answers: Array<() => Response>;
let asked: Array<{ url: string; method: string }>;

beforeEach(() => {
  vi.useFakeTimers();
  asked = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), method: init?.method ?? 'GET' });
      const next = answers.shift();
      if (!next) throw new Error(`nothing planned for request ${asked.length}`);
      return next();
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setErrorReporter(serverErrorReporter);
});

/** Settles what a request started, then lets `ms` of fake time pass. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('a busy answer with Retry-After', () => {
  it('a GET waits exactly the Retry-After, asks once more and gets its answer', async () => {
    answers.push(
      () => busy(429, '3'),
      () => ok({ rows: 7 }),
    );
    const result = api.get('/v2/market/index', { query: { from: '2025-01-02' } });
    await pass(2_999);
    expect(asked).toHaveLength(1);
    await pass(1);
    await expect(result).resolves.toEqual({ rows: 7 });
    expect(asked.map((a) => a.url)).toEqual(['/v2/market/index?from=2025-01-02', '/v2/market/index?from=2025-01-02']);
  });

  it('busy twice: the GET gives up with the server’s sentence, after two requests and no more', async () => {
    answers.push(
      () => busy(429, '3'),
      () => busy(429, '3'),
    );
    const result = api.get('/v2/market/accuracy').catch((e: unknown) => e);
    await pass(60_000);
    const error = (await result) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.serverError).toBe(HEAVY);
    expect(error.retryAfterSeconds).toBe(3);
    expect(asked).toHaveLength(2);
  });

  it('a 503 from a proxy (an HTML page) reads as a sentence with the wait in it', async () => {
    answers.push(
      () => busy(503, '5', '<html>503 Service Temporarily Unavailable</html>'),
      () => busy(503, '5', '<html>503 Service Temporarily Unavailable</html>'),
    );
    const result = api.get('/v2/bond/export').catch((e: unknown) => e);
    await pass(5_000);
    const error = (await result) as ApiError;
    expect(error.status).toBe(503);
    expect(error.serverError).toBe('The server is busy. Try again in 5 seconds.');
    expect(asked).toHaveLength(2);
  });

  it('a POST is never sent again: the first busy answer is the answer', async () => {
    answers.push(() => busy(429, '1'));
    const result = api.post('/v2/hawk/backtest', { ruleId: 'r1' }).catch((e: unknown) => e);
    await pass(60_000);
    expect(((await result) as ApiError).serverError).toBe(HEAVY);
    expect(asked).toEqual([{ url: '/v2/hawk/backtest', method: 'POST' }]);
  });

  it('a wait longer than the client waits by itself is the person’s: no second request', async () => {
    answers.push(() => busy(429, String(RETRY_AFTER_MAX_S + 1), {}));
    const result = api.get('/v2/market/index').catch((e: unknown) => e);
    await pass((RETRY_AFTER_MAX_S + 5) * 1000);
    const error = (await result) as ApiError;
    expect(error.serverError).toBe(`Too many requests at once. Try again in ${RETRY_AFTER_MAX_S + 1} seconds.`);
    expect(asked).toHaveLength(1);
  });

  it('leaving the page during the wait cancels the second request', async () => {
    answers.push(() => busy(429, '10'));
    const leave = new AbortController();
    const result = api.get('/v2/market/index', { signal: leave.signal }).catch((e: unknown) => e);
    await pass(2_000);
    leave.abort();
    await pass(20_000);
    expect((await result) as Error).toMatchObject({ name: 'AbortError' });
    expect(asked).toHaveLength(1);
  });

  it('the maintenance gate’s 503 is not a busy answer: it is not asked again', async () => {
    answers.push(
      () =>
        new Response(JSON.stringify({ error: 'Down for maintenance' }), {
          status: 503,
          headers: { 'Retry-After': '2', 'X-Bondwise-Maintenance': 'on' },
        }),
    );
    const result = api.get('/v2/market/index').catch((e: unknown) => e);
    await pass(10_000);
    expect(((await result) as ApiError).status).toBe(503);
    expect(asked).toHaveLength(1);
  });
});

function Index() {
  const index = useApiQuery<{ rows: number }>('/v2/market/index', { meta: { errorToast: 'Could not load the index:' } });
  return <div>{index.data ? `rows ${index.data.rows}` : index.isError ? 'failed' : 'loading'}</div>;
}

describe('a page query answered busy', () => {
  it('shows the sentence once the one retry is spent, and the query library adds no retries of its own', async () => {
    setErrorReporter({ report: () => {} });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answers.push(
      () => busy(503, '2', { error: 'The server is busy with heavy requests: try again in 2 s' }),
      () => busy(503, '2', { error: 'The server is busy with heavy requests: try again in 2 s' }),
    );
    render(
      <MantineProvider env="test">
        <Notifications />
        <QueryClientProvider client={createQueryClient()}>
          <Index />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await act(() => pass(2_000));
    await act(() => pass(100));
    expect(screen.getByText('failed')).toBeTruthy();
    expect(screen.getByTestId('error-toast-text').textContent).toBe(
      'Could not load the index: The server is busy with heavy requests: try again in 2 s',
    );
    // A minute later: still the two requests (no retries by the query library on top).
    await act(() => pass(60_000));
    expect(asked).toHaveLength(2);
    act(() => notifications.clean());
  });
});
