/**
 * The market summary's segment × tenor grid: each cell the level (weighted average, or volume
 * sum; the header's title names the weighting the server used) and its daily change coloured by
 * sign; columns are the user's visible tenor buckets, then the chosen slopes (curve metrics
 * only), then the segment total. Cells are links to the detail time series (keyboard: Tab and
 * Enter; the back button returns).
 */
import { Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { MarketMetric, MarketSummaryResponse } from '@common/api/market';
import type { TenorBucket } from '@common/market';
import { useFeature } from '../../features/useFeature';
import { formatNumber } from '@common/format';
import {
  detailPath,
  formatChange,
  formatLevel,
  METRIC_OPTIONS,
  metricHasSlopes,
  parseSlope,
  slopeCell,
  summaryUnit,
  TONE_HELP,
} from './marketView';
import '../../components/market/market.css';
import { changeTone } from '../../components/tone';

type Row = MarketSummaryResponse['rows'][number];

function groupOf(segment: string): string {
  if (segment.startsWith('rating:')) return 'By rating (lower of S&P and Moody’s)';
  if (segment.startsWith('sector:')) return 'By sector';
  return 'Market';
}

/**
 * Grid cells drop the repeated " bp" (the header and the unit line say it) so 11 columns stay
 * readable; yields keep their %, sizes their MM, and the cell tooltip gives the full text.
 */
const dropBp = (text: string) => text.replace(/ bp$/, '');
const gridLevel = (metric: MarketMetric, v: number | null, slope?: boolean) => dropBp(formatLevel(metric, v, slope));
const gridChange = (metric: MarketMetric, v: number | null) => dropBp(formatChange(metric, v));

function Cell({
  metric,
  value,
  change,
  bondCount,
  to,
  testId,
  slope,
  title,
}: {
  metric: MarketMetric;
  value: number | null;
  change: number | null;
  bondCount?: number;
  to?: string;
  testId: string;
  slope?: boolean;
  title: string;
}) {
  const tone = changeTone(metric, change);
  const body = (
    <>
      <span className="bw-mcell-level">{gridLevel(metric, value, slope)}</span>
      <span className="bw-mcell-change" data-tone={tone}>
        {gridChange(metric, change)}
      </span>
    </>
  );
  const tip = `${title}: ${formatLevel(metric, value, slope)}, ${formatChange(metric, change)} on the day${bondCount !== undefined ? ` · ${formatNumber(bondCount, 0)} bonds` : ''}`;
  if (!to || value === null) {
    return (
      <span className="bw-mcell" data-testid={testId} data-value={value ?? undefined} title={tip}>
        {body}
      </span>
    );
  }
  return (
    <Link className="bw-mcell" to={to} data-testid={testId} data-value={value} title={`${tip} — open the daily series`}>
      {body}
    </Link>
  );
}

export function SummaryGrid({ summary, tenors, slopes }: { summary: MarketSummaryResponse; tenors: TenorBucket[]; slopes: string[] }) {
  const help = useFeature('tooltips');
  const metric = summary.metric;
  const unit = METRIC_OPTIONS.find((m) => m.value === metric)!;
  const levelUnit = summaryUnit(metric, summary.weighting);
  const shownSlopes = metricHasSlopes(metric) ? slopes : [];
  let lastGroup = '';
  return (
    <table className="bw-mgrid" data-testid="summary-grid" data-metric={metric}>
      <thead>
        <tr>
          <th title={`${levelUnit}; ${TONE_HELP[metric]}`}>
            {/* Extended help (flag `tooltips`); the plain title above always says the units. */}
            <Tooltip
              label={`Level: ${levelUnit}. ${TONE_HELP[metric]}. Click a cell for its daily series; columns come from "Columns…".`}
              withinPortal
              multiline
              w={280}
              disabled={!help}
            >
              <span>Segment</span>
            </Tooltip>
          </th>
          {tenors.map((t) => (
            <th key={t} title={`Bonds with remaining maturity in the ${t} bucket`}>
              {t}
            </th>
          ))}
          {shownSlopes.map((s) => {
            const p = parseSlope(s)!;
            return (
              <th key={s} className="bw-mgrid-slope" title={`Slope: ${p.long} minus ${p.short}, bp`}>
                {p.short.replace('Y', '')}s{p.long.replace('Y', '')}s
              </th>
            );
          })}
          <th className="bw-mgrid-total" title="All maturities">
            All
          </th>
        </tr>
      </thead>
      <tbody>
        {/* Segments without a single bond (e.g. no AAA issuer in the universe) are left out. */}
        {summary.rows
          .filter((row: Row) => row.total.bondCount > 0)
          .map((row: Row) => {
            const group = groupOf(row.segment);
            const header = group !== lastGroup;
            lastGroup = group;
            return (
              <Fragment key={row.segment}>
                {header && (
                  <tr className="bw-mgrid-group">
                    <td colSpan={tenors.length + shownSlopes.length + 2}>{group}</td>
                  </tr>
                )}
                <tr data-testid={`summary-row-${row.segment}`}>
                  <td className="bw-mgrid-label" title={row.label}>
                    {row.label}
                  </td>
                  {tenors.map((t) => {
                    const c = row.cells.find((x) => x.tenor === t);
                    return (
                      <td key={t}>
                        <Cell
                          metric={metric}
                          value={c?.value ?? null}
                          change={c?.change ?? null}
                          bondCount={c?.bondCount}
                          to={detailPath({ metric, tenor: t, segment: row.segment })}
                          testId={`summary-cell-${row.segment}-${t}`}
                          title={`${row.label} ${t}: ${unit.label.toLowerCase()}`}
                        />
                      </td>
                    );
                  })}
                  {shownSlopes.map((s) => {
                    const v = slopeCell(row.cells, s);
                    return (
                      <td key={s} className="bw-mgrid-slope">
                        <Cell
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
                    <Cell
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
              </Fragment>
            );
          })}
      </tbody>
    </table>
  );
}
