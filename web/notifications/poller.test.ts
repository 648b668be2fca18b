import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDto, PollResponse } from '@common/api/notifications';
import { createPoller, type PollStopReason } from './poller';

const note = (id: string): NotificationDto => ({
  id,
  type: 'other',
  category: 'other',
  timestamp: '2026-11-20T12:00:00.000Z',
  payload: {},
});
const httpError = (status: number) => Object.assign(new Error(`Unexpected API response ${status}`), { status });

/** A poll transport the test answers by hand: each call waits until answered. */
function transport() {
  const calls: { cursor: string | undefined; at: number; settle: (r: PollResponse | Error) => void; signal: AbortSignal }[] = [];
  const poll = (cursor: string | undefined, signal: AbortSignal) =>
    new Promise<PollResponse>((resolve, reject) => {
      calls.push({ cursor, at: Date.now(), signal, settle: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
    });
  return { calls, poll };
}

describe('notification polling timing (spec §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('first poll after a random delay under 1 s, the next under 0.5 s after each success', async () => {
    const t = transport();
    const got: NotificationDto[][] = [];
    const poller = createPoller({ poll: t.poll, random: () => 0.999, onNotifications: (l) => got.push(l) });
    poller.start();
    await vi.advanceTimersByTimeAsync(998);
    expect(t.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0]!.cursor).toBeUndefined();
    t.calls[0]!.settle({ notifications: [], cursor: '0' });
    await vi.advanceTimersByTimeAsync(499);
    expect(t.calls).toHaveLength(2);
    expect(t.calls[1]!.cursor).toBe('0');
    t.calls[1]!.settle({ notifications: [note('5'), note('6')], cursor: '6' });
    await vi.advanceTimersByTimeAsync(499);
    expect(t.calls[2]!.cursor).toBe('6');
    expect(got).toEqual([[note('5'), note('6')]]);
    poller.stop();
  });

  it('on errors backs off 1 s, 2 s, 4 s … 64 s and stops when the next wait would exceed 120 s', async () => {
    const t = transport();
    const stops: PollStopReason[] = [];
    const poller = createPoller({ poll: t.poll, random: () => 0, onNotifications: () => {}, onStop: (r) => stops.push(r) });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    const waits: number[] = [];
    for (let k = 0; k < 8; k++) {
      const before = Date.now();
      t.calls.at(-1)!.settle(httpError(503));
      const n = t.calls.length;
      while (t.calls.length === n && stops.length === 0) await vi.advanceTimersByTimeAsync(250);
      if (stops.length) break;
      waits.push(Date.now() - before);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000]);
    expect(stops).toEqual(['gave-up']);
    expect(poller.running).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(t.calls).toHaveLength(8);
  });

  it('a success resets the backoff', async () => {
    const t = transport();
    const poller = createPoller({ poll: t.poll, random: () => 0, onNotifications: () => {} });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    t.calls[0]!.settle(httpError(500));
    await vi.advanceTimersByTimeAsync(1000);
    t.calls[1]!.settle(httpError(500));
    await vi.advanceTimersByTimeAsync(2000);
    t.calls[2]!.settle({ notifications: [], cursor: '1' });
    await vi.advanceTimersByTimeAsync(0);
    t.calls[3]!.settle(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(999);
    expect(t.calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls).toHaveLength(5);
    poller.stop();
  });

  it('stops on 401, and on cancel aborts the poll in flight and ignores its answer', async () => {
    const t = transport();
    const stops: PollStopReason[] = [];
    const got: unknown[] = [];
    const first = createPoller({ poll: t.poll, random: () => 0, onNotifications: (l) => got.push(l), onStop: (r) => stops.push(r) });
    first.start();
    await vi.advanceTimersByTimeAsync(0);
    t.calls[0]!.settle(httpError(401));
    await vi.advanceTimersByTimeAsync(600_000);
    expect(stops).toEqual(['unauthorized']);
    expect(t.calls).toHaveLength(1);

    const second = createPoller({
      poll: t.poll,
      random: () => 0,
      initialCursor: '9',
      onNotifications: (l) => got.push(l),
      onStop: (r) => stops.push(r),
    });
    second.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.calls[1]!.cursor).toBe('9');
    second.stop();
    expect(t.calls[1]!.signal.aborted).toBe(true);
    t.calls[1]!.settle({ notifications: [note('10')], cursor: '10' });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(got).toEqual([]);
    expect(stops).toEqual(['unauthorized', 'cancelled']);
    expect(t.calls).toHaveLength(2);
  });
});
