import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_DELAY_MS, loadSparkline } from './sparklineBatch';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const askedIds = (call: number) =>
  new URL(String(fetchMock.mock.calls[call]![0]), 'http://x').searchParams.get('ids')!.split(',').map(Number);

/** Answers like the server: each asked id with prices [id, id + 1]. */
function serveSeries() {
  fetchMock.mockImplementation(async (url) => {
    const ids = new URL(String(url), 'http://x').searchParams.get('ids')!.split(',').map(Number);
    return json({ series: ids.map((id) => ({ id, prices: [id, id + 1] })) });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sparkline batching (one request per block of rows, not per row)', () => {
  it('cells that ask within the batch window share one request, and each gets its own series', async () => {
    serveSeries();
    const asks = [5, 9, 5, 12].map((id) => loadSparkline(id));
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    await expect(Promise.all(asks)).resolves.toEqual([
      [5, 6],
      [9, 10],
      [5, 6],
      [12, 13],
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/v2\/bond\/sparklines\?/);
    expect(askedIds(0)).toEqual([5, 9, 12]);
  });

  it('more bonds than one request may carry go out in requests of at most 200', async () => {
    serveSeries();
    const asks = Array.from({ length: 250 }, (_, k) => loadSparkline(k + 1));
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    await Promise.all(asks);
    expect(fetchMock.mock.calls.map((_, k) => askedIds(k).length)).toEqual([200, 50]);
  });

  it('a cell scrolled away before the batch leaves cancels its ask; its bond is not fetched', async () => {
    serveSeries();
    const gone = new AbortController();
    const dropped = loadSparkline(41, gone.signal);
    const kept = loadSparkline(42);
    gone.abort(new Error('unmounted'));
    await expect(dropped).rejects.toThrow('unmounted');
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    await expect(kept).resolves.toEqual([42, 43]);
    expect(askedIds(0)).toEqual([42]);
  });

  it('a failed request fails every ask it carried', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Too many requests, try again in 3 s' }, 429));
    const asks = [1, 2].map((id) => loadSparkline(id));
    for (const a of asks) a.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    for (const a of asks) await expect(a).rejects.toMatchObject({ status: 429 });
  });
});
