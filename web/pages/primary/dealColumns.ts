/** The deal page's table columns: its tranches, their trading since pricing, and comparable deals. */
import type { DealDetailResponse, DealSummary, Tranche } from '@common/api/primary';
import { formatTenor } from '@common/format';
import type { Column } from '../../components/DataTable';
import { trancheColumns } from './trancheColumns';

const T = trancheColumns<Tranche>();
export const TRANCHE_COLUMNS: Column<Tranche>[] = [
  T.tenor,
  T.size,
  T.ipt,
  T.guidance,
  T.launch,
  T.priced,
  T.book,
  T.coupon,
  T.reofferYield,
  T.reofferPrice,
  T.fairValue,
  T.concession,
  { field: 'fairValueMethod', header: 'Fair value from', minWidth: 220, flex: 1 },
];

/** A priced tranche's trading against reoffer, labelled with its tenor. */
export type Performance = DealDetailResponse['afterPricing'][number] & { tenor: string };
const moved =
  (pick: 'day1' | 'week1' | 'toDate', what: 'spreadChangeBp' | 'priceChange') =>
  (row: Performance): number | null =>
    row[pick]?.[what] ?? null;
export const PERFORMANCE_COLUMNS: Column<Performance>[] = [
  { field: 'tenor', header: 'Tranche', width: 90 },
  { header: 'Day 1 spread', width: 110, kind: 'spread', value: moved('day1', 'spreadChangeBp') },
  { header: 'Day 1 price', width: 105, kind: 'priceChange', value: moved('day1', 'priceChange') },
  { header: 'Week 1 spread', width: 115, kind: 'spread', value: moved('week1', 'spreadChangeBp') },
  { header: 'Week 1 price', width: 110, kind: 'priceChange', value: moved('week1', 'priceChange') },
  { header: 'To date spread', width: 120, kind: 'spread', value: moved('toDate', 'spreadChangeBp') },
  { header: 'To date price', width: 115, kind: 'priceChange', value: moved('toDate', 'priceChange') },
];

const averageConcession = (deal: DealSummary): number | null => {
  const xs = deal.tranches.map((t) => t.concessionBp).filter((v): v is number => v !== null);
  return xs.length ? xs.reduce((s, v) => s + v, 0) / xs.length : null;
};
export const COMPARABLE_COLUMNS: Column<DealSummary>[] = [
  { field: 'pricedAt', header: 'Priced', width: 120, kind: 'day' },
  { header: 'Issuer', minWidth: 160, flex: 1, value: (d) => d.issuer.displayName },
  { field: 'ratingSp', header: 'S&P', width: 70 },
  { header: 'Tenors', width: 120, value: (d) => d.tranches.map((t) => formatTenor(t.tenorYears)).join(' ') },
  { field: 'totalSize', header: 'Size', width: 90, kind: 'size' },
  { header: 'Avg NIC', width: 95, kind: 'spreadLevel', value: averageConcession },
];
