import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { createTestRouter } from '../routing/router';
import { useAppStore } from '../stores/app';
import { useSession } from '../stores/session';
import { makeJwt } from '../test/jwt';

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

describe('the app frame', () => {
  it('has exactly one <main> landmark, the skip target #main (no main nested in main)', async () => {
    useSession.getState().setSession({ accessToken: makeJwt({ scope: 'user' }) });
    render(<App router={createTestRouter('/bw/blog')} env="test" />);
    await screen.findByTestId('app-layout', {}, { timeout: 10_000 });
    const mains = document.querySelectorAll('main');
    expect(mains).toHaveLength(1);
    expect(mains[0]!.id).toBe('main');
  });
});
