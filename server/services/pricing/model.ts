/**
 * Model spreads for bonds whose own trades are stale or few, fitted on the whole universe's
 * trade-implied spreads each run:
 * 1. rating × tenor-bucket cells, shrunk toward a static prior (conventions.priorSpreadBp);
 * 2. sector × rating × tenor-bucket cells, shrunk toward (1) shifted by the sector's average offset;
 * 3. an issuer curve: the sector curve plus the issuer's own level and slope (in log tenor),
 *    fitted by ridge-regularised weighted least squares on the issuer's recently traded bonds.
 * Observations are weighted by their blend weight α, so a bond with one stale odd lot counts little.
 * Floating-rate notes (discount margins) are priced from these curves but do not shape them.
 */
import {
  ISSUER_SLOPE_REACH,
  MODEL_CONFIDENCE_CAP,
  MODEL_SPREAD_BOUNDS,
  MODEL_FIT_SCALE_BP,
  RATING_BUCKETS,
  SHRINK,
  CURVE_TENOR_NODES,
  priorSpreadBp,
  curveTenorIndex,
  type RatingBucket,
} from './conventions';

export type ModelKind = 'issuer' | 'sector' | 'rating';

/** A bond's trade-implied spread as a model observation. */
export interface ModelObservation {
  issuerId: number;
  sectorId: number;
  rating: RatingBucket;
  years: number;
  spreadBp: number;
  weight: number;
  /** Notch within the rating bucket ({@link ratingNotch}: −1 for '+', 0 flat, +1 for '−', more below CCC−). */
  notch?: number;
}

export interface ModelSpread {
  kind: ModelKind;
  spreadBp: number;
  /** Weighted RMS residual (bp) of the fit this spread comes from. */
  fitBp: number;
  /** Bonds (observations) behind the fit. */
  bonds: number;
  /** Confidence the model alone supports, in [0, 1]. */
  score: number;
  /** Set when the fit strayed outside {@link MODEL_SPREAD_BOUNDS} and was clipped (the spread it gave, bp). */
  unboundedBp?: number;
}

interface Cell {
  sw: number;
  sws: number;
  n: number;
}

const nb = CURVE_TENOR_NODES.length;
const emptyCells = (): Cell[] => Array.from({ length: nb }, () => ({ sw: 0, sws: 0, n: 0 }));

interface IssuerFit {
  level: number;
  slope: number;
  meanX: number;
  /** The log tenors of its shortest and longest observed bonds. */
  minX: number;
  maxX: number;
  fitBp: number;
  sw: number;
  n: number;
}

interface SectorFit {
  values: number[];
  sw: number;
  n: number;
  fitBp: number;
}

/** The fitted universe model of one run. */
export class SpreadModel {
  private readonly ratingCurves = new Map<RatingBucket, number[]>();
  private readonly ratingFit = new Map<RatingBucket, number>();
  /** By {@link sectorKey} (sector and rating bucket). */
  private readonly sectors = new Map<number, SectorFit>();
  private readonly issuers = new Map<number, IssuerFit>();
  /** Log-spread step per notch within each bucket (CCC+ ~800 bp and CCC− ~1,600 share a bucket). */
  private readonly notchSlope = new Map<RatingBucket, number>();

