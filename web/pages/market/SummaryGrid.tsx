/**
 * The market summary's segment × tenor grid: each cell the level (weighted average, or volume
 * sum; the header's title names the weighting the server used) and its daily change coloured by
 * sign; columns are the user's visible tenor buckets, then the chosen slopes (curve metrics
 * only), then the segment total. Cells are links to the detail time series (keyboard: Tab and
 * Enter; the back button returns).
 */
import { Fragment } from 'react';
import type { MarketSummaryResponse } from '@common/api/market';
import type { TenorBucket } from '@common/market';
import { METRIC_OPTIONS, metricHasSlopes, summaryUnit } from './marketView';
import { SummaryGridHead } from './SummaryGridHead';
import { SummaryGridRow } from './SummaryGridRow';
import { groupedRows } from './summaryGridView';
import '../../components/market/market.css';

export function SummaryGrid({ summary, tenors, slopes }: { summary: MarketSummaryResponse; tenors: TenorBucket[]; slopes: string[] }) {
  const metric = summary.metric;
  const unit = METRIC_OPTIONS.find((m) => m.value === metric)!;
  const shownSlopes = metricHasSlopes(metric) ? slopes : [];
  return (
    <table className="bw-mgrid" data-testid="summary-grid" data-metric={metric}>
      <SummaryGridHead metric={metric} levelUnit={summaryUnit(metric, summary.weighting)} tenors={tenors} slopes={shownSlopes} />
      <tbody>
        {groupedRows(summary.rows).map(({ row, header }) => (
          <Fragment key={row.segment}>
            {header && (
              <tr className="bw-mgrid-group">
                <td colSpan={tenors.length + shownSlopes.length + 2}>{header}</td>
              </tr>
            )}
            <SummaryGridRow row={row} metric={metric} metricLabel={unit.label} tenors={tenors} slopes={shownSlopes} />
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
