/**
 * Daily trade history: for each business day, which bonds trade, their trades around the hidden
 * mid and the day's aggregates per bond, streamed to the database in batches.
 */
import { parseDate, priceFromYield, settle, yieldFromPrice } from '@analytics/index';
import type { Kysely } from 'kysely';
import { LAST_IG_NOTCH } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { disseminationCap } from '../codesAndRatings';
import type { SimBond } from './bonds';
import { addDays, settlementDayAfter, yearsBetween } from '../../../../common/calendar';
import { issuerNotchOn, issuerSpreadNotchOn, type SimIssuer } from './issuers';
import { BATCH_ROWS, bulkInsertJson } from './load';
import { bondNoise, CURVE_VOL, type CurveFactors, curveYields, hiddenMid, type PriceableBond, priceable, spreadBp, toCurve } from './model';
import type { DayState } from './paths';
import { Rng } from './random';
import { activityWeight, generateBondTrades, isStaleBond, type SimTrade, tradeCount, tradeProbability } from './trades';

/** A bond's notch from its issuer's on a date, kept on the scale (AAA … CCC-). */
export function bondNotch(issuer: SimIssuer, bond: SimBond, date: string): number {
  return Math.max(0, Math.min(18, issuerNotchOn(issuer, date) + bond.notchOffset));
}

/** The (possibly fractional) notch a bond's spread is set by on a date: leads rating changes. */
export function bondSpreadNotch(issuer: SimIssuer, bond: SimBond, date: string): number {
  return Math.max(0, Math.min(18, issuerSpreadNotchOn(issuer, date) + bond.notchOffset));
}

/** Column buffers of trades waiting to be written. */
export class TradeBuffer {
  private cols = {
    bond: [] as number[],
    time: [] as string[],
    qty: [] as number[],
    rep: [] as number[],
    capped: [] as boolean[],
    price: [] as number[],
    yld: [] as (number | null)[],
    side: [] as string[],
    ats: [] as boolean[],
    status: [] as string[],
  };
  written = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly source = 'simulator',
  ) {}

  get size(): number {
    return this.cols.bond.length;
  }

  push(t: SimTrade, bondId: number, yld: number | null): void {
    const c = this.cols;
    c.bond.push(bondId);
    c.time.push(t.time.toISOString());
    c.qty.push(t.quantity);
    c.rep.push(t.reportedQuantity);
    c.capped.push(t.capped);
    c.price.push(t.price);
    c.yld.push(yld === null ? null : Math.round(yld * 1e7) / 1e7);
    c.side.push(t.side);
    c.ats.push(t.ats);
    c.status.push(t.status);
  }

  async flush(): Promise<void> {
    const c = this.cols;
    const n = c.bond.length;
    if (n === 0) return;
    await bulkInsertJson(
      this.db,
      'trades',
      [
        { name: 'bond_id', type: 'int', values: c.bond },
        { name: 'execution_time', type: 'timestamptz', values: c.time },
        { name: 'quantity', type: 'numeric', values: c.qty },
        { name: 'reported_quantity', type: 'numeric', values: c.rep },
        { name: 'quantity_capped', type: 'boolean', values: c.capped },
        { name: 'price', type: 'numeric', values: c.price },
        { name: 'yield', type: 'numeric', values: c.yld },
        { name: 'side', type: 'text', values: c.side },
        { name: 'reporting_party_type', type: 'text', values: c.side.map(() => 'dealer') },
        { name: 'ats', type: 'boolean', values: c.ats },
        { name: 'status', type: 'text', values: c.status },
        { name: 'source', type: 'text', values: c.side.map(() => this.source) },
      ],
      { batchRows: n },
    );
    this.written += n;
    for (const k of Object.keys(c) as (keyof typeof c)[]) c[k].length = 0;
  }
}

/** Column buffers of daily_bond_stats rows. */
export class StatsBuffer {
  private rows = {
    bond: [] as number[],
    date: [] as string[],
    vol: [] as number[],
    count: [] as number[],
    hi: [] as number[],
    lo: [] as number[],
    vwap: [] as number[],
  };
  written = 0;

  constructor(private readonly db: Kysely<Database>) {}

  get size(): number {
    return this.rows.bond.length;
  }

  /** Aggregates one bond-day from its trades (cancelled ones excluded). */
  add(bondId: number, date: string, trades: SimTrade[]): void {
    let vol = 0,
      pv = 0,
      hi = -Infinity,
      lo = Infinity,
      n = 0;
    for (const t of trades) {
      if (t.status !== 'active') continue;
      n++;
      vol += t.reportedQuantity;
      pv += t.reportedQuantity * t.price;
      hi = Math.max(hi, t.price);
      lo = Math.min(lo, t.price);
    }
    if (n === 0) return;
    const r = this.rows;
    r.bond.push(bondId);
    r.date.push(date);
    r.vol.push(vol);
    r.count.push(n);
    r.hi.push(hi);
    r.lo.push(lo);
    r.vwap.push(Math.round((pv / vol) * 1e6) / 1e6);
  }

