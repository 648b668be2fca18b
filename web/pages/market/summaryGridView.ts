/**
 * Pure pieces of the market summary grid: the texts of its cells and headers, and its rows with
 * the group each one opens.
 */
import type { MarketMetric, MarketSummaryResponse } from '@common/api/market';
import { formatNumber } from '@common/format';
import { formatChange, formatLevel, parseSlope } from './marketView';

export type SummaryRow = MarketSummaryResponse['rows'][number];

function groupOf(segment: string): string {
  if (segment.startsWith('rating:')) return 'By rating (lower of S&P and Moody’s)';
  if (segment.startsWith('sector:')) return 'By sector';
  return 'Market';
}

/**
 * The rows the grid shows, each with the group header it opens (null when it continues the group
 * of the row above). Segments without a single bond (e.g. no AAA issuer in the universe) are left out.
 */
export function groupedRows(rows: SummaryRow[]): { row: SummaryRow; header: string | null }[] {
  const shown = rows.filter((row) => row.total.bondCount > 0);
  return shown.map((row, i) => {
    const group = groupOf(row.segment);
    return { row, header: i > 0 && groupOf(shown[i - 1]!.segment) === group ? null : group };
  });
}

/**
 * Grid cells drop the repeated " bp" (the header and the unit line say it) so 11 columns stay
 * readable; yields keep their %, sizes their MM, and the cell tooltip gives the full text.
 */
const dropBp = (text: string) => text.replace(/ bp$/, '');
export const gridLevel = (metric: MarketMetric, v: number | null, slope?: boolean) => dropBp(formatLevel(metric, v, slope));
export const gridChange = (metric: MarketMetric, v: number | null) => dropBp(formatChange(metric, v));

/** A cell's tooltip: the full level and change, and how many bonds it averages where known. */
export const cellTip = (
  metric: MarketMetric,
  title: string,
  value: number | null,
  change: number | null,
  bondCount: number | undefined,
  slope?: boolean,
) =>
  `${title}: ${formatLevel(metric, value, slope)}, ${formatChange(metric, change)} on the day${bondCount !== undefined ? ` · ${formatNumber(bondCount, 0)} bonds` : ''}`;

/** A slope column's header ("2s10s") and its title. */
export function slopeHeader(slope: string) {
  const p = parseSlope(slope)!;
  return { text: `${p.short.replace('Y', '')}s${p.long.replace('Y', '')}s`, title: `Slope: ${p.long} minus ${p.short}, bp` };
}
