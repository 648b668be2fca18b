/**
 * The backtest of evaluated prices: for each trade, what the product showed just before it,
 * against the trade adjusted to mid, beside two naive baselines. Incremental — each run takes the
 * next trades not yet evaluated (by id), so the job catches up on a seeded year and then follows
 * live ticks and imports.
 *
 * Point in time, from stored rows only:
 * - evaluated price: the bond's latest evaluated_prices row (close or intraday snapshot) whose
 *   as_of is strictly before the trade. For the seeded history that is the previous business
 *   day's close (closes are struck at the end of their day, so a trade never sees its own day's
 *   close); in live mode it is the last intraday snapshot before the trade. Replaying the model at
 *   each trade's instant would also use the same day's earlier trades; it was not chosen because
 *   the pricing code is being reworked (issue 10 item 4) and a replay would have to follow it,
 *   while stored rows are what a user of the product actually saw.
 * - last trade carried forward: the bond's previous active trade's price, as printed.
 * - previous close: the price of the bond's last active trade before the trade's day.
 * - flagged prints (trades.flag: a close judged them bad or off-market, pricing/tradeFlags.ts)
 *   are never a baseline, and the report leaves them out as trades to score (readModel.ts
 *   COMPARED_TRADES). Their rows are still stored, so an admin's accept brings them back. A
 *   flag is set by the close of its print's day: a baseline taken from a print of the same day,
 *   before that close, is the print as the product then saw it.
 * - the trade's mid: customer buys minus, customer sells plus the pricing's dealer half-spread
 *   (halfSpreadPoints: size, tenor, IG/HY); inter-dealer prints are taken as mid.
 * - rating: the composite rating (common/market.ts) from each agency's rating history on the
 *   trade's day; an agency without history falls back to the bond's current rating.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { addDays, businessDaysBetween, isoDate } from '../../../common/calendar';
import { compositeRating, ratingBucketOf, ratingClassOf, tenorBucketOf, type TradeSide } from '../../../common/market';
import { confidenceBandOf, liquidityBucketOf, sizeBucketOf } from '../../../common/accuracy';
import { halfSpreadPoints } from '../pricing';
import { fetchPacked, jsonRecordset, numOrNull, packFields } from '../pricing/packed';
import { getBackfill } from '../market/simulator/backfill';
import { defineProcessCache } from '../caches/registry';

/**
 * Trades evaluated per run of the job: each batch is one statement that holds PGlite's only
 * backend (~0.5 s for 1,500 trades on an idle machine), so batches stay small and frequent.
 */
export const ACCURACY_BACKTEST_BATCH = 1_500;
/** The command line owns its database: bigger batches. */
export const ACCURACY_BACKTEST_BATCH_ALONE = 10_000;
/** Ids below the newest evaluated one that are still checked, for writers that commit a lower id late. */
const ID_OVERLAP = 2_000;
const YEAR_MS = 365.25 * 86_400_000;

export interface AccuracyBacktestRunResult {
  /** Trades evaluated by this run. */
  evaluated: number;
  /** True when the run waited because older closes are still being priced in the background. */
  waitingForHistory: boolean;
}

