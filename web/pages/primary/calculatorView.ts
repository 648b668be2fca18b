/** The calculator's texts and worksheet edits, worked out without React. */
import type { CalculatorResponse, CalculatorTranche } from '@common/api/newIssueCalculator';
import { SECTORS } from '@common/market';
import type { TrancheInput, TrancheOverrides } from './calculatorLevels';
import type { Worksheet } from './worksheet';

export const MODE_OPTIONS = [
  { value: 'issuer', label: 'Issuer' },
  { value: 'hypothetical', label: 'Sector and rating' },
];

export const SECTOR_OPTIONS = SECTORS.map((s) => ({ value: s.code, label: s.name }));

/** The tranche a new row starts as. */
const NEW_TRANCHE: TrancheInput = { tenorYears: 5, sizeMm: 500 };

export const withTranche = (w: Worksheet, k: number, next: TrancheInput): Worksheet => ({
  ...w,
  tranches: w.tranches.map((t, i) => (i === k ? next : t)),
});

/** A tranche and its overrides go together, so the overrides stay beside their tranche. */
export const withoutTranche = (w: Worksheet, k: number): Worksheet => ({
  ...w,
  tranches: w.tranches.filter((_, i) => i !== k),
  overrides: w.overrides.filter((_, i) => i !== k),
});

export const withNewTranche = (w: Worksheet): Worksheet => ({
  ...w,
  tranches: [...w.tranches, { ...NEW_TRANCHE }],
  overrides: [...w.overrides, {}],
});

export const withTrancheOverrides = (w: Worksheet, k: number, next: TrancheOverrides): Worksheet => ({
  ...w,
  overrides: w.overrides.map((o, i) => (i === k ? next : o)),
});

/**
 * The server's levels for tranche k, only while they answer the tranche as it is now: a debounced
 * answer to an earlier tenor or size must not be shown against the new one.
 */
export function trancheBase(data: CalculatorResponse | undefined, tranches: TrancheInput[], k: number): CalculatorTranche | undefined {
  const base = data && data.tranches.length === tranches.length ? data.tranches[k] : undefined;
  const input = tranches[k];
  return base && input && base.tenorYears === input.tenorYears && base.sizeMm === input.sizeMm ? base : undefined;
}

/** Who, what and when the answer prices, as one line. */
export function calculatorContext(data: CalculatorResponse): string {
  const who = data.issuer ? `${data.issuer.ticker} ${data.issuer.displayName}` : 'Hypothetical issuer';
  return (
    `${who} · ${data.sector} · ${data.rating ?? 'unrated'} (${data.ratingClass})` +
    ` · spreads on the ${data.curveDay} close · priced ${data.pricingDay}`
  );
}

/** The concession model's fit and inputs, as the short texts its card lists. */
export function modelFit(model: CalculatorResponse['model']): string[] {
  return [
    ...model.coefficients.map((c) => `${c.name} ${c.value}`),
    ...(model.r2 === null ? [] : [`R² ${model.r2}`]),
    ...(model.method === 'no history'
      ? ['no priced deals to learn from: conventional 5 bp IG, 15 bp HY']
      : [`residual ${model.residualBp} bp`]),
    `recent cover ${model.recentCover === null ? '—' : `${model.recentCover}×`}`,
    `10y Treasury volatility ${model.marketVolBp === null ? '—' : `${model.marketVolBp} bp/day`}`,
    `typical tightening IG ${model.typicalTighteningBp.IG} bp, HY ${model.typicalTighteningBp.HY} bp`,
  ];
}
