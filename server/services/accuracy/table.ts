/**
 * The accuracy report as plain text (what `npm run backtest` prints): the same tables as the
 * accuracy page — each group's trades, then for the evaluated price and each baseline the shares
 * within the class's two thresholds, median, 95th percentile and bias (points).
 */
import { ACCURACY_PREDICTORS } from '../../../common/accuracy';
import type { AccuracyReport, AccuracyRow, AccuracyStats } from '../../../common/api/accuracy';
import { formatDate, formatNumber, formatShare } from '../../../common/format';

const SECTIONS: [string, keyof AccuracyReport][] = [
  ['All trades', 'overall'],
  ['By rating', 'byRating'],
  ['By tenor', 'byTenor'],
  ['By trade size (1MM+ = every trade of 1MM or more)', 'bySize'],
  ['By business days since the last trade', 'byLiquidity'],
  ['By confidence', 'byConfidence'],
  ['By week', 'byWeek'],
];

const STAT_WIDTHS = [7, 7, 6, 6, 6];

function statCells(s: AccuracyStats): string[] {
  return [
    formatShare(s.withinTight),
    formatShare(s.withinWide),
    formatNumber(s.medianError, 2),
    formatNumber(s.p95Error, 2),
    formatNumber(s.bias, 2),
  ];
}

function line(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ');
}

export function accuracyTableText(report: AccuracyReport): string {
  const out: string[] = [];
  out.push(
    `Backtest of evaluated prices: ${formatNumber(report.comparedTrades, 0)} trades compared of ${formatNumber(report.evaluatedTrades, 0)} evaluated, ` +
      `${report.from ?? '—'} to ${report.to ?? '—'} (last evaluated ${formatDate(report.evaluatedAt, 'UTC')} UTC)`,
  );
  out.push(
    `Thresholds: IG ${report.thresholds.IG.join(' / ')} pt, HY ${report.thresholds.HY.join(' / ')} pt. Errors in points, prediction − trade mid.`,
  );
  out.push(
    `Spearman(confidence, |error|): all ${formatNumber(report.spearman.all, 3)}, IG ${formatNumber(report.spearman.IG, 3)}, HY ${formatNumber(report.spearman.HY, 3)}`,
  );
  const widths = [5, 10, 7, ...ACCURACY_PREDICTORS.flatMap(() => STAT_WIDTHS)];
  const groupHeader =
    ' '.repeat(5 + 1 + 10 + 1 + 7 + 1) +
    ['Evaluated price', 'Last trade', 'Previous close'].map((h) => h.padEnd(STAT_WIDTHS.reduce((a, b) => a + b + 1, 0))).join('');
  const header = line(
    ['Class', 'Group', 'Trades', ...ACCURACY_PREDICTORS.flatMap(() => ['≤tight', '≤wide', 'median', 'p95', 'bias'])],
    widths,
  );
  for (const [title, field] of SECTIONS) {
    const rows = report[field] as AccuracyRow[];
    out.push('', title, groupHeader.trimEnd(), header);
    for (const r of rows) {
      out.push(
        line([r.ratingClass ?? 'All', r.key, formatNumber(r.trades, 0), ...ACCURACY_PREDICTORS.flatMap((p) => statCells(r[p]))], widths),
      );
    }
  }
  return out.join('\n');
}
