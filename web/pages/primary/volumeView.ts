/** The new-issue volume page's pure parts: its choices, table columns, CSV and year-on-year change. */
import type { VolumeResponse, VolumeSplit } from '@common/api/primary';
import { csvDocument } from '@common/csv';
import { formatDay } from '@common/format';
import type { CellProps, Column } from '../../components/DataTable';

type Period = VolumeResponse['periods'][number];
export type VolumeRow = Period & Record<string, unknown>;

export const SPLIT_LABELS: Record<VolumeSplit, string> = { class: 'IG / HY', sector: 'Sector', rating: 'Rating' };
export const SPANS = ['12', '26', '52'];

/** A period's start as its label: the month ("2026-11") or the week's first day. */
const periodLabel = (period: string) =>
  function PeriodStart({ row }: CellProps<VolumeRow>) {
    return period === 'month' ? row.start.slice(0, 7) : formatDay(row.start);
  };

/** The table's columns: period, total, bonds, deals, then one per key of the split. */
export function volumeColumns(data: VolumeResponse, period: string): Column<VolumeRow>[] {
  return [
    { field: 'start', header: period === 'month' ? 'Month' : 'Week of', width: 120, pinned: 'left', cell: periodLabel(period) },
    { field: 'volume', header: 'Total', width: 100, kind: 'size' },
    { field: 'deals', header: 'Deals priced', width: 100, kind: 'count', headerTooltip: 'Deals grouped by priced date (New York)' },
    { field: 'bonds', header: 'Bonds', width: 80, kind: 'count', headerTooltip: 'Bonds grouped by issue date' },
    ...data.keys.map((k): Column<VolumeRow> => ({ header: k.label, width: 115, kind: 'size', value: (r) => r.byKey[k.key] ?? 0 })),
  ];
}

/** The table as CSV (par in USD, as the API gives it). */
export function volumeCsv(data: VolumeResponse): string {
  return csvDocument(
    ['period start', 'total', 'deals', 'bonds', ...data.keys.map((k) => k.label)],
    data.periods.map((p) => [p.start, p.volume, p.deals, p.bonds, ...data.keys.map((k) => p.byKey[k.key] ?? 0)]),
  );
}

/** The year to date against the same span of last year, as a fraction; null when last year had none. */
export function yearOnYearChange(ytd: VolumeResponse['yearToDate']): number | null {
  return ytd.priorVolume > 0 ? ytd.volume / ytd.priorVolume - 1 : null;
}
