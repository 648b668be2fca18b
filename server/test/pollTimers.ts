import type { PollTimers } from '../services/notifications/hub';

/** Poll timers a test fires by hand: no test waits for a long-poll's hold on the real clock. */
export class ManualPollTimers implements PollTimers {
  private pending = new Set<{ ms: number; fn: () => void }>();

  set(ms: number, fn: () => void): () => void {
    const entry = { ms, fn };
    this.pending.add(entry);
    return () => this.pending.delete(entry);
  }

  /** Timers waiting, by their delay. */
  get delays(): number[] {
    return [...this.pending].map((t) => t.ms);
  }

  /** Fires every timer set for at most `ms` (all when omitted). */
  fire(ms = Infinity): number {
    const due = [...this.pending].filter((t) => t.ms <= ms);
    for (const t of due) {
      this.pending.delete(t);
      t.fn();
    }
    return due.length;
  }
}
