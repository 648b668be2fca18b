import type { SourceClock } from '../sourceHttp';

/**
 * The SEC's fair-access limit (at most 10 requests a second, "regardless of the number of
 * machines"): a token bucket on the caller's clock. A token is taken before every request,
 * retries included; with no token left the caller waits until one has accrued. The bucket holds
 * one token by default, so requests are spaced evenly and no window of a second ever sees more
 * than `perSecond` of them. Callers are served one at a time, in order.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly clock: SourceClock,
    private readonly perSecond: number,
    private readonly capacity = 1,
  ) {
    if (!(perSecond > 0)) throw new Error('a rate limit needs a positive number of requests a second');
    this.tokens = capacity;
  }

  /** Resolves when the caller may send its request. */
  take(): Promise<void> {
    const turn = this.queue.then(() => this.takeNow());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async takeNow(): Promise<void> {
    const now = this.clock.now();
    // The clock may stand still (a test's) or have moved past our own reckoning: never behind it.
    const from = this.updatedAt === null ? now : Math.max(now, this.updatedAt);
    if (this.updatedAt !== null && now > this.updatedAt) {
      this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) * this.perSecond) / 1000);
    }
    this.updatedAt = from;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return;
    }
    const waitMs = Math.ceil(((1 - this.tokens) * 1000) / this.perSecond);
    // Counted from `from`, which may lie ahead of the clock when it stood still through earlier waits.
    await this.clock.sleep(from + waitMs - now);
    // The token that accrued while waiting is spent at once; time is counted from when it was due.
    this.tokens = 0;
    this.updatedAt = from + waitMs;
  }
}
