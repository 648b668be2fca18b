/**
 * What the accuracy page shows of GET /v2/market/accuracy: the dimensions a person can pick,
 * the table's columns (each predictor beside the others) and the weekly chart's series.
 */
import { ACCURACY_PREDICTOR_LABELS, ACCURACY_PREDICTORS, type AccuracyPredictor } from '@common/accuracy';
import type { AccuracyReport, AccuracyRow } from '@common/api/accuracy';
import { formatNumber, formatShare } from '@common/format';
import type { RatingClass } from '@common/market';
import type { ChartSeries } from '../../components/TimeSeriesChart';
import type { Column, ColumnGroup, TableColumn } from '../../components/DataTable';

export const ACCURACY_DIMENSIONS = [
  { value: 'byRating', label: 'Rating', column: 'Rating' },
  { value: 'byTenor', label: 'Tenor', column: 'Tenor' },
  { value: 'bySize', label: 'Trade size', column: 'Size' },
  { value: 'byLiquidity', label: 'Days since last trade', column: 'Since last trade' },
  { value: 'byConfidence', label: 'Confidence', column: 'Confidence' },
  { value: 'byWeek', label: 'Week', column: 'Week of' },
] as const;
export type AccuracyDimension = (typeof ACCURACY_DIMENSIONS)[number]['value'];

export function isAccuracyDimension(value: string | null): value is AccuracyDimension {
  return ACCURACY_DIMENSIONS.some((d) => d.value === value);
}

const PREDICTOR_SHORT: Record<AccuracyPredictor, string> = {
  model: 'Evaluated price',
  lastTrade: 'Last trade',
  previousClose: 'Previous close',
};

const share = (v: unknown) => formatShare(v as number);

/**
 * Class, bucket (none on the overall table) and trades, then for each predictor: within both
 * thresholds (IG / HY, points), median, 95th percentile and bias, in points.
 */
export function accuracyColumns(bucketHeader: string | null, thresholds: AccuracyReport['thresholds']): TableColumn<AccuracyRow>[] {
  const within = (i: 0 | 1): Pick<Column<AccuracyRow>, 'header' | 'headerTooltip'> => ({
    header: `≤ ${thresholds.IG[i]}/${thresholds.HY[i]}`,
    headerTooltip: `Share within ${thresholds.IG[i]} pt (IG) or ${thresholds.HY[i]} pt (HY) of the trade's mid`,
  });
  // Plain numbers (right-aligned, the table's font); shares as "74.1%", errors in points to 2 places.
  const numeric = { kind: 'number', width: 84 } as const;
  return [
    { header: 'Class', value: (r) => r.ratingClass ?? 'All', width: 70, pinned: 'left' },
    ...(bucketHeader ? [{ header: bucketHeader, field: 'key', width: 100, pinned: 'left' } satisfies Column<AccuracyRow>] : []),
    { header: 'Trades', field: 'trades', ...numeric, format: (v) => formatNumber(v as number, 0) },
    ...ACCURACY_PREDICTORS.map((predictor): ColumnGroup<AccuracyRow> => ({
      header: PREDICTOR_SHORT[predictor],
      headerTooltip: ACCURACY_PREDICTOR_LABELS[predictor],
      columns: [
        { ...within(0), id: `${predictor}.withinTight`, ...numeric, value: (r) => r[predictor].withinTight, format: share },
        { ...within(1), id: `${predictor}.withinWide`, ...numeric, value: (r) => r[predictor].withinWide, format: share },
        { header: 'Median', id: `${predictor}.median`, ...numeric, value: (r) => r[predictor].medianError },
        { header: 'p95', id: `${predictor}.p95`, ...numeric, value: (r) => r[predictor].p95Error },
        { header: 'Bias', id: `${predictor}.bias`, ...numeric, value: (r) => r[predictor].bias },
      ],
    })),
  ];
}

const PREDICTOR_COLOURS: Record<AccuracyPredictor, string> = { model: '#ff922b', lastTrade: '#4dabf7', previousClose: '#868e96' };

/** Weekly share of a class's trades within its wider threshold, one line per predictor. */
export function weeklySeries(report: AccuracyReport | undefined, ratingClass: RatingClass): ChartSeries[] {
  const weeks = (report?.byWeek ?? []).filter((r) => r.ratingClass === ratingClass);
  return ACCURACY_PREDICTORS.map((predictor) => ({
    name: `${PREDICTOR_SHORT[predictor]} ≤ ${report?.thresholds[ratingClass][1] ?? ''} pt`,
    color: PREDICTOR_COLOURS[predictor],
    style: predictor === 'model' ? 'solid' : 'dashed',
    points: weeks.map((w) => ({ time: w.key, value: w[predictor].withinWide })),
  }));
}
