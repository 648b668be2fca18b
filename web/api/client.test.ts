import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJwt } from '../test/jwt';
import { useAppStore } from '../stores/app';
import { useSession } from '../stores/session';
import { ApiError, api, apiRequest, dialupDelayMs, getDeviceId } from './client';

const fetchMock = vi.fn<typeof fetch>();

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

describe('API client (spec §7)', () => {
  it('every request sends the bearer token when logged in, the device fingerprint, focus and runtime age, with cookies', async () => {
    const token = makeJwt({ sub: 'u1' });
    useSession.getState().setSession({ accessToken: token });
    fetchMock.mockResolvedValue(json({ ok: true }));

    await expect(api.get('/v2/market/summary')).resolves.toEqual({ ok: true });

    const { url, init, headers } = lastCall();
    expect(url).toBe('/v2/market/summary');
    expect(init.credentials).toBe('include');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('X-Device-Fingerprint')).toBe(getDeviceId());
    expect(headers.get('X-Document-Has-Focus')).toMatch(/^[01]$/);
    expect(Number(headers.get('X-Runtime-Age'))).toBeGreaterThanOrEqual(0);
  });

  it('no Authorization header when logged out', async () => {
    fetchMock.mockResolvedValue(json({}));
    await api.get('/health');
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('the device id is random, kept in local storage and stable', () => {
    const id = getDeviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('bw.deviceId')).toBe(id);
    expect(getDeviceId()).toBe(id);
  });

  it('X-Document-Has-Focus reflects document focus', async () => {
    fetchMock.mockImplementation(async () => json({}));
    const spy = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    await api.get('/x');
    expect(lastCall().headers.get('X-Document-Has-Focus')).toBe('1');
    spy.mockReturnValue(false);
    await api.get('/x');
    expect(lastCall().headers.get('X-Document-Has-Focus')).toBe('0');
    spy.mockRestore();
  });

  it('a status above 299 raises ApiError "Unexpected API response {status}: {statusText}" with the server error text', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Bond not found' }, 404, 'Not Found'));
    const error = await api.get('/v2/bond/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Unexpected API response 404: Not Found');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverError).toBe('Bond not found');
  });

  it('a 3xx status is an error too; 2xx is not', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 302, statusText: 'Found' }));
    await expect(api.get('/x')).rejects.toThrow('Unexpected API response 302: Found');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.get('/x')).resolves.toBeUndefined();
  });

  it('a non-JSON error body carries no server error text', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Unexpected API response 502: Bad Gateway');
    expect(error.serverError).toBeNull();
  });

  it('JSON bodies and query parameters (arrays without indexes)', async () => {
    fetchMock.mockResolvedValue(json({ id: 1 }));
    await apiRequest('/v2/primary/message/query', { method: 'POST', json: { did: [1] }, query: { ids: [1, 2], skip: undefined } });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/v2/primary/message/query?ids=1&ids=2');
    expect(init.body).toBe('{"did":[1]}');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('dial-up simulation waits between 1 and 5 s', () => {
    expect(dialupDelayMs(() => 0)).toBe(1000);
    expect(dialupDelayMs(() => 0.9999999)).toBe(5000);
  });
});

describe('API client and maintenance', () => {
  afterEach(() => useAppStore.setState({ maintenanceMode: false }));

  it('a 503 from the maintenance gate switches the open app to maintenance at once', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 'closed for maintenance' }), {
        status: 503,
        statusText: 'Service Unavailable',
        headers: { 'Content-Type': 'application/json', 'X-Bondwise-Maintenance': 'on' },
      }),
    );
    await expect(api.get('/v2/bond')).rejects.toBeInstanceOf(ApiError);
    expect(useAppStore.getState().maintenanceMode).toBe(true);
  });

  it('any other 503 (an outage) is an error but not maintenance', async () => {
    fetchMock.mockResolvedValue(json({ error: 'database unavailable' }, 503, 'Service Unavailable'));
    await expect(api.get('/v2/bond')).rejects.toBeInstanceOf(ApiError);
    expect(useAppStore.getState().maintenanceMode).toBe(false);
  });
});

describe('API client and an ended trial', () => {
  afterEach(() => useAppStore.setState({ trialEnded: false }));

  it("a 402 from market data turns the app's market pages into the trial-ended page; other refusals do not", async () => {
    fetchMock.mockResolvedValue(json({ error: 'Your trial has ended. Contact support@bondwise.local to subscribe' }, 403, 'Forbidden'));
    await expect(api.get('/v2/market/index')).rejects.toBeInstanceOf(ApiError);
    expect(useAppStore.getState().trialEnded).toBe(false);
    fetchMock.mockResolvedValue(
      json({ error: 'Your trial has ended. Contact support@bondwise.local to subscribe' }, 402, 'Payment Required'),
    );
    const refused = await api.get('/v2/market/summary').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(402);
    expect(useAppStore.getState().trialEnded).toBe(true);
  });
});

describe('API client errors', () => {
  it('a validation failure reaches the page as a sentence, the raw text stays in the body', async () => {
    const raw = 'Invalid body.code: Too small: expected string to have >=6 characters';
    fetchMock.mockResolvedValue(json({ error: raw }, 400, 'Bad Request'));
    const error = await api.post('/auth/login/code', { code: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverError).toBe('Code must be at least 6 characters.');
    expect((error as ApiError).body).toEqual({ error: raw });
  });
});
