/** The new-issue calendar's pure parts: its table columns, the deal-size choices and the count line. */
import type { DealListResponse, DealWeeksResponse } from '@common/api/primary';
import { formatDay, formatTime } from '@common/format';
import type { CellProps, Column } from '../../components/DataTable';
import { STATUS_LABELS } from '../../components/dealStatus';
import type { CalendarRow } from './dealView';
import { trancheColumns } from './trancheColumns';

export const SIZE_OPTIONS = [
  { value: '500000000', label: '≥ 500MM' },
  { value: '1000000000', label: '≥ 1bn' },
  { value: '3000000000', label: '≥ 3bn' },
];

const T = trancheColumns<CalendarRow>();

/** The deal's stage and when it was reached, New York time (the column sorts by the stage). */
function StageReached({ row }: CellProps<CalendarRow>) {
  return `${STATUS_LABELS[row.status]} ${formatTime(row.statusAt, 'America/New_York')} ET`;
}

export const CALENDAR_COLUMNS: Column<CalendarRow>[] = [
  { field: 'day', header: 'Announced', width: 115, sort: 'desc', kind: 'day' },
  { field: 'issuer', header: 'Issuer', minWidth: 150, flex: 1 },
  { field: 'rating', header: "Moody's / S&P", width: 120 },
  { field: 'sector', header: 'Sector', width: 150 },
  {
    field: 'status',
    header: 'Status',
    width: 150,
    cell: StageReached,
    headerTooltip: 'The current stage and when it was reached (New York time)',
  },
  T.tenor,
  T.size,
  T.ipt,
  T.guidance,
  T.launch,
  T.priced,
  T.tightening,
  T.book,
  T.cover,
  T.coupon,
  T.reofferYield,
  T.reofferPrice,
  T.concession,
  { field: 'bookrunners', header: 'Bookrunners', minWidth: 200, flex: 1 },
];

export const WEEK_COLUMNS: Column<DealWeeksResponse['weeks'][number]>[] = [
  { field: 'weekStart', header: 'Week of', width: 120, kind: 'day' },
  { field: 'deals', header: 'Deals priced', width: 100, kind: 'count' },
  { field: 'tranches', header: 'Tranches', width: 90, kind: 'count' },
  { field: 'volume', header: 'Volume', width: 110, kind: 'size' },
  { field: 'avgConcessionBp', header: 'Avg NIC', width: 100, kind: 'spreadLevel' },
  { field: 'avgTighteningBp', header: 'Avg tightening', width: 125, kind: 'spreadLevel' },
  { field: 'avgCover', header: 'Avg cover', width: 100, kind: 'multiple' },
];

/** "3 deals, Nov 16, 2026 – Nov 20, 2026"; empty until the deals have loaded. */
export function dealCountText(data: DealListResponse | undefined): string {
  if (!data) return '';
  const n = data.deals.length;
  return `${n} deal${n === 1 ? '' : 's'}, ${formatDay(data.from)} – ${formatDay(data.to)}`;
}
