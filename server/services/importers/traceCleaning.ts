import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** What the Dick-Nielsen cleaning did to one imported file. */
export interface TraceCleaningCounts {
  /** Trades (from this file or earlier imports) removed by an X record. */
  cancelled: number;
  /** Originals replaced by a correction (C record, or an R record whose original was still active). */
  corrected: number;
  /** Trades removed by a Y record. */
  reversed: number;
  /** Cancel/correction/reversal records whose original was found nowhere. */
  unmatched: number;
  /** Inter-dealer buy reports dropped as the mirror of a sell report (double counting). */
  interDealerDuplicates: number;
  /** Inter-dealer buy reports kept because no matching sell report exists. */
  interDealerBuysKept: number;
  /** Staged inter-dealer buy reports removed by a cancel, correction or reversal. */
  dealerBuysRemoved: number;
}

const count = (r: { numAffectedRows?: bigint; rows: unknown[] }) => Number(r.numAffectedRows ?? r.rows.length);

/**
 * The post-2012 Enhanced TRACE cleaning of Dick-Nielsen (2009, 2014), applied in SQL once the
 * whole file has been staged, so a file of any size is cleaned without holding it in memory:
 *
 * 1. Cancellations (X) and correction cancels (C) carry the control number of the report they
 *    remove: the matching trade (same bond, control number and execution time) leaves the active
 *    set — status `cancelled` for X, `corrected` for C. Earlier imports are searched too.
 * 2. Corrections (R) were inserted as new trades; an original they name (prior reference number)
 *    that is still active is marked `corrected` (files that carry the R without its C).
 * 3. Reversals (Y) name the reversed trade by its prior reference number: it becomes `cancelled`.
 * 4. Inter-dealer double counting: both dealers report a dealer-to-dealer trade. The sell-side
 *    report is kept; a buy-side report is dropped when a sell report of the same bond, Eastern
 *    trade date, quantity and price exists in the file, and kept otherwise (the seller may not
 *    be a FINRA member) — the agency-trade rule of Dick-Nielsen (2014).
 *
 * Cancelled and corrected trades stay in `trades` with their status (lineage); every reader
 * uses `status = 'active'`.
 */
