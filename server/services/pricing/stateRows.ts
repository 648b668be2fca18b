/**
 * The bond table's rows as numbers in typed arrays: the row of each evaluation is computed into
 * one scratch array, compared with the row this process last wrote for the bond (kept in one
 * growing Float64Array, a slot per bond) and turned into a write payload only when it changed.
 *
 * Why: a warm reprice computes a row for every bond of the universe and most are unchanged; a row
 * object per bond (26 boxed numbers each) was the largest single cost of a 100,000-bond tick after
 * the analytics, and most of its garbage (issue 31 item 5). A null is stored as NaN (a column's
 * value is never NaN: `fit` makes anything not finite null).
 */
import type { CloseSnapshot } from './closes';
import type { Evaluation } from './evaluate';
import type { MarketStateRow } from './write';

/** 10 ** dp for the scales the columns use, computed once (the same numbers: 10 ** dp is exact here). */
const POW10 = Array.from({ length: 10 }, (_, dp) => 10 ** dp);

/** Rounds to `dp` decimals; null when not finite or not below `max` in magnitude. */
export function fit(x: number | null | undefined, dp: number, max: number): number | null {
  if (x === null || x === undefined || !Number.isFinite(x)) return null;
  const f = POW10[dp] ?? 10 ** dp;
  const r = Math.round(x * f) / f;
  return Math.abs(r) < max ? (r === 0 ? 0 : r) : null;
}