  constructor(raw: readonly ModelObservation[]) {
    // The curves are fitted on spreads brought to the middle notch of their bucket, and a bond's
    // notch is put back in spreadFor: each bucket's step per notch is fitted on the universe's
    // trades (log spread against notch, around the bucket's curve), shrunk toward a typical one.
    this.fitNotchSlopes(raw);
    const observations = raw.map((o) => (o.notch ? { ...o, spreadBp: o.spreadBp / this.notchFactor(o.rating, o.notch) } : o));
    const byRating = new Map<RatingBucket, Cell[]>();
    const bySector = new Map<number, Cell[]>();
    for (const o of observations) {
      const b = curveTenorIndex(o.years);
      let rc = byRating.get(o.rating);
      if (!rc) byRating.set(o.rating, (rc = emptyCells()));
      add(rc[b]!, o);
      const key = sectorKey(o.sectorId, o.rating);
      let sc = bySector.get(key);
      if (!sc) bySector.set(key, (sc = emptyCells()));
      add(sc[b]!, o);
    }
    for (const r of RATING_BUCKETS) {
      const cells = byRating.get(r) ?? emptyCells();
      this.ratingCurves.set(
        r,
        cells.map((c, b) => (c.sws + SHRINK.ratingCell * priorSpreadBp(r, b)) / (c.sw + SHRINK.ratingCell)),
      );
    }
    // A sector's empty tenor buckets follow the rating curve shifted by the sector's average offset.
    const offsets = new Map<number, { sw: number; swr: number }>();
    for (const o of observations) {
      const key = sectorKey(o.sectorId, o.rating);
      let v = offsets.get(key);
      if (!v) offsets.set(key, (v = { sw: 0, swr: 0 }));
      v.sw += o.weight;
      v.swr += o.weight * (o.spreadBp - interpolate(this.ratingCurves.get(o.rating)!, o.years));
    }
    for (const [key, cells] of bySector) {
      const rating = RATING_BUCKETS[key % RATING_KEYS]!;
      const base = this.ratingCurves.get(rating)!;
      const off = offsets.get(key)!;
      const offset = off.swr / (off.sw + SHRINK.sectorCell);
      this.sectors.set(key, {
        values: cells.map((c, b) => (c.sws + SHRINK.sectorCell * (base[b]! + offset)) / (c.sw + SHRINK.sectorCell)),
        sw: cells.reduce((a, c) => a + c.sw, 0),
        n: cells.reduce((a, c) => a + c.n, 0),
        fitBp: 0,
      });
    }
    // Residual fit quality of each sector and rating curve.
    const res = new Map<number, { sw: number; swr2: number }>();
    const resRating = new Map<RatingBucket, { sw: number; swr2: number }>();
    const byIssuer = new Map<number, { x: number; r: number; w: number }[]>();
    for (const o of observations) {
      const key = sectorKey(o.sectorId, o.rating);
      const r = o.spreadBp - interpolate(this.sectors.get(key)!.values, o.years);
      accumulate(res, key, o.weight, r);
      accumulate(resRating, o.rating, o.weight, o.spreadBp - interpolate(this.ratingCurves.get(o.rating)!, o.years));
      let list = byIssuer.get(o.issuerId);
      if (!list) byIssuer.set(o.issuerId, (list = []));
      list.push({ x: Math.log(Math.max(o.years, 0.1)), r, w: o.weight });
    }
    for (const [key, v] of res) this.sectors.get(key)!.fitBp = Math.sqrt(v.swr2 / v.sw);
    for (const [r, v] of resRating) this.ratingFit.set(r, Math.sqrt(v.swr2 / v.sw));
    for (const [issuerId, pts] of byIssuer) this.issuers.set(issuerId, fitIssuer(pts));
  }

  private notchFactor(rating: RatingBucket, notch: number): number {
    return Math.exp((this.notchSlope.get(rating) ?? 0) * notch);
  }

  private fitNotchSlopes(observations: readonly ModelObservation[]): void {
    const byRating = new Map<RatingBucket, Cell[]>();
    for (const o of observations) {
      let rc = byRating.get(o.rating);
      if (!rc) byRating.set(o.rating, (rc = emptyCells()));
      add(rc[curveTenorIndex(o.years)]!, o);
    }
    const sums = new Map<RatingBucket, { sw: number; swn: number; swr: number; swnn: number; swnr: number }>();
    // Each rating's curve once (the cells are complete by now), not once per observation.
    const curves = new Map<RatingBucket, number[]>();
    for (const [rating, cells] of byRating)
      curves.set(
        rating,
        cells.map((c, b) => (c.sws + SHRINK.ratingCell * priorSpreadBp(rating, b)) / (c.sw + SHRINK.ratingCell)),
      );
    for (const o of observations) {
      const curve = curves.get(o.rating)!;
      const level = interpolate(curve, o.years);
      if (!(o.spreadBp > 1 && level > 1)) continue;
      const n = o.notch ?? 0;
      const r = Math.log(o.spreadBp / level);
      let v = sums.get(o.rating);
      if (!v) sums.set(o.rating, (v = { sw: 0, swn: 0, swr: 0, swnn: 0, swnr: 0 }));
      v.sw += o.weight;
      v.swn += o.weight * n;
      v.swr += o.weight * r;
      v.swnn += o.weight * n * n;
      v.swnr += o.weight * n * r;
    }
    for (const r of RATING_BUCKETS) {
      const v = sums.get(r);
      const prior = NOTCH_SLOPE_PRIOR[r];
      if (!v || v.sw <= 0) {
        this.notchSlope.set(r, prior);
        continue;
      }
      const mn = v.swn / v.sw;
      const varN = v.swnn - v.sw * mn * mn;
      const cov = v.swnr - v.swn * (v.swr / v.sw);
      this.notchSlope.set(r, (cov + SHRINK.notchSlope * prior) / (varN + SHRINK.notchSlope));
    }
  }