  async flush(): Promise<void> {
    const r = this.rows;
    if (r.bond.length === 0) return;
    await bulkInsertJson(
      this.db,
      'daily_bond_stats',
      [
        { name: 'bond_id', type: 'int', values: r.bond },
        { name: 'trade_date', type: 'date', values: r.date },
        { name: 'volume', type: 'numeric', values: r.vol },
        { name: 'trade_count', type: 'int', values: r.count },
        { name: 'high', type: 'numeric', values: r.hi },
        { name: 'low', type: 'numeric', values: r.lo },
        { name: 'vwap', type: 'numeric', values: r.vwap },
      ],
      { batchRows: r.bond.length },
    );
    this.written += r.bond.length;
    for (const k of Object.keys(r) as (keyof typeof r)[]) r[k].length = 0;
  }
}

/** A bond as the trade simulation needs it: terms for pricing plus what drives activity. */
export interface TradableBond {
  id: number;
  /** Position in the universe's bond list (history only). */
  index?: number;
  cusip: string;
  issuerKey: string;
  sector: string;
  /** The issuer's industry (INDUSTRY_MULT); absent when unknown. */
  industry?: string;
  seniority: string;
  issueDate: string;
  maturityDate: string;
  amountIssued: number;
  noise: number;
  /** One of the bonds that trade about once a month (isStaleBond). */
  stale: boolean;
  priceable: PriceableBond;
}

/** Yield of a trade price (fixed and zero; null for floaters or when it cannot be solved). */
export function tradeYield(p: PriceableBond, settleDay: number, price: number): number | null {
  if (p.terms.couponType === 'floating') return null;
  try {
    return yieldFromPrice(settle(p.bond, settleDay), price);
  } catch {
    return null;
  }
}

/**
 * The clean price at a zero yield to maturity (the undiscounted cash flows), above which a print
 * would show a negative yield; undefined for floaters.
 */
export function zeroYieldPrice(p: PriceableBond, settleDay: number): number | undefined {
  if (p.terms.couponType === 'floating') return undefined;
  return priceFromYield(settle(p.bond, settleDay), 0);
}

/** Treasury curve snapshots per day between two closes (intraday moves). */
export const INTRADAY_STEPS = 8;

/**
 * The treasury curve through a day: `INTRADAY_STEPS` snapshots on a Brownian bridge of the
 * Nelson–Siegel factors from the previous close to this close (daily volatility spread over the
 * session), so a morning trade is priced off a curve nobody publishes. The last one is the
 * published close.
 */
export function intradayCurves(seed: number, prev: DayState, day: DayState): DayState['curveObj'][] {
  const rng = new Rng(seed, `intraday:${day.date}`);
  const keys = ['b1', 'b2', 'b3'] as const;
  const walk = keys.map(() => {
    const steps = [0];
    for (let k = 1; k <= INTRADAY_STEPS; k++) steps.push(steps[k - 1]! + rng.normal() / Math.sqrt(INTRADAY_STEPS));
    return steps.map((b, k) => b - (k / INTRADAY_STEPS) * steps[INTRADAY_STEPS]!);
  });
  const out: DayState['curveObj'][] = [];
  for (let k = 1; k < INTRADAY_STEPS; k++) {
    const w = k / INTRADAY_STEPS;
    const f = {} as CurveFactors;
    keys.forEach((key, j) => (f[key] = prev.curve[key] + w * (day.curve[key] - prev.curve[key]) + CURVE_VOL[key] * walk[j]![k]!));
    out.push(toCurve(curveYields(f, 4)));
  }
  out.push(day.curveObj);
  return out;
}

export interface SimulateDayOptions {
  /** The previous business day: trades then move with the curve and spreads through the day. */
  prev?: DayState;
  /** The (fractional) notch a bond's spread is set by, when it differs from its rating's. */
  spreadNotchOf?: (b: TradableBond) => number;
}

/**
 * Simulates the trades of one day for the given bonds. `notchOf` gives a bond's rating notch
 * on the day; `dayIndex` keys the random stream so each day is reproducible on its own. With
 * `prev`, each trade's mid is at its moment of the session: the curve on its intraday snapshot,
 * the spread between yesterday's and today's (geometric in the fraction of the session).
 */
