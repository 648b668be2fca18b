/**
 * A hand-built market for the backtest's tests: two bonds, six active trades and one cancelled,
 * and the evaluated prices the product showed, chosen so every expected error can be worked out
 * on paper (backtest.test.ts does so).
 *
 * - Bond A: A-rated, matures 2055-06-15 (over 28 years away, so the half-spread's tenor factor is
 *   its cap 0.6 + 0.4·2 = 1.4).
 * - Bond B: BBB until 2026-11-17, BB (high yield) from then on; matures 2029-06-15 (the 3Y bucket).
 * - Closes of 16 and 17 Nov 2026 for both, of 18 Nov for A (after its trade: must not be used),
 *   and an intraday snapshot of B at 15:00 on 18 Nov.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { createBonds, createIssuer, createSector, createTrades } from '../pricing/testFixtures';

export interface AccuracyFixture {
  bondA: number;
  bondB: number;
  /** Trade ids by name (a1…a5, b1, b2). */
  trades: Record<string, number>;
}

export async function insertAccuracyFixture(db: Kysely<Database>): Promise<AccuracyFixture> {
  const { industryId } = await createSector(db, 'ACC', 'Accuracy');
  const issuerId = await createIssuer(db, industryId, 'ACCU');
  const [bondA, bondB] = await createBonds(db, [
    { issuerId, issueDate: '2020-01-15', maturityDate: '2055-06-15', ratingSp: 'A' },
    { issuerId, issueDate: '2022-06-15', maturityDate: '2029-06-15', ratingSp: 'BB' },
  ]);
  await db
    .insertInto('bond_ratings')
    .values([
      { bond_id: bondA!, agency: 'sp', rating: 'A', effective_date: '2020-01-15' },
      { bond_id: bondB!, agency: 'sp', rating: 'BBB', effective_date: '2022-06-15' },
      { bond_id: bondB!, agency: 'sp', rating: 'BB', effective_date: '2026-11-17' },
    ])
    .execute();
  const close = (bondId: number, day: string, price: number, confidence: number) => ({
    bond_id: bondId,
    price_date: day,
    kind: 'eod' as const,
    as_of: `${day}T23:59:59.999Z`,
    clean_price: price,
    confidence,
    inputs: '{}',
  });
  await db
    .insertInto('evaluated_prices')
    .values([
      close(bondA!, '2026-11-16', 100, 85),
      close(bondA!, '2026-11-17', 100.3, 70),
      close(bondA!, '2026-11-18', 99.9, 30),
      close(bondB!, '2026-11-16', 95, 50),
      close(bondB!, '2026-11-17', 94, 45),
      { ...close(bondB!, '2026-11-18', 93.5, 62), kind: 'intraday', as_of: '2026-11-18T15:00:00.000Z' },
    ])
    .execute();
  const at = (iso: string) => new Date(iso);
  const names = ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b2'];
  const ids = await createTrades(db, [
    { bondId: bondA!, time: at('2026-11-16T14:00:00Z'), quantity: 2_000_000, price: 100.1, side: 'inter_dealer' },
    { bondId: bondA!, time: at('2026-11-17T15:00:00Z'), quantity: 1_000_000, price: 100.5, side: 'customer_buy' },
    { bondId: bondA!, time: at('2026-11-17T16:00:00Z'), quantity: 50_000, price: 100.2, side: 'inter_dealer' },
    { bondId: bondA!, time: at('2026-11-18T14:00:00Z'), quantity: 5_000_000, price: 99, side: 'customer_sell' },
    { bondId: bondA!, time: at('2026-11-18T13:00:00Z'), quantity: 100_000, price: 90, side: 'inter_dealer', status: 'cancelled' },
    { bondId: bondB!, time: at('2026-11-16T15:00:00Z'), quantity: 500_000, price: 95.4, side: 'inter_dealer' },
    { bondId: bondB!, time: at('2026-11-18T15:30:00Z'), quantity: 1_000_000, price: 93, side: 'inter_dealer' },
  ]);
  return { bondA: bondA!, bondB: bondB!, trades: Object.fromEntries(names.map((n, i) => [n, ids[i]!])) };
}

/** The stored backtest row of a trade. */
export async function accuracyRowOf(db: Kysely<Database>, tradeId: number) {
  const { rows } = await sql<Database['trade_accuracy'] & { trade_day: string }>`
    select *, to_char(trade_day, 'YYYY-MM-DD') as trade_day from trade_accuracy where trade_id = ${tradeId}`.execute(db);
  return rows[0];
}
