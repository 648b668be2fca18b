import { Link } from 'react-router';
import type { MarketMetric } from '@common/api/market';
import { changeTone } from '../../components/tone';
import { cellTip, gridChange, gridLevel } from './summaryGridView';

/** One grid cell: level over its coloured daily change, a link to the daily series when it has a value. */
export function SummaryCell({
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
  const tip = cellTip(metric, title, value, change, bondCount, slope);
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
