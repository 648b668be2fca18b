import { describe, expect, it } from 'vitest';
import { MEMORY_PING_MEAN_OTHER_MS, MEMORY_PING_MEAN_PRODUCTION_MS } from '@common/constants';
import type { UsageClock } from './usageQueue';
import { exponentialDelayMs, memoryPingMeanMs, readMemory, startMemoryPing } from './memoryPing';

describe('memory ping (spec §9)', () => {
  it('draws exponential delays: the median is ln 2 of the mean, and the mean is 60 s in production, 30 s elsewhere', () => {
    expect(memoryPingMeanMs(true)).toBe(60_000);
    expect(memoryPingMeanMs(false)).toBe(30_000);
    expect(exponentialDelayMs(MEMORY_PING_MEAN_PRODUCTION_MS, 0.5)).toBe(Math.round(Math.LN2 * 60_000));
    expect(exponentialDelayMs(MEMORY_PING_MEAN_OTHER_MS, 0)).toBe(0);
    // The sample mean of evenly spread draws comes out at the configured mean (within 1 %).
    const n = 100_000;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += exponentialDelayMs(30_000, (i + 0.5) / n);
    expect(Math.abs(sum / n - 30_000) / 30_000).toBeLessThan(0.01);
  });

  it('reports memory at each drawn interval, and nothing where the browser exposes none', () => {
    const timers: Array<{ ms: number; fn: () => void }> = [];
    const clock: UsageClock = {
      now: () => 0,
      setTimeout: (fn, ms) => timers.push({ fn, ms }),
      clearTimeout: () => undefined,
    };
    const sent: unknown[] = [];
    const draws = [0.5, 0.9, 0.1];
    const stop = startMemoryPing({
      clock,
      meanMs: 30_000,
      random: () => draws.shift() ?? 0.5,
      read: () => ({ usedMb: 50, totalMb: 80, limitMb: 4096 }),
      send: (m) => sent.push(m),
    });
    expect(timers.map((t) => t.ms)).toEqual([exponentialDelayMs(30_000, 0.5)]);
    timers[0]!.fn();
    expect(sent).toEqual([{ usedMb: 50, totalMb: 80, limitMb: 4096 }]);
    expect(timers[1]!.ms).toBe(exponentialDelayMs(30_000, 0.9));
    stop();
    expect(readMemory({} as Performance)).toBeNull();
    expect(
      readMemory({
        memory: { usedJSHeapSize: 52_428_800, totalJSHeapSize: 104_857_600, jsHeapSizeLimit: 1_073_741_824 },
      } as unknown as Performance),
    ).toEqual({
      usedMb: 50,
      totalMb: 100,
      limitMb: 1024,
    });
  });
});
