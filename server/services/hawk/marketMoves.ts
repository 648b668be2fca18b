/**
 * Market-level rules: an index (IG, HY, the whole market) or a market-summary cell (segment ×
 * tenor) whose average G-spread change over the day is beyond the rule's threshold. Checked once
 * per pass that saw a reprice, one aggregate query per market rule.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { tenorCondition } from '../market/queries/common';
import { segmentCondition } from '../market/queries/segments';
import { num } from './bondInfo';
import type { AddCandidate } from './candidates';
import type { HawkIndex } from './ruleIndex';
import { checkMarket, newYorkDay } from './rules';

/** Whether any market rule exists (the pass reads repriced states for it even without bond rules). */
export function hasMarketMoveRules(index: HawkIndex): boolean {
  return index.market.some((s) => s.rule.kind === 'marketMove');
}

/** Checks every market-move rule at `at` (the newest repriced as-of). */
export async function evaluateMarketMoves(db: Kysely<Database>, index: HawkIndex, at: number, add: AddCandidate): Promise<void> {
  for (const sub of index.market) {
    if (sub.rule.kind !== 'marketMove') continue;
    const move = await marketMove(db, sub.rule.segment, sub.rule.tenor, newYorkDay(at));
    const trigger = checkMarket(sub.rule, move.change, move.bonds);
    if (trigger)
      add(sub, {
        subject: `market:${sub.rule.segment}:${sub.rule.tenor ?? 'all'}`,
        at,
        bondId: null,
        issuerId: null,
        dealId: null,
        label: null,
        trigger,
      });
  }
}

/** Average day change of G-spread over a segment (and tenor bucket): the index / summary cell move. */
export async function marketMove(
  db: Kysely<Database>,
  segment: string,
  tenor: string | null,
  day: string,
): Promise<{ change: number | null; bonds: number }> {
  const where = [segmentCondition(segment), sql<boolean>`s.change_g_spread is not null`];
  if (tenor) where.push(tenorCondition(sql.ref('b.maturity_date'), day, [tenor as never]));
  const rows = await sql<{ avg: string | null; n: string }>`
    select avg(s.change_g_spread) as avg, count(*) as n from bond_market_state s join bonds b on b.id = s.bond_id
    join issuers i on i.id = b.issuer_id where ${sql.join(where, sql` and `)}`.execute(db);
  return { change: num(rows.rows[0]?.avg), bonds: Number(rows.rows[0]?.n ?? 0) };
}
