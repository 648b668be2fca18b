import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { createTestRouter } from '../routing/router';
import { useBadgeStore } from '../notifications/badges';
import { useAppStore } from '../stores/app';
import { useSession } from '../stores/session';
import { makeJwt } from '../test/jwt';
import { menuLabel } from './MainNav';

const slow = { timeout: 5000 };

beforeEach(() => {
  useAppStore.setState({ ready: true, health: 'ok', maintenanceMode: false });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"error":"Not found"}', { status: 404, statusText: 'Not Found' })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('main navigation', () => {
  it('menus are focusable buttons whose items are real links (keyboard: Tab, Enter, arrows via Mantine Menu)', async () => {
    useSession.getState().setSession({ accessToken: makeJwt({ scope: 'user' }) });
    const router = createTestRouter('/bw/market/summary');
    render(<App router={router} env="test" />);
    const secondary = await screen.findByTestId('nav-secondary', {}, slow);
    expect(secondary.tagName).toBe('BUTTON');
    fireEvent.click(secondary);
    const item = await screen.findByTestId('nav-item-/bw/bond/chart', {}, slow);
    expect(item.tagName).toBe('A');
    fireEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/bond/chart'), slow);
  });

  it('lists market, secondary, primary, alerts, help and blog; admin only for admins', async () => {
    useSession.getState().setSession({ accessToken: makeJwt({ scope: 'user' }) });
    render(<App router={createTestRouter('/bw/blog')} env="test" />);
    for (const area of ['market', 'secondary', 'primary', 'alerts', 'help', 'blog']) {
      expect(await screen.findByTestId(`nav-${area}`, {}, slow)).toBeTruthy();
    }
    expect(screen.queryByTestId('nav-admin')).toBeNull();
  });

  it('a direct open of a badged section records the visit once the badge store knows the user', async () => {
    useSession.getState().setSession({ accessToken: makeJwt({ scope: 'user' }) });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if ((init?.method ?? 'GET') === 'POST' && url.includes('/visit')) calls.push(String(init?.body));
        return new Response('{"error":"Not found"}', { status: 404, statusText: 'Not Found' });
      }),
    );
    render(<App router={createTestRouter('/bw/alerts/history')} env="test" />);
    await screen.findByTestId('nav-alerts', {}, slow);
    expect(calls).toEqual([]);
    useBadgeStore.setState({ userId: 'u-1' });
    await waitFor(() => expect(calls).toEqual([JSON.stringify({ section: 'alerts' })]), slow);
    useBadgeStore.setState({ userId: null, items: [] });
  });

  it('menu labels drop the admin prefix', () => {
    expect(menuLabel('Admin: audit log')).toBe('Audit log');
  });
});
