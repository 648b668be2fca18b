/** Pure helpers for the market summary's side panels: index figures and the charts' series. */
import type { MarketIndexResponse, MarketSummaryResponse } from '@common/api/market';
import { formatDay, formatNumber } from '@common/format';
import type { ChartSeries } from '../../components/TimeSeriesChart';

type IndexPoints = MarketIndexResponse['points'];

export const indexLevel = (v: number) => formatNumber(v, 2);

/** An index's latest level, its return today and over the chart's range (both %, null when unknown). */
export function indexStat(points: IndexPoints, pick: 'ig' | 'hy') {
  const valid = points.filter((p) => p[pick] !== null);
  const last = valid.at(-1)?.[pick] ?? null;
  const prev = valid.at(-2)?.[pick] ?? null;
  const first = valid[0]?.[pick] ?? null;
  return {
    last,
    day: last !== null && prev !== null ? (last / prev - 1) * 100 : null,
    range: last !== null && first !== null ? (last / first - 1) * 100 : null,
  };
}

/** The IG and HY index lines, skipping the days an index has no level. */
export function indexSeries(points: IndexPoints): ChartSeries[] {
  return [
    { name: 'IG', color: '#4dabf7', points: points.filter((p) => p.ig !== null).map((p) => ({ time: p.date, value: p.ig! })) },
    { name: 'HY', color: '#ff922b', points: points.filter((p) => p.hy !== null).map((p) => ({ time: p.date, value: p.hy! })) },
  ];
}

/** The tenors shown as figures above the Treasury chart. */
export const TREASURY_KEY_TENORS = ['2Y', '5Y', '10Y', '30Y'];

/** Today's Treasury curve and the previous close (dashed), by tenor in months. */
export function treasurySeries(treasury: MarketSummaryResponse['treasury']): ChartSeries[] {
  const months = (years: number) => years * 12;
  return [
    {
      name: treasury.date ? formatDay(treasury.date) : 'Today',
      color: '#4dabf7',
      points: treasury.points.map((p) => ({ time: months(p.years), value: p.yield })),
    },
    {
      name: treasury.previousDate ? formatDay(treasury.previousDate) : 'Previous',
      color: '#868e96',
      style: 'dashed',
      points: treasury.points.filter((p) => p.previousYield !== null).map((p) => ({ time: months(p.years), value: p.previousYield! })),
    },
  ];
}
