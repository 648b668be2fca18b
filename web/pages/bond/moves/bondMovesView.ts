/** Pure texts and table columns of the market moves page: no React, so they test on their own. */
import type { Column } from '../../../components/SimpleTable';
import type { MarketMovesResponse } from '@common/api/market';
import { formatNumber, formatPrice, formatRatings, RATINGS_HELP, formatSpread, formatYield, formatYieldChange } from '@common/format';
import { changeTone } from '../../../components/tone';

export type Metric = MarketMovesResponse['metric'];
export type Period = MarketMovesResponse['period'];
export type Move = MarketMovesResponse['moves'][number];

export const METRICS: Array<{ value: Metric; label: string; unit: string }> = [
  { value: 'price', label: 'Price', unit: 'points per 100 face' },
  { value: 'yield', label: 'Yield', unit: 'bp (yield to worst)' },
  { value: 'spread', label: 'Spread', unit: 'bp (G-spread)' },
];
export const PERIODS: Array<{ value: Period; label: string }> = [
  { value: '1d', label: '1 day' },
  { value: '1w', label: '1 week' },
  { value: '1m', label: '1 month' },
];

/** A level of a metric as the moves page writes it. */
function levelText(metric: Metric, v: number): string {
  if (metric === 'price') return formatPrice(v);
  if (metric === 'yield') return formatYield(v);
  return `${formatNumber(v, 1)} bp`;
}

/** A change of a metric, signed. */
function changeText(metric: Metric, v: number): string {
  if (metric === 'price') return `${v > 0 ? '+' : ''}${formatPrice(v)}`;
  if (metric === 'yield') return formatYieldChange(v);
  return formatSpread(v);
}

/** Level and change texts of a metric. */
export function moveText(
  metric: Metric,
  move: Pick<Move, 'value' | 'previous' | 'change'>,
): { level: string; previous: string; change: string } {
  return { level: levelText(metric, move.value), previous: levelText(metric, move.previous), change: changeText(metric, move.change) };
}

/** The moves table's columns: the metric's unit in the headers' tooltips, its good direction in the change's colour. */
export function moveColumns(metric: Metric, unit: string): Column<Move>[] {
  return [
    { header: 'Bond', field: 'description' },
    { header: 'CUSIP', field: 'cusip', className: 'bw-num' },
    { header: 'Rating', id: 'rating', value: (m) => formatRatings(m.ratingMoody, m.ratingSP), headerTooltip: RATINGS_HELP },
    {
      header: 'Tenor (y)',
      field: 'tenor',
      format: (v) => formatNumber(v as number, 2),
      align: 'right',
      className: 'bw-num',
      headerTooltip: 'Remaining years to maturity',
    },
    ...(
      [
        ['Previous', 'previous', `Previous level (${unit})`],
        ['Latest', 'value', `Latest level (${unit})`],
      ] as const
    ).map(([header, field, headerTooltip]): Column<Move> => ({
      header,
      field,
      format: (v) => levelText(metric, v as number),
      align: 'right',
      className: 'bw-num',
      headerTooltip,
    })),
    {
      header: 'Change',
      field: 'change',
      format: (v) => changeText(metric, v as number),
      align: 'right',
      className: 'bw-num',
      tone: metric,
      headerTooltip: `Change (${unit})`,
    },
  ];
}

/** Good for the holder (green): price up, yield or spread down. */
export function isGood(metric: Metric, change: number): boolean {
  return changeTone(metric, change) === 'good';
}
