/**
 * Batches the bond table's sparkline asks: every cell that mounts within BATCH_DELAY_MS asks
 * together, in one GET /v2/bond/sparklines per SPARKLINE_IDS_MAX bonds. One request per row
 * (what the cells did first) sent thousands of requests while a user flicked through the table,
 * ran into the per-IP rate limit and left the grid's own blocks unanswered. A cell scrolled away
 * before the batch goes out aborts its ask, and a bond nobody waits for any more is not fetched.
 */
import { BOND_PATHS, SPARKLINE_POINTS_DEFAULT, SPARKLINE_IDS_MAX, type SparklinesResponse } from '@common/api/bond';
import { api } from '../../api/client';

export const BATCH_DELAY_MS = 40;

interface Waiter {
  resolve: (prices: number[]) => void;
  reject: (reason: unknown) => void;
}

const pending = new Map<number, Set<Waiter>>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** The bond's last closing prices, oldest first ([] when it has none). */
export function loadSparkline(id: number, signal?: AbortSignal): Promise<number[]> {
  return new Promise<number[]>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const waiter: Waiter = { resolve, reject };
    let waiters = pending.get(id);
    if (!waiters) pending.set(id, (waiters = new Set()));
    waiters.add(waiter);
    signal?.addEventListener(
      'abort',
      () => {
        const still = pending.get(id);
        if (!still?.delete(waiter)) return; // already sent: the answer is cheap to keep
        if (still.size === 0) pending.delete(id);
        reject(signal.reason);
      },
      { once: true },
    );
    timer ??= setTimeout(() => void flush(), BATCH_DELAY_MS);
  });
}

async function flush(): Promise<void> {
  timer = null;
  const batch = [...pending.entries()];
  pending.clear();
  for (let k = 0; k < batch.length; k += SPARKLINE_IDS_MAX) {
    const chunk = batch.slice(k, k + SPARKLINE_IDS_MAX);
    try {
      const res = await api.get<SparklinesResponse>(BOND_PATHS.bondSparklines, {
        query: { ids: chunk.map(([id]) => id).join(','), points: SPARKLINE_POINTS_DEFAULT },
      });
      const byId = new Map(res.series.map((s) => [s.id, s.prices]));
      for (const [id, waiters] of chunk) for (const w of waiters) w.resolve(byId.get(id) ?? []);
    } catch (error) {
      for (const [, waiters] of chunk) for (const w of waiters) w.reject(error);
    }
  }
}
