import { describe, expect, it } from 'vitest';
import type { CalculatorResponse, CalculatorTranche } from '@common/api/newIssueCalculator';
import {
  calculatorContext,
  modelFit,
  trancheBase,
  withNewTranche,
  withoutTranche,
  withTranche,
  withTrancheOverrides,
} from './calculatorView';
import { NEW_WORKSHEET, type Worksheet } from './worksheet';

const sheet: Worksheet = {
  ...NEW_WORKSHEET,
  tranches: [
    { tenorYears: 5, sizeMm: 750 },
    { tenorYears: 10, sizeMm: 1000 },
  ],
  overrides: [{ concessionBp: 12 }, {}],
};

const model: CalculatorResponse['model'] = {
  method: 'no history',
  observations: 0,
  from: '2026-08-01',
  to: '2026-11-27',
  coefficients: [],
  r2: null,
  residualBp: 0,
  recentCover: null,
  marketVolBp: 4.2,
  typicalTighteningBp: { IG: 15, HY: 25 },
};

const answer = (tranches: Pick<CalculatorTranche, 'tenorYears' | 'sizeMm'>[]): CalculatorResponse => ({
  pricingDay: '2026-11-30',
  curveDay: '2026-11-27',
  issuer: { id: 42, name: 'Acme Corporation', displayName: 'Acme', ticker: 'ACME' },
  sector: 'FINL',
  rating: null,
  ratingClass: 'IG',
  tranches: tranches as CalculatorTranche[],
  model,
});

describe('the calculator worksheet edits', () => {
  it('keeps each tranche beside its overrides when one is added or removed', () => {
    expect(withoutTranche(sheet, 0)).toMatchObject({ tranches: [sheet.tranches[1]], overrides: [{}] });
    expect(withNewTranche(sheet)).toMatchObject({
      tranches: [...sheet.tranches, { tenorYears: 5, sizeMm: 500 }],
      overrides: [...sheet.overrides, {}],
    });
    expect(withTranche(sheet, 1, { tenorYears: 30, sizeMm: 500 }).tranches[1]).toEqual({ tenorYears: 30, sizeMm: 500 });
    expect(withTrancheOverrides(sheet, 1, { concessionBp: 3 }).overrides).toEqual([{ concessionBp: 12 }, { concessionBp: 3 }]);
  });

  it('shows the server levels of a tranche only while they answer its tenor and size', () => {
    const data = answer([
      { tenorYears: 5, sizeMm: 750 },
      { tenorYears: 7, sizeMm: 1000 },
    ]);
    expect(trancheBase(data, sheet.tranches, 0)).toBe(data.tranches[0]);
    expect(trancheBase(data, sheet.tranches, 1)).toBeUndefined();
    expect(trancheBase(answer([{ tenorYears: 5, sizeMm: 750 }]), sheet.tranches, 0)).toBeUndefined();
    expect(trancheBase(undefined, sheet.tranches, 0)).toBeUndefined();
  });
});

describe('the calculator texts', () => {
  it('says who, what and when the answer prices', () => {
    expect(calculatorContext(answer([]))).toBe('ACME Acme · FINL · unrated (IG) · spreads on the 2026-11-27 close · priced 2026-11-30');
  });

  it('lists the model fit, with the conventional concession when there is no history', () => {
    expect(modelFit(model)).toEqual([
      'no priced deals to learn from: conventional 5 bp IG, 15 bp HY',
      'recent cover —',
      '10y Treasury volatility 4.2 bp/day',
      'typical tightening IG 15 bp, HY 25 bp',
    ]);
  });
});
