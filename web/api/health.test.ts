import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../stores/app';
import { ApiError } from './client';
import { checkHealth, requestHealthEarly, startHealthChecks } from './health';

const reset = () => useAppStore.setState({ health: 'unknown', ready: false, maintenanceMode: false });
afterEach(reset);

function deps(request: (path: string) => Promise<unknown>, online = true) {
  return { request: vi.fn(request), notify: vi.fn(), navigate: vi.fn(), isOnline: () => online };
}

describe('health check (spec §4, §8)', () => {
  it('sent early at start-up: the first check adopts that answer (one /health request), later checks ask again', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        fetched.push(new URL(String(input), 'http://localhost').pathname);
        return new Response(JSON.stringify({ status: 'ok', maintenanceMode: true }), { status: 200 });
      }),
    );
    try {
      requestHealthEarly();
      expect(fetched).toEqual(['/health']);
      const d = deps(async () => ({ status: 'ok', maintenanceMode: false }));
      await checkHealth(d);
      expect(d.request).not.toHaveBeenCalled();
      expect(useAppStore.getState()).toMatchObject({ ready: true, health: 'ok', maintenanceMode: true });
      await checkHealth(d);
      expect(d.request).toHaveBeenCalledTimes(1);
      expect(useAppStore.getState().maintenanceMode).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ok: stores the maintenance flag and marks the app ready, no toast', async () => {
    const d = deps(async () => ({ status: 'ok', maintenanceMode: true }));
    await checkHealth(d);
    expect(d.request).toHaveBeenCalledWith('/health');
    expect(useAppStore.getState()).toMatchObject({ ready: true, health: 'ok', maintenanceMode: true });
    expect(d.notify).not.toHaveBeenCalled();
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('non-200: toast "There was an error trying to connect to our server. Please contact support" and go to /bw/error', async () => {
    const d = deps(async () => {
      throw new ApiError(503, 'Service Unavailable', null, { status: 'error' });
    });
    await checkHealth(d);
    expect(d.notify).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'There was an error trying to connect to our server. Please contact support', color: 'red' }),
    );
    expect(d.navigate).toHaveBeenCalledWith('/bw/error');
    expect(useAppStore.getState()).toMatchObject({ ready: true, health: 'failed', maintenanceMode: false });
  });

  it('request throws: the browser online state becomes the maintenance flag', async () => {
    const online = deps(async () => {
      throw new TypeError('Failed to fetch');
    }, true);
    await checkHealth(online);
    expect(useAppStore.getState().maintenanceMode).toBe(true);
    expect(online.navigate).toHaveBeenCalledWith('/bw/error');

    reset();
    const offline = deps(async () => {
      throw new TypeError('Failed to fetch');
    }, false);
    await checkHealth(offline);
    expect(useAppStore.getState().maintenanceMode).toBe(false);
  });

  it('repeated failures toast once; recovery clears the failure', async () => {
    const d = deps(async () => {
      throw new TypeError('Failed to fetch');
    });
    await checkHealth(d);
    await checkHealth(d);
    expect(d.notify).toHaveBeenCalledTimes(1);
    await checkHealth(deps(async () => ({ status: 'ok', maintenanceMode: false })));
    expect(useAppStore.getState()).toMatchObject({ health: 'ok', maintenanceMode: false });
  });

  it('a 200 with an unexpected body counts as a failure', async () => {
    const d = deps(async () => '<html>proxy page</html>');
    await checkHealth(d);
    expect(useAppStore.getState().health).toBe('failed');
    expect(d.navigate).toHaveBeenCalledWith('/bw/error');
  });
});

describe('health check concurrency', () => {
  it('overlapping checks share one request and toast once', async () => {
    const d = deps(async () => {
      throw new TypeError('Failed to fetch');
    });
    await Promise.all([checkHealth(d), checkHealth(d)]);
    expect(d.request).toHaveBeenCalledTimes(1);
    expect(d.notify).toHaveBeenCalledTimes(1);
  });
});

describe('support e-mail from the server', () => {
  it('a supportEmail in the health response overrides the default', async () => {
    await checkHealth(deps(async () => ({ status: 'ok', maintenanceMode: false, supportEmail: 'desk@bank.example' })));
    expect(useAppStore.getState().supportEmail).toBe('desk@bank.example');
    useAppStore.getState().setSupportEmail('support@bondwise.local');
  });
});

describe('recovery', () => {
  it('health turning good after a failure calls onRecover once', async () => {
    await checkHealth(
      deps(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const onRecover = vi.fn();
    const ok = { ...deps(async () => ({ status: 'ok', maintenanceMode: false })), onRecover };
    await checkHealth(ok);
    await checkHealth(ok);
    expect(onRecover).toHaveBeenCalledTimes(1);
  });
});

describe('re-checks', () => {
  it('a call that meets the maintenance gate between two checks cuts the slow wait: the tab leaves soon after maintenance ends', async () => {
    vi.useFakeTimers();
    let serverInMaintenance = false;
    const d = deps(async () => ({ status: 'ok', maintenanceMode: serverInMaintenance }));
    const stop = startHealthChecks(d, 30_000, 1_500);
    try {
      await vi.advanceTimersByTimeAsync(0);
      expect(d.request).toHaveBeenCalledTimes(1);
      // Maintenance begins; a page's call meets the gate 5 s later, then maintenance ends.
      serverInMaintenance = true;
      await vi.advanceTimersByTimeAsync(5_000);
      useAppStore.getState().enterMaintenance();
      serverInMaintenance = false;
      await vi.advanceTimersByTimeAsync(1_500);
      expect(d.request).toHaveBeenCalledTimes(2);
      expect(useAppStore.getState().maintenanceMode).toBe(false);
      // Out of maintenance: back to the slow cadence.
      await vi.advanceTimersByTimeAsync(29_000);
      expect(d.request).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(d.request).toHaveBeenCalledTimes(3);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it('while in maintenance the checks come every fast interval, and stop when stopped', async () => {
    vi.useFakeTimers();
    const d = deps(async () => ({ status: 'ok', maintenanceMode: true }));
    const stop = startHealthChecks(d, 30_000, 1_500);
    try {
      await vi.advanceTimersByTimeAsync(4_500);
      expect(d.request).toHaveBeenCalledTimes(4);
    } finally {
      stop();
    }
    await vi.advanceTimersByTimeAsync(30_000);
    expect(d.request).toHaveBeenCalledTimes(4);
    vi.useRealTimers();
  });
});
