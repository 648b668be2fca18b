import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UiPreferences } from '@common/api/user';
import { makeJwt } from '../session/testTokens';
import { useSession } from '../stores/session';
import { effectivePreferences, preferencesApi, usePreferencesStore } from './store';
import { usePreferences } from './usePreferences';

const defaults: UiPreferences = {
  bonds: { primarySort: 'volume', primaryDescending: true, visibleColumns: ['ticker', 'price'] },
  help: { welcomeClosed: false, bannersClosed: [] },
};

let save: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1' }) });
  vi.spyOn(preferencesApi, 'load').mockResolvedValue({ preferences: { help: { welcomeClosed: true } }, defaults });
  save = vi.spyOn(preferencesApi, 'save').mockImplementation(async (_id, preferences) => ({ preferences, defaults }));
});

afterEach(() => {
  usePreferencesStore.getState().reset();
  useSession.getState().clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('preferences (spec §4: saved with a 1 s debounce)', () => {
  it('loads stored preferences over the defaults', async () => {
    const { result } = renderHook(() => usePreferences());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.ready).toBe(true);
    expect(result.current.preferences.help).toEqual({ welcomeClosed: true, bannersClosed: [] });
    expect(result.current.preferences.bonds?.primarySort).toBe('volume');
  });

  it('a burst of changes is applied at once and saved once, 1 s after the last change', async () => {
    const { result } = renderHook(() => usePreferences());
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => result.current.update({ bonds: { primarySort: 'price' } }));
    expect(result.current.preferences.bonds?.primarySort).toBe('price');
    await act(() => vi.advanceTimersByTimeAsync(600));
    act(() => result.current.update({ bonds: { primaryDescending: false } }));
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('u-1', {
      help: { welcomeClosed: true },
      bonds: { primarySort: 'price', primaryDescending: false },
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('functional updates see the effective preferences', async () => {
    const { result } = renderHook(() => usePreferences());
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => result.current.update((p) => ({ ...p, help: { ...p.help, bannersClosed: ['intro'] } })));
    expect(result.current.preferences.help?.bannersClosed).toEqual(['intro']);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('logout flushes a pending change before the session is cleared', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => usePreferences());
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => result.current.update({ market: { visibleTenors: ['2Y', '10Y'] } }));
    const { runLogoutHooks } = await import('../stores/logout');
    await act(() => runLogoutHooks());
    expect(save).toHaveBeenCalledTimes(1);
    expect(usePreferencesStore.getState().userId).toBeNull();
  });

  it('a change still waiting for its debounce is saved, with keepalive, when the page goes away', async () => {
    const { result } = renderHook(() => usePreferences());
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => result.current.update({ bonds: { visibleColumns: ['price'] } }));
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![2]).toEqual({ keepalive: true });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('effectivePreferences keeps sections independent', () => {
    expect(effectivePreferences({ bonds: { primarySort: 'price' } }, defaults).bonds).toEqual({
      primarySort: 'price',
      primaryDescending: true,
      visibleColumns: ['ticker', 'price'],
    });
  });
});
