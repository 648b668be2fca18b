/**
 * The product-usage queue with the batching of spec §9 (USAGE_TRACKING in common/constants):
 * events wait in a queue and go in batches of at most 50 every 5 s, and all at once when the page
 * is hidden; a 5xx, a 429, a network failure or a request that outlives 90 s is retried with
 * exponential backoff (1 s doubling, at most 10 minutes); a 413 halves the batch (for good); other refusals
 * drop the batch (resending cannot help). Strings are cut to 255 characters.
 *
 * Everything outside the logic is injected — the clock, the transport, the device id — so each
 * rule is tested on an injected clock against a real test server (usageQueue.test.ts).
 */
import { USAGE_TRACKING } from '@common/constants';
import type { UsageEvent } from '@common/api/usage';

export type UsageProperties = Record<string, string | number | boolean | null | undefined>;

/** Sends one batch; resolves with the HTTP status, rejects on a network failure or an abort. */
export type UsageTransport = (events: UsageEvent[], options: { keepalive: boolean; signal: AbortSignal }) => Promise<number>;

export interface UsageClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: UsageClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Events kept while the server cannot be reached; the oldest go first beyond this. */
export const USAGE_QUEUE_LIMIT = 1_000;
/** First retry delay; it doubles up to USAGE_TRACKING.maxRetryDelayMs. */
export const USAGE_FIRST_RETRY_MS = 1_000;

/** A string cut to the §9 length. */
export function truncate(value: string): string {
  return value.length > USAGE_TRACKING.maxStringLength ? value.slice(0, USAGE_TRACKING.maxStringLength) : value;
}

function cleanProperties(properties: UsageProperties | undefined): UsageEvent['properties'] {
  if (!properties) return undefined;
  const out: NonNullable<UsageEvent['properties']> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    out[truncate(key).slice(0, 80)] = typeof value === 'string' ? truncate(value) : value;
  }
  return out;
}

export interface UsageQueueOptions {
  transport: UsageTransport;
  deviceId: string;
  userId?: string;
  clock?: UsageClock;
  /** Told about failures (spec §8: analytics failures are caught and reported); never throws. */
  onFailure?: (error: unknown) => void;
}

export class UsageQueue {
  private readonly queue: UsageEvent[] = [];
  private readonly clock: UsageClock;
  private batchSize: number = USAGE_TRACKING.batchSize;
  private retryDelayMs = 0;
  private timer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: UsageQueueOptions) {
    this.clock = options.clock ?? realClock;
    this.schedule(USAGE_TRACKING.flushIntervalMs);
  }

  /** Events waiting to go (tests, and the page-hide flush). */
  get pending(): number {
    return this.queue.length;
  }

  /** The delay before the next try after a failure (0 when the last send went through). */
  get currentRetryDelayMs(): number {
    return this.retryDelayMs;
  }

  /** The batch size in force: halved by each 413 and kept so for the page's life (the server said what fits). */
  get currentBatchSize(): number {
    return this.batchSize;
  }

  track(name: string, properties?: UsageProperties, path?: string): void {
    if (this.stopped) return;
    this.queue.push({
      name: truncate(name),
      time: Math.round(this.clock.now()),
      deviceId: this.options.deviceId,
      ...(path ? { path: truncate(path) } : {}),
      ...(this.options.userId ? { userId: this.options.userId } : {}),
      ...(properties ? { properties: cleanProperties(properties) } : {}),
    });
    if (this.queue.length > USAGE_QUEUE_LIMIT) this.queue.splice(0, this.queue.length - USAGE_QUEUE_LIMIT);
  }

  /**
   * Sends what is queued now, in batches of at most the batch size, until the queue is empty or
   * the server asks to wait (one flush at a time).
   */
  flush(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.inFlight = this.drain().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  /** Resolves when the send under way, if any, has finished (it starts nothing). */
  settled(): Promise<void> {
    return this.inFlight ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      if ((await this.sendBatch()) === 'wait') return;
    }
  }

  /**
   * The page is being hidden: everything left goes now, in §9-sized batches, with `keepalive` so
   * the requests outlive the page (the reason `sendBeacon` exists; a keepalive fetch can also carry
   * the Authorization header the proxy path needs, which a beacon cannot).
   */
  flushOnHide(): void {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, USAGE_TRACKING.batchSize);
      const abort = new AbortController();
      void this.options.transport(batch, { keepalive: true, signal: abort.signal }).catch((err: unknown) => this.options.onFailure?.(err));
    }
  }

  /** Stops sending (logout); what is still queued is dropped with the session. */
  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      // A failed send has already set the next try (its backoff); otherwise the next regular flush.
      void this.flush().finally(() => {
        if (this.timer === null) this.schedule(this.retryDelayMs || USAGE_TRACKING.flushIntervalMs);
      });
    }, ms);
  }

  /** Sends the head of the queue: 'next' to go on with the queue, 'wait' when the server asked for a pause. */
  private async sendBatch(): Promise<'next' | 'wait'> {
    const batch = this.queue.slice(0, this.batchSize);
    const abort = new AbortController();
    const timeout = this.clock.setTimeout(() => abort.abort(), USAGE_TRACKING.requestTimeoutMs);
    let status: number | null = null;
    try {
      status = await this.options.transport(batch, { keepalive: false, signal: abort.signal });
    } catch (err) {
      this.options.onFailure?.(err);
    } finally {
      this.clock.clearTimeout(timeout);
    }
    if (this.stopped) return 'wait';
    if (status !== null && status >= 200 && status < 300) {
      this.queue.splice(0, batch.length);
      this.retryDelayMs = 0;
      return 'next';
    }
    if (status === 413) {
      // Too large: halve and go on at once; a single event still too large can never go.
      if (this.batchSize === 1) this.queue.splice(0, 1);
      this.batchSize = Math.max(1, Math.floor(this.batchSize / 2));
      return 'next';
    }
    if (status === null || status === 429 || status >= 500) {
      this.retryDelayMs = Math.min(this.retryDelayMs ? this.retryDelayMs * 2 : USAGE_FIRST_RETRY_MS, USAGE_TRACKING.maxRetryDelayMs);
      this.schedule(this.retryDelayMs);
      return 'wait';
    }
    // 400, 401, 403…: the server will never take this batch; keep the rest moving.
    this.options.onFailure?.(new Error(`Analytics batch refused with ${status}`));
    this.queue.splice(0, batch.length);
    return 'next';
  }
}
