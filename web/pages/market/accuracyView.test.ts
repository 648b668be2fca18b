import { describe, expect, it } from 'vitest';
import type { AccuracyReport, AccuracyRow, AccuracyStats } from '@common/api/accuracy';
import type { ColumnGroup } from '../../components/DataTable';
import { accuracyColumns, isAccuracyDimension, weeklySeries } from './accuracyView';

const stats = (withinWide: number): AccuracyStats => ({
  withinTight: 0,
  withinWide,
  medianError: 0,
  p95Error: 0,
  meanAbsError: 0,
  bias: 0,
});
const week = (ratingClass: 'IG' | 'HY', key: string, model: number, lastTrade: number, previousClose: number): AccuracyRow => ({
  ratingClass,
  key,
  trades: 10,
  model: stats(model),
  lastTrade: stats(lastTrade),
  previousClose: stats(previousClose),
});

describe('the accuracy page', () => {
  const report = {
    thresholds: { IG: [0.4, 0.55], HY: [0.6, 0.82] },
    byWeek: [week('IG', '2026-11-02', 0.8, 0.6, 0.5), week('HY', '2026-11-02', 0.7, 0.65, 0.4), week('IG', '2026-11-09', 0.85, 0.62, 0.55)],
  } as unknown as AccuracyReport;

  it("charts one class's weekly share within its wider threshold, one line per prediction", () => {
    const series = weeklySeries(report, 'IG');
    expect(series.map((s) => s.name)).toEqual(['Evaluated price ≤ 0.55 pt', 'Last trade ≤ 0.55 pt', 'Previous close ≤ 0.55 pt']);
    expect(series[0]!.points).toEqual([
      { time: '2026-11-02', value: 0.8 },
      { time: '2026-11-09', value: 0.85 },
    ]);
    expect(weeklySeries(report, 'HY')[1]!.points).toEqual([{ time: '2026-11-02', value: 0.65 }]);
  });

  it('puts each baseline beside the evaluated price with both thresholds in the headers', () => {
    const groups = accuracyColumns('Tenor', report.thresholds).filter((c): c is ColumnGroup<AccuracyRow> => 'columns' in c);
    expect(groups.map((g) => g.header)).toEqual(['Evaluated price', 'Last trade', 'Previous close']);
    expect(
      accuracyColumns(null, report.thresholds)
        .map((c) => c.header)
        .slice(0, 2),
    ).toEqual(['Class', 'Trades']);
    expect(groups[0]!.columns.map((c) => c.header)).toEqual(['≤ 0.4/0.6', '≤ 0.55/0.82', 'Median', 'p95', 'Bias']);
  });

  it('reads only known dimensions from the address', () => {
    expect(isAccuracyDimension('byTenor')).toBe(true);
    expect(isAccuracyDimension('bySector')).toBe(false);
    expect(isAccuracyDimension(null)).toBe(false);
  });
});
