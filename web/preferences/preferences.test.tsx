import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_PATHS, type UiPreferences } from '@common/api/user';
import { makeJwt } from '../session/testTokens';
import { useSession } from '../stores/session';
import { serveApi, type ApiCall } from '../test/apiServer';
import { effectivePreferences, usePreferencesStore } from './store';
import { usePreferences } from './usePreferences';

const defaults: UiPreferences = {
  bonds: { primarySort: 'volume', primaryDescending: true, visibleColumns: ['ticker', 'price'] },
  help: { welcomeClosed: false, bannersClosed: [] },
};

const PREFERENCES = USER_PATHS.preferences({ id: 'u-1' });
let server: ReturnType<typeof serveApi>;
/** The saves the server received: PUTs of the user's preferences. */
const saves = () => server.callsTo(`PUT ${PREFERENCES}`);

beforeEach(() => {
  vi.useFakeTimers();
  useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1' }) });
  server = serveApi({
    [`GET ${PREFERENCES}`]: { preferences: { help: { welcomeClosed: true } }, defaults },
    [`PUT ${PREFERENCES}`]: (call: ApiCall) => ({ preferences: (call.body as { preferences: UiPreferences }).preferences, defaults }),
  });
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
    expect(saves()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(saves().map((c) => c.body)).toEqual([
      { preferences: { help: { welcomeClosed: true }, bonds: { primarySort: 'price', primaryDescending: false } } },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(saves()).toHaveLength(1);
  });

  it('functional updates see the effective preferences', async () => {
    const { result } = renderHook(() => usePreferences());
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => result.current.update((p) => ({ ...p, help: { ...p.help, bannersClosed: ['intro'] } })));
    expect(result.current.preferences.help?.bannersClosed).toEqual(['intro']);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(saves()).toHaveLength(1);
  });

  it('logout flushes a pending change before the session is cleared', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => usePreferences());
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => result.current.update({ market: { visibleTenors: ['2Y', '10Y'] } }));
    const { runLogoutHooks } = await import('../stores/logout');
    await act(() => runLogoutHooks());
    expect(saves()).toHaveLength(1);
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
    expect(saves().map((c) => c.keepalive)).toEqual([true]);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(saves()).toHaveLength(1);
  });

  it('effectivePreferences keeps sections independent', () => {
    expect(effectivePreferences({ bonds: { primarySort: 'price' } }, defaults).bonds).toEqual({
      primarySort: 'price',
      primaryDescending: true,
      visibleColumns: ['ticker', 'price'],
    });
  });
});
