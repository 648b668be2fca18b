/**
 * A bond's basis to the model: how far its own trades put it from the universe model's spread
 * (issuer, sector or rating curve), estimated by a small Kalman filter and carried from one close
 * to the next.
 *
 * Why: a bond sits persistently off its issuer's curve (its own liquidity, covenants, seniority
 * quirks), and the curve moves with the issuer's and the market's other trades. Carrying the
 * basis, rather than blending the bond's trades of the last fortnight with the model by their
 * count, prices a bond that traded a month ago at today's curve plus its basis then — the "last
 * trade plus the curve, sector and issuer moves since" — and lets each trade count by how much it
 * says: a block more than an odd lot (its half-spread is less uncertain), a fresh trade more than
 * an old one (the bond has drifted since), nothing when it is far off everything else known (an
 * off-market print).
 *
 * Point in time: the prior is the state stored with the bond's previous close (or, without one,
 * no basis and the model's own uncertainty); only trades after that close update it.
 */
import { halfSpreadPoints, MS_PER_DAY } from './conventions';
import { SIDE_BUY, SIDE_DEALER, SIDE_SELL } from './trades';

/** The filter's state after a pricing: basis (bp) over the model spread, its variance (bp²), when. */
export interface CarriedBasis {
  basisBp: number;
  varBp2: number;
  asOfMs: number;
  /** The model spread the basis was over, and a code of the model curve (kind and rating) it came from. */
  modelBp?: number;
  modelCode?: number;
  /** The share (0–1) of the state the bond's own trades stood for: 1 − variance / the model-only variance then. */
  known?: number;
}

/** A trade as the filter reads it: its mid spread in the bond's pricing space, size, side, time. */
export interface BasisTrade {
  id: number;
  midSpreadBp: number;
  quantity: number;
  side: number;
  timeMs: number;
}

/**
 * The filter's parameters, in one place (docs/market-data.md quotes them):
 * - DRIFT: how fast a bond's spread wanders from its model, relative to the spread, per √day;
 * - REVERSION: daily decay of a carried basis toward the model (a basis is mostly persistent);
 * - PRIOR_SHARE: without history, the basis is unknown to this share of the spread (at least
 *   the model's own RMS fit, and 3 bp);
 * - HALF_SPREAD_UNCERTAINTY: the share of the conventional half-spread a dealer's actual one may
 *   differ by (dealers and trades differ); PRINT_NOISE_PT adds a price-noise floor;
 * - GATE_SIGMAS: a trade further than this many standard deviations from everything else known
 *   about the bond is left out (off-market and erroneous prints);
 * - JUMP_SIGMAS: a level (model + basis) that moved since the close by more than this many days'
 *   drift, without trades of the bond, widens the variance by the excess squared.
 */
export const BASIS = {
  DRIFT: 0.012,
  REVERSION: 0.995,
  PRIOR_SHARE: 0.06,
  HALF_SPREAD_UNCERTAINTY: 0.4,
  PRINT_NOISE_PT: { ig: 0.05, hy: 0.1 },
  GATE_SIGMAS: 4,
  JUMP_SIGMAS: 3,
} as const;

/** Variance (bp²) of a bond's basis with nothing known of it but the model: its fit, a share of the spread, 3 bp. */
export function priorVariance(fitBp: number, modelBp: number): number {
  return Math.max(fitBp, BASIS.PRIOR_SHARE * Math.max(Math.abs(modelBp), 10), 3) ** 2;
}

/** Business days in a span of calendar milliseconds (weekends do not move spreads). */
function businessDays(ms: number): number {
  return (Math.max(0, ms) / MS_PER_DAY) * (5 / 7);
}

/**
 * Price sensitivity to the spread: modified duration (years) of a bond priced near par with
 * `years` left at a yield of ~4.2 % + the spread. Enough to turn price noise into spread noise
 * and spread uncertainty into price uncertainty.
 */
export function spreadDuration(years: number, spreadBp: number): number {
  const y = Math.max(0.005, 0.042 + spreadBp / 1e4);
  const n = Math.max(years, 0.02);
  return (1 - Math.pow(1 + y / 2, -2 * n)) / y;
}

