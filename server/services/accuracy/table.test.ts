import { describe, expect, it } from 'vitest';
import type { AccuracyReport, AccuracyStats } from '../../../common/api/accuracy';
import { accuracyTableText } from './table';

const stats = (withinTight: number, withinWide: number, medianError: number, p95Error: number, bias: number): AccuracyStats => ({
  withinTight,
  withinWide,
  medianError,
  p95Error,
  meanAbsError: medianError,
  bias,
});

describe('the backtest command prints the accuracy tables', () => {
  it('one line per group, the evaluated price beside both baselines', () => {
    const ig = {
      ratingClass: 'IG' as const,
      key: '1MM+',
      trades: 1234,
      model: stats(0.9012, 0.95, 0.12, 0.51, -0.014),
      lastTrade: stats(0.5, 0.6, 0.4, 1.5, 0.02),
      previousClose: stats(0.4, 0.5, 0.55, 2.25, 0.1),
    };
    const report: AccuracyReport = {
      evaluatedAt: '2026-11-26T09:00:00.000Z',
      from: '2026-01-02',
      to: '2026-11-25',
      evaluatedTrades: 2000,
      comparedTrades: 1234,
      thresholds: { IG: [0.4, 0.55], HY: [0.6, 0.82] },
      overall: [],
      byRating: [],
      byTenor: [],
      bySize: [ig],
      byLiquidity: [],
      byConfidence: [],
      byWeek: [],
      spearman: { all: -0.4567, IG: null, HY: null },
    };
    const text = accuracyTableText(report);
    expect(text).toContain('1,234 trades compared of 2,000 evaluated, 2026-01-02 to 2026-11-25');
    expect(text).toContain('Spearman(confidence, |error|): all -0.457, IG —, HY —');
    const row = text.split('\n').find((l) => l.startsWith('IG    1MM+'))!;
    expect(row.trim().split(/\s+/)).toEqual([
      'IG',
      '1MM+',
      '1,234',
      '90.1%',
      '95.0%',
      '0.12',
      '0.51',
      '-0.01',
      '50.0%',
      '60.0%',
      '0.40',
      '1.50',
      '0.02',
      '40.0%',
      '50.0%',
      '0.55',
      '2.25',
      '0.10',
    ]);
  });
});
