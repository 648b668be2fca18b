/** Pure helpers of the deal page: its chart series and the rows of trading since pricing. */
import type { DealDetailResponse, Tranche } from '@common/api/primary';
import { newYorkOffsetHours } from '@common/calendar';
import type { ChartSeries } from '../../components/TimeSeriesChart';
import type { Performance } from './dealColumns';

/** Epoch seconds of an instant as New York wall-clock time (the chart shows times as UTC). */
function newYorkWallClock(at: string): number {
  const ms = Date.parse(at);
  return ms / 1000 + newYorkOffsetHours(new Date(ms).toISOString().slice(0, 10)) * 3600;
}

/** The spread at each stage per tranche, on a New York time-of-day axis. */
export function spreadPathSeries(detail: DealDetailResponse): ChartSeries[] {
  return detail.spreadPath.map((path) => {
    const tranche = detail.deal.tranches.find((t) => t.id === path.trancheId)!;
    return { name: `${tranche.tenorYears}Y`, points: path.points.map((p) => ({ time: newYorkWallClock(p.at), value: p.spreadBp })) };
  });
}

/** The issuer's bonds, the fitted curve, and each tranche's fair value and (latest) spread, by tenor in months. */
export function curveSeries(detail: DealDetailResponse): ChartSeries[] {
  const months = (years: number) => Math.round(years * 12 * 100) / 100;
  const latest = (t: Tranche) => t.pricedSpreadBp ?? t.launchSpreadBp ?? t.guidanceSpreadBp ?? t.iptSpreadBp;
  return [
    { name: 'Issuer bonds', style: 'points', points: detail.issuerCurve.points.map((p) => ({ time: months(p.tenor), value: p.spreadBp })) },
    {
      name: 'Fair-value curve',
      style: 'dashed',
      points: detail.issuerCurve.fitted.map((p) => ({ time: months(p.tenor), value: p.spreadBp })),
    },
    {
      name: 'Fair value',
      style: 'points',
      points: detail.deal.tranches
        .filter((t) => t.fairValueBp !== null)
        .map((t) => ({ time: months(t.tenorYears), value: t.fairValueBp! })),
    },
    {
      name: 'New issue',
      style: 'points',
      points: detail.deal.tranches.filter((t) => latest(t) !== null).map((t) => ({ time: months(t.tenorYears), value: latest(t)! })),
    },
  ];
}

/** The tranches that have traded since pricing, each labelled with its tenor. */
export function performanceRows(detail: DealDetailResponse): Performance[] {
  return detail.afterPricing
    .filter((p) => p.points.length > 0)
    .map((p) => ({
      ...p,
      tenor: `${detail.deal.tranches.find((t) => t.id === p.trancheId)?.tenorYears ?? '?'}Y`,
    }));
}