export async function cleanTrace(trx: Kysely<Database>, firstNewTradeId: string, source: string): Promise<TraceCleaningCounts> {
  await sql`create temp table import_changed (id bigint primary key, bond_id int, execution_time timestamptz) on commit drop`.execute(trx);
  // Temp tables get no statistics and no indexes by themselves: without them the matching below
  // degenerates into nested loops over a million staged rows.
  await sql`create index on import_dealer_buys (bond_id, control_number)`.execute(trx);
  await sql`create index on import_trace_events (bond_id, control_number)`.execute(trx);
  await sql`analyze import_dealer_buys`.execute(trx);
  await sql`analyze import_trace_events`.execute(trx);

  // How each removal record finds its original: X/C by their own control number and execution
  // time (they repeat the original report), Y by the prior reference number.
  const matchesX = (t: string) =>
    sql.raw(`${t}.bond_id = e.bond_id and ${t}.control_number = e.control_number and ${t}.execution_time = e.execution_time`);
  const matchesY = (t: string) =>
    sql.raw(`${t}.bond_id = e.bond_id and ${t}.control_number = coalesce(e.prev_control_number, e.control_number)`);

  const unmatched = await sql<{ n: string }>`select count(*) as n from import_trace_events e
    where (e.status in ('X', 'C') and not exists (select 1 from trades t where ${matchesX('t')})
                                  and not exists (select 1 from import_dealer_buys t where ${matchesX('t')}))
       or (e.status = 'Y' and not exists (select 1 from trades t where ${matchesY('t')})
                          and not exists (select 1 from import_dealer_buys t where ${matchesY('t')}))`.execute(trx);

  // Staged dealer buys are cancelled, corrected and reversed like trades (their report may be the one named).
  const stagedRemoved =
    count(
      await sql`delete from import_dealer_buys t using import_trace_events e where e.status in ('X', 'C') and ${matchesX('t')}`.execute(
        trx,
      ),
    ) +
    count(await sql`delete from import_dealer_buys t using import_trace_events e where e.status = 'Y' and ${matchesY('t')}`.execute(trx)) +
    count(
      await sql`delete from import_dealer_buys t using import_trace_events e
        where e.status = 'R' and t.bond_id = e.bond_id and t.control_number = e.prev_control_number`.execute(trx),
    );

  const apply = async (status: 'cancelled' | 'corrected', where: ReturnType<typeof sql>) =>
    count(
      await sql`with changed as (
          update trades t set status = ${status} from import_trace_events e
          where t.status = 'active' and ${where}
          returning t.id, t.bond_id, t.execution_time)
        insert into import_changed select id, bond_id, execution_time from changed on conflict do nothing
        returning id`.execute(trx),
    );
  const cancelled = await apply('cancelled', sql`e.status = 'X' and ${matchesX('t')}`);
  const correctedByC = await apply('corrected', sql`e.status = 'C' and ${matchesX('t')}`);
  // An R names its original; skip the R's own new row (same control number, inserted by this import).
  const correctedByR = await apply(
    'corrected',
    sql`e.status = 'R' and e.prev_control_number is not null and t.bond_id = e.bond_id
      and t.control_number = e.prev_control_number and t.control_number is distinct from e.control_number`,
  );
  const reversed = await apply('cancelled', sql`e.status = 'Y' and ${matchesY('t')}`);

  // This file's active dealer sell reports, by New York trade date: a buy report with the same
  // bond, date, quantity and price is its mirror (a hash anti-join, linear in the file size).
  await sql`create temp table import_dealer_sells on commit drop as
    select bond_id, (execution_time at time zone 'America/New_York')::date as trade_date, quantity, price
    from trades where id >= ${firstNewTradeId}::bigint and source = ${source} and side = 'inter_dealer' and status = 'active'`.execute(trx);
  await sql`analyze import_dealer_sells`.execute(trx);
  const staged = await sql<{ n: string }>`select count(*) as n from import_dealer_buys`.execute(trx);
  const kept = await sql`insert into trades (bond_id, execution_time, quantity, reported_quantity, quantity_capped, price, yield,
      side, reporting_party_type, ats, control_number, status, source)
    select b.*, 'active', ${source} from import_dealer_buys b
    where not exists (
      select 1 from import_dealer_sells s
      where s.bond_id = b.bond_id and s.trade_date = (b.execution_time at time zone 'America/New_York')::date
        and s.quantity = b.quantity and s.price = b.price)`.execute(trx);
  const keptBuys = count(kept);
  return {
    cancelled,
    corrected: correctedByC + correctedByR,
    reversed,
    unmatched: Number(unmatched.rows[0]?.n ?? 0),
    interDealerDuplicates: Number(staged.rows[0]?.n ?? 0) - keptBuys,
    interDealerBuysKept: keptBuys,
    dealerBuysRemoved: stagedRemoved,
  };
}

/**
 * Drops this file's trade reports that an earlier import already holds — same bond, control
 * number and execution time — so files that overlap (this week's file starting on Thursday,
 * last week's ending on Friday) do not count those trades twice. Runs after the cleaning, which
 * saw the whole file (a buy report mirrored by a sell report that is itself a repeat is still
 * recognised as a mirror), and skips the join when no earlier trade of the source falls in the
 * file's time range — the usual case, and every first import.
 */
export async function dropAlreadyImported(
  trx: Kysely<Database>,
  firstNewTradeId: string,
  source: string,
  range: { first: Date; last: Date } | null,
): Promise<number> {
  if (!range) return 0;
  const overlap = await sql`select 1 from trades where source = ${source} and id < ${firstNewTradeId}::bigint
    and execution_time between ${range.first} and ${range.last} limit 1`.execute(trx);
  if (overlap.rows.length === 0) return 0;
  return count(
    await sql`delete from trades n using trades o
      where n.id >= ${firstNewTradeId}::bigint and n.source = ${source} and n.control_number is not null
        and o.id < ${firstNewTradeId}::bigint and o.source = ${source}
        and o.bond_id = n.bond_id and o.control_number = n.control_number and o.execution_time = n.execution_time`.execute(trx),
  );
}
