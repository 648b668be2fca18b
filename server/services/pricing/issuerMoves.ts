/**
 * Issuer moves since the last close, read off the bonds of an issuer that traded (issue 10 item 3,
 * "an issuer-level jump detector").
 *
 * Why: news moves all of an issuer's bonds at once, and so does the slow drift of its credit; a
 * bond that did not trade today learns of it only when the issuer curve is refitted, and the refit
 * dilutes today's trades with a fortnight of older ones. The basis filter of each bond that did
 * trade since the close (basis.ts) already measures how far its trades put it from where the close
 * left it — its innovation. Pooled over the issuer's bonds (in log-spread terms: news widens a 400 bp
 * bond twice as much as a 200 bp one, in bp) it is an estimate of the issuer's move today, which
 * the issuer's bonds that did not trade take on the same day.
 *
 * The pooled move is shrunk by a two-part prior: most days an issuer drifts a little (SMALL_SD per
 * √business day), on rare days news moves it a lot (JUMP_SD, JUMP_PER_DAY) — so one noisy odd lot
 * moves the siblings little, while several trades saying the same large thing move them most of
 * the way. Point in time: innovations use only trades after the previous close and before asOf.
 */
import type { BasisEstimate } from './basis';

export const ISSUER_MOVE = {
  /** Daily drift of an issuer's log spread not yet in the refitted model (sd per √business day). */
  SMALL_SD: 0.012,
  /** Size of an issuer news move in log spread (sd), and its chance per business day. */
  JUMP_SD: 0.25,
  JUMP_PER_DAY: 0.004,
} as const;

/** A bond's reading for the detector: its issuer, spread level (bp) and basis estimate. */
export interface IssuerReading {
  issuerId: number;
  levelBp: number;
  est: BasisEstimate;
  /** Business days since the carried close. */
  days: number;
}

/** Each issuer's estimated move since the close, as a share of the spread (log-spread change). */
export function issuerMoves(readings: readonly IssuerReading[]): Map<number, number> {
  const pooled = new Map<number, { sp: number; spz: number; days: number; far: { z: number; v: number }[] }>();
  const poolOf = (issuerId: number, days: number) => {
    let p = pooled.get(issuerId);
    if (!p) pooled.set(issuerId, (p = { sp: 0, spz: 0, days, far: [] }));
    p.days = Math.max(p.days, days);
    return p;
  };
  for (const { issuerId, levelBp, est, days } of readings) {
    if (!est.carriedPrior) continue;
    const level = Math.max(levelBp, 10);
    // The bond's own drift since its last trade (its prior variance) is noise to the issuer's move.
    if (est.reading) {
      const v = (est.reading.varBp2 + est.priorVarBp2) / (level * level);
      const p = poolOf(issuerId, days);
      p.sp += 1 / v;
      p.spz += est.reading.innovationBp / level / v;
    }
    if (est.far)
      poolOf(issuerId, days).far.push({ z: est.far.innovationBp / level, v: (est.far.varBp2 + est.priorVarBp2) / (level * level) });
  }
  const moves = new Map<number, number>();
  for (const [issuerId, p] of pooled) {
    // A far print alone is more often off-market than news; two bonds' far prints on the same side are news.
    const wide = p.far.filter((f) => f.z > 0);
    const tight = p.far.filter((f) => f.z < 0);
    for (const side of [wide, tight])
      if (side.length >= 2)
        for (const f of side) {
          p.sp += 1 / f.v;
          p.spz += f.z / f.v;
        }
    if (p.sp > 0) moves.set(issuerId, shrinkMove(p.spz / p.sp, 1 / p.sp, p.days));
  }
  return moves;
}

/** Posterior mean of a move read as `z` with noise variance `v`, under the drift-or-news prior. */
export function shrinkMove(z: number, v: number, days: number): number {
  const d = Math.max(days, 0.2);
  const parts = [
    { prior: 1 - Math.min(0.5, ISSUER_MOVE.JUMP_PER_DAY * d), s2: ISSUER_MOVE.SMALL_SD ** 2 * d },
    { prior: Math.min(0.5, ISSUER_MOVE.JUMP_PER_DAY * d), s2: ISSUER_MOVE.JUMP_SD ** 2 },
  ];
  let sw = 0;
  let swm = 0;
  for (const { prior, s2 } of parts) {
    const t = s2 + v;
    const w = (prior / Math.sqrt(t)) * Math.exp((-0.5 * z * z) / t);
    sw += w;
    swm += w * z * (s2 / t);
  }
  return sw > 0 ? swm / sw : 0;
}
