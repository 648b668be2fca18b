/**
 * Bondwise analytics engine: pure TypeScript bond maths, no I/O, no runtime dependencies; runs
 * in Node and in the browser. Conventions: /work/shared/analytics-contract.md (US street yields,
 * QuantLib-compatible day counts and schedules). Overview and examples: docs/analytics.md.
 *
 * Two levels of API:
 * - `analyzeBond(input)`: the contract's JSON shape in, the contract's outputs out.
 * - Building blocks for hot paths: `createBond` once per bond, `settle` once per settlement date,
 *   then `yieldFromPrice` / `priceFromYield` / `riskMeasures` / `cashflows` / `yieldsToCall`,
 *   FRN and curve functions — all on integer day numbers, no string parsing.
 */
export { AnalyticsInputError } from './errors';
export {
  addMonths,
  daysInMonth,
  formatDate,
  fromYmd,
  isEndOfMonth,
  isLeapYear,
  monthStart,
  parseDate,
  toYmd,
  type DayNumber,
} from './dates';
export { DAY_COUNTS, dayCount, days30360, parseDayCount, yearFraction, yearFractionIcma, type DayCountCode } from './daycount';
export { buildSchedule, gridDate, type Frequency } from './schedule';
export { couponDateIndex, createBond, parseFrequency, type Bond, type BondTerms } from './bond';
export {
  currentYield,
  dirtyPriceFromYield,
  moneyMarketYield,
  priceFromYield,
  riskMeasures,
  settle,
  settleToCall,
  yieldFromDirtyPrice,
  yieldFromPrice,
  type RiskMeasures,
  type Settlement,
} from './pricing';
export { cashflowArrays, cashflows, formattedCashflows, type Cashflow } from './cashflows';
export { pricingCalls, riskToWorst, yieldsToCall, type Call, type CallYield, type ScheduledCall, type WorstYield } from './callable';
export { discountMarginFromPrice, frnCashflows, frnDirtyPrice, settleFrn, type FrnRates, type FrnSettlement } from './frn';
export {
  benchmarkIndex,
  interpolateCurve,
  prepareCurve,
  spreads,
  spreadToBenchmarkBp,
  yearsBetween,
  type Curve,
  type CurvePoint,
  type CurveSpreads,
} from './curve';
export { solveDecreasing } from './solver';
export { MAX_YIELD } from './pricing';
export { MAX_PRICE, MIN_PRICE, parseInput, type BondInput, type Instrument, type ParsedInput } from './input';
export { analyzeBond, type BondAnalysis } from './analyze';
