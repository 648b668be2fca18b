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
import { fillRow, fit, newRowValues, rowObject, STATE_COLUMNS } from './stateRows';

export { fit } from './stateRows';

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

/**
 * Builds the §3 row of one evaluation against the previous close and the volume history (the
 * definition is stateRows.fillRow, which the reprice uses without the object).
 */
export function marketStateRow(
  e: Evaluation,
  prev: CloseSnapshot | undefined,
  volume: number,
  averageVolume: number | undefined,
): MarketStateRow {
  const r = newRowValues();
  fillRow(r, e, prev, volume, averageVolume);
  return rowObject(e.bondId, r);
}

const STATE_NAMES = STATE_COLUMNS.map(([, name]) => name);
const STATE_DEFS = [['bond_id', 'int4'] as const, ...STATE_COLUMNS.map(([, name, type]) => [name, type] as const)];

/**
 * Upserts bond_market_state rows (stateRows.payloadOf) in one statement, each noting the curve version it was priced
 * on. Rows skipped as unchanged keep the version they were written with: their figures are what
 * that version gave, to the columns' precision.
 */
export async function upsertMarketState(
  db: Kysely<Database>,
  asOf: Date,
  payload: readonly Record<string, unknown>[],
  curveVersionId: number | null,
): Promise<void> {
  if (payload.length === 0) return;
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