export function simulateDay(
  seed: number,
  day: DayState,
  bonds: readonly TradableBond[],
  notchOf: (b: TradableBond) => number,
  emit: (b: TradableBond, trades: SimTrade[], settleDay: number) => void,
  options: SimulateDayOptions = {},
): void {
  const rng = new Rng(seed, `trades:${day.date}`);
  const { prev } = options;
  const curves = prev ? intradayCurves(seed, prev, day) : null;
  // US corporate T+1 on the one calendar, as pricing settles (common/pricingConventions).
  const settleIso = settlementDayAfter(day.date);
  const lastTradeable = addDays(day.date, 7);
  for (const b of bonds) {
    if (b.issueDate > day.date || b.maturityDate <= lastTradeable) continue;
    const notch = notchOf(b);
    const hy = notch > LAST_IG_NOTCH;
    const w = activityWeight({ amountIssued: b.amountIssued, issueDate: b.issueDate, hy, notch, stale: b.stale }, day.date);
    if (!rng.chance(tradeProbability(w))) continue;
    const count = tradeCount(rng, w);
    const settleDay = parseDate(settleIso > b.issueDate ? settleIso : b.issueDate);
    const years = yearsBetween(day.date, b.maturityDate);
    const inputs = {
      notch: options.spreadNotchOf ? options.spreadNotchOf(b) : notch,
      sector: b.sector as never,
      seniority: b.seniority,
      issuerKey: b.issuerKey,
      industry: b.industry,
      noise: b.noise,
    };
    const spread = spreadBp(inputs, years, day.spreads);
    let mid: number | ((f: number) => number);
    if (curves && prev) {
      const logOpen = Math.log(spreadBp(inputs, years, prev.spreads));
      const logClose = Math.log(spread);
      mid = (f) => {
        const curve = curves[Math.min(INTRADAY_STEPS - 1, Math.ceil(f * INTRADAY_STEPS) - 1)]!;
        return hiddenMid(b.priceable, settleDay, curve, Math.exp(logOpen + f * (logClose - logOpen))).price;
      };
    } else mid = hiddenMid(b.priceable, settleDay, day.curveObj, spread).price;
    const context = { hy, years, distressed: notch >= 16, stale: b.stale, liquidity: w, maxPrice: zeroYieldPrice(b.priceable, settleDay) };
    const trades = generateBondTrades(rng, b.id, day.date, count, mid, context, disseminationCap(hy ? 'HY' : 'IG'));
    emit(b, trades, settleDay);
  }
}

/** Tradable view of the universe's bonds with their database ids. */
export function tradableBonds(
  seed: number,
  bonds: readonly SimBond[],
  issuers: readonly SimIssuer[],
  bondIds: readonly number[],
): TradableBond[] {
  return bonds.map((b, i) => ({
    id: bondIds[i]!,
    index: i,
    cusip: b.cusip,
    issuerKey: String(b.issuer),
    sector: issuers[b.issuer]!.sector,
    industry: issuers[b.issuer]!.industry,
    seniority: b.seniority,
    issueDate: b.issueDate,
    maturityDate: b.maturityDate,
    amountIssued: b.amountIssued,
    noise: bondNoise(seed, b.cusip),
    stale: isStaleBond(seed, b.cusip),
    priceable: priceable({
      couponType: b.couponType,
      coupon: b.coupon,
      frequency: b.frequency,
      dayCount: b.dayCount,
      issueDate: b.issueDate,
      maturityDate: b.maturityDate,
      callSchedule: b.callSchedule,
      quotedMargin: b.quotedMargin,
    }),
  }));
}

/**
 * Writes the whole window's trades and daily stats. Returns the counts written.
 */
export async function writeTradeHistory(
  db: Kysely<Database>,
  seed: number,
  days: readonly DayState[],
  bonds: readonly SimBond[],
  issuers: readonly SimIssuer[],
  bondIds: readonly number[],
  progress: (done: number, total: number) => void,
): Promise<{ trades: number; stats: number }> {
  const tradable = tradableBonds(seed, bonds, issuers, bondIds);
  const tradesBuf = new TradeBuffer(db);
  const statsBuf = new StatsBuffer(db);
  for (let d = 0; d < days.length; d++) {
    const day = days[d]!;
    simulateDay(
      seed,
      day,
      tradable,
      (b) => bondNotch(issuers[Number(b.issuerKey)]!, bonds[b.index!]!, day.date),
      (b, trades, settleDay) => {
        for (const t of trades) tradesBuf.push(t, b.id, tradeYield(b.priceable, settleDay, t.price));
        statsBuf.add(b.id, day.date, trades);
      },
      {
        prev: d > 0 ? days[d - 1] : undefined,
        spreadNotchOf: (b) => bondSpreadNotch(issuers[Number(b.issuerKey)]!, bonds[b.index!]!, day.date),
      },
    );
    if (tradesBuf.size >= BATCH_ROWS * 2) await tradesBuf.flush();
    if (statsBuf.size >= BATCH_ROWS) await statsBuf.flush();
    progress(d + 1, days.length);
  }
  await tradesBuf.flush();
  await statsBuf.flush();
  return { trades: tradesBuf.written, stats: statsBuf.written };
}