/** bond_market_state columns (after bond_id) and their row keys. */
export const STATE_COLUMNS: [keyof MarketStateRow, string, string][] = [
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

const N = STATE_COLUMNS.length;
const col = (key: keyof MarketStateRow): number => STATE_COLUMNS.findIndex(([k]) => k === key);
const C = {
  price: col('price'),
  changePrice: col('changePrice'),
  ytm: col('yieldToMaturity'),
  changeYtm: col('changeYtm'),
  ytc: col('yieldToCall'),
  changeYtc: col('changeYtc'),
  ytw: col('yieldToWorst'),
  changeYtw: col('changeYtw'),
  nextCall: col('nextCallDate'),
  g: col('gSpread'),
  changeG: col('changeGSpread'),
  t: col('tSpread'),
  changeT: col('changeTSpread'),
  treasury: col('treasury'),
  dm: col('discountMargin'),
  duration: col('duration'),
  dv01: col('dv01'),
  durationToWorst: col('durationToWorst'),
  dv01ToWorst: col('dv01ToWorst'),
  convexityToWorst: col('convexityToWorst'),
  currentYield: col('currentYield'),
  mmy: col('moneyMarketYield360'),
  confidence: col('confidence'),
  startConfidence: col('startConfidence'),
  changeConfidence: col('changeConfidence'),
  volume: col('volume'),
  volumeChange: col('volumePercentChange'),
  currentCoupon: col('currentCoupon'),
} as const;

/** A row's numbers (NaN for null; the text columns' places unused) and its two text columns. */
export interface RowValues {
  values: Float64Array;
  nextCallDate: string | null;
  treasury: string | null;
}

const orNaN = (x: number | null) => (x === null ? NaN : x);
const num = (x: number) => (x !== x ? null : x);
const diff = (a: number, b: number | null | undefined) => (a !== a || b === null || b === undefined ? null : a - b);

/**
 * Computes the §3 row of one evaluation against the previous close and the volume history into
 * `out` — the single definition of the row (write.ts marketStateRow reads it back as an object).
 */
export function fillRow(
  out: RowValues,
  e: Evaluation,
  prev: CloseSnapshot | undefined,
  volume: number,
  averageVolume: number | undefined,
): void {
  const m = e.measures;
  const v = out.values;
  const price = (v[C.price] = orNaN(fit(m.price, 6, 1e6)));
  v[C.changePrice] = orNaN(fit(diff(price, prev?.price), 6, 1e6));
  const ytm = (v[C.ytm] = orNaN(fit(m.yieldToMaturity, 7, 1e3)));
  v[C.changeYtm] = orNaN(fit(diff(ytm, prev?.yieldToMaturity), 7, 1e3));
  const ytc = (v[C.ytc] = orNaN(fit(m.yieldToCall, 7, 1e3)));
  v[C.changeYtc] = orNaN(fit(diff(ytc, prev?.yieldToCall), 7, 1e3));
  const ytw = (v[C.ytw] = orNaN(fit(m.yieldToWorst, 7, 1e3)));
  v[C.changeYtw] = orNaN(fit(diff(ytw, prev?.yieldToWorst), 7, 1e3));
  out.nextCallDate = m.nextCallDate;
  const g = (v[C.g] = orNaN(fit(m.gSpread, 3, 1e7)));
  v[C.changeG] = orNaN(fit(diff(g, prev?.gSpread), 3, 1e7));
  const t = (v[C.t] = orNaN(fit(m.tSpread, 3, 1e7)));
  v[C.changeT] = orNaN(fit(diff(t, prev?.tSpread), 3, 1e7));
  out.treasury = m.treasury;
  v[C.dm] = orNaN(fit(m.discountMargin, 3, 1e7));
  v[C.duration] = orNaN(fit(m.duration, 5, 1e5));
  v[C.dv01] = orNaN(fit(m.dv01, 7, 1e5));
  v[C.durationToWorst] = orNaN(fit(m.durationToWorst, 5, 1e5));
  v[C.dv01ToWorst] = orNaN(fit(m.dv01ToWorst, 7, 1e5));
  v[C.convexityToWorst] = orNaN(fit(m.convexityToWorst, 5, 1e7));
  v[C.currentYield] = orNaN(fit(m.currentYield, 7, 1e3));
  v[C.mmy] = orNaN(fit(m.moneyMarketYield360, 7, 1e3));
  v[C.confidence] = e.confidence;
  v[C.startConfidence] = prev ? prev.confidence : NaN;
  v[C.changeConfidence] = prev ? e.confidence - prev.confidence : NaN;
  v[C.volume] = fit(volume, 2, 1e16) ?? 0;
  v[C.volumeChange] = averageVolume && averageVolume > 0 ? orNaN(fit((volume / averageVolume - 1) * 100, 3, 1e9)) : NaN;
  v[C.currentCoupon] = m.discountMargin !== null ? orNaN(fit(m.currentCoupon, 9, 1e3)) : NaN;
}

/** The row as an object (null for NaN). */
export function rowObject(bondId: number, r: RowValues): MarketStateRow {
  const o: Record<string, unknown> = { bondId };
  for (let i = 0; i < N; i++) {
    const key = STATE_COLUMNS[i]![0];
    o[key] = i === C.nextCall ? r.nextCallDate : i === C.treasury ? r.treasury : num(r.values[i]!);
  }
  return o as unknown as MarketStateRow;
}

/** The row as the upsert's JSON record: bond_id and every column that is not null (write.ts upsertMarketState). */
export function payloadOf(bondId: number, r: RowValues): Record<string, unknown> {
  const o: Record<string, unknown> = { bond_id: bondId };
  for (let i = 0; i < N; i++) {
    const name = STATE_COLUMNS[i]![1];
    if (i === C.nextCall) {
      if (r.nextCallDate !== null) o[name] = r.nextCallDate;
    } else if (i === C.treasury) {
      if (r.treasury !== null) o[name] = r.treasury;
    } else {
      const x = r.values[i]!;
      if (x === x) o[name] = x;
    }
  }
  return o;
}

export function newRowValues(): RowValues {
  return { values: new Float64Array(N), nextCallDate: null, treasury: null };
}

/** The rows this process last wrote to bond_market_state, by bond. */
export class WrittenRows {
  private readonly slots = new Map<number, number>();
  private values = new Float64Array(N * 1024);
  private texts: (string | null)[] = [];
  private readonly free: number[] = [];
  private next = 0;

  /** Whether `row` is what was last written for the bond (NaN equal to NaN: null to null). */
  same(bondId: number, row: RowValues): boolean {
    const slot = this.slots.get(bondId);
    if (slot === undefined) return false;
    const base = slot * N;
    const v = row.values;
    const w = this.values;
    for (let i = 0; i < N; i++) {
      const a = v[i]!;
      const b = w[base + i]!;
      if (a !== b && (a === a || b === b)) return false;
    }
    return this.texts[2 * slot] === row.nextCallDate && this.texts[2 * slot + 1] === row.treasury;
  }

  /** Notes `row` as written for the bond. */
  store(bondId: number, row: RowValues): void {
    let slot = this.slots.get(bondId);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.next++;
      this.slots.set(bondId, slot);
      if ((slot + 1) * N > this.values.length) {
        const grown = new Float64Array(this.values.length * 2);
        grown.set(this.values);
        this.values = grown;
      }
    }
    this.values.set(row.values, slot * N);
    this.texts[2 * slot] = row.nextCallDate;
    this.texts[2 * slot + 1] = row.treasury;
  }

  delete(bondId: number): void {
    const slot = this.slots.get(bondId);
    if (slot === undefined) return;
    this.slots.delete(bondId);
    this.free.push(slot);
  }
}
