/**
 * One pricing pass over the universe, in memory: trade signals for every bond, the universe
 * spread model fitted on them, each bond's basis to the model (basis.ts: carried from its previous
 * close, updated by its trades since), confidence and every §3 measure. Pure: both the live
 * reprice and the history backfill call it with data they loaded.
 *
 * Spread = model spread + basis. Confidence (0–100) is how far the next print is likely to be
 * from the price (confidence.ts): the basis variance, a day's rates and spread move and the
 * print's own noise — so it ranks price errors. Trades only ever shrink the variance, so a bond's
 * own trades can only raise its confidence.
 */
import { parseDate, yearsBetween } from '@analytics/index';
import { type BasisEstimate, type BasisTrade, type CarriedBasis, estimateBasis } from './basis';
import { confidenceFromVariance } from './confidence';
import { DISTRESSED, isDistressed, type MarketReading, marketMove } from './distressed';
import { AGE_STEP_MS, MODEL_FIT_SCALE_BP, MS_PER_DAY, RATING_BUCKETS, TRADE_WINDOW_DAYS, isoDay } from './conventions';
import { indexFixings, type CurveBook } from './curves';
import { type IssuerReading, issuerMoves } from './issuerMoves';
import { measuresAtSpread, priceable, settlementDay, spaceOf, type Measures, type SpaceKind } from './measures';
import { SpreadModel, type ModelKind, type ModelObservation, type ModelSpread } from './model';
import { round, tradeScores, tradeSignal, type RejectedTrade, type TradeSignal } from './signal';
import { onDay, type BondEntry } from './terms';
import type { TradeObs } from './trades';

/**
 * Lineage stored in evaluated_prices.inputs. Compact on purpose — a year of history is ~800k of
 * these and parsing jsonb numbers dominates the backfill — but complete: explainPrice turns it
 * into a readable account (trades are referenced by id).
 */
export interface Lineage {
  /** Treasury curve date the price is built on. */
  curve: string;
  /** Pricing space of the spreads: spread of YTM, of YTW, or the discount margin. */
  space: SpaceKind;
  /** Final (blended) spread, bp. */
  bp: number;
  /** Weight of the trade-implied spread in the blend (α). */
  blend: number;
  /** The model spread blended in: issuer/sector/rating curve, its spread and its RMS fit (bp). */
  model: { kind: ModelKind; bp: number; fit: number };
  /** The trade-implied spread and the dispersion of its trades (bp); absent without usable trades (and in history rows). */
  trade?: { bp: number; disp: number };
  /** Trades used: [id, weight (sums to 1), mid spread bp (live rows only)]. */
  trades?: [number, number, number?][];
  /** Trades rejected: [id, mid spread bp or null, reason]. */
  rejected?: [number, number | null, string][];
  /** Confidence components with trades, in [0, 1]: [count, recency, dispersion, model] (live rows only). */
  conf?: [number, number, number, number];
  /** Yield to call, yield to worst and T-spread at this price, for tomorrow's changes. */
  m: [number | null, number, number];
  /** The basis filter's state (basis.ts): basis over the model (bp) and its variance (bp²), carried to the next close. */
  kf?: [number, number, number, number, number];
}

export interface Evaluation {
  bondId: number;
  spreadBp: number;
  measures: Measures;
  confidence: number;
  lineage: Lineage;
  /** Id of the newest trade used (0 for none): decides when an intraday snapshot is due. */
  lastTradeId: number;
  /** The basis filter's state after this pricing, for the next one. */
  basis: CarriedBasis;
}

export interface UniverseEvaluation {
  day: string;
  curveDate: string;
  evaluations: Evaluation[];
  /** Bonds matured (or not priceable on their terms) on this day. */
  excluded: number[];
  failed: { bondId: number; error: string }[];
}

/**
 * Prices every bond in `entries` as of `asOf` (only those in `only`, when given, are measured;
 * the model is always fitted on the whole universe). `lean` (history backfill) skips the risk
 * measures and keeps the lineage to its essentials.
 */