  /** The model spread of a bond (by issuer, sector, rating, its notch in the bucket and years to maturity). */
  spreadFor(issuerId: number, sectorId: number, rating: RatingBucket, years: number, highYield: boolean, notch = 0): ModelSpread {
    const m = this.spreadAtMiddle(issuerId, sectorId, rating, years, highYield);
    return bounded(notch ? { ...m, spreadBp: m.spreadBp * this.notchFactor(rating, notch) } : m, rating, years, notch, highYield);
  }

  private spreadAtMiddle(issuerId: number, sectorId: number, rating: RatingBucket, years: number, highYield: boolean): ModelSpread {
    const scale = highYield ? MODEL_FIT_SCALE_BP.hy : MODEL_FIT_SCALE_BP.ig;
    const sector = this.sectors.get(sectorKey(sectorId, rating));
    const ratingCurve = this.ratingCurves.get(rating)!;
    const base = sector ? interpolate(sector.values, years) : interpolate(ratingCurve, years);
    const issuer = this.issuers.get(issuerId);
    if (issuer && issuer.sw >= 0.5 && sector) {
      // The slope is only known between the issuer's traded bonds: extended a little beyond them, then flat.
      const x = Math.min(issuer.maxX + ISSUER_SLOPE_REACH, Math.max(issuer.minX - ISSUER_SLOPE_REACH, Math.log(Math.max(years, 0.1))));
      // The issuer's fit is no better than a few bp, however few its bonds.
      const fitBp = Math.max(issuer.fitBp, 3);
      return {
        kind: 'issuer',
        spreadBp: base + issuer.level + issuer.slope * (x - issuer.meanX),
        fitBp,
        bonds: issuer.n,
        score: MODEL_CONFIDENCE_CAP.issuer * fitScore(fitBp, scale) * Math.min(1, issuer.sw),
      };
    }
    if (sector && sector.sw >= 1) {
      const fitBp = Math.max(sector.fitBp, 5);
      return { kind: 'sector', spreadBp: base, fitBp, bonds: sector.n, score: MODEL_CONFIDENCE_CAP.sector * fitScore(fitBp, scale) };
    }
    // A rating without a single observation is the static prior alone: score it as a poor fit.
    const fitBp = this.ratingFit.get(rating) ?? 2 * scale;
    return {
      kind: 'rating',
      spreadBp: interpolate(ratingCurve, years),
      fitBp,
      bonds: 0,
      score: MODEL_CONFIDENCE_CAP.rating * fitScore(Math.max(fitBp, 10), scale),
    };
  }
}

/**
 * A model spread kept within {@link MODEL_SPREAD_BOUNDS} of its rating's static prior at its tenor
 * and notch. A clipped one says how far it strayed, and its fit is taken as no better than that
 * (a blown fit gives the confidence of a poor one).
 */
