import { type Kysely, sql } from 'kysely';
import type { Trade, TradeListResponse } from '../../../../common/api/trade';
import type { Database } from '../../../db/schema';
import { preparedStatement } from '../../../db/prepared';
import { addDays, and, isoTime, n } from './common';
import { type MarketVersion, marketVersion, perMarketVersion } from './marketVersion';
import { defineCache } from '../../caches/registry';
import { deepFreeze } from '../../caches/deepFreeze';

/** Disseminated size text: the cap with "+" when capped (5MM+, 1MM+), else the par amount. */
export function disseminatedQuantity(reported: number, capped: boolean): string {
  if (!capped) return String(reported);
  return reported >= 1_000_000 ? `${reported / 1_000_000}MM+` : `${reported / 1_000}K+`;
}

/**
 * Trades newest first, market-wide or for one bond, between two days (inclusive, UTC). Shows
 * only what TRACE disseminates: the capped quantity, never the true size of a block.
 * Served by trades_bond_time_idx (one bond) or trades_time_idx (market-wide).
 */
export async function listTrades(
  db: Kysely<Database>,
  q: { bondId?: number | undefined; from?: string | undefined; to?: string | undefined; limit: number },
): Promise<Trade[]> {
  const c = [];
  if (q.bondId !== undefined) c.push(sql<boolean>`t.bond_id = ${q.bondId}`);
  if (q.from) c.push(sql<boolean>`t.execution_time >= ${`${q.from}T00:00:00Z`}::timestamptz`);
  if (q.to) c.push(sql<boolean>`t.execution_time < ${`${addDays(q.to, 1)}T00:00:00Z`}::timestamptz`);
  const rows = await db
    .selectFrom('trades as t')
    .innerJoin('bonds as b', 'b.id', 't.bond_id')
    .modifyFront(preparedStatement)
    .select([
      't.id',
      't.bond_id',
      'b.cusip',
      'b.description',
      't.execution_time',
      't.reported_quantity',
      't.quantity_capped',
      't.price',
      't.yield',
      't.side',
      't.reporting_party_type',
      't.ats',
      't.status',
      't.flag',
    ])
    .where(and(c))
    .orderBy('t.execution_time', 'desc')
    .orderBy('t.id', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map((r) => {
    const reported = Number(r.reported_quantity);
    return {
      id: String(r.id),
      bondId: r.bond_id,
      cusip: r.cusip.trim(),
      description: r.description,
      executionTime: isoTime(r.execution_time)!,
      quantity: disseminatedQuantity(reported, r.quantity_capped),
      reportedQuantity: reported,
      quantityCapped: r.quantity_capped,
      price: Number(r.price),
      yield: n(r.yield),
      side: r.side,
      reportingPartyType: r.reporting_party_type,
      ats: r.ats,
      status: r.status,
      flag: r.flag,
    };
  });
}

const TAPES_KEPT = 50;
/** Market-wide tapes kept per market version (a few query shapes: the tape's range and size). */
const tapes = defineCache<MarketVersion, Map<string, Promise<TradeListResponse>>>({
  name: 'market.tradeTapes',
  home: 'server/services/market/queries/trades.ts',
  per: 'market version',
  key: "the tape's from, to and limit",
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['a new market version (a trade printed or imported)'],
  bound: TAPES_KEPT,
});

/**
 * The trade tape market-wide (no bond): the same answer for every desk until the market moves —
 * a trade printed or imported, a reprice — so it is kept per market version and answered as the
 * same object, frozen and serialised once (plugins/answerReuse.ts). Under the API benchmark's load a tape of 100
 * trades cost ~3 ms of server CPU to read, parse, validate and serialise per request. A trade
 * corrected in place (TRACE cleaning, a review decision) shows with the next version move, at
 * the latest the next reprice. One bond's trades are read each time: 30,000 bonds, few repeats.
 */
export async function tradeTape(
  db: Kysely<Database>,
  q: { bondId?: number | undefined; from?: string | undefined; to?: string | undefined; limit: number },
): Promise<TradeListResponse> {
  if (q.bondId !== undefined) return { trades: await listTrades(db, q) };
  const version = await marketVersion(db);
  return perMarketVersion(
    tapes,
    version,
    `${q.from}|${q.to}|${q.limit}`,
    async () => deepFreeze({ trades: await listTrades(db, q) }),
    TAPES_KEPT,
  );
}
