import { type Kysely, sql } from 'kysely';
import { LAST_IG_NOTCH, MOODY_RATINGS, SP_RATINGS } from '../../../common/market';
import type { Database } from '../../db/schema';
import { rebuildTouchedDays } from './stats';

const IG_SP = SP_RATINGS.slice(0, LAST_IG_NOTCH + 1) as readonly string[];
const IG_MOODY = MOODY_RATINGS.slice(0, LAST_IG_NOTCH + 1) as readonly string[];

/** The first non-empty value among the spellings of a column in a kept raw row. */
const rawField = (names: string[]) => sql.raw(`coalesce(${names.map((n) => `nullif(m.raw->>'${n}', '')`).join(', ')})`);

/**
 * Trades that an earlier TRACE import kept apart (their CUSIP was unknown) join their bond once a
 * reference import creates it: they move from trades_missing_bonds to trades with the bond's
 * dissemination cap (5MM IG — every available rating BBB-/Baa3 or better — else 1MM), and the
 * bonds' daily statistics of those days are rebuilt. Returns how many trades moved.
 */
export async function attachMissingTrades(trx: Kysely<Database>, bondIds: number[]): Promise<number> {
  if (bondIds.length === 0) return 0;
  const waiting = await sql<{ n: string }>`select count(*) as n from trades_missing_bonds m join bonds b on b.cusip = m.identifier
    where b.id = any(${bondIds}::int[])`.execute(trx);
  if (Number(waiting.rows[0]?.n ?? 0) === 0) return 0;
  const cap = sql`case when (b.rating_sp is not null or b.rating_moody is not null)
      and (b.rating_sp is null or b.rating_sp = any(${IG_SP}::text[]))
      and (b.rating_moody is null or b.rating_moody = any(${IG_MOODY}::text[])) then 5000000 else 1000000 end`;
  await sql`create temp table import_touched on commit drop as select 0 as bond_id, current_date as trade_date limit 0`.execute(trx);
  await sql`with moved as (
      delete from trades_missing_bonds m using bonds b
      where b.id = any(${bondIds}::int[]) and m.identifier = b.cusip
      returning m.*, b.id as bond_id, ${cap} as cap),
    inserted as (
      insert into trades (bond_id, execution_time, quantity, reported_quantity, quantity_capped, price, yield, side,
        reporting_party_type, ats, control_number, status, source)
      select m.bond_id, m.execution_time, m.quantity, least(m.quantity, m.cap), m.quantity > m.cap, m.price,
        ${rawField(['Yield', 'YLD_PT', 'CALCD_YLD_PT'])}::numeric / 100, m.side, 'dealer',
        coalesce(${rawField(['ATS Indicator', 'ATS_FL', 'ATS_INDICATOR'])} = 'Y', false),
        ${rawField(['Reference Number', 'Message Sequence Number', 'SYSTM_CNTRL_NB', 'MSG_SEQ_NB', 'Control Number'])},
        'active', m.source
      from moved m
      returning bond_id, execution_time)
    insert into import_touched select distinct bond_id, (execution_time at time zone 'America/New_York')::date from inserted`.execute(trx);
  await rebuildTouchedDays(trx);
  return Number(waiting.rows[0]?.n ?? 0);
}
