import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { serveApi } from '../test/apiServer';
import { AnswerShapeError } from './answerCheck';
import { ApiError } from './client';
import { useApiQuery } from './queries';
import { createQueryClient, isUnexpectedError } from './queryClient';
import { serverErrorReporter, setErrorReporter } from './reporters';

afterEach(() => {
  setErrorReporter(serverErrorReporter);
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

function Save({ meta }: { meta?: { errorToast?: boolean | string } }) {
  const save = useMutation({
    mutationFn: async () => {
      throw new ApiError(409, 'Conflict', 'Deal already priced', { error: 'Deal already priced' });
    },
    meta,
  });
  return <button onClick={() => save.mutate()}>save</button>;
}

function renderWith(meta?: { errorToast?: boolean | string }) {
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <Save meta={meta} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('query client error handling', () => {
  it('4xx are expected, network errors and 5xx are not', () => {
    expect(isUnexpectedError(new ApiError(404, 'Not Found', null, null))).toBe(false);
    expect(isUnexpectedError(new ApiError(500, 'Server Error', null, null))).toBe(true);
    expect(isUnexpectedError(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('a mutation with meta.errorToast shows the §8 toast with the server text', async () => {
    setErrorReporter({ report: () => {} });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWith({ errorToast: 'Could not save:' });
    act(() => screen.getByText('save').click());
    expect((await screen.findByTestId('error-toast-text')).textContent).toBe('Could not save: Deal already priced');
  });

  it('without meta.errorToast a 4xx is left to the page (no toast, no report)', async () => {
    const report = vi.fn();
    setErrorReporter({ report });
    renderWith();
    act(() => screen.getByText('save').click());
    await new Promise((r) => setTimeout(r, 20));
    await waitFor(() => expect(screen.queryByTestId('error-toast-text')).toBeNull());
    expect(report).not.toHaveBeenCalled();
  });
});

function CheckedVersion() {
  const version = useApiQuery('/v2/test/version', { schema: z.object({ version: z.number() }) });
  return <p>{version.isError ? 'broken' : version.isPending ? 'loading' : version.data.version}</p>;
}

describe('an answer that breaks its contract', () => {
  it('is asked for once (asking again gets the same) and reported as a fault', async () => {
    const report = vi.fn();
    setErrorReporter({ report });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = serveApi({ 'GET /v2/test/version': { version: 'seven' } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CheckedVersion />
      </QueryClientProvider>,
    );
    // A retried query would show its error only after two more calls, a second or more later.
    expect(await screen.findByText('broken')).toBeTruthy();
    expect(server.callsTo('GET /v2/test/version')).toHaveLength(1);
    expect(report).toHaveBeenCalledWith(expect.any(AnswerShapeError));
  });
});