/** Evaluates up to `limit` trades not yet in trade_accuracy, oldest id first. */
export async function runAccuracyBacktest(db: Kysely<Database>, limit = ACCURACY_BACKTEST_BATCH): Promise<AccuracyBacktestRunResult> {
  // The seeded history's older closes are priced by the price-backfill job; a trade evaluated
  // before its previous close exists would be compared with a stale price, so wait for them.
  if (await getBackfill(db)) return { evaluated: 0, waitingForHistory: true };
  const newest = await db
    .selectFrom('trade_accuracy')
    .select((eb) => eb.fn.max('trade_id').as('id'))
    .executeTakeFirst();
  const floor = Math.max(0, Number(newest?.id ?? 0) - ID_OVERLAP);
  const records = await fetchPacked(
    db,
    sql`select ${packFields([
      't.id',
      't.bond_id',
      'round(extract(epoch from t.execution_time) * 1000)',
      't.quantity',
      't.price',
      't.side',
      'ev.clean_price',
      'ev.confidence',
      'round(extract(epoch from ev.as_of) * 1000)',
      'lt.price',
      'round(extract(epoch from lt.execution_time) * 1000)',
      'case when lt.execution_time < t.day_start then lt.price else pc.price end',
    ])}
    from (
      select t.*, (date_trunc('day', t.execution_time at time zone 'UTC') at time zone 'UTC') as day_start
      from trades t
      where t.status = 'active' and t.id > ${floor}
        and not exists (select 1 from trade_accuracy a where a.trade_id = t.id)
      order by t.id
      limit ${limit}
    ) t
    left join lateral (
      select e.clean_price, e.confidence, e.as_of from evaluated_prices e
      where e.bond_id = t.bond_id and e.price_date <= (t.execution_time at time zone 'UTC')::date
        and e.as_of < t.execution_time
      order by e.price_date desc, e.as_of desc limit 1
    ) ev on true
    left join lateral (
      select p.price, p.execution_time from trades p
      where p.bond_id = t.bond_id and p.status = 'active' and p.flag is null
        and (p.execution_time < t.execution_time or (p.execution_time = t.execution_time and p.id < t.id))
      order by p.execution_time desc, p.id desc limit 1
    ) lt on true
    left join lateral (
      select p.price from trades p
      where lt.execution_time >= t.day_start
        and p.bond_id = t.bond_id and p.status = 'active' and p.flag is null and p.execution_time < t.day_start
      order by p.execution_time desc, p.id desc limit 1
    ) pc on true`,
  );
  if (records.length === 0) return { evaluated: 0, waitingForHistory: false };

  const bondIds = [...new Set(records.map((f) => Number(f[1])))];
  const bonds = await bondRatingsAndMaturities(db, bondIds);
  const rows = records.map((f) => {
    const timeMs = Number(f[2]);
    return accuracyBacktestRow(
      {
        tradeId: f[0]!,
        bondId: Number(f[1]),
        timeMs,
        quantity: Number(f[3]),
        price: Number(f[4]),
        side: f[5] as TradeSide,
        evaluatedPrice: numOrNull(f[6]),
        confidence: numOrNull(f[7]),
        evaluatedAtMs: numOrNull(f[8]),
        lastTradePrice: numOrNull(f[9]),
        lastTradeMs: numOrNull(f[10]),
        previousClosePrice: numOrNull(f[11]),
      },
      bonds.get(Number(f[1]))!,
    );
  });
  const columns = sql.raw(ROW_COLUMNS.map(([name]) => name).join(', '));
  await sql`insert into trade_accuracy (${columns}) select ${columns} from ${jsonRecordset(rows, ROW_COLUMNS)}
    on conflict (trade_id) do nothing`.execute(db);
  return { evaluated: rows.length, waitingForHistory: false };
}

/**
 * Runs the backtest until every trade is evaluated; returns the number evaluated. `batch` is the
 * trades a statement: the command line, which owns its database, passes ACCURACY_BACKTEST_BATCH_ALONE.
 */
export async function runAccuracyBacktestToEnd(
  db: Kysely<Database>,
  progress?: (evaluated: number) => void,
  batch = ACCURACY_BACKTEST_BATCH,
): Promise<AccuracyBacktestRunResult> {
  let evaluated = 0;
  for (;;) {
    const run = await runAccuracyBacktest(db, batch);
    if (run.waitingForHistory) return { evaluated, waitingForHistory: true };
    if (run.evaluated === 0) return { evaluated, waitingForHistory: false };
    evaluated += run.evaluated;
    progress?.(evaluated);
  }
}

/** Forgets every evaluated trade (after prices were recomputed, e.g. a new pricing model). */
export async function resetAccuracyBacktest(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('trade_accuracy').execute();
}

// ---- one trade ----------------------------------------------------------------------------------

export interface AccuracyBacktestInput {
  tradeId: string;
  bondId: number;
  timeMs: number;
  quantity: number;
  price: number;
  side: TradeSide;
  evaluatedPrice: number | null;
  confidence: number | null;
  evaluatedAtMs: number | null;
  lastTradePrice: number | null;
  lastTradeMs: number | null;
  previousClosePrice: number | null;
}

export interface BondFacts {
  maturityMs: number;
  /** Each agency's ratings, oldest first ([effective day, rating]); the current one when no history. */
  sp: [string, string][];
  moody: [string, string][];
  currentSp: string | null;
  currentMoody: string | null;
}

const ROW_COLUMNS = [
  ['trade_id', 'bigint'],
  ['bond_id', 'integer'],
  ['execution_time', 'timestamptz'],
  ['trade_day', 'date'],
  ['side', 'text'],
  ['rating', 'text'],
  ['rating_bucket', 'text'],
  ['rating_class', 'text'],
  ['tenor_bucket', 'text'],
  ['size_bucket', 'text'],
  ['liquidity_bucket', 'text'],
  ['days_since_trade', 'integer'],
  ['half_spread', 'float8'],
  ['mid_price', 'float8'],
  ['model_price', 'float8'],
  ['model_as_of', 'timestamptz'],
  ['confidence', 'integer'],
  ['confidence_band', 'text'],
  ['model_error', 'float8'],
  ['last_trade_error', 'float8'],
  ['previous_close_error', 'float8'],
] as const;