export function evaluateUniverse(
  entries: Iterable<BondEntry>,
  tradesOf: (bondId: number, fromMs: number, toMs: number) => readonly TradeObs[],
  curves: CurveBook,
  asOf: Date,
  only?: ReadonlySet<number>,
  lean = false,
  carried?: (bondId: number) => CarriedBasis | undefined,
): UniverseEvaluation {
  const day = isoDay(asOf);
  const dayNum = parseDate(day);
  const asOfMs = asOf.getTime();
  const fromMs = asOfMs - TRADE_WINDOW_DAYS * MS_PER_DAY;
  const ageRefMs = Math.floor(asOfMs / AGE_STEP_MS) * AGE_STEP_MS;
  const dated = curves.on(day);
  if (!dated) throw new Error(`No treasury curve on or before ${day}: load curves before pricing`);
  const fixings = indexFixings(curves);
  // The day tradeSignal reads its instant (ageRefMs) as, once rather than once per bond.
  const signalDay = isoDay(new Date(ageRefMs));
  const excluded: number[] = [];
  // One slot per priced bond, in parallel arrays (a warm tick of 100,000 bonds allocated several
  // objects per bond here; issue 31 item 5).
  const liveEntries: BondEntry[] = [];
  const signals: (TradeSignal | null)[] = [];
  const yearsOf: number[] = [];
  const unusedOf: (RejectedTrade[] | undefined)[] = [];
  const observations: ModelObservation[] = [];
  let unused: RejectedTrade[] = [];
  for (const current of entries) {
    // Point in time: the rating in force on the pricing day, never today's for a past day.
    const entry = onDay(current, day);
    if (!priceable(entry, dayNum)) {
      excluded.push(entry.id);
      continue;
    }
    const signal = tradeSignal(entry, tradesOf(entry.id, fromMs, asOfMs), curves, ageRefMs, unused, signalDay);
    const years = yearsBetween(settlementDay(entry, dayNum), entry.maturityDay);
    liveEntries.push(entry);
    signals.push(signal);
    yearsOf.push(years);
    if (unused.length > 0) {
      unusedOf.push(unused);
      unused = [];
    } else unusedOf.push(undefined);
    if (signal && entry.couponType !== 'floating') {
      observations.push({
        issuerId: entry.issuerId,
        sectorId: entry.sectorId,
        rating: entry.rating,
        notch: entry.notch ?? 0,
        years,
        spreadBp: signal.spreadBp,
        weight: signal.alpha,
      });
    }
  }
  const model = new SpreadModel(observations);
  const evaluations: Evaluation[] = [];
  const failed: { bondId: number; error: string }[] = [];
  // Every bond's basis first (siblings of a measured bond count too), then the issuer moves its
  // traded bonds reveal, taken on by the bonds that did not trade since the close (issuerMoves.ts).
  const basisOf = (
    entry: BondEntry,
    years: number,
    ms: ModelSpread,
    signal: TradeSignal | null,
    prior: CarriedBasis | undefined,
    distressed?: { move: number },
  ) =>
    estimateBasis({
      modelBp: ms.spreadBp,
      fitBp: ms.fitBp,
      modelCode: modelCode(ms.kind, entry.rating),
      fitScaleBp: entry.highYield ? MODEL_FIT_SCALE_BP.hy : MODEL_FIT_SCALE_BP.ig,
      years,
      highYield: entry.highYield,
      carried: prior,
      trades: signal?.used ?? NO_TRADES,
      asOfMs,
      ageRefMs,
      ...(distressed
        ? {
            carriedMove: distressed.move,
            halfSpreadUncertainty: DISTRESSED.HALF_SPREAD_UNCERTAINTY,
            halfSpreadMultiple: DISTRESSED.HALF_SPREAD_MULTIPLE,
            // Only an issuer curve its siblings' trades shape says more than the market: one fitted
            // on the bond alone is its own old trades, and a rating or sector curve is loose.
            ...(ms.kind === 'issuer' && ms.bonds >= 2 ? {} : { curveFollow: 0 }),
          }
        : {}),
    });
  const n = liveEntries.length;
  const spreads: ModelSpread[] = new Array<ModelSpread>(n);
  const estimates: BasisEstimate[] = new Array<BasisEstimate>(n);
  const priors: (CarriedBasis | undefined)[] = new Array<CarriedBasis | undefined>(n);
  // Only readings that can say something reach the detectors (a carried prior with a reading or a
  // far print): issuerMoves and marketMove ignore the others, so the moves are the same.
  const readings: (IssuerReading & MarketReading)[] = [];
  for (let i = 0; i < n; i++) {
    const entry = liveEntries[i]!;
    const years = yearsOf[i]!;
    const ms = model.spreadFor(entry.issuerId, entry.sectorId, entry.rating, years, entry.highYield, entry.notch ?? 0);
    const prior = carried?.(entry.id);
    // The bond's basis to the model, carried from its previous close and updated by its trades since.
    const est = basisOf(entry, years, ms, signals[i]!, prior);
    spreads[i] = ms;
    estimates[i] = est;
    priors[i] = prior;
    if (est.carriedPrior && (est.reading || est.far)) {
      const days = prior ? (Math.max(0, ageRefMs - prior.asOfMs) / MS_PER_DAY) * (5 / 7) : 0;
      readings.push({ issuerId: entry.issuerId, levelBp: ms.spreadBp + est.priorBasisBp, est, days, carried: prior });
    }
  }
  // Issuer moves are read off every bond's estimate before the distressed path: a distressed
  // bond's wider reading of its prints does not move its siblings that are not distressed.
  const moves = issuerMoves(readings);
  // Distressed bonds (distressed.ts): their own last level carried by the market's move since the
  // close, read off every bond that traded, rather than by their loose rating curve's.
  const market = marketMove(readings);
  for (let i = 0; i < n; i++) {
    const entry = liveEntries[i]!;
    const ms = spreads[i]!;
    if (isDistressed(entry.rating, ms.spreadBp)) estimates[i] = basisOf(entry, yearsOf[i]!, ms, signals[i]!, priors[i], { move: market });
  }
  for (let i = 0; i < n; i++) {
    const entry = liveEntries[i]!;
    if (only && !only.has(entry.id)) continue;
    const signal = signals[i]!;
    const years = yearsOf[i]!;
    const ms = spreads[i]!;
    const est = estimates[i]!;
    const unusedTrades = unusedOf[i];
    const move = moves.get(entry.issuerId);
    if (move !== undefined && est.carriedPrior && est.used === 0) est.basisBp += move * Math.max(ms.spreadBp + est.basisBp, 10);
    const spreadBp = ms.spreadBp + est.basisBp;
    // The share of the estimate the bond's own trades (today's or carried) account for.
    const alpha = est.known ?? 0;
    let measures: Measures;
    try {
      measures = measuresAtSpread(entry, spreadBp, dayNum, dated.curve, !lean, fixings);
    } catch (err) {
      failed.push({ bondId: entry.id, error: err instanceof Error ? err.message : String(err) });
      continue;
    }
    const confidence = confidenceFromVariance(est.varBp2, ms.spreadBp, years, measures.price, entry);
    // The basis filter's state is carried to the next close exactly as the close stores it (kf):
    // the history backfill carries it in memory, a reprice reads it back from the stored close,
    // and both must price the next close the same (one price per close: the bond table's row and
    // the stored close are then the same number).
    const basis: CarriedBasis = {
      basisBp: round(est.basisBp, 2),
      varBp2: round(est.varBp2, 2),
      asOfMs,
      modelBp: round(ms.spreadBp, 2),
      modelCode: est.modelCode,
      known: round(alpha, 3),
    };
    let lastTradeId = 0;
    if (signal) {
      lastTradeId = -Infinity;
      for (const u of signal.used) if (u.id > lastTradeId) lastTradeId = u.id;
    }
    // The lineage is built when first read: only the prices written (a close, an intraday
    // snapshot) store one, and a warm tick writes few (building every bond's was a tenth of it).
    // Everything it is built from is final here.
    let lineage: Lineage | undefined;
    evaluations.push({
      bondId: entry.id,
      spreadBp,
      measures,
      confidence,
      lastTradeId,
      get lineage(): Lineage {
        return (lineage ??= fullLineage(dated.date, entry, dayNum, spreadBp, alpha, signal, ms, measures, lean, basis, est, unusedTrades));
      },
      basis,
    });
  }
  return { day, curveDate: dated.date, evaluations, excluded, failed };
}

