/**
 * Pure pieces of the market summary page: the metric the URL asks for, the unit line above the
 * grid, and whether the summary has any priced bonds to show.
 */
import type { MarketMetric, MarketSummaryResponse } from '@common/api/market';
import { isMetric, METRIC_OPTIONS, summaryUnit } from './marketView';

/** The URL's ?metric, spread when missing or unknown. */
export const summaryMetric = (param: string | null): MarketMetric => (isMetric(param) ? param : 'spread');

/** The line beside the metric control: the level's unit, the change's, and the slopes' for curve metrics. */
export function summaryUnitLine(metric: MarketMetric, weighting: MarketSummaryResponse['weighting'] | undefined) {
  const unit = METRIC_OPTIONS.find((m) => m.value === metric)!;
  return `${summaryUnit(metric, weighting)}; below: change vs previous close (${unit.changeUnit})${metric === 'yield' || metric === 'spread' ? '; slopes in bp' : ''}`;
}

/** Whether any segment has a priced bond (before the first close, none has). */
export const hasPricedBonds = (data: MarketSummaryResponse) => data.rows.some((r) => r.total.bondCount > 0);
