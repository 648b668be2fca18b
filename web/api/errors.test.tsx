import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../stores/app';
import { ApiError } from './client';
import { errorToast, errorToastText, handleError, stripHtml } from './errors';
import { setErrorReporter, serverErrorReporter, toErrorReport } from './reporters';

afterEach(() => {
  setErrorReporter(serverErrorReporter);
  useAppStore.getState().setSupportEmail('support@bondwise.local');
  vi.restoreAllMocks();
});

const serverError = (text: string) => new ApiError(400, 'Bad Request', text, { error: text });

describe('generic error helper (spec §8)', () => {
  it('toast text: default prefix plus the server error text, and the support caption', () => {
    expect(errorToastText(serverError('Deal is closed'))).toEqual({
      text: 'An error occurred: Deal is closed',
      caption: 'Having trouble? Contact support@bondwise.local for assistance.',
    });
  });

  it('toast text: the server text is stripped of HTML tags', () => {
    expect(errorToastText(serverError('<b>Deal</b> is <i>closed</i>')).text).toBe('An error occurred: Deal is closed');
    expect(stripHtml('<p>a &amp; b</p>')).toBe('a & b');
  });

  it('toast text: only the prefix when there is no server text', () => {
    expect(errorToastText(new Error('boom')).text).toBe('An error occurred:');
  });

  it('toast text: a custom prefix and a configured support e-mail', () => {
    useAppStore.getState().setSupportEmail('help@desk.example');
    expect(errorToastText(serverError('Too late'), 'Could not save:')).toEqual({
      text: 'Could not save: Too late',
      caption: 'Having trouble? Contact help@desk.example for assistance.',
    });
  });

  it('the toast is negative (red), has a warning icon and a progress bar, and lasts 5 s', () => {
    const toast = errorToast(serverError('x'));
    expect(toast).toMatchObject({ color: 'red', autoClose: 5000, withAutoCloseProgress: true });
    expect(toast.icon).toBeTruthy();
  });

  it('handleError logs, reports, and shows the toast only when a notifier is given', () => {
    const report = vi.fn();
    setErrorReporter({ report });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notifier = vi.fn();
    const error = serverError('Nope');

    handleError(error);
    expect(log).toHaveBeenCalledWith(error);
    expect(report).toHaveBeenCalledWith(error);
    expect(notifier).not.toHaveBeenCalled();

    handleError(error, { notifier });
    expect(notifier).toHaveBeenCalledTimes(1);
  });

  it('an expected 404 or 410 (an unknown bond or share, an expired link) is shown but not reported', () => {
    const report = vi.fn();
    setErrorReporter({ report });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const notifier = vi.fn();
    handleError(new ApiError(404, 'Not Found', 'No bond with id 99', { error: 'No bond with id 99' }), { notifier });
    handleError(new ApiError(410, 'Gone', 'This link has expired', { error: 'This link has expired' }));
    expect(report).not.toHaveBeenCalled();
    expect(notifier).toHaveBeenCalledTimes(1);
    handleError(new ApiError(500, 'Internal Server Error', null, null));
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('renders the toast with both lines in Mantine notifications', async () => {
    setErrorReporter({ report: () => {} });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    act(() => handleError(serverError('<em>Rate limit</em> reached'), { notifier: notifications.show }));
    expect(await screen.findByTestId('error-toast-text')).toHaveProperty('textContent', 'An error occurred: Rate limit reached');
    expect(screen.getByTestId('error-toast-caption').textContent).toBe('Having trouble? Contact support@bondwise.local for assistance.');
    expect(screen.getByTestId('warning-icon')).toBeTruthy();
    act(() => notifications.clean());
  });

  it('the default reporter posts { message, stack, url, userAgent } to /v2/client-errors', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const error = new Error('kaboom');
    await serverErrorReporter.report(error);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v2/client-errors');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ message: 'kaboom', url: location.href, userAgent: navigator.userAgent });
    expect(typeof body.stack).toBe('string');
    vi.unstubAllGlobals();
  });

  it('error reports of non-Error values', () => {
    expect(toErrorReport('plain').message).toBe('plain');
    expect(toErrorReport({ a: 1 }).message).toBe('{"a":1}');
  });
});