/** The stored row of one trade: its dimensions, its mid and the three predictions' errors. */
export function accuracyBacktestRow(t: AccuracyBacktestInput, bond: BondFacts): Record<(typeof ROW_COLUMNS)[number][0], unknown> {
  const day = isoDate(new Date(t.timeMs));
  const rating = compositeRating(ratingOn(bond.sp, day) ?? bond.currentSp, ratingOn(bond.moody, day) ?? bond.currentMoody);
  // Unrated bonds are priced as BBB (pricing/conventions.ts ratingBucket): investment grade here too.
  const ratingClass = ratingClassOf(rating) ?? 'IG';
  const years = Math.max(0, (bond.maturityMs - t.timeMs) / YEAR_MS);
  const halfSpread = t.side === 'inter_dealer' ? 0 : halfSpreadPoints(t.quantity, ratingClass === 'HY', years);
  const mid = t.side === 'customer_buy' ? t.price - halfSpread : t.side === 'customer_sell' ? t.price + halfSpread : t.price;
  const daysSince = t.lastTradeMs === null ? null : businessDayGap(isoDate(new Date(t.lastTradeMs)), day);
  const error = (prediction: number | null) => (prediction === null ? null : prediction - mid);
  return {
    trade_id: t.tradeId,
    bond_id: t.bondId,
    execution_time: new Date(t.timeMs).toISOString(),
    trade_day: day,
    side: t.side,
    rating,
    rating_bucket: ratingBucketOf(rating) ?? 'NR',
    rating_class: ratingClass,
    tenor_bucket: tenorBucketOf(years),
    size_bucket: sizeBucketOf(t.quantity),
    liquidity_bucket: liquidityBucketOf(daysSince),
    days_since_trade: daysSince,
    half_spread: halfSpread,
    mid_price: mid,
    model_price: t.evaluatedPrice,
    model_as_of: t.evaluatedAtMs === null ? null : new Date(t.evaluatedAtMs).toISOString(),
    confidence: t.evaluatedPrice === null ? null : t.confidence,
    confidence_band: t.evaluatedPrice === null || t.confidence === null ? null : confidenceBandOf(t.confidence),
    model_error: error(t.evaluatedPrice),
    last_trade_error: error(t.lastTradePrice),
    previous_close_error: error(t.previousClosePrice),
  };
}

/** The rating in effect on `day` from a history (oldest first); the earliest when all are later. */
function ratingOn(history: [string, string][], day: string): string | null {
  if (history.length === 0) return null;
  let rating = history[0]![1];
  for (const [effective, r] of history) if (effective <= day) rating = r;
  return rating;
}

const gapCache = defineProcessCache(
  {
    name: 'accuracy.businessDayGaps',
    home: 'server/services/accuracy/backtest.ts',
    per: 'process',
    key: 'from and to days',
    lifetime: 'until invalidated',
    invalidatedBy: ['nothing: a pure function of the SIFMA calendar (emptied when full)'],
    bound: 50_000,
  },
  new Map<string, number>(),
);
/** Business days after `from` up to `to` (0 on the same day; 1 from a Friday to the Monday). */
function businessDayGap(from: string, to: string): number {
  if (from >= to) return 0;
  const key = `${from}|${to}`;
  let gap = gapCache.get(key);
  if (gap === undefined) {
    gap = businessDaysBetween(addDays(from, 1), to).length;
    if (gapCache.size > 50_000) gapCache.clear();
    gapCache.set(key, gap);
  }
  return gap;
}

async function bondRatingsAndMaturities(db: Kysely<Database>, bondIds: number[]): Promise<Map<number, BondFacts>> {
  const [bonds, history] = await Promise.all([
    db.selectFrom('bonds').select(['id', 'maturity_date', 'rating_sp', 'rating_moody']).where('id', 'in', bondIds).execute(),
    db
      .selectFrom('bond_ratings')
      .select(['bond_id', 'agency', 'rating', 'effective_date'])
      .where('bond_id', 'in', bondIds)
      .orderBy('effective_date')
      .orderBy('id')
      .execute(),
  ]);
  const out = new Map<number, BondFacts>();
  for (const b of bonds) {
    out.set(b.id, {
      maturityMs: Date.parse(`${dayText(b.maturity_date)}T00:00:00Z`),
      sp: [],
      moody: [],
      currentSp: b.rating_sp,
      currentMoody: b.rating_moody,
    });
  }
  for (const h of history) out.get(h.bond_id)?.[h.agency].push([dayText(h.effective_date), h.rating]);
  return out;
}

/** A date column as 'YYYY-MM-DD' whichever way the driver returned it. */
function dayText(value: string | Date): string {
  return value instanceof Date ? isoDate(value) : String(value).slice(0, 10);
}