const MODEL_KINDS: ModelKind[] = ['issuer', 'sector', 'rating'];
const NO_TRADES: readonly BasisTrade[] = [];
const NO_TRADE_SCORES = { count: 0, recency: 0, dispersion: 0 } as const;

/** A small number naming the model curve a spread came from: its kind and the rating bucket. */
function modelCode(kind: ModelKind, rating: string): number {
  return MODEL_KINDS.indexOf(kind) * 10 + RATING_BUCKETS.indexOf(rating as (typeof RATING_BUCKETS)[number]);
}

/** The lineage of one evaluation with the basis filter's state and every trade left out. */
function fullLineage(
  curveDate: string,
  entry: BondEntry,
  dayNum: number,
  spreadBp: number,
  alpha: number,
  signal: TradeSignal | null,
  ms: ModelSpread,
  measures: Measures,
  lean: boolean,
  basis: CarriedBasis,
  est: BasisEstimate,
  unused: RejectedTrade[] | undefined,
): Lineage {
  const ts = signal ? tradeScores(signal, entry.highYield) : NO_TRADE_SCORES;
  const lineage = lineageOf(curveDate, spaceOf(entry, dayNum), spreadBp, alpha, signal, ms, ts, measures, lean);
  lineage.kf = [basis.basisBp, basis.varBp2, basis.modelBp!, est.modelCode!, basis.known!];
  // Every trade of a bond without a usable one was left out (bad or unpriceable prints): say which.
  if (unused) lineage.rejected = unused.map((r) => [r.id, r.spreadBp === null ? null : round(r.spreadBp, 1), r.reason]);
  if (est.gated.length > 0)
    lineage.rejected = [...(lineage.rejected ?? []), ...est.gated.map((id): [number, number | null, string] => [id, null, 'off-market'])];
  return lineage;
}

