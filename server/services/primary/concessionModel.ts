/**
 * The new-issue concession model: what a new tranche pays over its fair value, estimated from the
 * product's own priced deals (deals.ts computes each tranche's concession against the issuer
 * curve at the close before pricing).
 *
 * concession = b0 + b1·HY + b2·ln(tenor years) + b3·ln(size, USD bn) + b4·recent book cover
 *              + b5·market volatility,
 * fitted by least squares on the priced tranches of the LOOKBACK_DAYS before today. "Recent book
 * cover" is the average cover of the deals priced in the ten business days before each deal: a
 * hot market (books many times covered) pays less. "Market volatility" is the standard deviation
 * of the 10-year Treasury yield's daily changes (bp) over the 20 curve days before the deal: issuers
 * pay up to come in a moving market. The range is the prediction ± 1.28 residual
 * standard deviations (80 % if the residuals are normal). With fewer than MIN_REGRESSION
 * tranches the model is the median concession with the 10th–90th percentile as its range; with
 * none, a conventional 5 bp (IG) or 15 bp (HY) flagged as such (docs/primary-markets.md).
 */
import type { ConcessionModelSummary } from '../../../common/api/newIssueCalculator';

export interface ConcessionObservation {
  hy: boolean;
  tenorYears: number;
  /** Tranche size, USD. */
  size: number;
  /** Average cover of the deals priced in the ten business days before (null: none). */
  recentCover: number | null;
  /** 10-year Treasury yield volatility before the deal, bp per day (null: too little curve history). */
  marketVolBp: number | null;
  concessionBp: number;
  tighteningBp: number | null;
}

export interface ConcessionModel {
  summary: ConcessionModelSummary;
  /** Coefficients in FEATURE_NAMES order (regression only). */
  beta: number[] | null;
  median: number;
  low: number;
  high: number;
  /** Cover used when an observation or a prediction has none: the history's average. */
  meanCover: number;
  /** Volatility used when one is unknown: the history's average. */
  meanVol: number;
}

export const FEATURE_NAMES = [
  'intercept',
  'high yield (1) vs investment grade (0)',
  'ln(tenor, years)',
  'ln(size, USD bn)',
  'recent book cover',
  'market volatility (10y Treasury, bp/day)',
];
/** Fewest priced tranches a regression is fitted on (a few per coefficient). */
export const MIN_REGRESSION = 20;
const Z80 = 1.2816;
const DEFAULT_CONCESSION = { IG: 5, HY: 15 } as const;
const DEFAULT_TIGHTENING = { IG: 25, HY: 40 } as const;

type Features = { hy: boolean; tenorYears: number; size: number; recentCover: number | null; marketVolBp: number | null };

