import { describe, expect, it } from 'vitest';
import type { CalculatorTranche } from '@common/api/newIssueCalculator';
import { concessionText } from './trancheCardView';

const base = (concession: CalculatorTranche['concession']) => ({ concession }) as CalculatorTranche;

describe('a calculator tranche card’s concession line', () => {
  it('shows the model’s range beside the expected value', () => {
    expect(concessionText(base({ expectedBp: 10, lowBp: 2, highBp: 18, overridden: false }), {})).toBe('10.0 bp (2 to 18)');
  });

  it('shows the value alone when overridden or when the model gives no range', () => {
    const ranged = base({ expectedBp: 10, lowBp: 2, highBp: 18, overridden: false });
    expect(concessionText(ranged, { concessionBp: 4 })).toBe('4.0 bp');
    expect(concessionText(base({ expectedBp: 4, lowBp: null, highBp: null, overridden: false }), {})).toBe('4.0 bp');
    expect(concessionText(base({ expectedBp: 4, lowBp: 4, highBp: 4, overridden: false }), {})).toBe('4.0 bp');
  });
});
