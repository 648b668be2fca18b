/** Pure helpers for the market detail page: its chart series, title and selector choices. */
import type { MarketDetailResponse } from '@common/api/market';
import { TENOR_BUCKET_IDS } from '@common/market';
import type { ChartSeries } from '../../components/TimeSeriesChart';
import { METRIC_OPTIONS, SEGMENT_OPTIONS, segmentLabel, type DetailParams } from './marketView';

/** The cell's daily series: bars for volume, a line for the other metrics. */
export function detailSeries(p: DetailParams, points: MarketDetailResponse['points']): ChartSeries[] {
  return [
    {
      name: `${segmentLabel(p.segment)} ${p.tenor ?? 'all'}`,
      type: p.metric === 'volume' ? 'histogram' : 'line',
      color: '#ff922b',
      points: points.map((x) => ({ time: x.date, value: x.value })),
    },
  ];
}

/** "Investment grade · 5Y · g-spread": the cell the page shows. */
export function detailTitle(p: DetailParams): string {
  const unit = METRIC_OPTIONS.find((m) => m.value === p.metric)!;
  return `${segmentLabel(p.segment)} · ${p.tenor ?? 'all maturities'} · ${unit.label.toLowerCase()}`;
}

/** The tenor selector's choices; "all" stands for every maturity. */
export const TENOR_CHOICES = [{ value: 'all', label: 'All tenors' }, ...TENOR_BUCKET_IDS.map((t) => ({ value: t, label: t }))];

/** The segment selector's choices, grouped as the summary grid's rows. */
export const SEGMENT_CHOICES = ['Market', 'Rating', 'Sector'].map((group) => ({
  group,
  items: SEGMENT_OPTIONS.filter((s) => s.group === group).map(({ value, label }) => ({ value, label })),
}));
