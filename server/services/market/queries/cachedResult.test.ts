import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/schema';
import { cachedResult } from './common';

/** A computation held open until the test lets it finish, reporting whether it was told to stop. */
function heldComputation() {
  let finish!: (value: string) => void;
  let seen: AbortSignal | undefined;
  const compute = (signal: AbortSignal) => {
    seen = signal;
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  };
  return { compute, finish: (v: string) => finish(v), stopped: () => seen?.aborted === true };
}

// cachedResult keys its memo by the database object only; these tests never query it.
const cacheKeyOnly = () => ({}) as Kysely<Database>;

describe('a shared history computation and the clients waiting for it', () => {
  it('goes on while any client still waits, and stops when the last one leaves', async () => {
    const db = cacheKeyOnly();
    const run = heldComputation();
    const a = new AbortController();
    const b = new AbortController();
    const first = cachedResult(db, 'k', 60_000, run.compute, a.signal);
    const second = cachedResult(db, 'k', 60_000, run.compute, b.signal);
    expect(second).toBe(first);
    a.abort();
    expect(run.stopped()).toBe(false);
    b.abort();
    expect(run.stopped()).toBe(true);
    await expect(first).rejects.toThrow(/every client/);
    // A stopped run is forgotten: the next asker starts afresh.
    const again = heldComputation();
    const third = cachedResult(db, 'k', 60_000, again.compute);
    expect(third).not.toBe(first);
    again.finish('done');
    await expect(third).resolves.toBe('done');
  });

  it('an asker without a signal keeps the run alive, and a finished run is not stopped by leavers', async () => {
    const db = cacheKeyOnly();
    const run = heldComputation();
    const leaver = new AbortController();
    const kept = cachedResult(db, 'k', 60_000, run.compute);
    void cachedResult(db, 'k', 60_000, run.compute, leaver.signal);
    leaver.abort();
    expect(run.stopped()).toBe(false);
    run.finish('value');
    await expect(kept).resolves.toBe('value');
    const late = new AbortController();
    const hit = cachedResult(db, 'k', 60_000, run.compute, late.signal);
    late.abort();
    await expect(hit).resolves.toBe('value');
  });
});
