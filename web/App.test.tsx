/** Shell scenarios rendered end to end in jsdom (router, guard, layouts, titles). */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { createTestRouter } from './routing/router';
import { useAppStore } from './stores/app';
import { useSession } from './stores/session';
import { makeJwt } from './test/jwt';

// The first render imports lazy pages, which Vitest transforms on first use: seconds on a loaded
// 2-core machine (one run took over 5 s). Generous, within the web project's 20 s test timeout.
const slow = { timeout: 15_000 };

function start(path: string) {
  const router = createTestRouter(path);
  render(<App router={router} env="test" />);
  return router;
}

const login = (scope = 'user') => useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u1', scope }), username: 'jane' });

beforeEach(() => {
  useAppStore.setState({ ready: true, health: 'ok', maintenanceMode: false });
  // Pages may call the API; these scenarios are about the shell, so every call answers 404.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"error":"Not found"}', { status: 404, statusText: 'Not Found' })),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.getState().clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('app shell', () => {
  it('logged out, an authenticated page shows login and remembers the path', async () => {
    const router = start('/bw/bond/chart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/login'), slow);
    await waitFor(() => expect(document.title).toBe('Bondwise | Login'), slow);
    expect(screen.getByTestId('public-layout')).toBeTruthy();
    expect(localStorage.getItem('bw.nextLoginPath')).toBe('/bw/bond/chart');
  });

  it('after login the remembered path opens once', async () => {
    localStorage.setItem('bw.nextLoginPath', '/bw/bond/chart');
    const router = start('/bw/login');
    await waitFor(() => expect(document.title).toBe('Bondwise | Login'), slow);
    act(() => login());
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/bond/chart'), slow);
    expect(localStorage.getItem('bw.nextLoginPath')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Bondwise | Bond market moves'), slow);
  });

  it('/ goes to login and /bw to the market summary', async () => {
    const router = start('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/login'), slow);
    login();
    await act(() => router.navigate('/bw'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/market/summary'), slow);
  });

  it('logged in, a page shows its title and its panel inside the real layout', async () => {
    login();
    start('/bw/share/manage');
    expect(await screen.findByTestId('share-manage-page', {}, slow)).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Shared items');
    expect(screen.getByTestId('app-header')).toBeTruthy();
    expect(screen.queryByTestId('nav-admin')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Bondwise | Shared items'), slow);
  });

  it('admins get the admin menu', async () => {
    login('user admin');
    start('/bw/admin/audit-log');
    expect(await screen.findByTestId('nav-admin', {}, slow)).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Admin: audit log');
  });

  it('a user opening an admin page gets a refusal, not the page, and no admin menu', async () => {
    login();
    start('/bw/admin/users');
    expect(await screen.findByTestId('not-permitted', {}, slow)).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Not permitted');
    expect(screen.queryByTestId('not-available')).toBeNull();
    expect(screen.queryByTestId('nav-admin')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Bondwise | Not permitted'), slow);
  });

  it('unknown paths show the not-found page', async () => {
    login();
    start('/bw/this/does/not/exist');
    expect(await screen.findByTestId('not-found', {}, slow)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Bondwise | Not found'), slow);
  });

  it('maintenance sends non-admins to the maintenance page, and back when it ends', async () => {
    useAppStore.setState({ maintenanceMode: true });
    login();
    const router = start('/bw/bond');
    expect(await screen.findByTestId('maintenance', {}, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/bw/maintenance');
    act(() => useAppStore.setState({ maintenanceMode: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/market/summary'), slow);
  });

  it('signup with a uuid redirects to /welcome?uuid=…', async () => {
    const router = start('/bw/signup/abc-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), slow);
    expect(router.state.location.search).toBe('?uuid=abc-123');
  });

  it('ctrl+d toggles dark mode (dark by default, stored as T/F)', async () => {
    start('/bw/welcome-not-a-route');
    await screen.findByTestId('not-found', {}, slow);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    // The shortcut's listener is attached by the shell's effect, which may run after the page shows
    // on a loaded machine: press until it answers. A press it hears switches at once (the scheme
    // and its stored flag are set in the handler), so a later press never switches back.
    await waitFor(() => {
      if (localStorage.getItem('bw.darkMode') !== 'F') fireEvent.keyDown(window, { key: 'd', ctrlKey: true });
      expect(localStorage.getItem('bw.darkMode')).toBe('F');
    }, slow);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    fireEvent.keyDown(window, { key: 'd', ctrlKey: true });
    await waitFor(() => expect(localStorage.getItem('bw.darkMode')).toBe('T'), slow);
  });

  it('logout forgets the cached server data of the user', async () => {
    login();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['user', 'u1', 'mfa'], { totpEnabled: true, passkeys: [] });
    const router = createTestRouter('/bw/logout');
    render(<App router={router} queryClient={queryClient} env="test" />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/login'), slow);
    expect(queryClient.getQueryData(['user', 'u1', 'mfa'])).toBeUndefined();
  });

  it('logout clears the session and goes to login', async () => {
    login();
    const router = start('/bw/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/login'), slow);
    expect(useSession.getState().accessToken).toBeNull();
  });
});