export interface BasisEstimate extends CarriedBasis {
  /** Trades the filter used, and those it left out as far off everything else known. */
  used: number;
  gated: number[];
  /** The basis (bp) and its variance (bp²) before this pricing's trades: the carried state aged, or the fresh prior. */
  priorBasisBp: number;
  priorVarBp2: number;
  /** Whether the prior was carried from an earlier close (a fresh prior says nothing of a move). */
  carriedPrior: boolean;
  /**
   * What this pricing's trades said against the prior: the precision-weighted mean of their
   * readings (mid spread − model) minus the prior basis, and its variance; `far` for the prints
   * left out as far off (unconfirmed). For the issuer's other bonds (issuerMoves.ts).
   */
  reading?: { innovationBp: number; varBp2: number };
  far?: { innovationBp: number; varBp2: number };
}

/**
 * Today's basis of one bond: the carried state aged to `asOfMs` (or a fresh prior), updated by
 * each of its trades after that state, oldest first.
 */
export function estimateBasis(input: {
  modelBp: number;
  fitBp: number;
  /** Which model curve (kind and rating) `modelBp` comes from; a carried basis over another one is re-based. */
  modelCode: number;
  /** Scale of a good fit (bp): the share of the model's move a carried spread follows is 1/(1 + (fit/scale)²). */
  fitScaleBp: number;
  /**
   * Distressed path (distressed.ts): the carried spread moves by this log-spread move since the
   * close (the market's) instead of following the model; and the share of the half-spread a
   * print's actual one may differ by, instead of BASIS.HALF_SPREAD_UNCERTAINTY.
   */
  carriedMove?: number;
  halfSpreadUncertainty?: number;
  /**
   * Distressed path: dealers' half-spread as a multiple of the conventional one; a customer
   * print's mid (read with the convention, signal.ts) is moved by the difference.
   */
  halfSpreadMultiple?: number;
  /** Distressed path: the share of the model's move the carried spread follows, instead of 1/(1 + (fit/scale)²). */
  curveFollow?: number;
  years: number;
  highYield: boolean;
  carried: CarriedBasis | undefined;
  trades: readonly BasisTrade[];
  asOfMs: number;
  /**
   * The instant ages are measured from (asOf rounded down to 15 minutes in pricing, as the trade
   * weights are): ticks seconds apart with nothing new then give identical prices. Default asOf.
   */
  ageRefMs?: number;
}): BasisEstimate {
  const { modelBp, years, highYield, asOfMs } = input;
  const ageRefMs = Math.min(input.ageRefMs ?? asOfMs, asOfMs);
  const level = Math.max(Math.abs(modelBp), 10);
  const drift2 = (BASIS.DRIFT * level) ** 2;
  const duration = spreadDuration(years, modelBp);
  let b: number;
  let p: number;
  let sinceMs: number;
  const carried = input.carried && input.carried.asOfMs <= asOfMs && Number.isFinite(input.carried.basisBp) ? input.carried : undefined;
  if (carried) {
    const days = businessDays(ageRefMs - carried.asOfMs);
    let b0 = carried.basisBp;
    const followOf = (c: CarriedBasis) =>
      c.modelCode === input.modelCode ? (input.curveFollow ?? 1 / (1 + (input.fitBp / input.fitScaleBp) ** 2)) : 0;
    if (carried.modelBp !== undefined) {
      // The carried spread follows the model's move since only as far as the model is worth
      // following: all of it for a tight issuer curve, little for a loose rating curve, none when
      // the bond now sits on another curve (its rating class or the kind of curve changed) —
      // else a model that jumps would drag a stale bond's price with it.
      // Only the part of the basis the bond's trades stand for is held this way: a bond priced by
      // the model alone has nothing of its own to hold and moves with the model.
      const follow = followOf(carried);
      const known = Math.max(0, Math.min(1, carried.known ?? 0));
      if (input.carriedMove === undefined) {
        const held = carried.modelBp + carried.basisBp + follow * (modelBp - carried.modelBp) - modelBp;
        b0 = known * held + (1 - known) * carried.basisBp;
      } else {
        // Distressed: the bond's own level moves with its curve as far as the curve is worth
        // following (a tight issuer curve: its siblings' trades), and by the market's move for
        // the rest (a loose rating curve: a C-rated bond trading at 1,700 bp drifted daily toward
        // a 2,900 bp curve). It is held whole once its own prints stand for half the estimate,
        // and its basis is pulled back to the curve only as far as the curve is followed.
        const level = carried.modelBp + carried.basisBp;
        const held = level + follow * (modelBp - carried.modelBp) + (1 - follow) * level * Math.expm1(input.carriedMove) - modelBp;
        const share = Math.min(1, 2 * known);
        b0 = share * held + (1 - share) * carried.basisBp;
      }
    }
    const reverting = input.carriedMove === undefined || carried.modelBp === undefined ? 1 : followOf(carried);
    b = b0 * Math.pow(BASIS.REVERSION, days * reverting);
    // Never less sure than knowing nothing of the bond but the model.
    p = Math.min(carried.varBp2 + drift2 * days, Math.max(carried.varBp2, priorVariance(input.fitBp, modelBp)));
    if (carried.modelBp !== undefined) {
      // The level moved since the close by more than a bond drifts (the model jumped, or the bond
      // moved to another curve) with nothing of the bond's own to say so: less sure by as much.
      // So a bond's own prints are never gated against an evaluation that has itself jumped
      // (issue 32: a BB evaluated at ~110 refused its prints at 100–103 as off-market), and a
      // close that moves without trades has a lower confidence.
      const jump = Math.abs(modelBp + b - (carried.modelBp + carried.basisBp));
      const excess = Math.max(0, jump - BASIS.JUMP_SIGMAS * Math.sqrt(drift2 * Math.max(days, 1)));
      p += excess * excess;
    }
    sinceMs = carried.asOfMs;
  } else {
    b = 0;
    p = priorVariance(input.fitBp, modelBp);
    sinceMs = -Infinity;
  }
  const priorBasisBp = b;
  const priorVarBp2 = p;
  // No closures and no arrays unless a print is far off: this runs for every bond on every tick
  // (a closure per call was a measurable share of a warm reprice, issue 31 item 5). The arithmetic
  // is the same, operation for operation, as the closures it replaces.
  let gated: number[] = NONE_GATED;
  let used = 0;
  const noisePt = highYield ? BASIS.PRINT_NOISE_PT.hy : BASIS.PRINT_NOISE_PT.ig;
  const hsUncertainty = input.halfSpreadUncertainty ?? BASIS.HALF_SPREAD_UNCERTAINTY;
  const hsMultiple = input.halfSpreadMultiple ?? 1;
  // Prints far off everything known, not yet used: an off-market print, or the first sign of news.
  // A second far print agreeing with one of them (same side, close to it) confirms the move: the
  // prior is widened to admit it and both are used — else a bond whose issuer jumped would refuse
  // every print at its new level. Earlier prints of the window count as the first sign too.
  let far: { t: BasisTrade; rv: number }[] | null = null;
  // Precision-weighted sums of the readings (mid spread − model − prior basis): used, and far.
  let usedW = 0;
  let usedS = 0;
  // A customer buy read at the conventional half-spread below its price reads a mid too high (a
  // spread too low) when dealers charge more: move it by the difference, in spread.
  const trades =
    hsMultiple === 1
      ? input.trades
      : input.trades.map((t) => {
          const sign = t.side === SIDE_BUY ? 1 : t.side === SIDE_SELL ? -1 : 0;
          const pt = sign * (hsMultiple - 1) * halfSpreadPoints(t.quantity, highYield, years);
          return pt === 0 ? t : { ...t, midSpreadBp: t.midSpreadBp + (100 * pt) / Math.max(duration, 0.05) };
        });
  const spread: TradeSpread = { highYield, years, noisePt, duration, drift2, ageRefMs, hsUncertainty, hsMultiple };
  for (const t of trades) {
    if (t.timeMs > asOfMs || !Number.isFinite(t.midSpreadBp)) continue;
    const rv = tradeVariance(t, spread);
    const resid = t.midSpreadBp - modelBp - b;
    if (t.timeMs <= sinceMs) {
      if (Math.abs(resid) > BASIS.GATE_SIGMAS * Math.sqrt(p + rv)) (far ??= []).push({ t, rv });
      continue;
    }
    if (Math.abs(resid) > BASIS.GATE_SIGMAS * Math.sqrt(p + rv) && (carried || used > 0)) {
      let i = -1;
      if (far)
        for (let j = 0; j < far.length; j++) {
          const f = far[j]!;
          const r0 = f.t.midSpreadBp - modelBp - b;
          if (Math.sign(r0) === Math.sign(resid) && Math.abs(f.t.midSpreadBp - t.midSpreadBp) < BASIS.GATE_SIGMAS * Math.sqrt(f.rv + rv)) {
            i = j;
            break;
          }
        }
      if (i < 0) {
        (far ??= []).push({ t, rv });
        if (gated === NONE_GATED) gated = [];
        gated.push(t.id);
        continue;
      }
      const first = far!.splice(i, 1)[0]!;
      p += resid * resid;
      if (first.t.timeMs > sinceMs) gated.splice(gated.indexOf(first.t.id), 1);
      let k = p / (p + first.rv);
      b += k * (first.t.midSpreadBp - modelBp - b);
      p *= 1 - k;
      used++;
      k = p / (p + rv);
      b += k * (t.midSpreadBp - modelBp - b);
      p *= 1 - k;
      used++;
      usedW += 1 / first.rv;
      usedS += (first.t.midSpreadBp - modelBp - priorBasisBp) / first.rv;
      usedW += 1 / rv;
      usedS += (t.midSpreadBp - modelBp - priorBasisBp) / rv;
      continue;
    }
    const k = p / (p + rv);
    b += k * resid;
    p *= 1 - k;
    used++;
    usedW += 1 / rv;
    usedS += (t.midSpreadBp - modelBp - priorBasisBp) / rv;
  }
  let farW = 0;
  let farS = 0;
  if (far)
    for (const f of far)
      if (f.t.timeMs > sinceMs) {
        farW += 1 / f.rv;
        farS += (f.t.midSpreadBp - modelBp - priorBasisBp) / f.rv;
      }
  const known = Math.max(0, Math.min(1, 1 - p / priorVariance(input.fitBp, modelBp)));
  return {
    basisBp: b,
    varBp2: p,
    asOfMs,
    modelBp,
    modelCode: input.modelCode,
    known,
    used,
    gated,
    priorBasisBp,
    priorVarBp2,
    carriedPrior: carried !== undefined,
    reading: usedW > 0 ? { innovationBp: usedS / usedW, varBp2: 1 / usedW } : undefined,
    far: farW > 0 ? { innovationBp: farS / farW, varBp2: 1 / farW } : undefined,
  };
}

/** The `gated` of a bond with no print left out: shared, never written to (a new array replaces it). */
const NONE_GATED: number[] = [];

/** What a trade's reading variance depends on besides the trade: the bond's, fixed for one estimate. */
interface TradeSpread {
  highYield: boolean;
  years: number;
  noisePt: number;
  duration: number;
  drift2: number;
  ageRefMs: number;
  /** The half-spread's uncertainty as a share of it (wider for distressed prints). */
  hsUncertainty: number;
  /** Dealers' half-spread over the convention on customer prints (1 but for distressed bonds). */
  hsMultiple: number;
}

/** A trade's reading variance (bp²): its half-spread's uncertainty and print noise in spread terms, plus the drift since. */
function tradeVariance(t: BasisTrade, s: TradeSpread): number {
  const hs = halfSpreadPoints(t.quantity, s.highYield, s.years) * (t.side === SIDE_DEALER ? 0.3 : s.hsMultiple);
  const r = (100 * Math.hypot(s.hsUncertainty * hs, s.noisePt)) / Math.max(s.duration, 0.05);
  return r * r + s.drift2 * businessDays(s.ageRefMs - t.timeMs);
}
