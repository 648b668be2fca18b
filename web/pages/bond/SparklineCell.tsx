/**
 * Sparkline cell (flag `sparklines`): the bond's last 22 closing clean prices (about a month) as a tiny line,
 * green when it ended higher, red when lower. Visible rows ask together (sparklineBatch.ts);
 * each bond's series is cached for 5 minutes.
 */
import { BOND_PATHS, SPARKLINE_POINTS_DEFAULT, type BondListRow } from '@common/api/bond';
import { useApiQuery } from '../../api/queries';
import { loadSparkline } from './sparklineBatch';
import { changeTone, TONE_COLOR } from '../../components/tone';
import type { CellProps } from '../../components/DataTable';

const WIDTH = 80;
const HEIGHT = 18;

/** SVG polyline points of values scaled into the cell. */
export function sparkPoints(values: number[], width = WIDTH, height = HEIGHT): string {
  if (values.length < 2) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  return values
    .map((v, i) => `${((i / (values.length - 1)) * width).toFixed(1)},${(height - 1 - ((v - min) / span) * (height - 2)).toFixed(1)}`)
    .join(' ');
}

export function SparklineCell({ row }: CellProps<BondListRow>) {
  const id = row.id;
  // The cell's key names its own bond, but the GET is shared with the other visible rows'
  // (sparklineBatch.ts): `read` asks through the batch.
  const history = useApiQuery<number[]>(id ? BOND_PATHS.bondSparklines : null, {
    query: { id, points: SPARKLINE_POINTS_DEFAULT },
    read: (signal) => loadSparkline(id, signal),
    staleTime: 300_000,
  });
  const values = history.data ?? [];
  if (values.length < 2) return null;
  const tone = changeTone('price', values[values.length - 1]! - values[0]!) ?? 'good';
  return (
    <svg width={WIDTH} height={HEIGHT} aria-label="30-day price" data-testid="sparkline" style={{ verticalAlign: 'middle' }}>
      <polyline fill="none" strokeWidth={1.2} stroke={TONE_COLOR[tone]} points={sparkPoints(values)} />
    </svg>
  );
}
