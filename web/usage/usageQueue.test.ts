import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_TRACKING } from '@common/constants';
import type { UsageEvent } from '@common/api/usage';
import { UsageQueue, type UsageClock, type UsageTransport } from './usageQueue';

const START = Date.UTC(2026, 10, 26, 12, 0, 0);

/** A clock the test moves by hand: timers fire only when it is advanced past them. */
class ManualClock implements UsageClock {
  private t = START;
  private nextId = 1;
  private timers = new Map<number, { at: number; fn: () => void }>();
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  };
  clearTimeout = (id: unknown) => void this.timers.delete(id as number);
  /** Moves time on, firing each timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
    }
    this.t = end;
  }
}

/**
 * The analytics endpoint for these tests: a real HTTP server answering each batch with the next
 * planned status (200 once the plan runs out), or never answering while `hang` is set.
 */
const server = {
  plan: [] as Array<number | ((events: UsageEvent[]) => number)>,
  hang: false,
  batches: [] as UsageEvent[][],
  url: '',
  http: null as Server | null,
};

const transport: UsageTransport = async (events, { signal }) => {
  const res = await fetch(server.url, { method: 'POST', body: JSON.stringify({ events }), signal });
  await res.arrayBuffer();
  return res.status;
};

beforeAll(async () => {
  server.http = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      if (server.hang) return; // never answers: the library's 90 s timeout must end it
      const events = (JSON.parse(text) as { events: UsageEvent[] }).events;
      server.batches.push(events);
      const next = server.plan.shift() ?? 200;
      res.writeHead(typeof next === 'function' ? next(events) : next).end('{}');
    });
  });
  await new Promise<void>((ok) => server.http!.listen(0, '127.0.0.1', () => ok()));
  server.url = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}/v2/analytics/batch`;
});
afterAll(async () => {
  server.http?.closeAllConnections();
  await new Promise<void>((ok) => server.http!.close(() => ok()));
});

function setup(plan: typeof server.plan = []) {
  server.plan = plan;
  server.batches = [];
  server.hang = false;
  const clock = new ManualClock();
  const failures: unknown[] = [];
  const queue = new UsageQueue({ transport, deviceId: 'device-test-1', userId: 'u-1', clock, onFailure: (e) => failures.push(e) });
  const track = (n: number) => Array.from({ length: n }, (_, i) => queue.track('page.view', { i }));
  return { queue, clock, track, failures };
}

describe('analytics batching (spec §9)', () => {
  it('sends nothing before 5 s, then everything in batches of at most 50', async () => {
    const { queue, clock, track } = setup();
    track(120);
    clock.advance(USAGE_TRACKING.flushIntervalMs - 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.batches).toEqual([]);
    clock.advance(1);
    await queue.settled();
    expect(server.batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(queue.pending).toBe(0);
    queue.stop();
  });

  it('retries 5xx and 429 with backoff from 1 s doubling, and goes back to every 5 s after a success', async () => {
    const { queue, clock, track } = setup([500, 429, 503]);
    track(3);
    clock.advance(USAGE_TRACKING.flushIntervalMs);
    await queue.settled();
    expect(queue.currentRetryDelayMs).toBe(1_000);
    clock.advance(999);
    await queue.settled();
    expect(server.batches).toHaveLength(1);
    clock.advance(1);
    await queue.settled();
    expect(server.batches).toHaveLength(2);
    expect(queue.currentRetryDelayMs).toBe(2_000);
    clock.advance(2_000);
    await queue.settled();
    expect(queue.currentRetryDelayMs).toBe(4_000);
    clock.advance(4_000);
    await queue.settled();
    expect(queue.pending).toBe(0);
    expect(queue.currentRetryDelayMs).toBe(0);
    expect(server.batches.map((b) => b.length)).toEqual([3, 3, 3, 3]);
    track(1);
    clock.advance(USAGE_TRACKING.flushIntervalMs - 1);
    await queue.settled();
    expect(server.batches).toHaveLength(4);
    clock.advance(1);
    await queue.settled();
    expect(server.batches).toHaveLength(5);
    queue.stop();
  });

  it('doubles the retry delay up to 10 minutes and no further', async () => {
    const { queue, clock, track } = setup(Array.from({ length: 14 }, () => 500));
    track(1);
    clock.advance(USAGE_TRACKING.flushIntervalMs);
    await queue.settled();
    const delays = [queue.currentRetryDelayMs];
    for (let i = 0; i < 12; i++) {
      clock.advance(queue.currentRetryDelayMs);
      await queue.settled();
      delays.push(queue.currentRetryDelayMs);
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600, 600].map((s) => s * 1_000));
    expect(delays.at(-1)).toBe(USAGE_TRACKING.maxRetryDelayMs);
    queue.stop();
  });

  it('halves the batch on 413 until the server takes it, and loses no event', async () => {
    const tooBig = (events: UsageEvent[]) => (events.length > 12 ? 413 : 200);
    const { queue, clock, track } = setup(Array.from({ length: 10 }, () => tooBig));
    track(50);
    clock.advance(USAGE_TRACKING.flushIntervalMs);
    await queue.settled();
    expect(server.batches.map((b) => b.length)).toEqual([50, 25, 12, 12, 12, 12, 2]);
    const delivered = server.batches.filter((b) => b.length <= 12).flat();
    expect(delivered.map((e) => e.properties?.i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(queue.currentBatchSize).toBe(12);
    queue.stop();
  });

  it('gives up on a request after 90 s and retries it', async () => {
    const { queue, clock, track, failures } = setup();
    server.hang = true;
    track(2);
    clock.advance(USAGE_TRACKING.flushIntervalMs);
    const sending = queue.settled();
    await new Promise((r) => setTimeout(r, 50)); // the request reaches the server, which holds it
    clock.advance(USAGE_TRACKING.requestTimeoutMs - 1);
    expect(queue.currentRetryDelayMs).toBe(0);
    clock.advance(1);
    await sending;
    expect(failures).toHaveLength(1);
    expect(queue.currentRetryDelayMs).toBe(1_000);
    expect(queue.pending).toBe(2);
    server.hang = false;
    clock.advance(1_000);
    await queue.settled();
    expect(queue.pending).toBe(0);
    queue.stop();
  });

  it('cuts strings to 255 characters and drops a batch the server refuses for good', async () => {
    const { queue, clock, failures } = setup([400]);
    queue.track('search', { query: 'q'.repeat(300) }, `/bw/${'p'.repeat(300)}`);
    clock.advance(USAGE_TRACKING.flushIntervalMs);
    await queue.settled();
    const sent = server.batches[0]![0]!;
    expect(String(sent.properties?.query)).toHaveLength(USAGE_TRACKING.maxStringLength);
    expect(sent.path).toHaveLength(USAGE_TRACKING.maxStringLength);
    expect(sent).toMatchObject({ userId: 'u-1', deviceId: 'device-test-1', time: START });
    expect(queue.pending).toBe(0);
    expect(failures).toHaveLength(1);
    queue.stop();
  });
});
