/**
 * Flags on the trade rows (trades.flag, issue 32): the close of a day decides, for every print of
 * that day, whether the pricer believed it. A print its lineage rejected as a bad print (through
 * Treasuries, every negative yield) is flagged 'bad print'; one rejected by the outlier rule or
 * the basis gate 'off-market'; any other print of the day (used, or merely older than the newest
 * MAX_TRADES_PER_BOND) has its flag cleared, so a re-priced close decides again. Flagged prints
 * are left out of a later day's pricing (signal.ts), of the daily high, low and volume
 * (importers/stats.ts) and of the accuracy backtest (accuracy/); the tape and history show them
 * as not valid, and the admin review lists them.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { rebuildStatsOfTrades } from '../importers/stats';
import type { TradeFlag } from '../../../common/market';
import type { Evaluation } from './evaluate';
import type { TradeObs } from './trades';

export interface TradeFlagChange {
  id: number;
  flag: TradeFlag | null;
}

/** The flag a lineage's rejection reason gives a print; null for an unpriceable one (a bond in its last days, not a bad print). */
function flagOf(reason: string): TradeFlag | null {
  if (reason === 'bad print') return 'bad print';
  if (reason === 'outlier' || reason === 'off-market') return 'off-market';
  return null;
}

/**
 * The close's verdict on the prints of its own day: sets `flag` on the in-memory trades (so the
 * next days priced from the same book see it) and returns the rows whose flag changed.
 * `tradesOfDay` gives a bond's prints of the close's day.
 */
export function closeFlags(evaluations: readonly Evaluation[], tradesOfDay: (bondId: number) => readonly TradeObs[]): TradeFlagChange[] {
  const changes: TradeFlagChange[] = [];
  for (const e of evaluations) {
    const trades = tradesOfDay(e.bondId);
    if (trades.length === 0) continue;
    const rejected = new Map<number, TradeFlag>();
    for (const [id, , reason] of e.lineage.rejected ?? []) {
      const flag = flagOf(reason);
      if (flag) rejected.set(id, flag);
    }
    for (const t of trades) {
      const flag = rejected.get(t.id) ?? null;
      if ((t.flag ?? null) === flag) continue;
      t.flag = flag;
      changes.push({ id: t.id, flag });
    }
  }
  return changes;
}

/**
 * Writes flag changes in one statement, then the daily figures of the days they touch: a flagged
 * print counts in no day's high, low or volume (importers/stats.ts).
 */
export async function writeTradeFlags(db: Kysely<Database>, changes: readonly TradeFlagChange[]): Promise<void> {
  if (changes.length === 0) return;
  await sql`update trades t set flag = x.flag
    from json_to_recordset(${JSON.stringify(changes)}::json) as x(id bigint, flag text)
    where t.id = x.id`.execute(db);
  await rebuildStatsOfTrades(
    db,
    changes.map((c) => c.id),
  );
}
