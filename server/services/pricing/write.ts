/**
 * Bulk writes of the pricing engine: one `INSERT … SELECT` statement per table per batch, never
 * a statement per row; the rows travel as one JSON parameter (see packed.jsonRecordset, measured
 * faster than one unnest array per column on PGlite). Values are rounded to their column's scale here (so change
 * detection compares what the table holds) and anything outside a column's range becomes null
 * rather than failing the whole batch.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { CloseSnapshot } from './closes';
import type { Evaluation } from './evaluate';
import { jsonRecordset } from './packed';

/** One bond_market_state row in JavaScript form. */
export interface MarketStateRow {
  bondId: number;
  price: number | null;
  changePrice: number | null;
  yieldToMaturity: number | null;
  changeYtm: number | null;
  yieldToCall: number | null;
  changeYtc: number | null;
  yieldToWorst: number | null;
  changeYtw: number | null;
  nextCallDate: string | null;
  gSpread: number | null;
  changeGSpread: number | null;
  tSpread: number | null;
  changeTSpread: number | null;
  treasury: string | null;
  discountMargin: number | null;
  duration: number | null;
  dv01: number | null;
  durationToWorst: number | null;
  dv01ToWorst: number | null;
  convexityToWorst: number | null;
  currentYield: number | null;
  moneyMarketYield360: number | null;
  confidence: number | null;
  startConfidence: number | null;
  changeConfidence: number | null;
  volume: number;
  volumePercentChange: number | null;
  /** Floaters only: the current coupon (fixing at the last reset + margin); the table's coupon. */
  currentCoupon: number | null;
}

/** 10 ** dp for the scales the columns use, computed once (the same numbers: 10 ** dp is exact here). */
const POW10 = Array.from({ length: 10 }, (_, dp) => 10 ** dp);

/** Rounds to `dp` decimals; null when not finite or not below `max` in magnitude. */
export function fit(x: number | null | undefined, dp: number, max: number): number | null {
  if (x === null || x === undefined || !Number.isFinite(x)) return null;
  const f = POW10[dp] ?? 10 ** dp;
  const r = Math.round(x * f) / f;
  return Math.abs(r) < max ? (r === 0 ? 0 : r) : null;
}

const diff = (a: number | null, b: number | null | undefined) => (a === null || b === null || b === undefined ? null : a - b);

/** Builds the §3 row of one evaluation against the previous close and the volume history. */
export function marketStateRow(
  e: Evaluation,
  prev: CloseSnapshot | undefined,
  volume: number,
  averageVolume: number | undefined,
): MarketStateRow {
  const m = e.measures;
  const price = fit(m.price, 6, 1e6);
  const ytm = fit(m.yieldToMaturity, 7, 1e3);
  const ytc = fit(m.yieldToCall, 7, 1e3);
  const ytw = fit(m.yieldToWorst, 7, 1e3);
  const g = fit(m.gSpread, 3, 1e7);
  const t = fit(m.tSpread, 3, 1e7);
  return {
    bondId: e.bondId,
    price,
    changePrice: fit(diff(price, prev?.price), 6, 1e6),
    yieldToMaturity: ytm,
    changeYtm: fit(diff(ytm, prev?.yieldToMaturity), 7, 1e3),
    yieldToCall: ytc,
    changeYtc: fit(diff(ytc, prev?.yieldToCall), 7, 1e3),
    yieldToWorst: ytw,
    changeYtw: fit(diff(ytw, prev?.yieldToWorst), 7, 1e3),
    nextCallDate: m.nextCallDate,
    gSpread: g,
    changeGSpread: fit(diff(g, prev?.gSpread), 3, 1e7),
    tSpread: t,
    changeTSpread: fit(diff(t, prev?.tSpread), 3, 1e7),
    treasury: m.treasury,
    discountMargin: fit(m.discountMargin, 3, 1e7),
    duration: fit(m.duration, 5, 1e5),
    dv01: fit(m.dv01, 7, 1e5),
    durationToWorst: fit(m.durationToWorst, 5, 1e5),
    dv01ToWorst: fit(m.dv01ToWorst, 7, 1e5),
    convexityToWorst: fit(m.convexityToWorst, 5, 1e7),
    currentYield: fit(m.currentYield, 7, 1e3),
    moneyMarketYield360: fit(m.moneyMarketYield360, 7, 1e3),
    confidence: e.confidence,
    startConfidence: prev ? prev.confidence : null,
    changeConfidence: prev ? e.confidence - prev.confidence : null,
    volume: fit(volume, 2, 1e16) ?? 0,
    volumePercentChange: averageVolume && averageVolume > 0 ? fit((volume / averageVolume - 1) * 100, 3, 1e9) : null,
    currentCoupon: m.discountMargin !== null ? fit(m.currentCoupon, 9, 1e3) : null,
  };
}

/** True when two rows would write the same values (fields are already rounded to their columns). */
export function sameRow(a: MarketStateRow | undefined, b: MarketStateRow): boolean {
  if (!a) return false;
  for (const key in b) if (a[key as keyof MarketStateRow] !== b[key as keyof MarketStateRow]) return false;
  return true;
}

