/**
 * The memory-usage ping of spec §9: at a random exponential interval (mean 60 s in production,
 * 30 s elsewhere) the page's memory use, where the browser exposes it (Chromium's
 * `performance.memory`), goes out as an analytics event. Browsers that expose nothing send nothing.
 */
import { MEMORY_PING_MEAN_OTHER_MS, MEMORY_PING_MEAN_PRODUCTION_MS } from '@common/constants';
import type { UsageClock } from './usageQueue';

/** An exponentially distributed delay with this mean, from a uniform draw in [0, 1). */
export function exponentialDelayMs(meanMs: number, uniform: number): number {
  return Math.max(0, Math.round(-Math.log1p(-uniform) * meanMs));
}

export const memoryPingMeanMs = (production: boolean) => (production ? MEMORY_PING_MEAN_PRODUCTION_MS : MEMORY_PING_MEAN_OTHER_MS);

interface ChromiumMemory {
  usedJSHeapSize: number;
  totalJSHeapSize: number;
  jsHeapSizeLimit: number;
}

/** The page's memory use in MB, or null where the browser does not say. */
export function readMemory(perf: Performance = performance): { usedMb: number; totalMb: number; limitMb: number } | null {
  const memory = (perf as Performance & { memory?: ChromiumMemory }).memory;
  if (!memory || !Number.isFinite(memory.usedJSHeapSize)) return null;
  const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
  return { usedMb: mb(memory.usedJSHeapSize), totalMb: mb(memory.totalJSHeapSize), limitMb: mb(memory.jsHeapSizeLimit) };
}

/** Starts the ping; returns the function that stops it. */
export function startMemoryPing(options: {
  clock: UsageClock;
  meanMs: number;
  random?: () => number;
  read?: () => ReturnType<typeof readMemory>;
  send: (memory: NonNullable<ReturnType<typeof readMemory>>) => void;
}): () => void {
  const random = options.random ?? Math.random;
  const read = options.read ?? (() => readMemory());
  let handle: unknown = null;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    handle = options.clock.setTimeout(
      () => {
        const memory = read();
        if (memory) options.send(memory);
        next();
      },
      exponentialDelayMs(options.meanMs, random()),
    );
  };
  next();
  return () => {
    stopped = true;
    if (handle !== null) options.clock.clearTimeout(handle);
  };
}
