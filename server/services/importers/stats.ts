import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export interface TouchedBonds {
  bondIds: number[];
  /** (bond, trade date) aggregates rewritten. */
  bondDays: number;
}

/**
 * The prints a day's figures count (volume, trade count, high, low, VWAP): active and not flagged
 * by the close as a bad or off-market print (tradeFlags.ts). A flagged print stays on the tape,
 * struck through, but moves no daily figure; `t` is the trades alias.
 */
export const COUNTED_PRINT = sql<boolean>`t.status = 'active' and t.flag is null`;

/** The day's figures of the counted prints of trades `t`, grouped by (bond, New York day). */
const DAY_FIGURES = sql`t.bond_id, (t.execution_time at time zone 'America/New_York')::date as trade_date, sum(t.reported_quantity), count(*),
      max(t.price), min(t.price), round(sum(t.price * t.reported_quantity) / sum(t.reported_quantity), 6)`;

/**
 * Rewrites daily_bond_stats (volume in true par, trade count, high, low, VWAP over counted prints)
 * for every (bond, Eastern trade date) this TRACE import touched: its new trades and the trades
 * whose status it changed (temp table import_changed). Days are New York trading days, the market's own.
 */
export async function rebuildDailyStats(trx: Kysely<Database>, firstNewTradeId: string, source: string): Promise<TouchedBonds> {
  await sql`create temp table import_touched on commit drop as
    select distinct bond_id, (execution_time at time zone 'America/New_York')::date as trade_date
    from (select bond_id, execution_time from trades where id >= ${firstNewTradeId}::bigint and source = ${source}
          union all select bond_id, execution_time from import_changed) x`.execute(trx);
  return rebuildTouchedDays(trx);
}

/** Rewrites daily_bond_stats for the (bond, trade date) pairs in the temp table import_touched. */
export async function rebuildTouchedDays(trx: Kysely<Database>): Promise<TouchedBonds> {
  await sql`analyze import_touched`.execute(trx);
  await sql`delete from daily_bond_stats d using import_touched k
    where d.bond_id = k.bond_id and d.trade_date = k.trade_date`.execute(trx);
  // One pass over the trades of the touched days (the time index gives the window), keeping the
  // touched (bond, day) pairs with a hash semi-join — far cheaper than one index probe per pair.
  const inserted = await sql`insert into daily_bond_stats (bond_id, trade_date, volume, trade_count, high, low, vwap)
    select ${DAY_FIGURES}
    from trades t
    where ${COUNTED_PRINT}
      and t.execution_time >= (select (min(trade_date)::timestamp at time zone 'America/New_York') from import_touched)
      and t.execution_time < (select ((max(trade_date) + 1)::timestamp at time zone 'America/New_York') from import_touched)
      and exists (select 1 from import_touched k
                  where k.bond_id = t.bond_id and k.trade_date = (t.execution_time at time zone 'America/New_York')::date)
    group by 1, 2`.execute(trx);
  const bonds = await sql<{ bond_id: number }>`select distinct bond_id from import_touched order by bond_id`.execute(trx);
  return { bondIds: bonds.rows.map((r) => r.bond_id), bondDays: Number(inserted.numAffectedRows ?? 0) };
}

/**
 * Rewrites daily_bond_stats for the (bond, New York day) of these trades, after their flag or
 * price changed (a close's verdict, an admin's accept or correction): upserts the days that still
 * have counted prints, then removes the days left with none.
 */
export async function rebuildStatsOfTrades(db: Kysely<Database>, tradeIds: readonly (number | string)[]): Promise<void> {
  if (tradeIds.length === 0) return;
  const days = sql`(select distinct bond_id, (execution_time at time zone 'America/New_York')::date as trade_date
    from trades where id = any(${tradeIds.map(String)}::bigint[]))`;
  const ofDay = sql`t.bond_id = k.bond_id and t.execution_time >= (k.trade_date::timestamp at time zone 'America/New_York')
    and t.execution_time < ((k.trade_date + 1)::timestamp at time zone 'America/New_York')`;
  await sql`insert into daily_bond_stats (bond_id, trade_date, volume, trade_count, high, low, vwap)
    select ${DAY_FIGURES}
    from ${days} k join trades t on ${ofDay}
    where ${COUNTED_PRINT}
    group by 1, 2
    on conflict (bond_id, trade_date) do update set volume = excluded.volume, trade_count = excluded.trade_count,
      high = excluded.high, low = excluded.low, vwap = excluded.vwap`.execute(db);
  await sql`delete from daily_bond_stats d using ${days} k
    where d.bond_id = k.bond_id and d.trade_date = k.trade_date
      and not exists (select 1 from trades t where ${ofDay} and ${COUNTED_PRINT})`.execute(db);
}
