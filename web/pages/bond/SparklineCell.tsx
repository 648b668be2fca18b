/**
 * Sparkline cell (flag `sparklines`): the bond's clean price over the last 30 days as a tiny line,
 * green when it ended higher, red when lower. Loaded per visible row and cached for 5 minutes.
 */
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useQuery } from '@tanstack/react-query';
import { MARKET_PATHS, type BondListRow, type PriceHistoryResponse } from '@common/api/market';
import { api } from '../../api/client';
import { apiKey } from '../../api/queries';

const WIDTH = 80;
const HEIGHT = 18;

function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

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

/**
 * At most this many sparkline requests at a time: a screen of rows would otherwise fill the
 * browser's six connections and hold back the table's own page requests.
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function SparklineCell({ data }: CustomCellRendererProps<BondListRow>) {
  const id = data?.id;
  const from = daysAgo(30);
  const path = MARKET_PATHS.bondPriceHistory(id ?? 0);
  const history = useQuery({
    queryKey: apiKey(path, { from }),
    queryFn: ({ signal }) => limited(() => (signal.aborted ? Promise.reject(signal.reason) : api.get<PriceHistoryResponse>(path, { query: { from }, signal }))),
    enabled: Boolean(id),
    staleTime: 300_000,
  });
  const values = history.data?.points.map((p) => p.price) ?? [];
  if (values.length < 2) return null;
  const up = values[values.length - 1]! >= values[0]!;
  return (
    <svg width={WIDTH} height={HEIGHT} aria-label="30-day price" data-testid="sparkline" style={{ verticalAlign: 'middle' }}>
      <polyline fill="none" strokeWidth={1.2} stroke={up ? 'var(--mantine-color-teal-5)' : 'var(--mantine-color-red-5)'} points={sparkPoints(values)} />
    </svg>
  );
}
