import type { CashflowsResponse } from '@common/api/bond';
import { csvDocument } from '@common/csv';
import { formatNumber } from '@common/format';
import type { Column } from '../../../components/SimpleTable';
import type { ChartSeries } from '../../../components/TimeSeriesChart';

export type Flow = CashflowsResponse['cashflows'][number];

export const amount = (v: number) => formatNumber(v, 4);

/** Amounts per 100 face to four places; a payment without principal leaves its cell blank. */
export const COLUMNS: Column<Flow>[] = [
  { header: 'Date', field: 'date', kind: 'day' },
  {
    header: 'Coupon',
    field: 'coupon',
    format: (v) => amount(v as number),
    align: 'right',
    className: 'bw-num',
    headerTooltip: 'Coupon per 100 face',
  },
  {
    header: 'Principal',
    field: 'principal',
    format: (v) => (v ? amount(v as number) : ''),
    align: 'right',
    className: 'bw-num',
    headerTooltip: 'Principal per 100 face',
  },
  {
    header: 'Total',
    field: 'total',
    format: (v) => amount(v as number),
    align: 'right',
    className: 'bw-num',
    headerTooltip: 'Coupon + principal per 100 face',
  },
];

/** The schedule as CSV (per 100 face, unformatted numbers). */
export function cashflowCsv(flows: CashflowsResponse): string {
  return csvDocument(
    ['date', 'coupon', 'principal', 'total'],
    flows.cashflows.map((f) => [f.date, f.coupon, f.principal, f.total]),
  );
}

export interface CashflowTotals {
  coupon: number;
  principal: number;
  total: number;
}

/** The schedule's sums, for the table's footer. */
export function cashflowTotals(list: Flow[]): CashflowTotals {
  return {
    coupon: list.reduce((s, f) => s + f.coupon, 0),
    principal: list.reduce((s, f) => s + f.principal, 0),
    total: list.reduce((s, f) => s + f.total, 0),
  };
}

/** Coupons as blue bars; payments carrying principal as orange bars of the whole payment. */
export function cashflowSeries(list: Flow[]): ChartSeries[] {
  return [
    { name: 'Coupon', type: 'histogram', color: '#4dabf7', points: list.map((f) => ({ time: f.date, value: f.coupon })) },
    ...(list.some((f) => f.principal > 0)
      ? [
          {
            name: 'Total incl. principal',
            type: 'histogram' as const,
            color: '#ff922b',
            points: list.filter((f) => f.principal > 0).map((f) => ({ time: f.date, value: f.total })),
          },
        ]
      : []),
  ];
}