function bounded(m: ModelSpread, rating: RatingBucket, years: number, notch: number, highYield: boolean): ModelSpread {
  const prior = interpolate(PRIOR_CURVES[rating], years) * Math.exp(NOTCH_SLOPE_PRIOR[rating] * notch);
  const low = MODEL_SPREAD_BOUNDS.low * prior;
  const high = MODEL_SPREAD_BOUNDS.high * prior;
  if (m.spreadBp >= low && m.spreadBp <= high) return m;
  const spreadBp = Math.min(high, Math.max(low, Number.isFinite(m.spreadBp) ? m.spreadBp : prior));
  const fitBp = Math.max(m.fitBp, Math.abs(spreadBp - m.spreadBp) || prior);
  return {
    ...m,
    spreadBp,
    fitBp,
    score: m.score * fitScore(fitBp, highYield ? MODEL_FIT_SCALE_BP.hy : MODEL_FIT_SCALE_BP.ig),
    unboundedBp: m.spreadBp,
  };
}

/** Rating buckets a sector key has room for (more than there are). */
const RATING_KEYS = 16;

/** A number naming a sector and rating bucket (a string key per bond was a measurable share of a tick). */
function sectorKey(sectorId: number, rating: RatingBucket): number {
  return sectorId * RATING_KEYS + RATING_BUCKETS.indexOf(rating);
}

/** Typical log-spread step per notch within a bucket (e.g. CCC+ ~800 bp, CCC− ~1,500: ~0.3 a notch). */
const NOTCH_SLOPE_PRIOR: Record<RatingBucket, number> = { AAA: 0, AA: 0.08, A: 0.1, BBB: 0.12, BB: 0.15, B: 0.18, CCC: 0.35 };

/** The static prior curve of each rating at the tenor nodes. */
const PRIOR_CURVES = Object.fromEntries(RATING_BUCKETS.map((r) => [r, CURVE_TENOR_NODES.map((_, b) => priorSpreadBp(r, b))])) as Record<
  RatingBucket,
  number[]
>;

function fitScore(fitBp: number, scale: number): number {
  return 1 / (1 + (fitBp / scale) ** 2);
}

function add(cell: Cell, o: ModelObservation): void {
  cell.sw += o.weight;
  cell.sws += o.weight * o.spreadBp;
  cell.n += 1;
}

function accumulate<K>(map: Map<K, { sw: number; swr2: number }>, key: K, w: number, r: number): void {
  let v = map.get(key);
  if (!v) map.set(key, (v = { sw: 0, swr2: 0 }));
  v.sw += w;
  v.swr2 += w * r * r;
}

/** Ridge-regularised weighted fit of residual = level + slope·(x − x̄). */
function fitIssuer(pts: { x: number; r: number; w: number }[]): IssuerFit {
  let sw = 0;
  let swx = 0;
  for (const p of pts) {
    sw += p.w;
    swx += p.w * p.x;
  }
  const meanX = sw > 0 ? swx / sw : 0;
  let minX = Infinity;
  let maxX = -Infinity;
  for (const p of pts) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
  }
  let swr = 0;
  let swxx = 0;
  let swxr = 0;
  for (const p of pts) {
    const dx = p.x - meanX;
    swr += p.w * p.r;
    swxx += p.w * dx * dx;
    swxr += p.w * dx * p.r;
  }
  const level = swr / (sw + SHRINK.issuerLevel);
  const slope = swxr / (swxx + SHRINK.issuerSlope);
  let swe2 = 0;
  for (const p of pts) swe2 += p.w * (p.r - level - slope * (p.x - meanX)) ** 2;
  return { level, slope, meanX, minX, maxX, fitBp: sw > 0 ? Math.sqrt(swe2 / sw) : 0, sw, n: pts.length };
}

/** Piecewise-linear curve through the bucket centres, flat beyond the first and last. */
function interpolate(values: readonly number[], years: number): number {
  const first = CURVE_TENOR_NODES[0]!.center;
  if (years <= first) return values[0]!;
  for (let i = 1; i < nb; i++) {
    const c = CURVE_TENOR_NODES[i]!.center;
    if (years <= c) {
      const p = CURVE_TENOR_NODES[i - 1]!.center;
      const w = (years - p) / (c - p);
      return values[i - 1]! + w * (values[i]! - values[i - 1]!);
    }
  }
  return values[nb - 1]!;
}
