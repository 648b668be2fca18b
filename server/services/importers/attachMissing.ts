import { type Kysely, type RawBuilder, sql } from 'kysely';
import { spRatingsIn } from '../../../common/market';
import type { Database } from '../../db/schema';
import { compositeRatingIn } from '../market/compositeRating';
import { rebuildTouchedDays } from './stats';

/** The first non-empty value among the spellings of a column in a kept raw row. */
const rawField = (names: string[]) => sql.raw(`coalesce(${names.map((n) => `nullif(m.raw->>'${n}', '')`).join(', ')})`);

/**
 * Trades that an earlier TRACE import kept apart (their CUSIP was unknown) join their bond once a
 * reference import creates it (see moveMissingTrades). Returns how many trades moved.
 */
export function attachMissingTrades(trx: Kysely<Database>, bondIds: number[]): Promise<number> {
  if (bondIds.length === 0) return Promise.resolve(0);
  return moveMissingTrades(trx, sql<boolean>`b.id = any(${bondIds}::int[]) and m.identifier = b.cusip`);
}

/** An admin's mapping: the trades kept apart under `identifier` belong to bond `bondId`. */
export function attachIdentifierTo(trx: Kysely<Database>, identifier: string, bondId: number): Promise<number> {
  return moveMissingTrades(trx, sql<boolean>`b.id = ${bondId} and m.identifier = ${identifier}`);
}

/**
 * Moves the kept-apart trades each bond matches (`match` over m = trades_missing_bonds,
 * b = bonds) into trades with the bond's dissemination cap (5MM IG by the composite rating, else
 * 1MM), and rebuilds the bonds' daily statistics of those days. Returns how many trades moved.
 */
async function moveMissingTrades(trx: Kysely<Database>, match: RawBuilder<boolean>): Promise<number> {
  const waiting = await sql<{ n: string }>`select count(*) as n from trades_missing_bonds m, bonds b where ${match}`.execute(trx);
  if (Number(waiting.rows[0]?.n ?? 0) === 0) return 0;
  const cap = sql`case when ${compositeRatingIn('b', spRatingsIn('IG'))} then 5000000 else 1000000 end`;
  await sql`create temp table import_touched on commit drop as select 0 as bond_id, null::date as trade_date limit 0`.execute(trx);
  await sql`with moved as (
      delete from trades_missing_bonds m using bonds b
      where ${match}
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