/** bond_market_state columns (after bond_id) and their row keys. */
const STATE_COLUMNS: [keyof MarketStateRow, string, string][] = [
  ['price', 'price', 'numeric'],
  ['changePrice', 'change_price', 'numeric'],
  ['yieldToMaturity', 'yield_to_maturity', 'numeric'],
  ['changeYtm', 'change_ytm', 'numeric'],
  ['yieldToCall', 'yield_to_call', 'numeric'],
  ['changeYtc', 'change_ytc', 'numeric'],
  ['yieldToWorst', 'yield_to_worst', 'numeric'],
  ['changeYtw', 'change_ytw', 'numeric'],
  ['nextCallDate', 'next_call_date', 'date'],
  ['gSpread', 'g_spread', 'numeric'],
  ['changeGSpread', 'change_g_spread', 'numeric'],
  ['tSpread', 't_spread', 'numeric'],
  ['changeTSpread', 'change_t_spread', 'numeric'],
  ['treasury', 'treasury', 'text'],
  ['discountMargin', 'discount_margin', 'numeric'],
  ['duration', 'duration', 'numeric'],
  ['dv01', 'dv01', 'numeric'],
  ['durationToWorst', 'duration_to_worst', 'numeric'],
  ['dv01ToWorst', 'dv01_to_worst', 'numeric'],
  ['convexityToWorst', 'convexity_to_worst', 'numeric'],
  ['currentYield', 'current_yield', 'numeric'],
  ['moneyMarketYield360', 'money_market_yield_360', 'numeric'],
  ['confidence', 'confidence', 'int2'],
  ['startConfidence', 'start_confidence', 'int2'],
  ['changeConfidence', 'change_confidence', 'int2'],
  ['volume', 'volume', 'numeric'],
  ['volumePercentChange', 'volume_percent_change', 'numeric'],
  ['currentCoupon', 'current_coupon', 'numeric'],
];
const STATE_NAMES = STATE_COLUMNS.map(([, name]) => name);
const STATE_DEFS = [['bond_id', 'int4'] as const, ...STATE_COLUMNS.map(([, name, type]) => [name, type] as const)];

/**
 * Upserts bond_market_state rows in one statement, each noting the curve version it was priced
 * on. Rows skipped as unchanged keep the version they were written with: their figures are what
 * that version gave, to the columns' precision.
 */
export async function upsertMarketState(
  db: Kysely<Database>,
  asOf: Date,
  rows: readonly MarketStateRow[],
  curveVersionId: number | null,
): Promise<void> {
  if (rows.length === 0) return;
  const payload = rows.map((r) => {
    const o: Record<string, unknown> = { bond_id: r.bondId };
    for (const [key, name] of STATE_COLUMNS) if (r[key] !== null) o[name] = r[key];
    return o;
  });
  const cols = sql.raw(STATE_NAMES.join(', '));
  const updates = sql.raw(['as_of', 'curve_version_id', ...STATE_NAMES].map((c) => `${c} = excluded.${c}`).join(', '));
  await sql`insert into bond_market_state (bond_id, as_of, curve_version_id, ${cols})
    select x.bond_id, ${asOf}::timestamptz, ${curveVersionId}::int4, ${cols} from ${jsonRecordset(payload, STATE_DEFS)}
    on conflict (bond_id) do update set ${updates}`.execute(db);
}

/** Removes rows of bonds that no longer have a price (matured). */
export async function deleteMarketState(db: Kysely<Database>, bondIds: readonly number[]): Promise<void> {
  if (bondIds.length === 0) return;
  await sql`delete from bond_market_state where bond_id = any(${bondIds}::int[])`.execute(db);
}

/** One evaluated price to write, with the day and instant it belongs to. */
export interface PricedItem {
  day: string;
  asOf: Date;
  evaluation: Evaluation;
}

/**
 * Writes evaluated prices (any number of days in one statement): end-of-day rows are upserted
 * (one per bond and date), intraday rows appended.
 */
export async function writeEvaluatedPrices(db: Kysely<Database>, kind: 'eod' | 'intraday', items: readonly PricedItem[]): Promise<void> {
  if (items.length === 0) return;
  const payload = items.map((i) => ({
    b: i.evaluation.bondId,
    d: i.day,
    t: i.asOf.toISOString(),
    p: fit(i.evaluation.measures.price, 6, 1e6),
    y: fit(i.evaluation.measures.yieldToMaturity, 7, 1e3),
    g: fit(i.evaluation.measures.gSpread, 3, 1e7),
    c: i.evaluation.confidence,
    i: i.evaluation.lineage,
  }));
  const conflict =
    kind === 'eod'
      ? sql`on conflict (price_date, bond_id) where kind = 'eod' do update set as_of = excluded.as_of,
          clean_price = excluded.clean_price, yield = excluded.yield, g_spread_bp = excluded.g_spread_bp,
          confidence = excluded.confidence, inputs = excluded.inputs`
      : sql``;
  await sql`insert into evaluated_prices (bond_id, price_date, kind, as_of, clean_price, yield, g_spread_bp, confidence, inputs)
    select x.b, x.d, ${kind}, x.t, x.p, x.y, x.g, x.c, x.i
    from ${jsonRecordset(payload, [
      ['b', 'int4'],
      ['d', 'date'],
      ['t', 'timestamptz'],
      ['p', 'numeric'],
      ['y', 'numeric'],
      ['g', 'numeric'],
      ['c', 'int2'],
      ['i', 'jsonb'],
    ])}
    where x.p is not null
    ${conflict}`.execute(db);
}