function featuresOf(o: Features, meanCover: number, meanVol: number): number[] {
  return [1, o.hy ? 1 : 0, Math.log(o.tenorYears), Math.log(o.size / 1e9), o.recentCover ?? meanCover, o.marketVolBp ?? meanVol];
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/**
 * Solves (XᵀX + λI')β = Xᵀy by Gaussian elimination with partial pivoting; λ (not on the
 * intercept) keeps a column that never varies — no HY deals in the window — from making the system
 * singular: its coefficient comes out 0.
 */
export function leastSquares(rows: readonly number[][], y: readonly number[], ridge = 1e-6): number[] {
  const p = rows[0]!.length;
  const a = Array.from({ length: p }, () => new Array<number>(p + 1).fill(0));
  rows.forEach((x, k) => {
    for (let i = 0; i < p; i++) {
      for (let j = 0; j < p; j++) a[i]![j]! += x[i]! * x[j]!;
      a[i]![p]! += x[i]! * y[k]!;
    }
  });
  for (let i = 1; i < p; i++) a[i]![i]! += ridge * rows.length;
  for (let c = 0; c < p; c++) {
    let pivot = c;
    for (let r = c + 1; r < p; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    const d = a[c]![c]!;
    for (let r = 0; r < p; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / d;
      for (let j = c; j <= p; j++) a[r]![j]! -= f * a[c]![j]!;
    }
  }
  return a.map((row, i) => row[p]! / row[i]!);
}

/** Fits the model on priced tranches (see the file comment). `window` only labels the summary. */
export function fitConcessionModel(
  observations: readonly ConcessionObservation[],
  window: { from: string; to: string; recentCover: number | null; marketVolBp: number | null },
): ConcessionModel {
  const covers = observations.flatMap((o) => (o.recentCover === null ? [] : [o.recentCover]));
  const meanCover = covers.length > 0 ? mean(covers) : 3;
  const vols = observations.flatMap((o) => (o.marketVolBp === null ? [] : [o.marketVolBp]));
  const meanVol = vols.length > 0 ? mean(vols) : 5;
  const tightening = (hy: boolean) => {
    const xs = observations.filter((o) => o.hy === hy && o.tighteningBp !== null).map((o) => o.tighteningBp!);
    return xs.length > 0 ? round1(mean(xs)) : DEFAULT_TIGHTENING[hy ? 'HY' : 'IG'];
  };
  const base = {
    observations: observations.length,
    from: window.from,
    to: window.to,
    recentCover: window.recentCover === null ? null : Math.round(window.recentCover * 100) / 100,
    marketVolBp: window.marketVolBp === null ? null : Math.round(window.marketVolBp * 100) / 100,
    typicalTighteningBp: { IG: tightening(false), HY: tightening(true) },
  };
  if (observations.length === 0) {
    return {
      summary: { ...base, method: 'no history', coefficients: [], r2: null, residualBp: 0 },
      beta: null,
      median: DEFAULT_CONCESSION.IG,
      low: DEFAULT_CONCESSION.IG,
      high: DEFAULT_CONCESSION.IG,
      meanCover,
      meanVol,
    };
  }
  const y = observations.map((o) => o.concessionBp);
  const sorted = [...y].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  if (observations.length < MIN_REGRESSION) {
    const spread = sorted.map((v) => Math.abs(v - median));
    return {
      summary: {
        ...base,
        method: 'median',
        coefficients: [{ name: 'median concession', value: round1(median) }],
        r2: null,
        residualBp: round1(
          quantile(
            spread.sort((a, b) => a - b),
            0.5,
          ),
        ),
      },
      beta: null,
      median,
      low: quantile(sorted, 0.1),
      high: quantile(sorted, 0.9),
      meanCover,
      meanVol,
    };
  }
  const rows = observations.map((o) => featuresOf(o, meanCover, meanVol));
  const beta = leastSquares(rows, y);
  const fitted = rows.map((x) => x.reduce((s, v, i) => s + v * beta[i]!, 0));
  const ssr = y.reduce((s, v, k) => s + (v - fitted[k]!) ** 2, 0);
  const my = mean(y);
  const sst = y.reduce((s, v) => s + (v - my) ** 2, 0);
  const residual = Math.sqrt(ssr / Math.max(1, observations.length - beta.length));
  return {
    summary: {
      ...base,
      method: 'regression',
      coefficients: FEATURE_NAMES.map((name, i) => ({ name, value: Math.round(beta[i]! * 100) / 100 })),
      r2: sst > 0 ? Math.round((1 - ssr / sst) * 1000) / 1000 : null,
      residualBp: round1(residual),
    },
    beta,
    median,
    low: -Z80 * residual,
    high: Z80 * residual,
    meanCover,
    meanVol,
  };
}

/** Expected concession and its range for a tranche (bp). */
export function predictConcession(model: ConcessionModel, tranche: Features): { expectedBp: number; lowBp: number; highBp: number } {
  if (model.beta) {
    const x = featuresOf(tranche, model.meanCover, model.meanVol);
    const expected = x.reduce((s, v, i) => s + v * model.beta![i]!, 0);
    return { expectedBp: round1(expected), lowBp: round1(expected + model.low), highBp: round1(expected + model.high) };
  }
  if (model.summary.method === 'no history') {
    const d = DEFAULT_CONCESSION[tranche.hy ? 'HY' : 'IG'];
    return { expectedBp: d, lowBp: d, highBp: d };
  }
  return { expectedBp: round1(model.median), lowBp: round1(model.low), highBp: round1(model.high) };
}
