/**
 * Confidence (0–100) of an evaluated price: how far the bond's next print is likely to be from it.
 * The accuracy backtest (docs/market-data.md "Accuracy") compares each close with the bond's next
 * trade, so the error it ranks has three parts, each known at the close (no look-ahead):
 *
 * 1. what the price does not know: the basis filter's variance (basis.ts) — wider without recent
 *    trades, after a move without trades, on a loose model curve;
 * 2. what the market does before the next print: a day's move of rates and of the spread, the
 *    latter in proportion to the spread (a CCC's spread moves ten times a single A's in bp), and
 *    twice that share for CCC, whose prices the spread model misses far more often (40.7 % within
 *    0.82 pt against 87.7 % for B, bench/RESULTS.md 29 Nov 2026);
 * 3. the print's own noise: a dealer's half-spread differs from the convention the trade is read
 *    to mid with — larger for long and high-yield bonds, as the half-spread is.
 *
 * Parts 1 and 2 are spread uncertainty, turned into price through the bond's spread duration; 3 is
 * already in points. Before, only part 1 and a smaller drift (1.2 % of the spread) counted:
 * Spearman ρ(confidence, |error|) −0.426 on the default 300-bond seed; with all three −0.457
 * (bench/RESULTS.md, 1 Dec 2026).
 */
import { halfSpreadPoints, type RatingBucket } from './conventions';
import { spreadDuration } from './basis';

/**
 * The parameters, in one place (docs/market-data.md quotes them). Fitted by Spearman's ρ on the
 * default seed (20261121, 300 bonds × 60 days) and checked on another (7), where they gave the
 * same ρ as that seed's own best fit (−0.428 against −0.429):
 * - RATES_DAY_BP: a day's Treasury move at the bond's tenor before the next print, bp (the
 *   10-year moves ~5.8 bp a day; the next print comes on average within the next session);
 * - SPREAD_DAY_SHARE: a day's move of the spread, as a share of it (market, sector and issuer
 *   moves together, and the issuer news now and then); SPREAD_DAY_SHARE_CCC for CCC bonds, whose
 *   every miss over 3 points was then in the lowest confidence decile on both seeds (with the
 *   other bonds' share, one was not);
 * - PRINT_SHARE: the share of a 100K lot's conventional half-spread (`halfSpreadPoints`) by which
 *   the next print's mid may differ from the conventional reading.
 */
export const CONFIDENCE = {
  RATES_DAY_BP: 3.7,
  SPREAD_DAY_SHARE: 0.026,
  SPREAD_DAY_SHARE_CCC: 0.052,
  PRINT_SHARE: 0.315,
  PRINT_SIZE: 100_000,
  /**
   * 95 at certainty, 48 at this standard deviation (points). 0.6 keeps the share of closes under
   * the admin review's low-confidence threshold (25) about what it was (1.5 % against 1.2 % of the
   * default seed's compared trades) now that the day's move and the print's noise count.
   */
  PRICE_SCALE_PT: 0.6,
} as const;

/** What confidence reads of the bond itself (a BondEntry is one). */
export interface ConfidenceBond {
  highYield: boolean;
  rating: RatingBucket;
}

/** The standard deviation (points) of the next print's mid around the evaluated price. */
export function nextPrintSdPt(varBp2: number, modelBp: number, years: number, price: number, bond: ConfidenceBond): number {
  const level = Math.max(Math.abs(modelBp), 10);
  const share = bond.rating === 'CCC' ? CONFIDENCE.SPREAD_DAY_SHARE_CCC : CONFIDENCE.SPREAD_DAY_SHARE;
  const spreadVar = varBp2 + CONFIDENCE.RATES_DAY_BP ** 2 + (share * level) ** 2;
  const spreadPt = (Math.sqrt(spreadVar) * spreadDuration(years, modelBp) * Math.max(price, 1)) / 1e4;
  const printPt = CONFIDENCE.PRINT_SHARE * halfSpreadPoints(CONFIDENCE.PRINT_SIZE, bond.highYield, years);
  return Math.hypot(spreadPt, printPt);
}

/** Confidence 0–100 from that standard deviation: round(95 / (1 + (sd / 0.6 pt)²)). */
export function confidenceFromVariance(varBp2: number, modelBp: number, years: number, price: number, bond: ConfidenceBond): number {
  const sdPt = nextPrintSdPt(varBp2, modelBp, years, price, bond);
  return Math.round((100 * 0.95) / (1 + (sdPt / CONFIDENCE.PRICE_SCALE_PT) ** 2));
}
