/**
 * Distressed bonds (CCC+ and below, or a model spread over 1,000 bp; issue 32 item 4).
 *
 * Why a path of their own: a distressed bond's rating curve is loose (few CCC bonds, notches from
 * ~600 to ~1,600 bp and more), so the basis filter (basis.ts) follows little of its move and a
 * bond that has traded is carried at its last spread, unchanged, until it trades again. But
 * spreads move in proportion to their level (duration-times-spread: Ben Dor, Dynkin, Hyman et al.,
 * "DTS", Journal of Portfolio Management 2007): the market's daily 1 % widening is 1 bp on a
 * 100 bp bond and 10 bp — a third of a point — on a 1,000 bp one. So a distressed bond's own
 * last level is carried forward by the move the whole market showed since its close, read in
 * log spread off every bond that traded (each bond's trades against its own level at the close,
 * precision-weighted), and then by its issuer's move (issuerMoves.ts) as before. Its own prints
 * are read with a wider half-spread uncertainty: dealers' spreads on distressed paper are wider
 * and vary more from dealer to dealer than the high-yield convention (halfSpreadPoints ×1.7), so
 * one odd lot moves the estimate less and several are averaged.
 *
 * Point in time: the market move uses only trades after each bond's previous close and before asOf.
 */
import type { BasisEstimate, CarriedBasis } from './basis';
import type { RatingBucket } from './conventions';

export const DISTRESSED = {
  /** A model spread above this (bp) is distressed whatever the rating says. */
  MODEL_SPREAD_BP: 1_000,
  /** Share of the dealers' half-spread a distressed print's actual one may differ by (0.4 of the convention otherwise). */
  HALF_SPREAD_UNCERTAINTY: 0.8,
  /** Dealers' half-spread on distressed paper as a multiple of the high-yield convention. */
  HALF_SPREAD_MULTIPLE: 1.5,
  /** Prior sd of the market's log-spread move per √business day (a move of this order is believed when well read). */
  MARKET_SD: 0.015,
} as const;

/** Whether a bond is priced by the distressed path: CCC bucket (CCC+ … D) or a model spread over 1,000 bp. */
export function isDistressed(rating: RatingBucket, modelBp: number): boolean {
  return rating === 'CCC' || modelBp > DISTRESSED.MODEL_SPREAD_BP;
}

/** A bond's reading of the market since its close: its level then and what its trades say now. */
export interface MarketReading {
  /** The bond's stored state at its previous close. */
  carried: CarriedBasis | undefined;
  est: BasisEstimate;
  /** Business days since that close. */
  days: number;
}

/**
 * The market's move in log spread since the last close: each bond that traded since its close
 * reads log(its trades' level / its level at the close), with the variance of both (relative to
 * the level); the precision-weighted mean is shrunk toward no move by a prior of MARKET_SD per
 * √day. Bonds without a carried close, or without trades since, say nothing.
 */
export function marketMove(readings: readonly MarketReading[]): number {
  let sp = 0;
  let spz = 0;
  let days = 0;
  for (const { carried, est, days: d } of readings) {
    if (!carried || carried.modelBp === undefined || !est.reading) continue;
    const before = carried.modelBp + carried.basisBp;
    const now = est.modelBp! + est.priorBasisBp + est.reading.innovationBp;
    if (!(before > 10 && now > 10)) continue;
    const v = (est.reading.varBp2 + carried.varBp2) / (before * before);
    sp += 1 / v;
    spz += Math.log(now / before) / v;
    days = Math.max(days, d);
  }
  if (sp === 0) return 0;
  const prior = DISTRESSED.MARKET_SD ** 2 * Math.max(days, 0.2);
  return (spz / sp) * (prior / (prior + 1 / sp));
}
