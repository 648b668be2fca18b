import type { MarketMetric } from '@common/api/market';
import type { TenorBucket } from '@common/market';
import { detailPath, slopeCell } from './marketView';
import { SummaryCell } from './SummaryCell';
import type { SummaryRow } from './summaryGridView';

/** One segment's row: its tenor cells, slope cells and total, each linking to its daily series. */
export function SummaryGridRow({
  row,
  metric,
  metricLabel,
  tenors,
  slopes,
}: {
  row: SummaryRow;
  metric: MarketMetric;
  metricLabel: string;
  tenors: TenorBucket[];
  slopes: string[];
}) {
  return (
    <tr data-testid={`summary-row-${row.segment}`}>
      <td className="bw-mgrid-label" title={row.label}>
        {row.label}
      </td>
      {tenors.map((t) => {
        const c = row.cells.find((x) => x.tenor === t);
        return (
          <td key={t}>
            <SummaryCell
              metric={metric}
              value={c?.value ?? null}
              change={c?.change ?? null}
              bondCount={c?.bondCount}
              to={detailPath({ metric, tenor: t, segment: row.segment })}
              testId={`summary-cell-${row.segment}-${t}`}
              title={`${row.label} ${t}: ${metricLabel.toLowerCase()}`}
            />
          </td>
        );
      })}
      {slopes.map((s) => {
        const v = slopeCell(row.cells, s);
        return (
          <td key={s} className="bw-mgrid-slope">
            <SummaryCell
              metric={metric}
              slope
              value={v.value}
              change={v.change}
              testId={`summary-slope-${row.segment}-${s}`}
              title={`${row.label} ${s} slope`}
            />
          </td>
        );
      })}
      <td className="bw-mgrid-total">
        <SummaryCell
          metric={metric}
          value={row.total.value}
          change={row.total.change}
          bondCount={row.total.bondCount}
          to={detailPath({ metric, tenor: null, segment: row.segment })}
          testId={`summary-cell-${row.segment}-all`}
          title={`${row.label}, all maturities`}
        />
      </td>
    </tr>
  );
}