/** The lineage of one evaluation; empty parts are left out. */
function lineageOf(
  curveDate: string,
  space: SpaceKind,
  spreadBp: number,
  alpha: number,
  signal: TradeSignal | null,
  ms: ModelSpread,
  ts: { count: number; recency: number; dispersion: number },
  measures: Measures,
  lean: boolean,
): Lineage {
  const lineage: Lineage = {
    curve: curveDate,
    space,
    bp: round(spreadBp, 2),
    blend: round(alpha, 3),
    model: { kind: ms.kind, bp: round(ms.spreadBp, 2), fit: round(ms.fitBp, 1) },
    m: [measures.yieldToCall === null ? null : round(measures.yieldToCall, 7), round(measures.yieldToWorst, 7), round(measures.tSpread, 3)],
  };
  if (signal && lean) {
    // History rows: the essentials only (parsing jsonb numbers is most of a year's backfill).
    lineage.trades = signal.used.map((u) => [u.id, round(u.weight, 3)]);
    if (signal.rejected.length > 0)
      lineage.rejected = signal.rejected.map((r) => [r.id, r.spreadBp === null ? null : round(r.spreadBp, 1), r.reason]);
  } else if (signal) {
    lineage.trade = { bp: round(signal.spreadBp, 2), disp: round(signal.dispersionBp, 1) };
    lineage.trades = signal.used.map((u) => [u.id, round(u.weight, 3), round(u.midSpreadBp, 1)]);
    if (signal.rejected.length > 0)
      lineage.rejected = signal.rejected.map((r) => [r.id, r.spreadBp === null ? null : round(r.spreadBp, 1), r.reason]);
    lineage.conf = [round(ts.count, 2), round(ts.recency, 2), round(ts.dispersion, 2), round(ms.score, 2)];
  }
  return lineage;
}
