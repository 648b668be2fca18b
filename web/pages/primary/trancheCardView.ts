/** What a calculator tranche card shows, worked out without React: the concession line and the priced levels. */
import type { CalculatorTranche } from '@common/api/newIssueCalculator';
import { formatPrice, formatSpreadLevel, formatYield } from '@common/format';
import type { NewTrancheLevels } from '@common/newIssuePricing';
import type { TrancheOverrides } from './calculatorLevels';

/**
 * The concession in use: the override or the expected value alone when there is no range to show,
 * otherwise the expected value with the model's range ("12.0 bp (8 to 15)").
 */
export function concessionText(base: CalculatorTranche, overrides: TrancheOverrides): string {
  const { expectedBp, lowBp, highBp } = base.concession;
  return overrides.concessionBp !== undefined || lowBp === null || lowBp === highBp
    ? formatSpreadLevel(overrides.concessionBp ?? expectedBp)
    : `${formatSpreadLevel(expectedBp)} (${lowBp.toFixed(0)} to ${highBp!.toFixed(0)})`;
}

/** The priced tranche's levels in display order; each test id is the card's id plus `suffix`. */
export function pricedLevelRows(levels: NewTrancheLevels): { label: string; value: string; suffix: string }[] {
  return [
    { label: 'IPT', value: formatSpreadLevel(levels.iptSpreadBp), suffix: 'ipt' },
    { label: 'Reoffer spread', value: formatSpreadLevel(levels.reofferSpreadBp), suffix: 'reoffer-spread' },
    { label: 'Spread to benchmark', value: formatSpreadLevel(levels.spreadToBenchmarkBp), suffix: 'spread-to-benchmark' },
    { label: 'Reoffer yield', value: formatYield(levels.reofferYield), suffix: 'yield' },
    { label: 'Coupon', value: formatYield(levels.coupon), suffix: 'coupon' },
    { label: 'Price', value: formatPrice(levels.price), suffix: 'price' },
    { label: 'Maturity', value: levels.maturityDate, suffix: 'maturity' },
  ];
}
